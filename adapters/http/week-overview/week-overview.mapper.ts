/**
 * Week overviews → the API's JSON (./week-overview.schema.ts). The route writes the same bytes as JSON text
 * (../shared/activity-json.ts); these mappers stay the definition of the answer.
 */
import type { WeekOverview } from '../../../core/overview/index.js';
import type { WeekOverviewResult } from '../../../core/use-cases/contracts.js';
import { isoDay } from '../../../core/time.js';
import { dayToResponse, type DayOverviewResponse } from '../day-overview/day-overview.mapper.js';

export type WeekOverviewResponse = Omit<WeekOverview, 'start_date' | 'end_date' | 'days'> & {
  start_date: string;
  end_date: string;
  days: DayOverviewResponse[];
};

export function weekToResponse(week: WeekOverview): WeekOverviewResponse {
  return {
    ...week,
    start_date: isoDay(week.start_date),
    end_date: isoDay(week.end_date),
    days: week.days.map(dayToResponse),
  };
}

export function weekOverviewToResponse(result: WeekOverviewResult) {
  return { ...result, items: result.items.map(weekToResponse), conflicts: result.conflicts.map(isoDay) };
}
