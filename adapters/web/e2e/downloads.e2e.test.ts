/**
 * End-to-end in Debian's Chromium against the real service (port 0, temporary data folder, clock fixed, locale
 * de-DE, zone Europe/Berlin): the page's PDF and CSV buttons download files named after the driver and the period,
 * whose contents are right — the PDF's text (pdftotext) names the driver as recorded, the CSV files start with the
 * UTF-8 byte order mark, are separated by `;` (the German locale's default) and decode Müller and Иванов. Then the
 * home-countries field of the week view: a wrong entry is explained, a right one saved and used by the service.
 * Without /usr/bin/chromium (or pdftotext) the test is skipped loudly, or fails when CI=true.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startServer } from '../../../composition/server.js';
import { demoFleetFiles, demoTrustFiles } from '../../../composition/demo/demo-fleet.js';
import { signDdd } from '../../../fixtures/pki/test-pki.js';
import { chromiumMissing, launchChromium, watchProblems } from './browser.js';
import { waitForFindings } from './week-view-checks.js';
import { formatIsoWeek, isoWeekOfDate } from '../client/iso-week.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

const NOW = '2026-04-02T10:00:00Z';
const MUELLER = 'DF00000000030001';
const BOM = [0xef, 0xbb, 0xbf];
const noPdfToText = spawnSync('pdftotext', ['-v']).error !== undefined;

interface Parsed {
  card: { card_number: string };
  activity_range: { to: string };
}

async function saved(download: Download, dir: string): Promise<{ name: string; bytes: Buffer }> {
  const name = download.suggestedFilename();
  const path = join(dir, `${Date.now()}-${Math.random()}`);
  await download.saveAs(path);
  return { name, bytes: readFileSync(path) };
}

async function click(page: Page, selector: string, dir: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).first().click()]);
  return saved(download, dir);
}

function pdfText(bytes: Buffer, dir: string): string {
  writeFileSync(join(dir, 'r.pdf'), bytes);
  execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'r.pdf'), join(dir, 'r.txt')]);
  return readFileSync(join(dir, 'r.txt'), 'utf8').replace(/\s+/g, ' ');
}

const missing = chromiumMissing() ?? (noPdfToText ? 'pdftotext is not installed (poppler-utils)' : null);
if (missing) {
  reportMissingDependency(t, `downloads end-to-end test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const dataDir = mkdtempSync(join(tmpdir(), 'downloads-e2e-'));
  const files = join(dataDir, 'downloads');
  const trustDir = join(dataDir, 'trust');
  mkdirSync(trustDir);
  mkdirSync(files);
  for (const f of demoTrustFiles()) writeFileSync(join(trustDir, f.name), f.bytes);
  const server = await startServer(
    { port: 0, dataDir, trustDir, timeZone: 'Europe/Berlin', locale: 'de-DE' },
    { container: { clock: { now: () => new Date(NOW) } } },
  );
  const browser = await launchChromium();
  t.teardown(async () => {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = server.url;
  const send = async (name: string, bytes: Uint8Array): Promise<Parsed> => {
    const res = await fetch(`${base}/api/drivercard/parse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: name, content_base64: Buffer.from(bytes).toString('base64') }),
    });
    return (await res.json()) as Parsed;
  };
  const parsed = new Map<string, Parsed>();
  for (const f of demoFleetFiles('2026-04-02')) {
    const p = await send(f.name, f.bytes);
    parsed.set(p.card.card_number, p);
  }
  // the encoder's gen2 crew fixture (holder Иванов, Bulgarian code page), signed by the test PKI so that it is trusted
  const ivanov = await send(
    'gen2-crew-gnss.ddd',
    signDdd(new Uint8Array(readFileSync(join(root, 'fixtures/ddd/gen2-crew-gnss.ddd')))),
  );

  const openWeek = async (page: Page, p: Parsed) => {
    const week = formatIsoWeek(isoWeekOfDate(p.activity_range.to));
    await page.goto(`${base}/?card_number=${p.card.card_number}&week=${week}`);
    await waitForFindings(page, week);
    await page.waitForSelector('#findings a.button.pdf');
    const href = (await page.getAttribute('#findings a.button.pdf', 'href'))!;
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    return { from: query.get('date_from')!, to: query.get('date_to')! };
  };

  for (const [surname, p] of [
    ['Müller', parsed.get(MUELLER)!],
    ['Иванов', ivanov],
  ] as const) {
    t.test(`the week view's PDF and CSV of ${surname}`, async (t) => {
      const page = await browser.newPage({ acceptDownloads: true });
      t.teardown(() => page.close());
      const problems = watchProblems(page);
      const card = p.card.card_number;
      const { from, to } = await openWeek(page, p);
      const pdf = await click(page, '#findings a.button.pdf', files);
      t.equal(pdf.name, `report_${surname}_${card}_${from}_${to}.pdf`, 'the PDF is named after the driver and period');
      t.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
      const text = pdfText(pdf.bytes, files);
      t.match(text, surname, 'the driver as recorded');
      t.match(text, card);
      t.match(text, `${from} to ${to}`, 'the period');
      t.match(text, 'times in Europe/Berlin');
      const csv = await click(page, '#findings a.button.csv', files);
      t.equal(
        csv.name,
        `findings_${surname}_${card}_${from}_${to}.csv`,
        'the CSV is named after the driver and period',
      );
      t.same([...csv.bytes.subarray(0, 3)], BOM, 'the CSV starts with the UTF-8 byte order mark');
      const header = csv.bytes.subarray(3).toString('utf8').split('\r\n')[0]!;
      t.match(header, /^[a-z_]+;[a-z_]+;/, 'separated by ; (the de-DE locale of the service)');
      t.same(problems, [], 'no script error');
    });
  }

  t.test("the fleet's CSV decodes Müller and Иванов", async (t) => {
    const page = await browser.newPage({ acceptDownloads: true });
    t.teardown(() => page.close());
    await page.goto(`${base}/`);
    await page.waitForSelector('#fleet-documents a.button.csv');
    const csv = await click(page, '#fleet-documents a.button.csv', files);
    t.equal(csv.name, 'drivers_2026-11-24.csv'.replace('2026-11-24', new Date().toISOString().slice(0, 10)));
    t.same([...csv.bytes.subarray(0, 3)], BOM, 'the UTF-8 byte order mark');
    const text = new TextDecoder('utf-8').decode(csv.bytes.subarray(3));
    t.match(text.split('\r\n')[0], /^[a-z_]+;[a-z_]+;/, 'separated by ;');
    t.match(text, ';Müller;', 'Müller decoded right');
    t.match(text, ';Иванов;', 'Иванов decoded right');
  });

  t.test('the totals follow the days of Europe/Berlin across the change to summer time', async (t) => {
    const page = await browser.newPage();
    t.teardown(() => page.close());
    // Anna Berger's demo card records every UTC day whole from 2026-03-12 to 2026-04-01; Sunday 2026-03-29 in
    // Berlin runs from 03-28 23:00 UTC to 03-29 22:00 UTC (02:00 CET → 03:00 CEST): 23 h
    await page.goto(`${base}/?card_number=DF00000000010001&week=2026-W13`);
    await page.waitForSelector('#totals table.totals tr[data-date="2026-03-29"]');
    const recorded = await page.$$eval('#totals table.totals tbody tr', (rows) =>
      rows.map((r) => [(r as HTMLElement).dataset.date, r.querySelector('[data-total="recorded"]')?.textContent]),
    );
    t.same(recorded, [
      ['2026-03-23', '24:00'],
      ['2026-03-24', '24:00'],
      ['2026-03-25', '24:00'],
      ['2026-03-26', '24:00'],
      ['2026-03-27', '24:00'],
      ['2026-03-28', '24:00'],
      ['2026-03-29', '23:00'],
    ]);
    t.match(await page.textContent('#totals caption'), 'days in Europe/Berlin');
    t.equal(
      await page.textContent('#totals tfoot [data-total="recorded"]'),
      '167:00',
      'the local week: 7 × 24 h − 1 h',
    );
    t.match(await page.textContent('#rule-week-note'), "a finding's week is the UTC week");
  });

  t.test('the home countries of a card: explained when wrong, saved and used when right', async (t) => {
    const page = await browser.newPage();
    t.teardown(() => page.close());
    const problems = watchProblems(page);
    await openWeek(page, parsed.get(MUELLER)!);
    const form = page.locator('#home-countries form.homes-form');
    await form.waitFor();
    t.match(await form.locator('.homes-status').textContent(), 'Establishment: not known, not set');
    await form.locator('input[name="establishment"]').fill('D1');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('form.homes-form[data-saved="false"]');
    t.match(
      await form.locator('.homes-status').textContent(),
      'Not saved: The Member State of establishment must be a two-letter country code, for example DE',
    );
    await form.locator('input[name="establishment"]').fill('zz');
    await form.locator('button[type="submit"]').click();
    await page.waitForFunction(() => document.querySelector('.homes-status')?.textContent?.includes('tachograph'));
    t.match(await form.locator('.homes-status').textContent(), 'Not saved: A code is not a country the tachograph');
    await form.locator('input[name="establishment"]').fill('de');
    await form.locator('input[name="residence"]').fill('PL');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('form.homes-form[data-saved="true"]');
    t.match(
      await form.locator('.homes-status').textContent(),
      'Saved. Establishment: DE (Germany), set for this card; residence: PL (Poland), set for this card.',
    );
    const stored = (await (await fetch(`${base}/api/drivercard/drivers/${MUELLER}/home-countries`)).json()) as {
      establishment: string;
      residence: string;
    };
    t.match(stored, { establishment: 'DE', residence: 'PL' }, 'the service uses them');
    t.same(
      problems.filter((p) => !/status of 400/.test(p)),
      [],
      'no script error',
    );
  });
}
