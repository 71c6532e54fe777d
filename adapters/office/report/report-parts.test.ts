/** The report's and the fleet's small pieces, including the branches the end-to-end tests do not reach. */
import t from 'tap';
import { authenticityStatusOf, countFindings, coverageDays, lastDownloadOf } from '../../../core/fleet/fleet-card.js';
import { epochDayOfIsoDate } from '../../../core/fleet/values.js';
import { once } from '../../../composition/use-cases.js';
import { recordedBits, recordedDaysOf } from '../../storage/fleet/fleet-store.js';
import { reportHtml } from './report-html.js';
import { escapeHtml } from '../document/html.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import {
  authenticityStatusOf as reportAuthenticity,
  dayFractions,
  drawnActivity,
  driverName,
  evidenceDigest,
  findingReadingsText,
  readableTime,
  readingLines,
  type FindingJson,
  type ReportModel,
} from './report-model.js';
import { reportPdf } from './report-pdf.js';
import { readingsInForce } from '../../../core/eu561/readings.js';

const interval = (
  start: string,
  end: string,
  extra: Partial<{ card_inserted: boolean; manual_entry: boolean }> = {},
) => ({
  start,
  end,
  activity: 'DRIVING' as const,
  card_inserted: true,
  manual_entry: false,
  crew: false,
  ...extra,
});

