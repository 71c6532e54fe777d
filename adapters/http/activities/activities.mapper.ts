/**
 * Activity interval rows → the API's JSON (./activities.schema.ts). The answers made of intervals are written as
 * JSON text directly (../shared/activity-json.ts), byte for byte the JSON of these objects.
 */
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import { isoDay, isoTimestamp } from '../../../core/time.js';

/** `T` with the time fields `K` as ISO text. */
export type Text<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };

export type ActivityIntervalResponse = Text<ActivityIntervalRow, 'date' | 'start' | 'end'> & { quarantined?: boolean };

export function activityToResponse<T extends ActivityIntervalRow>(row: T): Text<T, 'date' | 'start' | 'end'> {
  return { ...row, date: isoDay(row.date), start: isoTimestamp(row.start), end: isoTimestamp(row.end) };
}
