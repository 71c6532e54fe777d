/** ISO-week overviews: seven day objects Monday..Sunday (empty days included) and the week's totals. */
import { buildDayOverviews, type DayOverview, type OverviewInput } from './day-overview.js';
import type { UtcDay } from '../domain/rows.js';
import { daysBetween, parseIsoWeek } from '../time.js';
import { addTotals, zeroTotals, type ActivityTotals } from './time-totals.js';

export interface WeekOverview {
  week: string;
  start_date: UtcDay;
  end_date: UtcDay;
  days: DayOverview[];
  totals: ActivityTotals;
}

/** One object per week; throws RangeError for a week that is not a valid ISO week (check with parseIsoWeek first). */
export function buildWeekOverviews(input: OverviewInput, weeks: readonly string[]): WeekOverview[] {
  return weeks.map((week) => {
    const range = parseIsoWeek(week);
    if (!range) throw new RangeError(`not a valid ISO week: ${week}`);
    const days = buildDayOverviews(input, daysBetween(range.start, range.end));
    const totals = days.reduce((sum, d) => addTotals(sum, d.totals), zeroTotals());
    return { week, start_date: range.start, end_date: range.end, days, totals };
  });
}
