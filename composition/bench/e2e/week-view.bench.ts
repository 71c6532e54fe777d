/**
 * Week view benchmark ("the page renders a full 28-day card week by week without visible delay").
 * The real service (startServer, port 0, temporary data folder) gets a long fixture POSTed; Debian's
 * Chromium (adapters/web/e2e/browser.ts, never a downloaded browser) opens
 * `/?card_number=…&week=<first week>` and steps through the whole card with the page's own Next button
 * (#next-week), several passes after an unmeasured warm-up pass. Per switch it measures:
 * - click → rendered: in the page, from the click event (a capturing listener) to the moment the chart
 *   holds the new week and the view left "loading" (a MutationObserver; the page draws the chart and the
 *   totals as soon as the week-overview answers, without waiting for the pre-check);
 * - click → next frame: the same plus one requestAnimationFrame and a task, i.e. layout and paint;
 * - click → findings: until the findings area holds the pre-check's answer for the new week (the page asks
 *   for the week and the 3 weeks before, client/precheck-window.ts); each switch waits for it before the
 *   next click, so no pre-check is cut short;
 * - of which overview answer → rendered: from the arrival of the week-overview answer (Resource Timing
 *   responseEnd) to the rendered week, i.e. the client's own share (JSON parsing and building the DOM);
 * - click → waitForWeek: as the driver sees it (the e2e tests' own wait; includes the CDP round trips);
 * and the segments drawn (checked against the week's interval count). The baseline, measured in the same
 * run and in the same page right after each switch, is the page's bare `fetch` of the same week-overview
 * JSON (`fetch(url).then(r => r.json())`); a second reference is that fetch together with the page's
 * pre-check request. Results are p50 / p95 / max and
 * ratios render / baseline, next to the 100 ms "instant" threshold as a target (reported, not asserted).
 * Loops are bounded by the card's week count (at most MAX_WEEKS) and the pass count.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { addWeeks, formatIsoWeek, isoWeekOfDate, parseIsoWeek } from '../../../adapters/web/client/iso-week.js';
import { precheckWindow } from '../../../adapters/web/client/precheck-window.js';
import { chromiumMissing, launchChromium } from '../../../adapters/web/e2e/browser.js';
import { waitForWeek } from '../../../adapters/web/e2e/week-view-checks.js';
import { findRepoRoot } from '../../../adapters/http/web-assets/web-assets.js';
import { startServer, type RunningServer } from '../../server.js';
import { percentile } from '../service.bench.js';

export interface WeekViewBenchOptions {
  /** where lines go (default console.log) */
  print?: (line: string) => void;
  /** fixture files, absolute or relative to the repository root (default gen1-full and gen2-full) */
  fixtures?: string[];
  /** measured passes through the whole card (default 5) */
  passes?: number;
  /** unmeasured passes first (default 1) */
  warmupPasses?: number;
  /** why Chromium cannot run, or null (default: adapters/web/e2e/browser.ts chromiumMissing) */
  chromiumMissing?: () => string | null;
}

/** The "instant" response threshold (ms): a target printed next to the results, never asserted. */
export const INSTANT_MS = 100;
/** Upper bound of the weeks stepped through per card (a card holds at most about a year). */
export const MAX_WEEKS = 60;
export const DEFAULT_FIXTURES: readonly string[] = ['fixtures/ddd/gen1-full.ddd', 'fixtures/ddd/gen2-full.ddd'];
const VIEWPORT = { width: 1280, height: 800 };

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50 / p95 / max of a list of times (NaN for an empty list). */
export function summarize(times: readonly number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** The ISO weeks (`YYYY-Www`) from the week of `from` to the week of `to` (dates), at most `max` of them. */
export function weeksOfRange(from: string, to: string, max = MAX_WEEKS): string[] {
  const last = formatIsoWeek(isoWeekOfDate(to));
  const weeks: string[] = [];
  for (let week = isoWeekOfDate(from); weeks.length < max; week = addWeeks(week, 1)) {
    const text = formatIsoWeek(week);
    if (text > last) break;
    weeks.push(text);
  }
  return weeks;
}

function ms(x: number): string {
  return Number.isFinite(x) ? x.toFixed(1).padStart(7) : '    n/a';
}

function ratio(a: number, b: number): string {
  return b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(1)}x`.padStart(7) : '    n/a';
}

/**
 * One aligned result line: p50 / p95 / max, and when a baseline is given the ratios p50/p50 and p95/p95
 * and the 100 ms target (p95 within it or not).
 */
export function formatStatsLine(label: string, stats: Stats, baseline?: Stats): string {
  let line = `  ${label.padEnd(31)} p50 ${ms(stats.p50)} ms  p95 ${ms(stats.p95)} ms  max ${ms(stats.max)} ms`;
  if (baseline) {
    const within = stats.p95 <= INSTANT_MS ? 'p95 within' : 'p95 OVER';
    line += `  ${ratio(stats.p50, baseline.p50)} / ${ratio(stats.p95, baseline.p95)} baseline (p50 / p95)   target ${INSTANT_MS} ms: ${within}`;
  }
  return line;
}

/** min / median / max of the segments per week. */
export function segmentSummary(counts: readonly number[]): string {
  if (counts.length === 0) return 'no weeks';
  const sorted = [...counts].sort((a, b) => a - b);
  return `segments/week min ${sorted[0]} / p50 ${percentile(sorted, 50)} / max ${sorted[sorted.length - 1]}`;
}

interface Switch {
  rendered: number;
  frame: number;
  /** click → the findings area holds the new week's pre-check answer */
  findings: number;
  /** from the arrival of the week-overview answer to the rendered week: JSON parsing and DOM building */
  afterData: number;
  driver: number;
  segments: number;
  fetchOverview: number;
  fetchBoth: number;
}

interface Imported {
  card: string;
  from: string;
  to: string;
}

async function importFixture(base: string, path: string): Promise<Imported> {
  const body = JSON.stringify({ file_name: basename(path), content_base64: readFileSync(path).toString('base64') });
  const response = await fetch(`${base}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const row = (await response.json()) as {
    card?: { card_number: string };
    activity_range?: { from: string | null; to: string | null };
  };
  if (response.status !== 200 || !row.card || !row.activity_range?.from || !row.activity_range.to) {
    throw new Error(`importing ${basename(path)} answered ${response.status}`);
  }
  return { card: row.card.card_number, from: row.activity_range.from, to: row.activity_range.to };
}

