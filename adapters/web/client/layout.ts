/** Where things sit on the 00:00–24:00 UTC axis of a day row, in percent of the bar width. */

import { utcDayMs } from './iso-week.js';

const DAY_S = 86_400;

export interface Span {
  /** percent of the day from 00:00 UTC */
  left: number;
  /** percent of the day */
  width: number;
}

/**
 * The part of [start, end) that falls on the UTC day `date` (or on `window`, a local day), or null when they do not overlap.
 * Used for activity segments (always within their day) and for findings and gaps (may span days).
 */
export function spanOnDay(date: string, start: string, end: string, window?: DayWindow): Span | null {
  const dayStart = window ? window.startMs / 1000 : utcDayMs(date) / 1000;
  const length = window ? (window.endMs - window.startMs) / 1000 : DAY_S;
  const s = Date.parse(start) / 1000 - dayStart;
  const e = Date.parse(end) / 1000 - dayStart;
  if (Number.isNaN(s) || Number.isNaN(e)) return null;
  const from = Math.max(0, s);
  const to = Math.min(length, e);
  if (to <= from) return null;
  return { left: round4((from / length) * 100), width: round4(((to - from) / length) * 100) };
}

/** A day row's time span in epoch ms: a UTC day, or a local day of the display zone (23 h / 25 h on change days). */
export interface DayWindow {
  startMs: number;
  endMs: number;
}

/** Four decimals are far below a pixel and keep the CSS values short. */
function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** The time span of a drawn day row (its local day; a row without one: its UTC day). */
export function windowOf(row: Pick<HTMLElement, 'dataset'>): DayWindow | undefined {
  const startMs = Number(row.dataset.startMs);
  const endMs = Number(row.dataset.endMs);
  return Number.isFinite(startMs) && Number.isFinite(endMs) && row.dataset.startMs ? { startMs, endMs } : undefined;
}

export type SegmentKind = 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST' | 'UNKNOWN';

export interface IntervalLike {
  activity: string;
  card_inserted: boolean;
  manual_entry: boolean;
}

/**
 * What a segment shows: an interval with the card not inserted and no manual entry is of unknown
 * activity (api-contract "activity interval"); its recorded activity code is kept in data-activity.
 */
export function segmentKind(row: IntervalLike): SegmentKind {
  if (!row.card_inserted && !row.manual_entry) return 'UNKNOWN';
  switch (row.activity) {
    case 'DRIVING':
    case 'WORK':
    case 'AVAILABILITY':
    case 'REST':
      return row.activity;
    default:
      return 'UNKNOWN';
  }
}