export function sampleModel(): ReportModel {
  const evidence = Array.from({ length: 9 }, (_, i) => ({
    start: `2026-03-02T0${i}:00:00Z`,
    end: `2026-03-02T0${i}:30:00Z`,
    activity: i === 0 ? null : 'DRIVING',
  }));
  const totals = { DRIVING: 3600, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  const day = (date: string, intervals: ReturnType<typeof interval>[]) => ({
    date,
    intervals,
    totals,
    distance_km: null,
  });
  return {
    card_number: 'X1',
    surname: null,
    first_names: null,
    birth_date: null,
    issuing_member_state: null,
    issuing_authority: null,
    expiry_date: null,
    date_from: '2026-03-02',
    date_to: '2026-03-08',
    imports: [
      {
        import_id: 'i1',
        file_name: null,
        imported_at: '2026-03-09T00:00:00Z',
        generation: 'GEN1',
        status: 'QUARANTINED',
        activity_from: null,
        activity_to: null,
        content_sha256: 'ab'.repeat(32),
        downloaded_at: null,
        authenticity: 'INVALID',
      },
    ],
    conflicts: ['2026-03-03'],
    weeks: [
      {
        week: '2026-W10',
        start_date: '2026-03-02',
        end_date: '2026-03-08',
        totals,
        days: [
          day('2026-03-02', [
            interval('2026-03-02T00:00:00Z', '2026-03-02T01:00:00Z'),
            interval('2026-03-02T02:00:00Z', '2026-03-02T01:00:00Z'),
          ]),
          ...['03', '04', '05', '06', '07', '08'].map((d) => day(`2026-03-${d}`, [])),
        ],
      },
    ],
    totals,
    days: 1,
    distance_km: 0,
    findings: [
      {
        rule: 'daily_driving',
        status: 'POTENTIAL',
        article: null,
        severity: null,
        start: null,
        end: null,
        value: null,
        limit: 3600,
        excess: 0,
        description: 'Desc <one> & more',
        evidence,
        untrusted: true,
      },
    ],
    data_gaps: [{ start: '2026-03-03T00:00:00Z', end: '2026-03-04T00:00:00Z', duration: 86_400 }],
    not_evaluated: [{ rule: 'return_home', reason: 'not on the card' }],
    rule_version: 'v',
    algorithm_version: 'a1',
    disclaimer: 'A technical pre-check.',
    generated_at: '2026-03-10T00:00:00Z',
  };
}

t.test('report pieces', async (t) => {
  t.same([hoursMinutes(null), hoursMinutes(-90), hoursMinutes(3599)], ['–', '-0:01', '0:59']);
  t.equal(readableTime(null), '–');
  t.equal(driverName({ surname: null, first_names: '' }), '(name not recorded)');
  t.equal(driverName({ surname: 'A', first_names: 'B' }), 'A, B');
  t.equal(drawnActivity(interval('a', 'b', { card_inserted: false })), 'UNKNOWN');
  t.equal(drawnActivity(interval('a', 'b', { card_inserted: false, manual_entry: true })), 'DRIVING');
  t.same(
    dayFractions(interval('2026-03-01T18:00:00Z', '2026-03-02T12:00:00Z'), '2026-03-02'),
    [0, 0.5],
    'clipped to the day',
  );
  t.equal(reportAuthenticity({ authenticity: { status: 'VERIFIED' } } as never), 'VERIFIED');
  t.equal(reportAuthenticity({ authenticity: null } as never), 'not checked');
  t.equal(escapeHtml(null), '–');
  const html = reportHtml(sampleModel());
  t.match(html, 'Desc &lt;one&gt; &amp; more');
  t.match(html, 'untrusted data');
  t.match(html, '… 3 more interval(s)');
  t.match(html, 'Imports disagree about 2026-03-03');
  t.match(html, '(name not recorded)');
  t.notMatch(html, 'severity');
  const none = reportHtml({ ...sampleModel(), findings: [], data_gaps: [], conflicts: [] });
  t.match(
    none,
    'The pre-check found nothing in this period among the rules it evaluated; 1 rule was not evaluated (see &quot;Not evaluated&quot;).',
    'no finding is never "clean" while rules were left out',
  );
  t.match(none, '<h2>Not evaluated (1)</h2>');
  t.match(
    none,
    '<li data-rule="return_home"><strong>Return home every four weeks</strong>: not on the card</li>',
    'the rule by the name the week view writes',
  );
  const nothingLeft = reportHtml({ ...sampleModel(), findings: [], not_evaluated: [] });
  t.match(nothingLeft, '<p>The pre-check found nothing in this period.</p>');
  t.match(nothingLeft, '<h2>Not evaluated (0)</h2>');
  t.match(html, '<h3>1. Daily driving time — POTENTIAL', 'findings by rule name');
  t.match(none, 'No gaps in the recorded time.');
  const pdf = await reportPdf(sampleModel());
  t.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
  const empty = await reportPdf({ ...sampleModel(), findings: [], weeks: [] });
  t.ok(empty.length > 1000);
});

t.test('the readings section agrees with the findings, in the HTML and the PDF', async (t) => {
  const readings = readingsInForce('gap', ['eu561', 'wtd']);
  const base = sampleModel();
  const findings: FindingJson[] = [
    { ...base.findings[0]!, readings: ['card_out_time'], assumption_dependent: true },
    { ...base.findings[0]!, rule: 'return_home', readings: ['card_out_time', 'return_home'] },
  ];
  const model = { ...base, findings, readings };
  const lines = readingLines(model);
  t.same(
    lines.map((l) => l.id),
    readings.map((r) => r.id),
    'every reading in force, once',
  );
  t.match(lines[0]!.text, /^What the driver did .* 2 finding\(s\) of this report depend on it\.$/);
  t.match(lines.find((l) => l.id === 'return_home')!.text, / 1 finding\(s\) of this report depend on it\.$/);
  t.notMatch(lines.find((l) => l.id === 'ferry_train_cabin')!.text, /depend on it/, 'none of its findings: no count');
  t.equal(
    findingReadingsText(model, findings[0]!),
    'Depends on the readings: Time without card data (see "Readings"). It exists only because time without card data was read as rest.',
  );
  t.equal(
    findingReadingsText(model, findings[1]!),
    'Depends on the readings: Time without card data; Return home (see "Readings").',
  );
  t.equal(findingReadingsText(model, base.findings[0]!), null);
  t.equal(
    findingReadingsText({}, findings[1]!),
    'Depends on the readings: card_out_time; return_home (see "Readings").',
  );
  const html = reportHtml(model);
  t.match(html, `<h2>Readings (${readings.length})</h2>`);
  t.match(html, '<li data-reading="card_out_time"><strong>Time without card data</strong>: What the driver did');
  t.match(html, '<td>Readings</td><td>Depends on the readings: Time without card data; Return home');
  t.notMatch(reportHtml(base), 'Readings', 'a model without readings prints no section');
  const pdf = await reportPdf(model);
  t.ok(pdf.length > (await reportPdf(base)).length, 'the PDF prints them too');
});

t.test('fleet pieces', async (t) => {
  t.same(
    [
      epochDayOfIsoDate(null),
      epochDayOfIsoDate('2026-03-02'),
      epochDayOfIsoDate('2026-03-02T10:00:00Z'),
      epochDayOfIsoDate('nonsense'),
    ],
    [null, 20_514, 20_514, null],
  );
  t.equal(epochDayOfIsoDate('2026-02-30'), 20_514, 'a calendar overflow rolls over, as the summary always read it');
  t.same(lastDownloadOf({ card_download_s: null, activity_end_s: null }), { seconds: null, source: null });
  t.equal(authenticityStatusOf({}), null);
  t.equal(authenticityStatusOf({ authenticity: 'VERIFIED' }), null);
  t.equal(authenticityStatusOf({ authenticity: { status: 'BOGUS' } }), null);
  t.equal(authenticityStatusOf({ authenticity: { status: 'UNSIGNED' } }), 'UNSIGNED');
  t.equal(coverageDays([2, 3, 4, 4, 30, 31], 30), 3, 'distinct days of the 28 ending today (3..30)');
  t.same(
    countFindings([
      { status: 'VIOLATION', severity: 'MSI' },
      { status: 'INCOMPLETE_DATA', severity: null },
    ]),
    {
      VIOLATION: 1,
      POTENTIAL: 0,
      INCOMPLETE_DATA: 1,
      MI: 0,
      SI: 0,
      VSI: 0,
      MSI: 1,
    },
  );
  t.same(recordedBits([]), null);
  t.same(recordedBits([10, 12, 13]), { until: 13, bits: '1101' });
  t.same(recordedDaysOf(recordedBits([10, 12, 13])), [10, 12, 13]);
  t.same([recordedDaysOf(null), recordedDaysOf({ until: 'x', bits: '1' }), recordedDaysOf(5)], [[], [], []]);
  let calls = 0;
  const flaky = once(async () => {
    if (++calls === 1) throw new Error('first fails');
  });
  await t.rejects(flaky(), /first fails/);
  await flaky();
  await flaky();
  t.equal(calls, 2, 'a failed run is retried, a good one is not repeated');
});

t.test(
  'evidence digest: a full list shows its first six; a summarised one its first and last, counted in full',
  async (t) => {
    const e = (h: number) => ({
      start: `2026-03-02T${String(h).padStart(2, '0')}:00:00Z`,
      end: `2026-03-02T${String(h).padStart(2, '0')}:30:00Z`,
      activity: 'DRIVING',
    });
    const base: FindingJson = {
      rule: 'daily_driving',
      status: 'VIOLATION',
      article: null,
      severity: null,
      start: null,
      end: null,
      value: null,
      limit: null,
      excess: null,
      description: '',
      evidence: [],
    };
    t.same(evidenceDigest({ ...base, evidence: [e(1), e(2)] }), { total: 2, items: [e(1), e(2)], more: 0, last: null });
    t.same(evidenceDigest({ ...base, evidence: Array.from({ length: 9 }, (_, i) => e(i)) }).more, 3);
    t.same(evidenceDigest({ ...base, evidence: [e(1), e(20)], evidence_summary: { count: 40 } }), {
      total: 40,
      items: [e(1)],
      more: 38,
      last: e(20),
    });
    t.same(evidenceDigest({ ...base, evidence: [e(1), e(2)], evidence_summary: { count: 2 } }), {
      total: 2,
      items: [e(1), e(2)],
      more: 0,
      last: null,
    });
  },
);