interface InPageTimes {
  click: number;
  rendered: number;
  frame: number;
  findings: number;
}

/* c8 ignore start: these functions are serialized by page.evaluate and run in Chromium, out of Node's coverage */

/** In the page: arms the timers for the switch to `target`: click, rendered, next frame, findings filled. */
function armInPage(target: string): void {
  const rec: InPageTimes = { click: -1, rendered: -1, frame: -1, findings: -1 };
  (window as unknown as { __weekBench: InPageTimes }).__weekBench = rec;
  performance.clearResourceTimings(); // the buffer holds 250 entries by default
  const main = document.querySelector('main')!;
  const chart = document.getElementById('chart')!;
  const findings = document.getElementById('findings')!;
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('#next-week')) rec.click = performance.now();
    },
    { capture: true, once: true },
  );
  const observer = new MutationObserver(() => {
    if (rec.click < 0) return;
    const now = performance.now();
    if (rec.rendered < 0 && chart.dataset.week === target && main.dataset.view !== 'loading') {
      rec.rendered = now;
      requestAnimationFrame(() => setTimeout(() => (rec.frame = performance.now()), 0));
    }
    if (
      rec.findings < 0 &&
      findings.dataset.week === target &&
      (findings.dataset.state === 'done' || findings.dataset.state === 'error')
    ) {
      rec.findings = now;
    }
    if (rec.rendered >= 0 && rec.findings >= 0) observer.disconnect();
  });
  observer.observe(main, {
    attributes: true,
    subtree: true,
    attributeFilter: ['data-view', 'data-week', 'data-state'],
  });
}

/** The switch is over: the next frame after the render was seen and the findings are filled. */
function switchDoneInPage(): boolean {
  const r = (window as unknown as { __weekBench: InPageTimes }).__weekBench;
  return r.frame >= 0 && r.findings >= 0;
}

/** In the page: the switch's times, the page's answers seen since the click, and when the week-overview answered. */
function readInPage(): InPageTimes & { answers: number; dataAt: number } {
  const r = (window as unknown as { __weekBench: InPageTimes }).__weekBench;
  const answers = performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= r.click && /\/api\/drivercard\/(week-overview|eu561\/violations)\?/.test(e.name));
  const overview = answers.filter((e) => e.name.includes('/week-overview?'));
  return {
    ...r,
    answers: answers.length,
    dataAt: Math.max(...overview.map((e) => (e as PerformanceResourceTiming).responseEnd)),
  };
}

/** In the page, the baseline: a bare fetch of the week-overview JSON; then that fetch with the pre-check. */
async function baselineInPage({ overviewUrl, precheckUrl }: { overviewUrl: string; precheckUrl: string }) {
  const get = (url: string) => fetch(url, { headers: { Accept: 'application/json' } }).then((r) => r.json());
  let t0 = performance.now();
  const body = (await get(overviewUrl)) as {
    items?: Array<{ days: Array<{ intervals: Array<{ start: string; end: string }> }> }>;
  };
  const fetchOverview = performance.now() - t0;
  t0 = performance.now();
  await Promise.all([get(overviewUrl), get(precheckUrl)]);
  const fetchBoth = performance.now() - t0;
  // one segment per interval of positive length: a 0 s interval (two changes in one minute, or the card read in the
  // minute of its last change, when the download day ends at once) has nothing to draw
  const intervals = (body.items?.[0]?.days ?? []).reduce(
    (n, d) => n + d.intervals.filter((r) => r.start !== r.end).length,
    0,
  );
  return { fetchOverview, fetchBoth, intervals };
}

/* c8 ignore stop */

