/**
 * Display formatting for the week view. Instants are shown in the display time zone (the service's configured
 * zone or the one chosen in the URL, `tz=`; UTC until the page learns it); durations are integer seconds.
 */

import { utcDayMs } from './iso-week.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import { formatLocalDateTime } from '../../vocabulary/local-time.js';
import { ACTIVITY_NAMES } from '../../vocabulary/activity-words.js';

let displayZone = 'UTC';

/** The zone the page shows times in (set once the page knows it, see app.ts). */
export function setDisplayTimeZone(timeZone: string): void {
  displayZone = timeZone;
}

export function displayTimeZone(): string {
  return displayZone;
}

/** `h:mm` of a duration in seconds (hours may exceed 24): the vocabulary's hours and minutes. */
export const formatHm = hoursMinutes;

/**
 * `HH:MM` of an ISO timestamp as seen from the day `date` (YYYY-MM-DD): the midnight that ends the
 * day is `24:00`, not `00:00`.
 */
export function formatClock(iso: string, date?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '–';
  if (date !== undefined && ms - utcDayMs(date) === 86_400_000) return '24:00';
  return new Date(ms).toISOString().slice(11, 16);
}

/** `YYYY-MM-DD HH:MM` of an ISO timestamp in the display time zone (UTC by default). */
export function formatDateTime(iso: string | null | undefined): string {
  return formatLocalDateTime(iso, displayZone);
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Labels of a day row: long `Mon 23 Feb`, short `Mo 23` (phones). */
export function dayLabels(date: string): { long: string; short: string } {
  const d = new Date(utcDayMs(date));
  const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7]!;
  const day = String(d.getUTCDate()).padStart(2, '0');
  return { long: `${weekday} ${day} ${MONTHS[d.getUTCMonth()]}`, short: `${weekday.slice(0, 2)} ${day}` };
}

/** An activity in words (../../vocabulary/activity-words.ts); a code a newer service added is written as it is. */
export function activityName(activity: string): string {
  return Object.hasOwn(ACTIVITY_NAMES, activity) ? ACTIVITY_NAMES[activity as keyof typeof ACTIVITY_NAMES] : activity;
}

/** Distance in km, or `–` when unknown. */
export function formatKm(km: number | null | undefined): string {
  return km == null || !Number.isFinite(km) ? '–' : `${Math.round(km)} km`;
}

/**
 * A duration as a driver reads it, in hours and minutes (`92:42`, as offices write them); `_days` is what older
 * callers passed to fold hours into days, which no reader wants any more.
 */
export const formatDuration = (seconds: number | null | undefined, _days?: boolean): string => hoursMinutes(seconds);

/** Days until a date, said plainly: `in 12 days`, `today`, `3 days ago`. */
export function daysText(days: number | null | undefined): string {
  if (days == null || !Number.isFinite(days)) return '';
  if (days === 0) return 'today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `in ${n} ${unit}` : `${n} ${unit} ago`;
}

/** `YYYY-MM-DD` of an ISO timestamp or date (UTC), or `–`. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : iso;
}

/** What a person reads for an import: its file name, else when it was imported (never the internal import id). */
export function importName(imp: { file_name?: string | null; imported_at?: string | null }): string {
  if (imp.file_name) return imp.file_name;
  return imp.imported_at
    ? `import of ${imp.imported_at.slice(0, 10)} ${imp.imported_at.slice(11, 16)} UTC`
    : 'an import without file name';
}
