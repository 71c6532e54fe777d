/**
 * End-to-end in Debian's Chromium against the real service (port 0, temporary data folder, the clock fixed at
 * 2026-04-02 10:00 UTC, DRIVERCARD_TIME_ZONE=Europe/Berlin): the demo fleet generated for that day (its data runs
 * across the spring change of 2026-03-29), a file quarantined, one withdrawn.
 * - The today panel: every count is a link whose list (the fleet list with its filter in the URL, or an imports
 *   list) holds exactly what GET /today/drivers or the imports say, as many as the count.
 * - Local time: times are shown in Europe/Berlin (learnt from the service) across the change: +1 h before
 *   2026-03-29 01:00 UTC, +2 h after (computed here by plain arithmetic); `tz=UTC` in the URL switches back.
 * Without /usr/bin/chromium the test is skipped loudly, or fails when CI=true.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startServer } from '../../../composition/server.js';
import { demoFleetFiles, demoTrustFiles } from '../../../composition/demo/demo-fleet.js';
import { chromiumMissing, launchChromium, watchProblems } from './browser.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

const NOW = '2026-04-02T10:00:00Z';
const ANNA = 'DF00000000010001';
const CARD_LISTS = [
  'overdue',
  'due_week',
  'expired',
  'expiring_30d',
  'open_findings',
  'conflicting',
  'readiness',
] as const;
const IMPORT_LISTS = ['quarantined', 'holder_mismatch', 'withdrawn'] as const;

async function json<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  return (await res.json()) as T;
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  return json<T>(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Berlin local time of a UTC instant by plain arithmetic: CET (+1 h) before 2026-03-29 01:00 UTC, CEST (+2 h) after. */
function berlin(iso: string): string {
  const ms = Date.parse(iso);
  const shifted = new Date(ms + (ms < Date.parse('2026-03-29T01:00:00Z') ? 1 : 2) * 3_600_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

async function shownCards(page: Page): Promise<string[]> {
  return (
    await page.$$eval('table.fleet tbody tr', (rows) => rows.map((r) => (r as HTMLElement).dataset.card ?? ''))
  ).sort();
}

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `today page end-to-end test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const dataDir = mkdtempSync(join(tmpdir(), 'today-e2e-'));
  const trustDir = join(dataDir, 'trust');
  mkdirSync(trustDir);
  for (const f of demoTrustFiles()) writeFileSync(join(trustDir, f.name), f.bytes);
  const server = await startServer(
    { port: 0, dataDir, trustDir, timeZone: 'Europe/Berlin' },
    { container: { clock: { now: () => new Date(NOW) } } },
  );
  const browser = await launchChromium();
  t.teardown(async () => {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = server.url;
  const send = (name: string, bytes: Uint8Array) =>
    post<{ import_id: string; status: string }>(base, '/api/drivercard/parse', {
      file_name: name,
      content_base64: Buffer.from(bytes).toString('base64'),
    });
  for (const f of demoFleetFiles('2026-04-02')) await send(f.name, f.bytes);
  // the encoder's own fixture carries random certificate bytes: INVALID, quarantined
  const broken = await send('gen1-basic.ddd', new Uint8Array(readFileSync(join(root, 'fixtures/ddd/gen1-basic.ddd'))));
  const other = await send('gen2-full.ddd', new Uint8Array(readFileSync(join(root, 'fixtures/ddd/gen2-full.ddd'))));
  await post(base, `/api/drivercard/imports/${other.import_id}/withdraw`, { reason: 'wrong file' });

  t.test('today: each count leads to the list it counts', async (t) => {
    t.equal(broken.status, 'QUARANTINED');
    const counts = await json<Record<string, number | string>>(base, '/api/drivercard/today');
    // Müller (demo) overdue; Rossi due in 4 days and expiring in 20; the fixture's card downloaded 2026-03-05 18:02 is due today
    t.match(counts, {
      time_zone: 'Europe/Berlin',
      overdue: 1,
      due_week: 2,
      expiring_30d: 1,
      expired: 0,
      quarantined: 1,
      withdrawn: 1,
    });
    t.ok((counts.open_findings as number) >= 1, "Nowak's 11 h day is open");
    const page = await browser.newPage();
    t.teardown(() => page.close());
    const problems = watchProblems(page);
    await page.goto(`${base}/`);
    await page.waitForSelector('#today-counts a[data-today="overdue"]');
    // a count of one reads in the singular, any other in the plural
    const tile = async (key: string) =>
      (await page.locator(`#today-counts a[data-today="${key}"]`).textContent())?.replace(/\s+/g, ' ');
    t.equal(await tile('overdue'), '1download overdue', 'one download overdue');
    t.equal(await tile('due_week'), '2downloads due within 7 days');
    t.equal(await tile('expired'), '0cards expired');
    t.equal(await tile('quarantined'), '1import quarantined');
    t.equal(await tile('withdrawn'), '1import withdrawn');
    const open = counts.open_findings as number;
    t.match(
      await tile('open_findings'),
      new RegExp(`^${open}open finding${open === 1 ? '' : 's'} \\(not reviewed\\) of \\d+ driver`),
    );
    for (const list of CARD_LISTS) {
      await page.goto(`${base}/`);
      const link = page.locator(`#today-counts a[data-today="${list}"]`);
      t.equal(await link.locator('.count-value').textContent(), String(counts[list]), `${list}: the count shown`);
      await link.click();
      await page.waitForURL((u) => u.searchParams.get('filter') === list);
      await page.waitForSelector('main[data-view="fleet"]');
      const api = await json<{ items: { card_number: string }[]; total: number }>(
        base,
        `/api/drivercard/today/drivers?list=${list}`,
      );
      t.same(
        await shownCards(page),
        api.items.map((i) => i.card_number).sort(),
        `${list}: the list shows the cards it counts`,
      );
      const expected = list === 'open_findings' ? counts.drivers_with_open_findings : counts[list];
      t.equal(api.total, expected, `${list}: as many as counted`);
    }
    for (const list of IMPORT_LISTS) {
      await page.goto(`${base}/`);
      await page.locator(`#today-counts a[data-today="${list}"]`).click();
      await page.waitForURL((u) => u.searchParams.get('imports') === list);
      await page.waitForSelector('#fleet-list-title:not([hidden])');
      const shown = await page.$$eval('#fleet-table li.import-row', (rows) =>
        rows.map((r) => (r as HTMLElement).dataset.importId),
      );
      t.equal(shown.length, counts[list], `${list}: as many imports as counted`);
      if (list === 'quarantined') t.same(shown, [broken.import_id]);
      if (list === 'withdrawn') t.same(shown, [other.import_id]);
    }
    await page.goBack();
    await page.waitForURL((u) => u.search === '');
    await page.waitForSelector('main[data-view="fleet"] table.fleet');
    t.ok(await page.locator('#fleet-list-title').isHidden(), 'Back: the whole fleet again');
    t.same(problems, [], 'no console error and no CSP violation');
  });

  t.test('times in Europe/Berlin across the change to summer time; tz= in the URL switches', async (t) => {
    const vehicles = await json<{ items: { first_use: string; last_use: string }[] }>(
      base,
      `/api/drivercard/vehicles-used?card_number=${ANNA}&date_from=2026-03-30&date_to=2026-04-05`,
    );
    const use = vehicles.items[0]!;
    t.ok(
      use.first_use < '2026-03-29T01:00:00Z' && use.last_use > '2026-03-29T01:00:00Z',
      'the vehicle use runs across the change',
    );
    const page = await browser.newPage();
    t.teardown(() => page.close());
    const problems = watchProblems(page);
    await page.goto(`${base}/?card_number=${ANNA}&week=2026-W14&tab=vehicles`);
    const cells = page.locator('#tab-panel table tbody tr').first().locator('td');
    await cells.first().waitFor();
    t.equal(
      await page.locator('#zone-name').textContent(),
      'times in Europe/Berlin',
      'the zone is named (learnt from the service)',
    );
    t.match(await page.locator('#tab-panel caption').textContent(), 'times in Europe/Berlin');
    t.match(await page.locator('#rule-week-note').textContent(), /rules count their days and weeks in UTC/);
    const texts = await cells.allTextContents();
    t.ok(texts.includes(berlin(use.first_use)), `first use ${use.first_use} shown as ${berlin(use.first_use)} (CET)`);
    t.ok(texts.includes(berlin(use.last_use)), `last use ${use.last_use} shown as ${berlin(use.last_use)} (CEST)`);

    // the chart's rows are local days: Monday 2026-03-30 (CEST) starts at 2026-03-29 22:00 UTC; the demo's working day
    // starts work at 06:00 UTC, 08:00 local
    const monday = page.locator('#day-2026-03-30');
    t.equal(
      await monday.getAttribute('data-start-ms'),
      String(Date.parse('2026-03-29T22:00:00Z')),
      'the local day begins at 22:00 UTC',
    );
    const work = monday.locator('button.seg[data-start="2026-03-30T06:00:00Z"]');
    t.match(
      await work.getAttribute('data-tip'),
      /^Other work 08:00–08:15 Europe\/Berlin/,
      'the chart reads local clock times',
    );
    const sunday = await page.request.get(`${base}/api/drivercard/week-overview?card_number=${ANNA}&week=2026-W13`);
    t.equal(sunday.status(), 200);
    await page.goto(`${base}/?card_number=${ANNA}&week=2026-W13&tz=Europe/Berlin`);
    await page.locator('#day-2026-03-29').waitFor();
    const change = page.locator('#day-2026-03-29');
    t.equal(
      Number(await change.getAttribute('data-end-ms')) - Number(await change.getAttribute('data-start-ms')),
      23 * 3_600_000,
      'the day of the change has 23 hours',
    );

    await page.goto(`${base}/?card_number=${ANNA}&week=2026-W14&tab=vehicles&tz=UTC`);
    await page.locator('#tab-panel table tbody tr').first().locator('td').first().waitFor();
    await page.waitForFunction(() => document.getElementById('zone-name')?.textContent === 'times in UTC');
    const utc = await page.locator('#tab-panel table tbody tr').first().locator('td').allTextContents();
    t.ok(utc.includes(`${use.first_use.slice(0, 10)} ${use.first_use.slice(11, 16)}`), 'tz=UTC: the UTC time');
    t.ok(await page.locator('#rule-week-note').isHidden(), 'no note when the page shows UTC');
    t.equal(
      await page.locator('#day-2026-03-30').getAttribute('data-start-ms'),
      String(Date.parse('2026-03-30T00:00:00Z')),
      'UTC: the UTC day',
    );
    t.match(
      await page.locator('#day-2026-03-30 button.seg[data-start="2026-03-30T06:00:00Z"]').getAttribute('data-tip'),
      /^Other work 06:00–06:15 UTC/,
    );
    t.same(problems, [], 'no console error and no CSP violation');
  });
}