/** One pass: open the first week, then Next through every week; returns one row per switch. */
async function pass(page: Page, base: string, card: string, weeks: readonly string[]): Promise<Switch[]> {
  await page.goto(`${base}/?card_number=${encodeURIComponent(card)}&week=${weeks[0]}`);
  await waitForWeek(page, card, weeks[0]!);
  const rows: Switch[] = [];
  for (const week of weeks.slice(1)) {
    await page.evaluate(armInPage, week);
    const started = performance.now();
    await page.click('#next-week');
    await waitForWeek(page, card, week);
    const driver = performance.now() - started;
    await page.waitForFunction(switchDoneInPage, undefined, { timeout: 15_000 });
    const rec = await page.evaluate(readInPage);
    if (rec.answers !== 2)
      throw new Error(`${week}: ${rec.answers} requests of the page seen for one switch, expected 2`);
    const segments = await page.locator('#chart button.seg').count();
    const range = precheckWindow(parseIsoWeek(week)!);
    const base = await page.evaluate(baselineInPage, {
      overviewUrl: `api/drivercard/week-overview?card_number=${encodeURIComponent(card)}&week=${week}`,
      precheckUrl: `api/drivercard/eu561/violations?card_number=${encodeURIComponent(card)}&date_from=${range.dateFrom}&date_to=${range.dateTo}`,
    });
    if (base.intervals !== segments)
      throw new Error(`${week}: ${segments} segments drawn for ${base.intervals} intervals`);
    rows.push({
      rendered: rec.rendered - rec.click,
      frame: rec.frame - rec.click,
      findings: rec.findings - rec.click,
      afterData: rec.rendered - rec.dataAt,
      driver,
      segments,
      fetchOverview: base.fetchOverview,
      fetchBoth: base.fetchBoth,
    });
  }
  return rows;
}

async function benchCard(
  browser: Browser,
  server: RunningServer,
  path: string,
  passes: number,
  warmupPasses: number,
  print: (line: string) => void,
): Promise<void> {
  const imported = await importFixture(server.url, path);
  const weeks = weeksOfRange(imported.from, imported.to);
  if (weeks.length < 2) {
    print(`${basename(path)}: skipped (only ${weeks.length} week, nothing to step through)`);
    return;
  }
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    for (let i = 0; i < warmupPasses; i++) await pass(page, server.url, imported.card, weeks);
    const rows: Switch[] = [];
    for (let i = 0; i < passes; i++) rows.push(...(await pass(page, server.url, imported.card, weeks)));
    const segmentsPerWeek = rows.slice(0, weeks.length - 1).map((r) => r.segments);
    const overview = summarize(rows.map((r) => r.fetchOverview));
    print(
      `${basename(path)}: card ${imported.card}, ${imported.from} to ${imported.to}, ${weeks[0]}..${weeks[weeks.length - 1]} ` +
        `(${weeks.length} weeks, ${weeks.length - 1} switches × ${passes} passes = ${rows.length}), ${segmentSummary(segmentsPerWeek)}, ` +
        `${segmentsPerWeek.reduce((a, b) => a + b, 0)} segments drawn per pass`,
    );
    print(formatStatsLine('click → rendered (in page)', summarize(rows.map((r) => r.rendered)), overview));
    print(formatStatsLine('click → next frame (in page)', summarize(rows.map((r) => r.frame)), overview));
    print(formatStatsLine('click → findings (in page)', summarize(rows.map((r) => r.findings)), overview));
    print(formatStatsLine('click → waitForWeek (driver)', summarize(rows.map((r) => r.driver)), overview));
    print(formatStatsLine('of which: overview → rendered', summarize(rows.map((r) => r.afterData))));
    print(formatStatsLine('baseline: fetch week-overview', overview));
    print(formatStatsLine('ref: fetch overview + pre-check', summarize(rows.map((r) => r.fetchBoth))));
  } finally {
    await context.close();
  }
}

export async function benchWeekView(options: WeekViewBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const passes = Math.max(1, Math.floor(options.passes ?? 5));
  const warmupPasses = Math.max(0, Math.floor(options.warmupPasses ?? 1));
  const missing = (options.chromiumMissing ?? chromiumMissing)();
  if (missing) {
    print(`week view: skipped: ${missing}`);
    return;
  }
  const root = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  const fixtures = (options.fixtures ?? DEFAULT_FIXTURES).map((f) => (f.startsWith('/') ? f : join(root, f)));
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-week-view-'));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer({ port: 0, dataDir }, { env: {} });
    browser = await launchChromium();
    print(
      `week view: Chromium ${browser.version()} ${VIEWPORT.width}×${VIEWPORT.height}, Next (#next-week) through each card, ` +
        `${passes} passes after ${warmupPasses} warm-up, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs; ` +
        `baseline = the page's bare fetch of the same week-overview JSON; target ${INSTANT_MS} ms ("instant"), reported, not asserted`,
    );
    for (const path of fixtures) await benchCard(browser, server, path, passes, warmupPasses, print);
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/* c8 ignore start: the command-line entry, run by `npm run bench:browser` (tsx: this bench drives Chromium through
   playwright-core, a development dependency, so it stays out of the production build) */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWeekView().catch((error: unknown) => {
    console.error(`   failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
/* c8 ignore stop */
