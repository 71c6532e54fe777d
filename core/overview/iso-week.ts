/**
 * ISO 8601 calendar dates and weeks (UTC). A week runs Monday 00:00 to Sunday 24:00 UTC, week 1 is the week
 * holding the year's first Thursday, so a year has 53 weeks when 1 January or (leap years) 2 January is a
 * Thursday; e.g. 2026-12-31 is 2026-W53 and 2027-01-01 belongs to 2026-W53 too.
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK_RE = /^(\d{4})-W(\d{2})$/;

/** true for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isValidDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Milliseconds since the epoch of a YYYY-MM-DD date at 00:00 UTC (the date must be valid). */
export function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** YYYY-MM-DD of an epoch milliseconds instant (UTC). */
export function msToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return msToDate(dateToMs(date) + days * DAY_MS);
}

/** Every date from `from` to `to` inclusive (empty when from > to). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = dateToMs(from), end = dateToMs(to); ms <= end; ms += DAY_MS) out.push(msToDate(ms));
  return out;
}

/** Monday (YYYY-MM-DD) of the ISO week holding `date`. */
export function mondayOf(date: string): string {
  const ms = dateToMs(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return msToDate(ms - weekday * DAY_MS);
}

/** The ISO week 'YYYY-Www' holding a valid date. */
export function isoWeekOf(date: string): string {
  const thursday = dateToMs(mondayOf(date)) + 3 * DAY_MS; // the week's Thursday decides its year
  const year = new Date(thursday).getUTCFullYear();
  const week1Monday = dateToMs(mondayOf(`${year}-01-04`));
  const week = Math.floor((thursday - week1Monday) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Number of ISO weeks (52 or 53) of an ISO year: the week of 28 December. */
export function weeksInYear(year: number): number {
  return Number(isoWeekOf(`${String(year).padStart(4, '0')}-12-28`).slice(6));
}

/** Monday and Sunday of an ISO week, or null when `week` is not a valid 'YYYY-Www' (W53 only where it exists). */
export function parseIsoWeek(week: string): { start_date: string; end_date: string } | null {
  const m = WEEK_RE.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  if (year < 1 || n < 1 || n > weeksInYear(year)) return null;
  const start = addDays(mondayOf(`${m[1]}-01-04`), (n - 1) * 7);
  return { start_date: start, end_date: addDays(start, 6) };
}

/** Every ISO week that has at least one day in [from, to] (both valid dates), in order. */
export function weeksTouching(from: string, to: string): string[] {
  const out: string[] = [];
  if (from > to) return out;
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) out.push(isoWeekOf(monday));
  return out;
}
