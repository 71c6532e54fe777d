/**
 * driver_status: what the driver has left at a moment `at` (default: the end of the last known activity).
 *
 * Readings (Regulation (EC) No 561/2006 as amended by 2020/1054; the computation follows the vehicle unit's own,
 * Annex IC Appendix 14 Addendum):
 * - The timeline is cut at `at`; unknown time inside the data counts as rest there, as the vehicle unit counts it
 *   ("UNKNOWN period(s) ... shall be assimilated to BREAK/REST", Addendum point 1). A rest still running at `at`
 *   is read as ending at `at` (the driver starts again now): the most the driver may do from now on.
 * - Before the data nothing is known and nothing is invented: as the vehicle unit does ("the VU shall assume to
 *   have a daily rest period at the beginning of the card activities records", Addendum point 1) and as the rules
 *   read it (../shifts.ts, ./rules/weekly-rest.ts), the data starts after a daily and weekly rest; the figures
 *   count what the data shows (a week or fortnight only partly in the data is summed over its known part).
 * - Current shift: since the end of the last rest of 9 h or more (a daily rest, the 9 h part of a split rest, or a
 *   weekly rest), or since `at` when such a rest is running at `at`; without one, since the start of the data
 *   (the end of a rest the data starts with).
 * - daily_driving_limit: 10 h while fewer than two shifts of the fixed week (Monday 00:00 UTC, the week the shift
 *   starts in) other than the current one drove more than 9 h, else 9 h (Art. 6(1)); extended_days_left_this_week
 *   counts the current shift too when it is over 9 h. driving_left_today = limit - driving_today (>= 0).
 * - driving_since_break: driving since the last qualifying break (45 min, or 15 min then 30 min; Art. 7, as
 *   ./rules/break.ts); before the data nothing is counted.
 * - weekly / fortnightly driving: driving in the fixed week of `at` (and the week before), up to `at`. The left values are 56 h / 90 h minus them (>= 0): both limits apply, the
 *   smaller left is what the driver may still drive.
 * - reduced_daily_rests_left: 3 minus the reduced daily rests (9 h..11 h) since the end of the last weekly rest, or
 *   since the start of the data (Art. 8(4); reductions before the data are not counted, as ./rules/daily-rest.ts).
 * - next_daily_rest_latest_start: 24 h after the shift start minus the rest still needed (9 h while a reduction
 *   is left or the first 3 h part of a split rest was taken, else 11 h); multi-manning: 30 h minus 9 h.
 * - next_weekly_rest_latest_start: the end of the last weekly rest (24 h or more), else the start of the data (the
 *   end of a rest it starts with), + six 24-hour periods (Art. 8(6), the anchor of ./rules/weekly-rest.ts).
 * - compensation_owed: reduced weekly rests not yet compensated by `at` (./rules/weekly-rest-compensation.ts):
 * the ISO week the reduced rest is counted in (Art. 8(9), ../rules/weekly-rest-assignment.ts), the seconds owed and the deadline.
 */
import { dayOf, isoWeekOf } from '../time.js';
import { LIMITS } from './ruleset.js';
import { compensationLedger } from './rules/weekly-rest-compensation.js';
import { analyse, type Analysis } from './shifts.js';
import { toIso, WEEK, weekStartOf } from './time.js';
import { periodsOf, type Period, type Timeline } from './timeline.js';
import type { DriverStatus } from './types.js';

const clip = (periods: readonly Period[], at: number): Period[] =>
  periods.filter((p) => p.start < at).map((p) => (p.end > at ? { ...p, end: at } : p));

function drivingBetween(periods: readonly Period[], from: number, to: number): number {
  let sum = 0;
  for (const p of periods) if (p.kind === 'DRIVING') sum += Math.max(0, Math.min(p.end, to) - Math.max(p.start, from));
  return sum;
}

function drivingSinceBreak(periods: readonly Period[]): number {
  let accumulated = 0;
  let firstPart = false;
  for (const p of periods) {
    const d = p.end - p.start;
    if (p.kind === 'DRIVING') accumulated += d;
    else if (p.kind === 'REST' || p.riding) {
      if (d >= LIMITS.fullBreak || (firstPart && d >= LIMITS.splitBreakSecond)) {
        accumulated = 0;
        firstPart = false;
      } else if (d >= LIMITS.splitBreakFirst) firstPart = true;
    }
  }
  return accumulated;
}

/** The current shift's start: the end of the last rest of 9 h or more, or `at` while such a rest (or the leading one) runs. */
function shiftStartOf(periods: readonly Period[], leading: number, resting: Period | null, at: number): number {
  const longRests = periods.filter((p) => p.kind === 'REST' && p.end - p.start >= LIMITS.reducedDailyRest);
  const lastLong = longRests[longRests.length - 1];
  if (resting && (resting === lastLong || resting === periods[0])) return at;
  return lastLong ? lastLong.end : leading;
}

