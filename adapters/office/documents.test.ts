/**
 * The office documents end to end over a two-driver fleet with infringements: the driver letter as HTML and PDF
 * (same content), proof from bytes to paper (each import's file, download moment, SHA-256 and verdict, the rule
 * set), the report's PDF holding the HTML's fields, and the fleet report (HTML, PDF, CSV) listing for each driver
 * the findings GET /findings lists. PDFs are read with poppler-utils (pdftotext; the fleet report's first page is
 * saved as artifacts/fleet-report-page1.png); without them the PDF checks skip loudly (fail under CI=true).
 */
import t, { type Test } from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import {
  buildParsedCard,
  datesFrom,
  workingDay,
  type DaySpec,
} from '../../core/use-cases/testing/parsed-card-builder.js';
import { officeService, type OfficeService } from '../http/testing/office-service.js';
import { findRepoRoot } from '../http/web-assets/web-assets.js';
import { FLEET_FINDING_HEADER } from '../http/report/fleet-report.route.js';
import { parseCsv } from './testing/parse-csv.js';

const A = 'AAAA000000000001';
const B = 'BBBB000000000002';
const PERIOD = 'date_from=2026-03-02&date_to=2026-03-08';
const hasPoppler = ['pdftotext', 'pdftoppm'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** A day of 11 h driving with the card inserted and 45 min of rest between: daily driving and daily rest broken. */
const overDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['03:00', 'DRIVING'],
    ['07:30', 'REST'],
    ['08:15', 'DRIVING'],
    ['14:45', 'REST'],
  ],
});

async function fleet(): Promise<OfficeService> {
  const service = await officeService();
  await service.importCard(
    buildParsedCard({
      card_number: A,
      surname: 'Ångström',
      days: [...datesFrom('2026-03-02', 2).map((d) => workingDay(d)), overDay('2026-03-04'), workingDay('2026-03-05')],
    }),
  );
  await service.importCard(
    buildParsedCard({ card_number: B, surname: 'Brown', days: datesFrom('2026-03-02', 4).map((d) => workingDay(d)) }),
  );
  await service.bundle.refreshFleet.idle();
  return service;
}

function pdfText(t: Test, pdf: Uint8Array, png?: string): string | null {
  if (!hasPoppler) {
    reportMissingDependency(t, 'PDF rendering checks', 'poppler-utils (pdftotext, pdftoppm)');
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'documents-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    if (png !== undefined) {
      const artifacts = join(findRepoRoot(process.cwd()), 'artifacts');
      mkdirSync(artifacts, { recursive: true });
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(artifacts, png)]);
    }
    return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const json = async (s: OfficeService, path: string) => (await s.get(path)).json();

t.test('proof on paper: the report and the letter name the bytes they rest on and the rule set', async (t) => {
  const s = await fleet();
  t.teardown(() => s.close());
  const imports = (await json(s, `/api/drivercard/imports?card_number=${A}`)).items;
  t.equal(imports.length, 1);
  const precheck = await json(s, `/api/drivercard/eu561/violations?card_number=${A}&${PERIOD}`);
  const findings = (await json(s, `/api/drivercard/findings?card_number=${A}&${PERIOD}`)).items;
  t.ok(findings.length > 0, 'the driver has findings');
  const report = await (await s.get(`/report?card_number=${A}&${PERIOD}`)).text();
  const letter = await (await s.get(`/letter?card_number=${A}&${PERIOD}`)).text();
  for (const [name, html] of [
    ['report', report],
    ['letter', letter],
  ] as const) {
    t.match(html, imports[0].content_sha256, `${name}: the SHA-256 of the file`);
    t.match(html, `<td>${imports[0].file_name}</td>`, `${name}: its file name`);
    t.match(html, '<td>2026-03-06 00:00 UTC</td>', `${name}: its download moment (the newest day ends there)`);
    t.match(html, 'not checked', `${name}: its authenticity verdict`);
    t.match(
      html,
      `rule set ${precheck.rule_version} (algorithm ${precheck.algorithm_version})`,
      `${name}: the rule set of the findings`,
    );
    t.notMatch(html, /\d+ d \d+ h|\d+ h \d+ min/, `${name}: durations in hours and minutes`);
    t.notMatch(html, 'severity not verified', `${name}: no doubt repeated on every finding`);
  }
  // both documents name the readings in force, as /findings answers them, each once
  const readings = (await json(s, `/api/drivercard/findings?card_number=${A}&${PERIOD}`)).readings;
  t.ok(readings.length > 0, 'readings in force');
  for (const [name, html] of [
    ['report', report],
    ['letter', letter],
  ] as const) {
    t.match(html, `<h2>Readings (${readings.length})</h2>`, `${name}: the readings section`);
    for (const r of readings)
      t.equal(html.split(`<li data-reading="${r.id}">`).length, 2, `${name}: the reading ${r.id}, once`);
  }
  const bands = (report.match(/Bands taken from published tables/g) ?? []).length;
  const unsure = findings.some(
    (f: { severity_verified: boolean; severity: string | null }) => f.severity && !f.severity_verified,
  );
  t.equal(bands, unsure ? 1 : 0, 'one note on the bands for the whole list');
  t.match(report, /— (serious|very serious|most serious|minor) infringement \((SI|VSI|MSI|MI)\)/, 'the band in words');

  const pdf = await s.get(`/letter.pdf?card_number=${A}&${PERIOD}`);
  t.equal(pdf.status, 200);
  t.equal(pdf.headers.get('content-type'), 'application/pdf');
  t.match(
    pdf.headers.get('content-disposition'),
    /filename="letter_Angstrom_AAAA000000000001_2026-03-02_2026-03-08.pdf"/,
  );
  const text = pdfText(t, new Uint8Array(await pdf.arrayBuffer()));
  if (text !== null) {
    const flat = squash(text);
    for (const words of [
      'Infringements confirmed by the transport office',
      'Confirmed infringements (0)',
      'The office has confirmed no infringement in this period.',
      `Follow-up of every finding of the period (${findings.length})`,
      imports[0].content_sha256,
      `rule set ${precheck.rule_version}`,
      'Driver: TEST Ångström',
      `Readings (${readings.length})`,
    ])
      t.match(flat, words, `the letter's PDF holds: ${words}`);
  }
  const reportPdf = pdfText(
    t,
    new Uint8Array(await (await s.get(`/report.pdf?card_number=${A}&${PERIOD}`)).arrayBuffer()),
  );
  if (reportPdf !== null)
    for (const field of ['Date of birth', 'Issuing authority', 'TEST AUTHORITY', imports[0].content_sha256])
      t.match(squash(reportPdf), field, `the report's PDF holds the HTML's field: ${field}`);
  t.equal((await s.get(`/letter.pdf?card_number=${A}&date_from=2026-03-08&date_to=2026-03-02`)).status, 400);
  t.same(s.errors, []);
});

