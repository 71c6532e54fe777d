/**
 * The 4-week timeline's and the totals table's weeks in the display zone's calendar: each ISO week of the API (UTC
 * days) becomes the same Monday-to-Sunday dates as local days (00:00–24:00 local: 23 h or 25 h on the days the
 * clocks change), each holding the card's intervals clipped to it, whichever UTC day the API served them under,
 * with its totals added up again from the clipped intervals (as the API adds a UTC day's: the activity when the
 * card was inserted or the time entered by hand, else unknown). A local day's distance is the API's for the UTC
 * day of the same date (the card records distance per UTC day only). In UTC the weeks are returned unchanged.
 * The rules and the API keep UTC days and weeks; only what the page draws and adds up follows the local calendar.
 */
import { localDayWindow } from '../../vocabulary/local-time.js';
import type { ActivityIntervalRow, Totals, WeekOverview } from './types.js';

type Week = WeekOverview;
type Day = Week['days'][number];

const zero = (): Totals => ({ DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 });

/** Every interval of the loaded weeks once, in time order (a week loaded twice, or its neighbours, repeat none). */
function allIntervals(weeks: readonly Week[]): ActivityIntervalRow[] {
  const seen = new Set<string>();
  const all: ActivityIntervalRow[] = [];
  for (const w of weeks)
    for (const d of w.days)
      for (const row of d.intervals) {
        const key = `${row.start}|${row.end}|${row.slot}|${row.activity}`;
        if (seen.has(key)) continue;
        seen.add(key);
        all.push(row);
      }
  return all.sort((a, b) => a.start.localeCompare(b.start));
}

/** The part of `row` inside [startMs, endMs), or null; an interval recorded backwards stays whole on its start's day. */
function clip(row: ActivityIntervalRow, startMs: number, endMs: number): ActivityIntervalRow | null {
  const s = Date.parse(row.start);
  const e = Date.parse(row.end);
  if (!(e > s)) return s >= startMs && s < endMs ? row : null;
  const a = Math.max(s, startMs);
  const b = Math.min(e, endMs);
  if (!(b > a)) return null;
  if (a === s && b === e) return row;
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return { ...row, start: iso(a), end: iso(b), duration: Math.round((b - a) / 1000) };
}

function totalsOf(intervals: readonly ActivityIntervalRow[]): Totals {
  const totals = zero();
  for (const row of intervals) totals[row.card_inserted || row.manual_entry ? row.activity : 'UNKNOWN'] += row.duration;
  return totals;
}

function localDay(day: Day, all: readonly ActivityIntervalRow[], timeZone: string): Day {
  const { startMs, endMs } = localDayWindow(day.date, timeZone);
  const intervals = all.flatMap((row) => clip(row, startMs, endMs) ?? []);
  return { ...day, intervals, totals: totalsOf(intervals) };
}

/** The weeks with local days (see above); `around` are further loaded weeks whose intervals may fall into them. */
export function localWeeks(weeks: readonly Week[], timeZone: string, around: readonly Week[] = []): Week[] {
  if (timeZone === 'UTC') return [...weeks];
  const all = allIntervals([...weeks, ...around]);
  return weeks.map((week) => {
    const days = week.days.map((d) => localDay(d, all, timeZone));
    const totals = zero();
    for (const d of days) for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += d.totals[k];
    return { ...week, days, totals };
  });
}

/** [start, end) of an ISO week's Monday 00:00 to the next Monday 00:00 in the zone (epoch ms; 167 h to 169 h). */
export function localWeekWindow(week: Pick<Week, 'start_date' | 'end_date'>, timeZone: string) {
  return {
    startMs: localDayWindow(week.start_date, timeZone).startMs,
    endMs: localDayWindow(week.end_date, timeZone).endMs,
  };
}
