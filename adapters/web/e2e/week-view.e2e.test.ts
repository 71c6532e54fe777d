/**
 * End-to-end test of the bundled week view: the real service (startServer, port 0, temporary data
 * folder), a fixture imported through the page's own "Import file" control, and Debian's Chromium
 * driven by playwright-core. The chart, totals and findings are compared with the service's endpoints.
 * Without /usr/bin/chromium the test is skipped loudly, or fails when CI=true. Screenshots go to
 * artifacts/screenshots/ (git-ignored).
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { signDdd, testTrustFiles } from '../../../fixtures/pki/test-pki.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { STATIC_NOT_EVALUATED } from '../../../core/eu561/ruleset.js';
import { startServer } from '../../../composition/server.js';
import { addWeeks, formatIsoWeek, isoWeekOfDate, parseIsoWeek } from '../client/iso-week.js';
import { precheckWindow } from '../client/precheck-window.js';
import { chromiumMissing, launchChromium, screenshotDir } from './browser.js';
import {
  checkBars,
  checkFindings,
  checkKeyboardTooltip,
  checkNotEvaluated,
  checkPhone,
  checkTotals,
  checkWeekSwitch,
  fetchPrecheckForWeek,
  fetchWeek,
  getJson,
  type Precheck,
  waitForFindings,
  waitForWeek,
} from './week-view-checks.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

/**
 * A generated card (fixtures/ddd) whose pre-check reports a violation (a missing break on 2026-03-02). It holds
 * four days: the pre-check cannot evaluate the two-week driving limit, nor a compensation due after its end.
 */
