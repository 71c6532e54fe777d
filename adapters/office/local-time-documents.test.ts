/**
 * Local time in the office documents: the CSV files keep their UTC columns and add local ones with the zone's name,
 * the report (HTML and PDF) prints times in the zone and names it; across the spring change in Europe/Berlin
 * (2026-03-29 01:00 UTC) the offset goes from +01:00 (CET) to +02:00 (CEST).
 */
import t, { type Test } from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildParsedCard, datesFrom, workingDay } from '../../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../http/testing/office-service.js';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { parseCsv } from './testing/parse-csv.js';
import { ACTIVITY_HEADER, DRIVER_HEADER, FINDING_HEADER } from '../http/export/exports.js';

const CARD = 'TZTZ000000000001';
const BASIS = `card_number=${CARD}&date_from=2026-03-28&date_to=2026-03-30`;

async function service() {
  const s = await officeService();
  s.setNow('2026-03-30T10:00:00Z');
  await s.importCard(
    buildParsedCard({ card_number: CARD, surname: 'Zeit', days: datesFrom('2026-03-28', 3).map((d) => workingDay(d)) }),
  );
  return s;
}

/** A card whose last day drives 5 h without a break from 06:00 UTC (08:00 CEST): one finding with a time in its text. */
async function serviceWithFinding() {
  const s = await officeService();
  s.setNow('2026-03-31T10:00:00Z');
  const days = datesFrom('2026-03-28', 2).map((d) => workingDay(d));
  days.push({
    date: '2026-03-30',
    distance_km: 400,
    changes: [
      ['00:00', 'REST'],
      ['06:00', 'DRIVING'],
      ['11:00', 'REST'],
    ],
  });
  await s.importCard(buildParsedCard({ card_number: CARD, surname: 'Zeit', days }));
  return s;
}