t.test("the fleet report: every driver's findings of the period, as /findings lists them", async (t) => {
  const s = await fleet();
  t.teardown(() => s.close());
  const byCard: Record<string, { rule: string; status: string; start: string }[]> = {};
  for (const card of [A, B])
    byCard[card] = (await json(s, `/api/drivercard/findings?card_number=${card}&${PERIOD}`)).items;
  t.ok(byCard[A]!.length > 0, 'one driver with findings');

  const res = await s.get(`/fleet-report?${PERIOD}`);
  t.equal(res.status, 200);
  t.match(res.headers.get('content-security-policy'), /default-src 'none'/);
  const html = await res.text();
  const sections = html.split('<section class="driver">').slice(1);
  t.equal(sections.length, 2, 'one section per driver');
  for (const card of [A, B]) {
    const section = sections.find((x) => x.includes(card))!;
    t.ok(section, `a section for ${card}`);
    t.equal((section.match(/<article /g) ?? []).length, byCard[card]!.length, `${card}: the findings of /findings`);
  }
  t.match(html, '<h2>Drivers (2)</h2>');

  const csv = await s.get(`/export/fleet-findings.csv?${PERIOD}&delimiter=;`);
  t.equal(csv.status, 200);
  const rows = parseCsv(await csv.text(), ';');
  t.same(rows[0], FLEET_FINDING_HEADER);
  const col = (name: string) => FLEET_FINDING_HEADER.indexOf(name);
  for (const card of [A, B])
    t.same(
      rows
        .slice(1)
        .filter((r) => r[col('card_number')] === card)
        .map((r) => [r[col('rule')], r[col('status')], r[col('start')]]),
      byCard[card]!.map((f) => [f.rule, f.status, f.start]),
      `${card}: the same findings, in the same order`,
    );
  t.equal(rows.find((r) => r[col('card_number')] === A)![col('surname')], 'TEST Ångström'.split(' ')[1] ?? '', 'names');

  const pdf = await s.get(`/fleet-report.pdf?${PERIOD}`);
  t.equal(pdf.status, 200);
  t.match(pdf.headers.get('content-disposition'), /fleet-report_2026-03-02_2026-03-08\.pdf/);
  const text = pdfText(t, new Uint8Array(await pdf.arrayBuffer()), 'fleet-report-page1');
  if (text !== null) {
    const flat = squash(text);
    for (const card of [A, B]) t.match(flat, card, `the PDF has a section for ${card}`);
    t.match(flat, 'Fleet infringement report');
  }
  for (const path of [
    '/fleet-report',
    `/fleet-report?date_from=2026-01-01&date_to=2026-06-01`,
    '/export/fleet-findings.csv?date_from=2026-03-02',
  ])
    t.match(await (await s.get(path)).json(), { error: 'invalid_filter' }, path);
  t.same(s.errors, []);
});
