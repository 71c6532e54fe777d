/**
 * Which days the page asks the EU 561 pre-check about, and which of its answers belong to the shown week.
 * The weekly-rest, daily-rest-within-24 h and two-week rules need history before the week's Monday, so
 * the pre-check reads CONTEXT_WEEKS weeks before it; the page then lists only what overlaps the week.
 * Pure functions; shared by the browser page and its node tests (and the e2e tests).
 */

import { dateOfMs, type IsoWeek, utcDayMs, weekDates } from './iso-week.js';

const DAY_MS = 86_400_000;

/** Weeks of history the pre-check reads before the shown week. */
export const CONTEXT_WEEKS = 3;

/** Inclusive UTC dates, as the `date_from` / `date_to` query parameters take them. */
export interface PrecheckWindow {
  dateFrom: string;
  dateTo: string;
}

/** The shown week as a half-open UTC instant range [Monday 00:00, next Monday 00:00), in ms. */
export interface WeekBounds {
  startMs: number;
  endMs: number;
}

/** From CONTEXT_WEEKS × 7 days before the week's Monday to its Sunday (no clamping: the service takes any dates). */
export function precheckWindow(week: IsoWeek): PrecheckWindow {
  const dates = weekDates(week);
  return { dateFrom: dateOfMs(utcDayMs(dates[0]!) - CONTEXT_WEEKS * 7 * DAY_MS), dateTo: dates[6]! };
}

export function weekBounds(week: IsoWeek): WeekBounds {
  const startMs = utcDayMs(weekDates(week)[0]!);
  return { startMs, endMs: startMs + 7 * DAY_MS };
}

/**
 * Whether the span [start, end) shares time with the week. An empty span (end = start) counts as an
 * instant, inside the week when Monday 00:00 ≤ start < next Monday 00:00. A span without both ends
 * cannot be placed, so it is kept (nothing says it lies outside the week); so is an unreadable one.
 */
export function overlapsWeek(
  start: string | null | undefined,
  end: string | null | undefined,
  bounds: WeekBounds,
): boolean {
  if (!start || !end) return true;
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return true;
  if (e <= s) return s >= bounds.startMs && s < bounds.endMs;
  return s < bounds.endMs && e > bounds.startMs;
}

interface Spanned {
  start?: string | null;
  end?: string | null;
}

/** The parts of a pre-check answer that the week view lists and marks. */
export interface PrecheckLists {
  violations?: readonly Spanned[] | null;
  data_gaps?: readonly Spanned[] | null;
  warnings?: readonly Spanned[] | null;
}

/**
 * The answer with only the violations, data gaps and dated warnings that overlap the week, each list in
 * its order (a missing list becomes empty); every other field is kept as it came. Warnings without a
 * time span always stay.
 */
export function precheckForWeek<R extends PrecheckLists>(result: R, week: IsoWeek): R {
  const bounds = weekBounds(week);
  const keep = <T extends Spanned>(items: readonly T[] | null | undefined): T[] =>
    (items ?? []).filter((x) => overlapsWeek(x.start, x.end, bounds));
  // each list keeps its own element type; only its length changes
  return {
    ...result,
    violations: keep(result.violations),
    data_gaps: keep(result.data_gaps),
    warnings: keep(result.warnings),
  } as R;
}
