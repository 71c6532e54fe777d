/**
 * Assertions on the rendered week view, compared with what the service's own endpoints answer.
 * Shared by the end-to-end test (real service) and the states test (canned service). The expected
 * positions and texts are computed here independently of the client code.
 */

import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import type { TAP } from 'tap';
import { reasonForPeople } from '../../vocabulary/people-text.js';
import { STATIC_NOT_EVALUATED } from '../../../core/eu561/ruleset.js';
import { parseIsoWeek } from '../client/iso-week.js';
import { precheckForWeek, precheckWindow } from '../client/precheck-window.js';

export type Asserts = Pick<TAP, 'equal' | 'ok' | 'notOk' | 'match' | 'comment' | 'same'>;

interface Interval {
  start: string;
  end: string;
  activity: string;
  date: string;
}
interface Day {
  date: string;
  intervals: Interval[];
  totals: Record<string, number>;
  distance_km: number | null;
}
export interface Week {
  week: string;
  start_date: string;
  end_date: string;
  days: Day[];
  totals: Record<string, number>;
}
export interface Precheck {
  violations: { rule: string; status: string; start: string | null; end: string | null }[];
  data_gaps: { start: string; end: string; duration: number }[];
  warnings?: { code: string; message: string; start?: string | null; end?: string | null }[];
  not_evaluated?: { rule: string; reason: string }[];
}

