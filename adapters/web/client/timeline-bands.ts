/** The 4-week timeline's bands: a week's activity in percent of the week. Pure; shared with node tests. */

import { utcDayMs } from './iso-week.js';
import { segmentKind } from './layout.js';
import type { WeekOverview } from './types.js';

const UTC_WEEK_MS = 7 * 86_400_000;

export interface Band {
  kind: string;
  /** percent of the week */
  left: number;
  width: number;
}

export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * The week's activity as bands in percent of the week, same-kind neighbours joined. Pure. `window`: the week's
 * [start, end) in epoch ms when it is not the UTC week (a local week of 167 h to 169 h).
 */
export function weekBands(week: WeekOverview, window?: { startMs: number; endMs: number }): Band[] {
  const monday = window?.startMs ?? utcDayMs(week.start_date);
  const WEEK_MS = window ? window.endMs - window.startMs : UTC_WEEK_MS;
  const bands: Band[] = [];
  let last: { kind: string; start: number; end: number } | null = null;
  const flush = () => {
    if (last)
      bands.push({
        kind: last.kind,
        left: round3(((last.start - monday) / WEEK_MS) * 100),
        width: round3(((last.end - last.start) / WEEK_MS) * 100),
      });
  };
  for (const day of week.days) {
    for (const row of day.intervals) {
      if (row.slot === 'CO_DRIVER') continue;
      const kind = segmentKind(row).toLowerCase();
      const start = Math.max(Date.parse(row.start), monday);
      const end = Math.min(Date.parse(row.end), monday + WEEK_MS);
      if (!(end > start)) continue;
      if (last && last.kind === kind && last.end === start) {
        last.end = end;
        continue;
      }
      flush();
      last = { kind, start, end };
    }
  }
  flush();
  return bands;
}
