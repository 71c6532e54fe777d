/** The driver status (`driver_status` of the pre-check) as label / value lines. Pure; shared with node tests. */

import { displayTimeZone, formatDateTime, formatDuration } from './format.js';
import type { DriverStatus } from './types.js';

/** Amounts of driving or working time, in hours and minutes. */
export const hours = (s: number | null | undefined): string => formatDuration(s, false);

function count(n: number | null | undefined): string {
  return n == null ? '–' : String(n);
}

function usedLeft(used: number | null, left: number | null, limit?: number | null): string {
  const parts = [hours(used)];
  if (limit != null) parts.push(`of ${hours(limit)}`);
  if (left != null) parts.push(`· ${hours(left)} left`);
  return parts.join(' ');
}

/** Label / value pairs of a driver status, in reading order. Pure. */
export function statusLines(s: DriverStatus): [string, string][] {
  const lines: [string, string][] = [
    ['Driving today', usedLeft(s.driving_today, s.driving_left_today, s.daily_driving_limit)],
    ['10 h days left this week', count(s.extended_days_left_this_week)],
    [
      'Driving since the last break',
      `${formatDuration(s.driving_since_break)} · break due after ${formatDuration(s.driving_left_before_break)} more driving`,
    ],
    ['Driving this week', usedLeft(s.weekly_driving, s.weekly_driving_left, 56 * 3600)],
    ['Driving in two weeks', usedLeft(s.fortnightly_driving, s.fortnightly_driving_left, 90 * 3600)],
    ['Reduced daily rests left', count(s.reduced_daily_rests_left)],
    [
      'Next daily rest must start by',
      s.next_daily_rest_latest_start ? `${formatDateTime(s.next_daily_rest_latest_start)} ${displayTimeZone()}` : '–',
    ],
    [
      'Next weekly rest must start by',
      s.next_weekly_rest_latest_start ? `${formatDateTime(s.next_weekly_rest_latest_start)} ${displayTimeZone()}` : '–',
    ],
  ];
  // an older service sent no compensation_owed
  for (const c of s.compensation_owed ?? []) {
    lines.push([
      `Compensation owed for ${c.week}`,
      `${formatDuration(c.seconds)} by ${formatDateTime(c.due_by)} ${displayTimeZone()}`,
    ]);
  }
  return lines;
}