export async function getJson<T>(base: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

export async function fetchWeek(base: string, card: string, week: string): Promise<Week> {
  const { status, body } = await getJson<{ items: Week[] }>(
    base,
    `/api/drivercard/week-overview?card_number=${encodeURIComponent(card)}&week=${week}`,
  );
  if (status !== 200 || !body.items[0]) throw new Error(`week-overview answered ${status}`);
  return body.items[0];
}

/**
 * The pre-check as the page asks for it (the week and the weeks before it, client/precheck-window.ts) and
 * the part of the answer the page lists (what overlaps the week). `raw` is the endpoint's whole answer.
 */
export async function fetchPrecheckForWeek(
  base: string,
  card: string,
  week: string,
): Promise<{ status: number; raw: Precheck; body: Precheck; path: string }> {
  const w = parseIsoWeek(week);
  if (!w) throw new Error(`not an ISO week: ${week}`);
  const range = precheckWindow(w);
  const path = `/api/drivercard/eu561/violations?card_number=${encodeURIComponent(card)}&date_from=${range.dateFrom}&date_to=${range.dateTo}`;
  const { status, body } = await getJson<Precheck>(base, path);
  return { status, raw: body, body: status === 200 ? precheckForWeek(body, w) : body, path };
}

/** `h:mm` written out again here so the test does not reuse the page's formatter. */
export function hm(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Percent of the UTC day `date` at which `iso` lies. */
function pct(date: string, iso: string): number {
  return ((Date.parse(iso) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000) * 100;
}

/** Waits until the page shows `week` of `card` (rendered, not loading). */
export async function waitForWeek(page: Page, card: string, week: string): Promise<void> {
  await page.waitForSelector(`#chart[data-week="${week}"][data-card="${card}"]`, { timeout: 15_000 });
  await page.waitForFunction(() => document.querySelector('main')?.dataset.view !== 'loading', undefined, {
    timeout: 15_000,
  });
}

/** Waits until the findings area holds the pre-check answer (or its error) for `week`. */
export async function waitForFindings(page: Page, week: string): Promise<void> {
  await page.waitForSelector(`#findings[data-week="${week}"]:is([data-state="done"], [data-state="error"])`, {
    timeout: 15_000,
  });
}

/** Every day row's segments: the same intervals, in order, at the positions their times give. */
export async function checkBars(t: Asserts, page: Page, week: Week): Promise<number> {
  const rows = await page.$$eval('#chart .day-row', (nodes) =>
    nodes.map((row) => {
      const bar = row.querySelector('.bar')!.getBoundingClientRect();
      return {
        date: (row as HTMLElement).dataset.date,
        barWidth: bar.width,
        segs: Array.from(row.querySelectorAll<HTMLElement>('button.seg')).map((b) => {
          const box = b.getBoundingClientRect();
          return {
            start: b.dataset.start,
            end: b.dataset.end,
            activity: b.dataset.activity,
            left: parseFloat(b.style.left),
            width: parseFloat(b.style.width),
            x: box.left - bar.left - 1, // the bar's 1px border
          };
        }),
      };
    }),
  );
  t.equal(rows.length, 7, 'seven day rows');
  let segments = 0;
  let mismatches = 0;
  week.days.forEach((day, i) => {
    const row = rows[i]!;
    t.equal(row.date, day.date, `row ${i} is ${day.date}`);
    t.equal(row.segs.length, day.intervals.length, `${day.date}: one segment per interval (${day.intervals.length})`);
    day.intervals.forEach((iv, k) => {
      const seg = row.segs[k];
      const left = pct(day.date, iv.start);
      const width = pct(day.date, iv.end) - left;
      const ok =
        seg !== undefined &&
        seg.start === iv.start &&
        seg.end === iv.end &&
        seg.activity === iv.activity &&
        Math.abs(seg.left - left) < 0.001 &&
        Math.abs(seg.width - width) < 0.001 &&
        Math.abs(seg.x - (left / 100) * (row.barWidth - 2)) < 1.5;
      if (!ok) {
        mismatches++;
        if (mismatches <= 5) t.comment(`mismatch ${day.date} #${k}: ${JSON.stringify({ iv, seg, left, width })}`);
      }
      segments++;
    });
  });
  t.equal(mismatches, 0, `all ${segments} segments carry their interval's start, end, activity and position`);
  return segments;
}

export async function checkTotals(t: Asserts, page: Page, week: Week): Promise<void> {
  const keys = ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'];
  for (const day of week.days) {
    const row = `table.totals tr[data-date="${day.date}"]`;
    if (!day.intervals.length) {
      t.equal(
        await page.textContent(`${row} td[data-total="recorded"]`),
        'no record',
        `${day.date} has no record and says so`,
      );
      for (const k of keys)
        t.equal(
          await page.textContent(`${row} td[data-total="${k}"]`),
          '–',
          `${day.date} ${k}: no 0:00 for a day without record`,
        );
      continue;
    }
    for (const k of keys) {
      const text = await page.textContent(`${row} td[data-total="${k}"]`);
      t.equal(text, hm(day.totals[k] ?? 0), `${day.date} ${k} total`);
    }
    const sum = keys.reduce((s, k) => s + (day.totals[k] ?? 0), 0);
    t.equal(
      await page.textContent(`${row} td[data-total="recorded"]`),
      hm(sum),
      `${day.date}: the recorded column adds the five up`,
    );
    if (day.distance_km != null) {
      const km = await page.textContent(`${row} td[data-total="distance"]`);
      t.equal(km, `${Math.round(day.distance_km)} km`, `${day.date} distance`);
    }
  }
  for (const k of keys) {
    const text = await page.textContent(`table.totals tfoot td[data-total="${k}"]`);
    t.equal(text, hm(week.totals[k] ?? 0), `week ${k} total`);
  }
  const all = keys.reduce((s, k) => s + (week.totals[k] ?? 0), 0);
  t.equal(await page.textContent('table.totals tfoot td[data-total="recorded"]'), hm(all), 'the week total adds up');
}

/**
 * The listed findings are the pre-check's (`pre`: fetchPrecheckForWeek's `body`), in order, and so are the
 * chart's finding marks; activating one highlights its days.
 */
export async function checkFindings(
  t: Asserts,
  page: Page,
  week: Week,
  pre: Precheck,
  shots: string,
  name: string,
): Promise<void> {
  await waitForFindings(page, week.week);
  const listed = await page.$$eval('#findings li.finding', (items) =>
    items.map((li) => ({ rule: (li as HTMLElement).dataset.rule, status: (li as HTMLElement).dataset.status })),
  );
  t.same(
    listed,
    pre.violations.map((v) => ({ rule: v.rule, status: v.status })),
    'the pre-check findings are listed',
  );
  t.equal(
    await page.locator('#findings li.gap-item').count(),
    pre.data_gaps.length,
    `its data gaps in the week are listed (${pre.data_gaps.length})`,
  );
  const marked = await page.$$eval('#chart .mark.finding', (marks) =>
    [...new Set(marks.map((m) => Number((m as HTMLElement).dataset.finding)))].sort((a, b) => a - b),
  );
  const spanned = pre.violations.flatMap((v, i) =>
    v.start && v.end && Date.parse(v.end) > Date.parse(v.start) ? [i] : [],
  );
  t.same(marked, spanned, 'every listed finding with a time span is marked on the chart, and nothing else');
  const target = pre.violations.find(
    (v) => v.start && v.end && v.start < `${week.end_date}T24` && v.end > `${week.start_date}T00`,
  );
  t.ok(target, 'a finding of this week has a time span');
  if (!target) return;
  const index = pre.violations.indexOf(target);
  await page.click(`#findings li.finding[data-finding="${index}"] button.link`);
  const expected = week.days
    .filter(
      (d) =>
        Date.parse(target.start!) < Date.parse(`${d.date}T00:00:00Z`) + 86_400_000 &&
        Date.parse(target.end!) > Date.parse(`${d.date}T00:00:00Z`),
    )
    .map((d) => d.date);
  const flashed = await page.$$eval('#chart .day-row.flash', (rows) =>
    rows.map((r) => (r as HTMLElement).dataset.date),
  );
  t.same(flashed, expected, `the finding ${target.rule} highlights its day rows`);
  t.equal(await page.locator('#chart .highlight').count(), expected.length, 'one highlight box per day touched');
  const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);
  t.equal(focused, expected[0], 'the first highlighted day row takes the focus');
  await page.waitForTimeout(400); // smooth scrolling
  await page.screenshot({ path: join(shots, `${name}-finding-highlight.png`) });
}

/**
 * The EU 561 pre-check's not_evaluated rules (`pre`: the answer the page read) are listed in the findings
 * area, in order, each with its reason, after the findings and apart from the working time's list; returns
 * the listed lines (rule, text). A screenshot of the findings area is saved as `<name>-not-evaluated.png`.
 */
export async function checkNotEvaluated(
  t: Asserts,
  page: Page,
  pre: Precheck,
  shots: string,
  name: string,
): Promise<[string, string][]> {
  const expected = pre.not_evaluated ?? [];
  t.ok(expected.length > 0, `the pre-check answer lists ${expected.length} rules it did not evaluate`);
  await page.waitForSelector('#findings .not-evaluated-list.eu561 li');
  // the line as read (the technical detail behind its disclosure left out), and that detail
  const lines = await page.$$eval('#findings .not-evaluated-list.eu561 li', (li) =>
    li.map((x) => {
      const shown = x.cloneNode(true) as HTMLElement;
      shown.querySelectorAll('details').forEach((d) => d.remove());
      const detail = x.querySelector('details')?.textContent ?? '';
      return [(x as HTMLElement).dataset.rule ?? '', shown.textContent ?? '', detail] as [string, string, string];
    }),
  );
  // what this data left out first, then what card data never decides (the core's static list), each in the answer's order
  const never = new Set<string>(STATIC_NOT_EVALUATED.map((n) => n.rule));
  const ordered = [...expected.filter((n) => !never.has(n.rule)), ...expected.filter((n) => never.has(n.rule))];
  t.same(
    lines.map(([rule]) => rule),
    ordered.map((n) => n.rule),
    "every rule of the answer's not_evaluated, this data's own first",
  );
  for (const [i, n] of ordered.entries()) {
    // in words for people (../client/people-text.ts); the service's own words, where they differ, behind a disclosure
    const words = reasonForPeople(n.rule, n.reason);
    t.ok(lines[i]?.[1].endsWith(` — ${words}`), `${n.rule}: listed with its reason`);
    if (words !== n.reason) t.match(lines[i]?.[2], n.reason, `${n.rule}: the service's words in the technical detail`);
  }
  t.match(await page.textContent('#findings .not-evaluated-title.eu561'), `Not evaluated (${expected.length})`);
  const after = await page.evaluate(() => {
    const list = document.querySelector('#findings .not-evaluated-list.eu561')!;
    const findings = document.querySelector('#findings .findings-list:not(.wtd), #findings .empty-note')!;
    const wtd = document.querySelector('#findings .findings-list.wtd, #findings .not-evaluated-list.wtd');
    return {
      afterFindings: (findings.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      beforeWtd: wtd === null || (list.compareDocumentPosition(wtd) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      visible: list.getBoundingClientRect().height > 0,
    };
  });
  t.same(
    after,
    { afterFindings: true, beforeWtd: true, visible: true },
    "under the pre-check's findings, above the working time",
  );
  await page.locator('#findings').screenshot({ path: join(shots, `${name}-not-evaluated.png`) });
  return lines.map(([rule, text]) => [rule, text]);
}

/** Tab from the chart's heading lands on the first day's first segment and shows its tooltip. */
export async function checkKeyboardTooltip(t: Asserts, page: Page, shots: string, name: string): Promise<void> {
  await page.focus('#chart-title');
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => {
    const a = document.activeElement as HTMLElement;
    return {
      isSeg: a.matches('button.seg'),
      start: a.dataset.start,
      end: a.dataset.end,
      outline: getComputedStyle(a).outlineStyle,
    };
  });
  t.ok(first.isSeg, 'Tab reaches a chart segment');
  t.ok(first.outline !== 'none', `the focused segment has a visible outline (${first.outline})`);
  const tip = page.locator('#tooltip');
  t.ok(await tip.isVisible(), 'keyboard focus shows the tooltip');
  const text = (await tip.textContent()) ?? '';
  t.match(text, first.start!.slice(11, 16), 'tooltip gives the start time');
  t.match(text, /UTC/, 'tooltip says UTC');
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.start);
  t.equal(second, first.end, 'ArrowRight moves to the next interval');
  t.match((await tip.textContent()) ?? '', second!.slice(11, 16), 'the tooltip follows the focus');
  await page.screenshot({ path: join(shots, `${name}-keyboard-tooltip.png`) });
  await page.keyboard.press('Escape');
  t.notOk(await tip.isVisible(), 'Escape hides the tooltip');
}

/** Next/previous week: exactly one week-overview request per switch, URL updated, Back restores. */
export async function checkWeekSwitch(t: Asserts, page: Page, card: string, week: string, next: string): Promise<void> {
  const seen: string[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes('/week-overview')) seen.push(r.url());
  };
  page.on('request', onRequest);
  await page.click('#next-week');
  await waitForWeek(page, card, next);
  t.equal(seen.length, 1, 'one week-overview request for the week switch');
  t.match(page.url(), `week=${next}`, 'the URL holds the new week');
  await page.goBack();
  await waitForWeek(page, card, week);
  t.match(page.url(), `week=${week}`, 'Back returns to the previous week');
  page.off('request', onRequest);
}

/** At 390×844 the chart keeps the 24 h axis and the page does not scroll sideways. */
export async function checkPhone(
  t: Asserts,
  page: Page,
  url: string,
  card: string,
  week: string,
  shots: string,
  name: string,
): Promise<void> {
  await page.goto(url);
  await waitForWeek(page, card, week);
  const layout = await page.evaluate(() => {
    const bar = document.querySelector('#chart .bar')!.getBoundingClientRect();
    const ticks = Array.from(document.querySelectorAll<HTMLElement>('.axis .tick'))
      .filter((e) => e.offsetParent !== null)
      .map((e) => e.textContent);
    return { barWidth: bar.width, right: bar.right, scrollWidth: document.documentElement.scrollWidth, ticks };
  });
  t.ok(layout.barWidth > 250, `day bars stay usable on a phone (${Math.round(layout.barWidth)} px)`);
  t.ok(layout.right <= 390, 'bars fit the screen');
  t.ok(layout.scrollWidth <= 390, `no sideways scrolling (${layout.scrollWidth} px)`);
  t.equal(layout.ticks[0], '00', 'axis starts at 00');
  t.equal(layout.ticks[layout.ticks.length - 1], '24', 'axis ends at 24');
  await waitForFindings(page, week);
  await page.screenshot({ path: join(shots, `${name}-phone.png`), fullPage: true });
}
