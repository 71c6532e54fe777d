/**
 * Day overviews → the API's JSON (./day-overview.schema.ts). The route writes the same bytes as JSON text
 * (../shared/activity-json.ts); these mappers stay the definition of the answer.
 */
import type { DayOverview } from '../../../core/overview/index.js';
import type { DayOverviewResult } from '../../../core/use-cases/contracts.js';
import { isoDay } from '../../../core/time.js';
import { activityToResponse, type ActivityIntervalResponse } from '../activities/activities.mapper.js';

export type DayOverviewResponse = Omit<DayOverview, 'date' | 'intervals'> & {
  date: string;
  intervals: ActivityIntervalResponse[];
};

export function dayToResponse(day: DayOverview): DayOverviewResponse {
  return { ...day, date: isoDay(day.date), intervals: day.intervals.map(activityToResponse) };
}

export function dayOverviewToResponse(result: DayOverviewResult) {
  return { ...result, items: result.items.map(dayToResponse), conflicts: result.conflicts.map(isoDay) };
}
