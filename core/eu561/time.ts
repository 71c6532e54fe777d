/** Seconds-based time helpers for the pre-check (all instants are UTC epoch seconds). */
import { isoTimestamp, parseIsoTimestamp } from '../time.js';

export const MIN = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;

/** ISO 8601 UTC with whole seconds, e.g. 2026-03-02T06:15:00Z (the core's one formatter). */
export const toIso = isoTimestamp;

/** An ISO 8601 UTC timestamp of a finding (already written for output) back to epoch seconds. */
export function toSec(iso: string): number {
  return parseIsoTimestamp(iso);
}

/** Monday 00:00 UTC (epoch seconds) of the fixed week holding `sec` (Art. 4(i): Monday 00:00 to Sunday 24:00). */
export function weekStartOf(sec: number): number {
  const day = Math.floor(sec / DAY);
  const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday: Monday = 0
  return (day - weekday) * DAY;
}

/** "10 h 25 min", "45 min", "9 h", "0 min", "2 d 6 h", "1 d 21 h 30 min" — what a driver reads. */
export function formatDuration(sec: number): string {
  const total = Math.round(Math.abs(sec) / 60);
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  const parts: string[] = [];
  if (d > 0) parts.push(`${d} d`);
  if (h > 0) parts.push(`${h} h`);
  if (m > 0 || parts.length === 0) parts.push(`${m} min`);
  return parts.join(' ');
}

/**
 * "Mon 2 Mar 2026 06:00 UTC": the one form of an instant in the core's texts (descriptions, reasons). The API serves
 * them as written; what people read puts instants of this form in the reader's zone.
 */
export function formatInstant(sec: number): string {
  const d = new Date(sec * 1000);
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const mo = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${wd} ${d.getUTCDate()} ${mo} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}
