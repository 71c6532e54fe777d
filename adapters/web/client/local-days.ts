/**
 * The week chart's day rows in the display zone's calendar: each row is a local day (00:00 to 24:00 local, 23 h or
 * 25 h when the clocks change), holding the card's intervals that share time with it, whichever UTC day the API
 * served them under (the week and the weeks around it, as loaded). In UTC the rows are the API's days unchanged.
 * The rules and the API keep UTC days; only the drawing follows the local calendar.
 */
import type { DayWindow } from './layout.js';
import { localDayWindow } from '../../vocabulary/local-time.js';
import type { ActivityIntervalRow, WeekOverview } from './types.js';

export interface ChartDay {
  date: string;
  window: DayWindow;
  intervals: ActivityIntervalRow[];
}

export function chartDays(week: WeekOverview, around: readonly WeekOverview[], timeZone: string): ChartDay[] {
  if (timeZone === 'UTC') {
    return week.days.map((d) => ({ date: d.date, window: localDayWindow(d.date, 'UTC'), intervals: d.intervals }));
  }
  const seen = new Set<string>();
  const all: ActivityIntervalRow[] = [];
  for (const w of [week, ...around]) {
    for (const d of w.days) {
      for (const row of d.intervals) {
        const key = `${row.start}|${row.end}|${row.slot}|${row.activity}`;
        if (seen.has(key)) continue;
        seen.add(key);
        all.push(row);
      }
    }
  }
  all.sort((a, b) => a.start.localeCompare(b.start));
  return week.days.map((d) => {
    const window = localDayWindow(d.date, timeZone);
    const intervals = all.filter((r) => {
      const s = Date.parse(r.start);
      const e = Date.parse(r.end);
      return e > s ? s < window.endMs && e > window.startMs : s >= window.startMs && s < window.endMs;
    });
    return { date: d.date, window, intervals };
  });
}