/** The text of the report PDF in Europe/Berlin (pdftotext, spaces folded); null, said loudly, without pdftotext. */
async function berlinPdfText(
  t: Test,
  s: Awaited<ReturnType<typeof officeService>>,
  what: string,
  options: string[] = [],
): Promise<string | null> {
  if (spawnSync('pdftotext', ['-v']).error !== undefined) {
    reportMissingDependency(
      t,
      `${what} NOT RUN: pdftotext (poppler-utils) not installed.`,
      '.ci/run installs poppler-utils',
    );
    return null;
  }
  const pdf = new Uint8Array(await (await s.get(`/report.pdf?${BASIS}&tz=Europe/Berlin`)).arrayBuffer());
  const dir = mkdtempSync(join(tmpdir(), 'tz-report-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'r.pdf'), pdf);
  return execFileSync('pdftotext', [...options, join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const byName = (header: string[], row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));

t.test('CSV: the UTC columns as before, local columns and the zone added after them', async (t) => {
  const s = await service();
  t.teardown(() => s.close());
  const rows = parseCsv(await (await s.get(`/export/activities.csv?${BASIS}&tz=Europe/Berlin`)).text());
  t.same(rows[0], ACTIVITY_HEADER);
  t.same(ACTIVITY_HEADER.slice(-3), ['start_local', 'end_local', 'time_zone'], 'new columns at the end');
  t.equal(ACTIVITY_HEADER.indexOf('start'), 3, 'existing columns keep their place');
  const all = rows.slice(1).map((r) => byName(ACTIVITY_HEADER, r));
  // workingDay: WORK from 06:00 UTC each day
  const work28 = all.find((r) => r.start === '2026-03-28T06:00:00Z')!;
  const work30 = all.find((r) => r.start === '2026-03-30T06:00:00Z')!;
  t.match(
    work28,
    { start_local: '2026-03-28T07:00:00+01:00', end_local: '2026-03-28T07:30:00+01:00', time_zone: 'Europe/Berlin' },
    'winter time: CET',
  );
  t.match(work30, { start_local: '2026-03-30T08:00:00+02:00', time_zone: 'Europe/Berlin' }, 'summer time: CEST');
  // the rest running over the change: 2026-03-28T15:30Z .. 2026-03-29T00:00Z, then 2026-03-29T00:00Z .. 06:00Z
  const over = all.find((r) => r.start === '2026-03-29T00:00:00Z')!;
  t.match(
    over,
    { start_local: '2026-03-29T01:00:00+01:00', end_local: '2026-03-29T08:00:00+02:00' },
    '6 h of rest read 01:00–08:00 local',
  );

  const utc = parseCsv(await (await s.get(`/export/activities.csv?${BASIS}`)).text())
    .slice(1)
    .map((r) => byName(ACTIVITY_HEADER, r));
  t.match(
    utc.find((r) => r.start === '2026-03-30T06:00:00Z'),
    { start_local: '2026-03-30T06:00:00+00:00', time_zone: 'UTC' },
    'the configured zone (UTC here) without tz',
  );

  const findings = parseCsv(await (await s.get(`/export/findings.csv?${BASIS}&tz=Europe/Berlin`)).text());
  t.same(findings[0], FINDING_HEADER);
  t.same(FINDING_HEADER.slice(-4), ['start_local', 'end_local', 'time_zone', 'description_local']);
  const drivers = parseCsv(await (await s.get('/export/drivers.csv?tz=Europe/Berlin')).text());
  t.same(drivers[0], DRIVER_HEADER);
  const row = byName(DRIVER_HEADER, drivers[1]!);
  // activity ends 2026-03-31T00:00Z (the last day runs to 24:00) → due 2026-04-28T00:00Z
  t.match(row, {
    last_download: '2026-03-31T00:00:00Z',
    last_download_local: '2026-03-31T02:00:00+02:00',
    next_download_due_local: '2026-04-28T02:00:00+02:00',
    time_zone: 'Europe/Berlin',
  });

  const bad = await s.get(`/export/activities.csv?${BASIS}&tz=Mars/Olympus`);
  t.equal(bad.status, 400);
  t.match(await bad.json(), { error: 'invalid_filter', parameter: 'tz' });
});

t.test('report: times in the zone, the zone named (HTML and PDF)', async (t) => {
  const s = await service();
  t.teardown(() => s.close());
  const html = await (await s.get(`/report?${BASIS}&tz=Europe/Berlin`)).text();
  t.match(html, 'times in Europe/Berlin, the charts drawn in its days (the rules count UTC days and ISO weeks)');
  t.match(html, '2026-03-30 12:00 Europe/Berlin (UTC+02:00)', 'the import time 10:00 UTC in summer time');
  t.notMatch(html, 'all times UTC');
  const plain = await (await s.get(`/report?${BASIS}`)).text();
  t.match(plain, 'all times UTC');
  t.match(plain, '2026-03-30 10:00 UTC');
  t.equal((await s.get(`/report?${BASIS}&tz=Nowhere`)).status, 400);

  const text = await berlinPdfText(t, s, 'PDF time zone check', ['-layout']);
  if (text === null) return;
  t.match(text, 'times in Europe/Berlin');
  t.match(
    text,
    /2026-03-30 12:00 (\S+ ){0,6}Europe\/Berlin (\S+ ){0,4}\(UTC\+02:00\)/,
    'the import time in summer time (the table cell may wrap)',
  );
  t.notMatch(text, '2026-03-30 10:00');
});

t.test("the core's instants in a finding's words: in the zone on the report and the PDF", async (t) => {
  const s = await serviceWithFinding();
  t.teardown(() => s.close());
  const answer = await s.get(`/api/drivercard/findings?${BASIS}`);
  t.equal(answer.status, 200);
  const findings = (await answer.json()) as {
    items: { rule: string; description: string }[];
  };
  const brk = findings.items.find((f) => f.rule === 'break');
  t.ok(brk, 'the break finding');
  t.match(brk!.description, 'from Mon 30 Mar 2026 06:00 UTC', 'the API keeps UTC');
  const html = await (await s.get(`/report?${BASIS}&tz=Europe/Berlin`)).text();
  t.match(html, 'from Mon 30 Mar 2026 08:00 Europe/Berlin (UTC+02:00)', 'the report in the zone');
  t.notMatch(html, '06:00 UTC');
  const plain = await (await s.get(`/report?${BASIS}`)).text();
  t.match(plain, 'from Mon 30 Mar 2026 06:00 UTC', 'without a zone the report is in UTC');
  const csv = parseCsv(await (await s.get(`/export/findings.csv?${BASIS}&tz=Europe/Berlin`)).text());
  const row = byName(
    FINDING_HEADER,
    csv.slice(1).find((r) => r[FINDING_HEADER.indexOf('rule')] === 'break')!,
  );
  t.match(row.description, 'from Mon 30 Mar 2026 06:00 UTC', "the CSV's description: the API's words");
  t.match(row.description_local, 'from Mon 30 Mar 2026 08:00 Europe/Berlin (UTC+02:00)', 'and beside it, in the zone');
  const text = await berlinPdfText(t, s, 'PDF words check');
  if (text === null) return;
  t.match(text, 'Mon 30 Mar 2026 08:00 Europe/Berlin (UTC+02:00)');
  t.notMatch(text, '06:00 UTC');
});

t.test(
  "report in a zone east of UTC: a week's first local hour, the evening before in UTC, is in its totals",
  async (t) => {
    const s = await officeService();
    t.teardown(() => s.close());
    s.setNow('2026-12-01T10:00:00Z');
    const days = datesFrom('2026-11-21', 10).map((d) => workingDay(d));
    await s.importCard(buildParsedCard({ card_number: CARD, surname: 'Zeit', days }));
    const html = await (
      await s.get(`/report?card_number=${CARD}&date_from=2026-11-23&date_to=2026-11-29&tz=Europe/Berlin`)
    ).text();
    // each working day rests 00:00–06:00, 10:30–11:15 and 15:30–24:00 UTC (15:15) and drives 7:45; the Berlin week,
    // Sun 22 Nov 23:00 UTC to Sun 29 Nov 23:00 UTC, holds seven such days' worth, as the UTC week does
    // the caption writes the activities as the totals table above it does ("other work")
    t.match(html, '2026-W48 (2026-11-23 – 2026-11-29) · driving 54:15 · other work 7:00 · rest 106:45', 'the caption');
  },
);