const FIXTURE = 'fixtures/ddd/gen1-basic.ddd';
/** A dense 55-day card, stepped through week by week. */
const LONG_FIXTURE = 'fixtures/ddd/gen2-full.ddd';

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `week view end-to-end test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const shots = screenshotDir(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'week-view-e2e-'));
  // the imported files are signed by the test PKI and the service trusts its roots: they import as OK
  const trustDir = join(dataDir, 'trust');
  mkdirSync(trustDir);
  for (const f of testTrustFiles()) writeFileSync(join(trustDir, f.name), f.bytes);
  const signedFixture = join(dataDir, 'gen1-basic.ddd');
  writeFileSync(signedFixture, signDdd(new Uint8Array(readFileSync(join(root, FIXTURE)))));
  const server = await startServer({ port: 0, dataDir, trustDir });
  const browser = await launchChromium();
  t.teardown(async () => {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = server.url;

  /**
   * The first week (by the whole card's findings) whose pre-check, asked as the page asks it (the week and
   * the 3 weeks before) and cut to the week as the page cuts it, lists a violation.
   */
  async function weekWithViolation(card: string): Promise<{ week: string; pre: Precheck; path: string } | null> {
    const all = await getJson<Precheck>(base, `/api/drivercard/eu561/violations?card_number=${card}`);
    t.equal(all.status, 200, 'the whole-card pre-check answers');
    const weeks = [
      ...new Set(
        all.body.violations
          .filter((v) => v.status === 'VIOLATION' && v.start)
          .map((v) => formatIsoWeek(isoWeekOfDate(v.start!))),
      ),
    ];
    for (const week of weeks.slice(0, 10)) {
      const pre = await fetchPrecheckForWeek(base, card, week);
      if (pre.status === 200 && pre.body.violations.some((v) => v.status === 'VIOLATION'))
        return { week, pre: pre.body, path: pre.path };
    }
    return null;
  }

  t.test('import, pick driver and week, compare with the endpoints', async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems: string[] = [];
    const missingRoutes: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missingRoutes.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => {
      // a 404 is judged by its route below; any other console error is a problem
      if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const prechecks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/eu561/violations')) prechecks.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });

    const response = await page.goto(`${base}/`);
    t.equal(response?.status(), 200, 'the page is served at /');
    t.match(response?.headers()['content-security-policy'] ?? '', "default-src 'self'", 'with a strict CSP');
    await page.waitForSelector('main[data-view="empty"]');
    await page.screenshot({ path: join(shots, 'e2e-empty.png') });

    await page.setInputFiles('#import-file', signedFixture);
    await page.waitForSelector('#import-list li[data-state="ok"], #import-list li[data-state="problem"]', {
      timeout: 30_000,
    });
    const imports = await getJson<{
      items: {
        card: { card_number: string };
        driver: { surname: string | null };
        activity_range: { from: string; to: string };
      }[];
    }>(base, '/api/drivercard/imports');
    t.equal(imports.body.items.length, 1, 'one import stored');
    const row = imports.body.items[0]!;
    const card = row.card.card_number;
    const shown = (await page.textContent('#import-list li .import-text')) ?? '';
    t.match(shown, card, 'the import result names the card');
    t.match(shown, `${row.activity_range.from} to ${row.activity_range.to}`, 'and its activity range');
    const latest = formatIsoWeek(isoWeekOfDate(row.activity_range.to));
    await waitForWeek(page, card, latest);
    t.pass(`after the import the page opens the card's latest week ${latest}`);

    const found = await weekWithViolation(card);
    t.ok(found, `${FIXTURE} has a week with a violation`);
    if (!found) return;
    const { week, pre, path } = found;
    t.comment(`violation week: ${week} (${pre.violations.length} findings in the week)`);

    // choose the driver and the week as a user does
    await page.selectOption('#driver', card);
    await waitForWeek(page, card, latest);
    await page.fill('#week', week);
    await waitForWeek(page, card, week);
    t.match(page.url(), `card_number=${card}&week=${week}`, 'the selection lives in the URL');

    const data = await fetchWeek(base, card, week);
    const segments = await checkBars(t, page, data);
    t.ok(segments > 0, `the week has ${segments} segments`);
    await checkTotals(t, page, data);
    await waitForFindings(page, week);
    await page.screenshot({ path: join(shots, 'e2e-week-desktop.png'), fullPage: true });
    await checkFindings(t, page, data, pre, shots, 'e2e');
    // what the pre-check did not evaluate for this data (besides what card data never decides), named and explained
    const notEvaluated = await checkNotEvaluated(t, page, pre, shots, 'e2e');
    const own = notEvaluated.filter(([rule]) => !STATIC_NOT_EVALUATED.some((n) => n.rule === rule));
    t.same(
      own.map(([rule]) => rule).sort(),
      ['fortnightly_driving', 'reduced_weekly_rest_compensation'],
      "four days of data: the week's own not-evaluated rules",
    );
    t.match(
      own.find(([rule]) => rule === 'fortnightly_driving')![1],
      'Driving time in two consecutive weeks — The data covers less than two weeks',
      'by name, with the reason',
    );
    t.match(
      own.find(([rule]) => rule === 'reduced_weekly_rest_compensation')![1],
      /^Compensation of a reduced weekly rest — .* after the end of the data\.$/,
      'a deadline after the data',
    );
    t.equal(prechecks[prechecks.length - 1], path, 'the page asked the pre-check for the week and the 3 weeks before');
    t.match(
      await page.textContent('#findings h3'),
      `also looked at the 3 weeks before (from ${precheckWindow(parseIsoWeek(week)!).dateFrom})`,
      'and says so',
    );
    await checkKeyboardTooltip(t, page, shots, 'e2e');
    const next = formatIsoWeek(
      isoWeekOfDate(new Date(Date.parse(`${data.end_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)),
    );
    await checkWeekSwitch(t, page, card, week, next);

    const link = page.url();
    const reopened = await context.newPage();
    await reopened.goto(link);
    await waitForWeek(reopened, card, week);
    t.equal(await reopened.locator('#chart button.seg').count(), segments, 'the link reopens the same view');
    await reopened.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await checkPhone(t, page, link, card, week, shots, 'e2e');
    t.same(problems, [], 'no console error, no CSP violation');
    // the page copes with a service that lacks the endpoints added for the office (fleet list, working time):
    // it lists drivers from the imports and says the working time is not available; nothing else may be missing
    const added = new Set([
      '/api/drivercard/drivers',
      '/api/drivercard/drivers/summary',
      '/api/drivercard/working-time',
    ]);
    t.same(
      missingRoutes.filter((p) => !added.has(p)),
      [],
      'no request to a missing route other than the added endpoints',
    );
    if (missingRoutes.length)
      t.comment(`this service lacks ${[...new Set(missingRoutes)].join(', ')}; the page fell back`);
  });

  t.test('a long card week by week: one request and a full render per switch', async (t) => {
    const body = JSON.stringify({
      file_name: 'gen2-full.ddd',
      content_base64: Buffer.from(signDdd(new Uint8Array(readFileSync(join(root, LONG_FIXTURE))))).toString('base64'),
    });
    const parsed = await fetch(`${base}/api/drivercard/parse`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    t.equal(parsed.status, 200, 'the long card imports');
    const row = (await parsed.json()) as {
      card: { card_number: string };
      activity_range: { from: string; to: string };
    };
    const card = row.card.card_number;
    const first = parseIsoWeek(formatIsoWeek(isoWeekOfDate(row.activity_range.from)))!;
    const last = formatIsoWeek(isoWeekOfDate(row.activity_range.to));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => page.close());
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/week-overview')) requests++;
    });
    await page.goto(`${base}/?card_number=${card}&week=${formatIsoWeek(first)}`);
    await waitForWeek(page, card, formatIsoWeek(first));
    let week = first;
    let switches = 0;
    let slowest = 0;
    let segments = 0;
    while (formatIsoWeek(week) !== last) {
      week = addWeeks(week, 1);
      const before = requests;
      const started = Date.now();
      await page.click('#next-week');
      await waitForWeek(page, card, formatIsoWeek(week));
      slowest = Math.max(slowest, Date.now() - started);
      t.equal(requests - before, 1, `${formatIsoWeek(week)}: one week-overview request`);
      segments += await page.locator('#chart button.seg').count();
      switches++;
    }
    t.ok(switches >= 7, `stepped through ${switches} weeks (${segments} segments)`);
    // speed is reported, never asserted as wall-clock time in a test (the benchmark is the place for numbers)
    t.comment(`slowest week switch: ${slowest} ms for ${segments} segments over ${switches} weeks`);
    await page.screenshot({ path: join(shots, 'e2e-dense-week.png'), fullPage: true });
  });
}
