/**
 * ISO 8601 weeks (Monday to Sunday, UTC), as the week-overview endpoint uses them (`YYYY-Www`).
 * Pure functions; shared by the browser page and its node tests.
 */

export interface IsoWeek {
  year: number;
  week: number;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` date (or of the UTC day of an ISO timestamp), in ms. */
export function utcDayMs(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** `YYYY-MM-DD` of a UTC instant in ms. */
export function dateOfMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Monday (UTC midnight, ms) of ISO week 1 of an ISO year: the week holding 4 January. */
function week1MondayMs(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return jan4 - weekday * DAY_MS;
}

/** The ISO week of a `YYYY-MM-DD` date. */
export function isoWeekOfDate(date: string): IsoWeek {
  const day = utcDayMs(date);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = day + (3 - weekday) * DAY_MS; // the Thursday of that week decides the ISO year
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((day - weekday * DAY_MS - week1MondayMs(year)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/** 52 or 53: the week of 28 December is always the year's last ISO week. */
export function weeksInYear(year: number): number {
  return isoWeekOfDate(dateOfMs(Date.UTC(year, 11, 28))).week;
}

/** Parses `YYYY-Www` (also lower-case `w`); null when it is not a week that exists. */
export function parseIsoWeek(text: string | null | undefined): IsoWeek | null {
  const m = /^(\d{4})-[Ww](\d{2})$/.exec((text ?? '').trim());
  if (!m) return null;
  const year = Number(m[1]);
  const week = Number(m[2]);
  if (week < 1 || week > weeksInYear(year)) return null;
  return { year, week };
}

export function formatIsoWeek(w: IsoWeek): string {
  return `${String(w.year).padStart(4, '0')}-W${String(w.week).padStart(2, '0')}`;
}

/** The seven dates (Monday..Sunday) of an ISO week. */
export function weekDates(w: IsoWeek): string[] {
  const monday = week1MondayMs(w.year) + (w.week - 1) * 7 * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => dateOfMs(monday + i * DAY_MS));
}

export function addWeeks(w: IsoWeek, n: number): IsoWeek {
  const monday = utcDayMs(weekDates(w)[0]!);
  return isoWeekOfDate(dateOfMs(monday + n * 7 * DAY_MS));
}

/** The ISO week holding the UTC day of `now`. */
export function currentIsoWeek(now: Date = new Date()): IsoWeek {
  return isoWeekOfDate(now.toISOString().slice(0, 10));
}
