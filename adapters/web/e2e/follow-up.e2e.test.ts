/**
 * The office's follow-up from the page, end to end in Debian's Chromium against the real service (port 0, a temporary
 * data folder, the clock fixed at 2026-04-02 10:00 UTC, DRIVERCARD_TIME_ZONE=Europe/Berlin, the demo fleet of that
 * day):
 * - a fleet row with an open finding opens the week of its most serious open finding (GET /findings says which);
 * - the finding is reviewed on the page OPEN → CONFIRMED → DRIVER_INFORMED → ACKNOWLEDGED (the author typed once,
 *   then remembered by the browser), its history shown; the service's history holds the three entries;
 * - the driver letter of the week (HTML, and the PDF link beside it) prints the finding as acknowledged;
 * - "today"'s open findings count one fewer once the finding is confirmed;
 * - the fleet report control offers last month's report as HTML, PDF and CSV.
 * Without /usr/bin/chromium the test is skipped loudly, or fails when CI=true.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startServer } from '../../../composition/server.js';
import { demoFleetFiles, demoTrustFiles } from '../../../composition/demo/demo-fleet.js';
import { chromiumMissing, launchChromium, screenshotDir, watchProblems } from './browser.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

const NOW = '2026-04-02T10:00:00Z';

interface Finding {
  finding_id: string;
  start: string;
  rule: string;
  review_status: string;
}

async function json<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  return (await res.json()) as T;
}

/** The ISO week (YYYY-Www) of an instant's date in Berlin (CET +1 h before 2026-03-29 01:00 UTC, CEST +2 h after). */
function berlinWeek(iso: string): string {
  const ms = Date.parse(iso);
  const local = new Date(ms + (ms < Date.parse('2026-03-29T01:00:00Z') ? 1 : 2) * 3_600_000);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const thursday = new Date(day + (3 - ((local.getUTCDay() + 6) % 7)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

async function todayOpen(page: Page, base: string): Promise<string | null> {
  await page.goto(`${base}/`);
  const value = page.locator('#today-counts a[data-today="open_findings"] .count-value');
  await value.waitFor();
  return value.textContent();
}

/** Moves the finding's follow-up on to `status` on the page and waits for the page to show it saved. */
async function review(page: Page, findingId: string, status: string, note: string, author?: string): Promise<void> {
  const box = page.locator(`details.review[data-finding="${findingId}"]`);
  if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator('summary').click();
  await box.locator('select[name="status"]').selectOption(status);
  await box.locator('textarea[name="note"]').fill(note);
  if (author !== undefined) await box.locator('input[name="author"]').fill(author);
  await box.locator('button.review-save').click();
  await page.waitForSelector(`details.review[data-finding="${findingId}"][data-review="${status}"]`);
}

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `follow-up end-to-end test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const shots = screenshotDir(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'follow-up-e2e-'));
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
  for (const f of demoFleetFiles('2026-04-02'))
    await json(base, '/api/drivercard/parse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: f.name, content_base64: Buffer.from(f.bytes).toString('base64') }),
    });

  t.test('a finding followed up from the page, its letter, and the today count', async (t) => {
    const counts = await json<{ open_findings: number }>(base, '/api/drivercard/today');
    t.ok(counts.open_findings >= 1, 'the demo has an open finding');
    const open = await json<{ items: { card_number: string; last_download: string }[] }>(
      base,
      '/api/drivercard/today/drivers?list=open_findings',
    );
    const row = open.items[0]!;
    const card = row.card_number;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    t.equal(await todayOpen(page, base), String(counts.open_findings), 'today shows the open findings');

    // the fleet report of last month (the clock's month is April 2026)
    t.same(await page.$$eval('#fleet-report a', (as) => as.map((a) => a.getAttribute('href'))), [
      'fleet-report?date_from=2026-03-01&date_to=2026-03-31',
      'fleet-report.pdf?date_from=2026-03-01&date_to=2026-03-31',
      'export/fleet-findings.csv?date_from=2026-03-01&date_to=2026-03-31',
    ]);

    // the row leads to the week of the most serious open finding of its 4 weeks
    const lastDay = row.last_download.slice(0, 10);
    const [first] = (
      await json<{ items: Finding[] }>(
        base,
        `/api/drivercard/findings?card_number=${card}&status=OPEN&date_from=2026-03-01&date_to=${lastDay}`,
      )
    ).items;
    const week = berlinWeek(first!.start);
    await page.locator(`table.fleet tr[data-card="${card}"] a.driver-link`).click();
    await page.waitForURL((u) => u.searchParams.get('card_number') === card);
    t.equal(new URL(page.url()).searchParams.get('week'), week, `the week of the finding (${first!.rule})`);
    await page.waitForSelector(`details.review[data-finding="${first!.finding_id}"][data-review="OPEN"]`);
    await page.screenshot({ path: join(shots, 'follow-up-week.png'), fullPage: true });

    await review(page, first!.finding_id, 'CONFIRMED', 'seen on the chart', 'Anna Office');
    await review(page, first!.finding_id, 'DRIVER_INFORMED', 'letter handed over');
    await review(page, first!.finding_id, 'ACKNOWLEDGED', 'signed');
    const box = page.locator(`details.review[data-finding="${first!.finding_id}"]`);
    t.equal(await box.locator('ol.review-history li').count(), 3, 'the history on the page');
    t.match(await box.textContent(), 'The follow-up of this finding is closed.');
    await page.screenshot({ path: join(shots, 'follow-up-reviewed.png'), fullPage: true });
    const history = await json<{ status: string; entries: { status: string; author: string }[] }>(
      base,
      `/api/drivercard/findings/${first!.finding_id}/reviews`,
    );
    t.match(history, {
      status: 'ACKNOWLEDGED',
      entries: [
        { status: 'CONFIRMED', author: 'Anna Office' },
        { status: 'DRIVER_INFORMED', author: 'Anna Office' },
        { status: 'ACKNOWLEDGED', author: 'Anna Office' },
      ],
    });

    t.same(problems, [], 'no console error and no CSP violation');

    // the letter of the week
    const letter = page.locator('#report-link ~ .letter-links a.letter');
    const href = (await letter.getAttribute('href'))!;
    t.match(href, `letter?card_number=${card}&date_from=`);
    t.match(await page.locator('#report-link ~ .letter-links a.letter-pdf').getAttribute('href'), 'letter.pdf?');
    await letter.click();
    await page.waitForURL((u) => u.pathname.endsWith('/letter'));
    const text = (await page.textContent('body')) ?? '';
    t.match(text, 'Acknowledged by the driver', 'the letter prints the follow-up');
    t.match(text, 'signed');
    await page.screenshot({ path: join(shots, 'follow-up-letter.png'), fullPage: true });

    t.equal(await todayOpen(page, base), String(counts.open_findings - 1), 'today: one open finding fewer');
  });
}
