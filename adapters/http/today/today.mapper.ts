/** The today counts (numbers, epoch seconds) → the JSON of GET /api/drivercard/today. */
import type { TodayCounts } from '../../../core/use-cases/today.js';
import { isoTimestamp } from '../../../core/time.js';
import type { TodayResponse } from './today.schema.js';

export function todayToResponse(counts: TodayCounts, timeZone: string): TodayResponse {
  const { as_of_s, ...rest } = counts;
  return { as_of: isoTimestamp(as_of_s), time_zone: timeZone, ...rest };
}
