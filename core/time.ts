/**
 * The one time module of the core. Instants are UTC epoch seconds (`EpochSeconds`), calendar dates are UTC day
 * numbers (`UtcDay`: days since 1970-01-01). ISO text exists only at the edges: `isoTimestamp` / `isoDay` for the
 * HTTP response mappers and identity text, `parseIsoDay` / `parseIsoWeek` for the query strings.
 *
 * ISO 8601 weeks (UTC): Monday 00:00 to Sunday 24:00; week 1 holds the year's first Thursday, so a year has 53
 * weeks when 1 January (or, in leap years, 2 January) is a Thursday: 2026-12-31 and 2027-01-01 are 2026-W53.
 *
 * Dates are computed arithmetically (proleptic Gregorian, "days from civil" of H. Hinnant), no Date objects and
 * no caches.
 */

export type EpochSeconds = number;
export type UtcDay = number;

export const DAY_SECONDS = 86_400;

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' + i : '' + i));

/** The UTC day holding an instant. */
export function dayOf(seconds: EpochSeconds): UtcDay {
  return Math.floor(seconds / DAY_SECONDS);
}

/** 00:00 UTC of a day, in epoch seconds. */
export function dayStart(day: UtcDay): EpochSeconds {
  return day * DAY_SECONDS;
}

/** Year, month (1..12) and day of month of a UTC day. */
export function civilOf(day: UtcDay): { year: number; month: number; dayOfMonth: number } {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const dayOfMonth = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth };
}

/** The UTC day of a calendar date (month 1..12); no range check. */
export function dayFromCivil(year: number, month: number, dayOfMonth: number): UtcDay {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + dayOfMonth - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function yearText(year: number): string {
  return year >= 1000 ? '' + year : String(year).padStart(4, '0');
}

/** YYYY-MM-DD of a UTC day. */
export function isoDay(day: UtcDay): string {
  const c = civilOf(day);
  return yearText(c.year) + '-' + PAD2[c.month] + '-' + PAD2[c.dayOfMonth];
}

/** ISO 8601 UTC with whole seconds and `Z` (2026-03-02T06:15:00Z). */
export function isoTimestamp(seconds: EpochSeconds): string {
  const day = dayOf(seconds);
  const rest = seconds - day * DAY_SECONDS;
  const hour = Math.floor(rest / 3600);
  const minute = Math.floor((rest - hour * 3600) / 60);
  return isoDay(day) + 'T' + PAD2[hour] + ':' + PAD2[minute] + ':' + PAD2[rest - hour * 3600 - minute * 60] + 'Z';
}

/**
 * HH:MM:SS of a second of the day (0..86 399): the time part of isoTimestamp, for writers that keep the day's
 * text (`isoDay(day) + 'T' + isoClock(seconds - dayStart(day)) + 'Z'` is isoTimestamp(seconds)).
 */
export function isoClock(secondOfDay: number): string {
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay - hour * 3600) / 60);
  return PAD2[hour] + ':' + PAD2[minute] + ':' + PAD2[secondOfDay - hour * 3600 - minute * 60];
}

export function isoTimestampOrNull(seconds: EpochSeconds | null): string | null {
  return seconds === null ? null : isoTimestamp(seconds);
}

export function isoDayOrNull(day: UtcDay | null): string | null {
  return day === null ? null : isoDay(day);
}

/** Two ASCII digits at `at` as a number, NaN when either is no digit. */
function digits2(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/**
 * The inverse of isoTimestamp: `YYYY-MM-DDTHH:MM:SSZ` read by character codes (the pre-check reads back the
 * instants of its own findings; Date.parse was 16 % of its time). Any other form goes through Date.parse.
 */
export function parseIsoTimestamp(text: string): EpochSeconds {
  if (
    text.length === 20 &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === 'T' &&
    text[13] === ':' &&
    text[16] === ':' &&
    text[19] === 'Z'
  ) {
    const month = digits2(text, 5);
    const dayOfMonth = digits2(text, 8);
    const hour = digits2(text, 11);
    const minute = digits2(text, 14);
    const second = digits2(text, 17);
    const day = dayFromCivil(digits2(text, 0) * 100 + digits2(text, 2), month, dayOfMonth);
    // a real calendar day and time of day, else Date.parse decides (as for every other form)
    if (hour <= 23 && minute <= 59 && second <= 59 && dayOfMonth >= 1 && civilOf(day).month === month) {
      return day * DAY_SECONDS + hour * 3600 + minute * 60 + second;
    }
  }
  return Date.parse(text) / 1000;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of a real calendar date written YYYY-MM-DD, else null (no 2026-02-30). */
export function parseIsoDay(text: string): UtcDay | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const dayOfMonth = Number(m[3]);
  if (month < 1 || month > 12 || dayOfMonth < 1) return null;
  const day = dayFromCivil(year, month, dayOfMonth);
  return civilOf(day).month === month ? day : null;
}

/** Weekday of a UTC day: Monday 0 .. Sunday 6 (1970-01-01 was a Thursday). */
export function weekdayOf(day: UtcDay): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Monday of the ISO week holding a day. */
export function mondayOf(day: UtcDay): UtcDay {
  return day - weekdayOf(day);
}

/** The ISO year and week number of a day. */
export function isoWeekParts(day: UtcDay): { year: number; week: number } {
  const thursday = mondayOf(day) + 3; // the week's Thursday decides its year
  const year = civilOf(thursday).year;
  const week1Monday = mondayOf(dayFromCivil(year, 1, 4));
  return { year, week: Math.floor((thursday - week1Monday) / 7) + 1 };
}

/** 'YYYY-Www' of the ISO week holding a day. */
export function isoWeekOf(day: UtcDay): string {
  const { year, week } = isoWeekParts(day);
  return yearText(year) + '-W' + PAD2[week];
}

/** Number of ISO weeks (52 or 53) of an ISO year: the week of 28 December. */
export function weeksInYear(year: number): number {
  return isoWeekParts(dayFromCivil(year, 12, 28)).week;
}

const WEEK_RE = /^(\d{4})-W(\d{2})$/;

/** Monday and Sunday of an ISO week 'YYYY-Www', or null when it is not one (W53 only where it exists). */
export function parseIsoWeek(week: string): { start: UtcDay; end: UtcDay } | null {
  const m = WEEK_RE.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  if (year < 1 || n < 1 || n > weeksInYear(year)) return null;
  const start = mondayOf(dayFromCivil(year, 1, 4)) + (n - 1) * 7;
  return { start, end: start + 6 };
}

/** Every ISO week with at least one day in [from, to], in order. */
export function weeksTouching(from: UtcDay, to: UtcDay): string[] {
  const out: string[] = [];
  if (from > to) return out;
  for (let monday = mondayOf(from); monday <= to; monday += 7) out.push(isoWeekOf(monday));
  return out;
}

/** Every day from `from` to `to` inclusive (empty when from > to). */
export function daysBetween(from: UtcDay, to: UtcDay): UtcDay[] {
  const out: UtcDay[] = [];
  for (let d = from; d <= to; d++) out.push(d);
  return out;
}
