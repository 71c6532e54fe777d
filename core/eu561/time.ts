/** Seconds-based time helpers for the pre-check (all instants are UTC epoch seconds). */

export const MIN = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;

const dayCache = new Map<string, number>();
const dateText = new Map<number, string>();
const d2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** Epoch seconds of an ISO timestamp (fast path for the canonical 'YYYY-MM-DDTHH:MM:SSZ'). */
export function toSec(iso: string): number {
  if (iso.length === 20 && iso.charCodeAt(10) === 84 /* T */ && iso.charCodeAt(19) === 90 /* Z */) {
    const date = iso.slice(0, 10);
    let day = dayCache.get(date);
    if (day === undefined) {
      day = Date.parse(`${date}T00:00:00Z`) / 1000;
      if (dayCache.size > 100_000) dayCache.clear();
      dayCache.set(date, day);
    }
    const h = digit(iso, 11) * 10 + digit(iso, 12);
    const m = digit(iso, 14) * 10 + digit(iso, 15);
    const sec = digit(iso, 17) * 10 + digit(iso, 18);
    return day + h * 3600 + m * 60 + sec;
  }
  return Math.floor(Date.parse(iso) / 1000);
}

/** ISO 8601 UTC with whole seconds, e.g. 2026-03-02T06:15:00Z. */
export function toIso(sec: number): string {
  const dayNumber = Math.floor(sec / DAY);
  let date = dateText.get(dayNumber);
  if (date === undefined) {
    date = new Date(dayNumber * DAY * 1000).toISOString().slice(0, 10);
    if (dateText.size > 100_000) dateText.clear();
    dateText.set(dayNumber, date);
  }
  const r = sec - dayNumber * DAY;
  return `${date}T${d2(Math.floor(r / 3600))}:${d2(Math.floor((r % 3600) / 60))}:${d2(r % 60)}Z`;
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

/** "Mon 2 Mar 2026 06:00 UTC" */
export function formatInstant(sec: number): string {
  const d = new Date(sec * 1000);
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const mo = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${wd} ${d.getUTCDate()} ${mo} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}
