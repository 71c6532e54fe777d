/**
 * The printable report end to end: HTML (strict CSP, escaped text, every section) and the PDF, rendered with
 * Debian's poppler-utils (pdftotext, pdftoppm): the driver, the totals and every finding's text must appear;
 * the first page is saved as artifacts/report-page1.png. Without poppler-utils the PDF checks skip loudly
 * (fail under CI=true; .ci/run installs poppler-utils).
 */
import t from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import {
  buildParsedCard,
  datesFrom,
  elevenHourDrivingDay,
  workingDay,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';
import { officeService } from '../../http/testing/office-service.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import { latin1Text, reportPdf } from './report-pdf.js';
import { forPeople, reasonForPeople } from '../../vocabulary/people-text.js';

const longDay = elevenHourDrivingDay;

const CARD = 'FFFF000000000006';
const squash = (s: string) => s.replace(/\s+/g, ' ');
const hasPoppler = ['pdftotext', 'pdftoppm'].every((tool) => spawnSync(tool, ['-v']).error === undefined);

async function reportService() {
  const service = await officeService();
  const days = [
    ...datesFrom('2026-03-02', 4).map((d) => workingDay(d)),
    longDay('2026-03-06'),
    ...datesFrom('2026-03-09', 3).map((d) => workingDay(d)),
  ];
  const card = buildParsedCard({ card_number: CARD, surname: 'Łukasiewicz <Ünal>', days });
  await service.importCard(card);
  return service;
}

t.test('report: HTML page with every section, escaped, under a strict CSP', async (t) => {
  const service = await reportService();
  t.teardown(() => service.close());
  const res = await service.get(`/report?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-15`);
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /^text\/html/);
  t.match(res.headers.get('content-security-policy'), /default-src 'none'; style-src 'self'/);
  const html = await res.text();
  t.match(html, 'Łukasiewicz &lt;Ünal&gt;', 'names as recorded, escaped');
  t.notMatch(html, '<Ünal>');
  t.notMatch(html, /<script|style=/, 'no script, no inline style');
  for (const section of [
    'Driver and card',
    'Data basis',
    'Totals',
    'Weeks',
    'Findings',
    'Data gaps',
    'Disclaimer',
    'Signatures',
  ]) {
    t.match(html, `<h2>${section}`, section);
  }
  t.equal((html.match(/<svg class="week-chart"/g) ?? []).length, 2, 'one chart per ISO week');
  t.match(html, 'no record', 'days without a record are shown as such');
  const precheck = await (
    await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-15`)
  ).json();
  t.ok(precheck.violations.length > 0);
  for (const v of precheck.violations) t.match(html, forPeople(v.description).replace(/&/g, '&amp;'), v.rule);
  const wtd = await (
    await service.get(`/api/drivercard/working-time?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-15`)
  ).json();
  // the working-time findings are among the report's: its not-evaluated lines follow the pre-check's, whose pointer
  // to the working-time check stays as on the week view (the same lines under each check)
  const eu561 = precheck.not_evaluated;
  t.ok(
    eu561.some((n: { rule: string }) => n.rule === 'working_time_directive'),
    'the pre-check names the directive',
  );
  t.match(
    html,
    `<h2>Not evaluated (${eu561.length + wtd.not_evaluated.length})</h2>`,
    'the rules of both checks, as the page lists them',
  );
  for (const n of [...eu561, ...wtd.not_evaluated]) t.match(html, `<li data-rule="${n.rule}"><strong>`, n.rule);
  t.match(
    html,
    '<strong>Working Time Directive</strong>: Directive 2002/15/EC',
    'the pointer to the working-time check',
  );
  t.match(
    html,
    '<strong>Driving time in two consecutive weeks</strong>: The data covers less than two weeks',
    'ten days of data: the two-week limits, by name, with the reason',
  );
  const css = await service.get('/report.css');
  t.equal(css.status, 200);
  t.match(await css.text(), '@page { size: A4');
});

t.test('report: bad parameters answer the JSON errors of the contract', async (t) => {
  const service = await reportService();
  t.teardown(() => service.close());
  const cases: Array<[string, number, string, string?]> = [
    ['date_from=2026-03-02&date_to=2026-03-08', 400, 'invalid_filter', 'card_number'],
    [`card_number=${CARD}&date_to=2026-03-08`, 400, 'invalid_filter', 'date_from'],
    [`card_number=${CARD}&date_from=2026-03-02`, 400, 'invalid_filter', 'date_to'],
    [`card_number=${CARD}&date_from=2026-03-09&date_to=2026-03-02`, 400, 'invalid_filter', 'date_from'],
    [`card_number=${CARD}&date_from=2026-01-01&date_to=2026-06-30`, 400, 'invalid_filter', 'date_to'],
    [`card_number=${CARD}&date_from=2026-02-30&date_to=2026-03-02`, 400, 'invalid_filter', 'date_from'],
    [`card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-08&week=2026-W10`, 400, 'invalid_filter', 'week'],
    ['card_number=NOSUCHCARD&date_from=2026-03-02&date_to=2026-03-08', 404, 'not_found'],
  ];
  for (const path of ['/report', '/report.pdf']) {
    for (const [query, status, code, parameter] of cases) {
      const res = await service.get(`${path}?${query}`);
      t.equal(res.status, status, `${path}?${query}`);
      const body = await res.json();
      t.equal(body.error, code);
      if (parameter) t.equal(body.parameter, parameter);
    }
  }
  t.same(service.errors, []);
});

t.test('report: the PDF holds the driver, the totals and every finding (pdftotext), first page as PNG', async (t) => {
  const service = await reportService();
  t.teardown(() => service.close());
  const query = `card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-15`;
  const res = await service.get(`/report.pdf?${query}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('content-type'), 'application/pdf');
  t.equal(
    res.headers.get('content-disposition'),
    `inline; filename="report_ukasiewicz-Unal_${CARD}_2026-03-02_2026-03-15.pdf"; filename*=UTF-8''${encodeURIComponent(`report_Łukasiewicz-Ünal_${CARD}_2026-03-02_2026-03-15.pdf`)}`,
    'named after the driver (as recorded in filename*) and the period',
  );
  const pdf = new Uint8Array(await res.arrayBuffer());
  t.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
  if (!hasPoppler) {
    reportMissingDependency(
      t,
      'PDF rendering checks NOT RUN: poppler-utils (pdftotext, pdftoppm) not installed.',
      '.ci/run installs poppler-utils',
    );
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-report-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'report.pdf'), pdf);
  execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'report.pdf'), join(dir, 'report.txt')]);
  const text = squash(readFileSync(join(dir, 'report.txt'), 'utf8'));
  t.match(text, 'Łukasiewicz <Ünal>', 'the driver as recorded');
  t.match(text, CARD);
  const summary = await (await service.get(`/api/drivercard/time-summary?${query}`)).json();
  for (const [activity, seconds] of Object.entries(summary.totals as Record<string, number>)) {
    t.match(text, hoursMinutes(seconds), `total ${activity}`);
  }
  const precheck = await (await service.get(`/api/drivercard/eu561/violations?${query}`)).json();
  for (const v of precheck.violations) t.match(text, squash(forPeople(v.description)), `finding ${v.rule} ${v.start}`);
  t.match(text, squash(precheck.disclaimer).slice(0, 60), 'the disclaimer');
  // the PDF says which rules were not evaluated, and why
  const wtd = await (await service.get(`/api/drivercard/working-time?${query}`)).json();
  // the pre-check's lines, then the working-time check's, as on the week view
  const eu561 = precheck.not_evaluated;
  t.match(text, `Not evaluated (${eu561.length + wtd.not_evaluated.length})`);
  t.ok(eu561.length > 8, `the card-wide items and this data's own (${eu561.length})`);
  // compared without white space: the PDF's lines may break after a slash (GET /api/…)
  const bare = (x: string) => x.replace(/\s+/g, '');
  for (const n of eu561) t.match(bare(text), bare(reasonForPeople(n.rule, n.reason)), `not evaluated: ${n.rule}`);
  t.notMatch(text, 'GET /api', 'no API path in the paper a driver signs');
  t.match(
    text,
    'Driving time in two consecutive weeks: The data covers less than two weeks',
    'named as on the week view',
  );
  t.match(text, 'Return home every four weeks: Art. 8(8a)');
  t.match(text, 'Transport manager');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(dir, 'report.pdf'),
    join(dir, 'page1'),
  ]);
  const artifacts = join(findRepoRoot(process.cwd()), 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'report-page1.png'), readFileSync(join(dir, 'page1.png')));
  t.ok(readFileSync(join(dir, 'page1.png')).length > 10_000, 'a rendered page');
});

t.test('report PDF without the Unicode font: Helvetica, accents removed', async (t) => {
  t.equal(latin1Text('Łukasiewicz – Ünal Ćirić 漢'), 'Lukasiewicz - Ünal Ciric ?');
  const model = {
    card_number: 'X',
    surname: 'Łuk',
    first_names: null,
    birth_date: null,
    issuing_member_state: null,
    issuing_authority: null,
    expiry_date: null,
    date_from: '2026-03-02',
    date_to: '2026-03-08',
    imports: [],
    conflicts: ['2026-03-03'],
    weeks: [],
    totals: { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 },
    days: 0,
    distance_km: 0,
    findings: [],
    data_gaps: [{ start: '2026-03-02T00:00:00Z', end: '2026-03-03T00:00:00Z', duration: 86_400 }],
    not_evaluated: [],
    rule_version: 'r',
    algorithm_version: 'a',
    disclaimer: 'd',
    generated_at: '2026-03-10T00:00:00Z',
  };
  const pdf = await reportPdf(model, { regular: '/nonexistent.ttf', bold: '/nonexistent.ttf' });
  t.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
  t.ok(Buffer.from(pdf).includes('Helvetica'), 'the built-in font');
});