/** Shifts over 9 h of driving (extensions) of the week the current shift starts in, before it. */
function extensionsUsed(a: Analysis, shiftStart: number): number {
  const shiftWeek = weekStartOf(shiftStart);
  let used = 0;
  for (const s of a.shifts) {
    if (s.start >= shiftStart || weekStartOf(s.start) !== shiftWeek) continue;
    if (a.driving.between(s.start, s.end) > LIMITS.dailyDriving) used++;
  }
  return used;
}

/** The end of the last weekly rest (>= 24 h) before `at` (a running one ends at `at`), else the data's start. */
function weeklyRestEnd(periods: readonly Period[], leading: number, resting: Period | null, at: number): number {
  const weeklyRests = periods.filter((p) => p.kind === 'REST' && p.end - p.start >= LIMITS.reducedWeeklyRest);
  const lastWeekly = weeklyRests[weeklyRests.length - 1];
  return lastWeekly ? (lastWeekly === resting ? at : lastWeekly.end) : leading;
}

/** Art. 8(4): reduced daily rests left since the end of the last weekly rest. */
function reducedRestsLeft(a: Analysis, weeklyEnd: number): number {
  let reduced = 0;
  for (const s of a.shifts) if (s.rest && s.rest.kind === 'REDUCED' && s.rest.start >= weeklyEnd) reduced++;
  return Math.max(0, LIMITS.reducedDailyRestsBetweenWeeklyRests - reduced);
}

/** The latest start of the next daily rest: 24 h (30 h in multi-manning) after the shift start, minus the rest needed. */
function nextDailyRest(
  periods: readonly Period[],
  shiftStart: number,
  resting: Period | null,
  reducedLeft: number,
): number {
  const crew = periods.some((p) => p.crew && p.end > shiftStart);
  const firstPart = periods.some(
    (p) => p.kind === 'REST' && p.start >= shiftStart && p !== resting && p.end - p.start >= LIMITS.splitDailyRestFirst,
  );
  const needed = crew
    ? LIMITS.multiManningRest
    : firstPart || reducedLeft > 0
      ? LIMITS.reducedDailyRest
      : LIMITS.regularDailyRest;
  return shiftStart + (crew ? LIMITS.multiManningWindow : LIMITS.dailyRestWindow) - needed;
}

const compensationOwed = (a: Analysis) =>
  compensationLedger(a)
    .filter((d) => !d.paid)
    .map((d) => ({ week: isoWeekOf(dayOf(d.week)), seconds: d.owed, due_by: toIso(d.deadline) }));

/** null when `at` lies outside the known span of the timeline. */
export function driverStatus(t: Timeline, atOrNull: number | null): DriverStatus | null {
  if (t.knownStart === null || t.knownEnd === null) return null;
  const at = atOrNull ?? t.knownEnd;
  if (at <= t.knownStart || at > t.knownEnd) return null;
  const periods = clip(periodsOf(t, 'rest'), at);
  const last = periods[periods.length - 1]!;
  const resting = last.kind === 'REST' ? last : null;
  // the data starts after a rest: the end of a rest it starts with, else its first minute
  const leading = periods[0]!.kind === 'REST' ? periods[0]!.end : t.knownStart;
  const shiftStart = shiftStartOf(periods, leading, resting, at);
  const drivingToday = drivingBetween(periods, shiftStart, at);
  const a = analyse(periods, t.knownStart, at);
  const used = extensionsUsed(a, shiftStart);
  const limit = used < LIMITS.extensionsPerWeek ? LIMITS.dailyDrivingExtended : LIMITS.dailyDriving;
  const currentExtended = drivingToday > LIMITS.dailyDriving ? 1 : 0;
  const sinceBreak = drivingSinceBreak(periods);
  const weekly = drivingBetween(periods, weekStartOf(at), at);
  const fortnightly = drivingBetween(periods, weekStartOf(at) - WEEK, at);
  const weeklyEnd = weeklyRestEnd(periods, leading, resting, at);
  const reducedLeft = reducedRestsLeft(a, weeklyEnd);
  return {
    at: toIso(at),
    driving_today: drivingToday,
    driving_left_today: Math.max(0, limit - drivingToday),
    daily_driving_limit: limit,
    extended_days_left_this_week: Math.max(0, LIMITS.extensionsPerWeek - used - currentExtended),
    driving_since_break: sinceBreak,
    driving_left_before_break: Math.max(0, LIMITS.drivingBeforeBreak - sinceBreak),
    weekly_driving: weekly,
    weekly_driving_left: Math.max(0, LIMITS.weeklyDriving - weekly),
    fortnightly_driving: fortnightly,
    fortnightly_driving_left: Math.max(0, LIMITS.fortnightlyDriving - fortnightly),
    reduced_daily_rests_left: reducedLeft,
    next_daily_rest_latest_start: toIso(nextDailyRest(periods, shiftStart, resting, reducedLeft)),
    next_weekly_rest_latest_start: toIso(weeklyEnd + LIMITS.weeklyRestDeadline),
    compensation_owed: compensationOwed(a),
  };
}
