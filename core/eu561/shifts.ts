/**
 * Rest periods, daily rests and shifts of one completed timeline.
 *
 * Readings (Regulation (EC) No 561/2006 as amended by 2020/1054):
 * - Daily driving time is the driving between the end of one daily (or weekly) rest and the beginning of the
 *   next (Art. 4(k)); a "shift" here is that span. Only REST counts as rest; availability is not rest (Art. 4(f)).
 * - Art. 8(2): within each 24 h after the end of the previous daily or weekly rest a new daily rest must have
 *   been taken. The rest that ends a shift is the first continuous rest of at least 9 h starting after the
 *   shift began (a shorter rest is a break, or the first part of a split rest). Only the portion of that rest
 *   lying inside the 24 h window counts: portion >= 11 h regular, 9 h..11 h reduced (Art. 8(2) second
 *   sentence), < 9 h insufficient. A rest of 9 h or more preceded in the same shift by a rest of at least 3 h is
 *   a split daily rest (Art. 4(g): 3 h first, then 9 h — the order matters) and counts as regular.
 * - Art. 8(5) multi-manning: when the shift contains crew driving, the window is 30 h and the rest needed is
 *   9 h (such a 9 h rest is not counted as a reduced daily rest).
 * - Art. 8(3): a daily rest may be extended into a weekly rest, so a rest of 24 h or more also ends a shift.
 * - One fault once: when no rest of 9 h starts inside the window, the daily rest is missing; the longest rest
 *   inside the window is reported as the (insufficient) daily rest. For daily driving the shift is cut at that
 *   rest, so the missed rest does not make one endless shift whose driving would be flagged again; the
 *   daily-rest clock restarts at the end of the next rest of 9 h or more, so one missed rest is one finding.
 * - Data boundaries: before the data starts nothing is known. A rest touching the start of the data may have
 *   begun earlier and one touching the end may go on; neither is ever classed as too short. When the data
 *   starts with activity, the first shift is taken to start there (the latest possible end of the unknown
 *   previous rest), which can only under-count, never invent, a finding.
 */
import { LIMITS } from './ruleset.js';
import type { Period } from './timeline.js';
import { joinFerryRests, restBefore, type FerryJoin, type UnprovenFerryRest } from './ferry-rests.js';
import type { Crossing } from './specific-conditions.js';

export interface RestPeriod {
  start: number;
  end: number;
  duration: number;
  /** touches the start of the evaluated data: it may be longer */
  leftOpen: boolean;
  /** touches the end of the evaluated data: it may be longer */
  rightOpen: boolean;
  /** contains UNKNOWN time filled as rest */
  filled: boolean;
  /** rest parts joined across a ferry/train crossing's interruptions (Art. 9(1), ./ferry-rests.ts) */
  ferry?: FerryJoin;
}

export type DailyRestKind =
  'REGULAR' | 'SPLIT' | 'REDUCED' | 'WEEKLY' | 'MULTI_MANNING' | 'INSUFFICIENT' | 'MISSING' | 'OPEN';

export interface DailyRest {
  kind: DailyRestKind;
  /** the rest period (for MISSING: the longest rest inside the window, or the window end when there is none) */
  start: number;
  end: number;
  /** seconds of rest of that rest period (for a joined ferry rest: without its interruptions) */
  duration: number;
  /** seconds of that rest inside the window */
  portion: number;
  windowEnd: number;
  multiManning: boolean;
  /** first part of a split rest, when there was one */
  firstPart: RestPeriod | null;
}

export interface Shift {
  start: number;
  /** where the daily rest (or the data) begins */
  end: number;
  crew: boolean;
  /** the rest ending the shift; null when the data ends during the shift */
  rest: DailyRest | null;
}

export interface Analysis {
  periods: Period[];
  driving: DrivingIndex;
  rests: RestPeriod[];
  shifts: Shift[];
  dataStart: number;
  dataEnd: number;
  /** rests interrupted by a crossing that could only be a regular weekly rest, not joined (./ferry-rests.ts) */
  ferryUnproven: UnprovenFerryRest[];
}

export function restPeriodsOf(periods: readonly Period[], dataStart: number, dataEnd: number): RestPeriod[] {
  return periods
    .filter((p) => p.kind === 'REST')
    .map((p) => ({
      start: p.start,
      end: p.end,
      duration: p.end - p.start,
      leftOpen: p.start <= dataStart,
      rightOpen: p.end >= dataEnd,
      filled: p.filled,
    }));
}

function crewBetween(periods: readonly Period[], from: number, to: number, startIndex: number): boolean {
  for (let i = startIndex; i < periods.length; i++) {
    const p = periods[i]!;
    if (p.start >= to) break;
    if (p.end > from && p.crew) return true;
  }
  return false;
}

/** Index of the first rest from `i` of 9 h or more (or one that may go on past the data); rests.length if none. */
function firstLongRest(rests: readonly RestPeriod[], i: number): number {
  let j = i;
  while (j < rests.length && !(rests[j]!.duration >= LIMITS.reducedDailyRest || rests[j]!.rightOpen)) j++;
  return j;
}

/** The class of the rest `long` that starts inside the window ending at `windowEnd` (readings in the header). */
function kindOf(
  long: RestPeriod,
  portion: number,
  crew: boolean,
  firstPart: RestPeriod | null,
  windowEnd: number,
): DailyRestKind {
  const needed = crew ? LIMITS.multiManningRest : LIMITS.regularDailyRest;
  if (long.rightOpen && long.end < windowEnd && portion < needed) return 'OPEN';
  if (crew) return portion >= LIMITS.multiManningRest ? 'MULTI_MANNING' : 'INSUFFICIENT';
  if (long.duration >= LIMITS.reducedWeeklyRest && portion >= LIMITS.reducedDailyRest) return 'WEEKLY';
  if (firstPart && portion >= LIMITS.splitDailyRestSecond) return 'SPLIT';
  if (portion >= LIMITS.regularDailyRest) return 'REGULAR';
  if (portion >= LIMITS.reducedDailyRest) return 'REDUCED';
  return 'INSUFFICIENT';
}

/** The shift from `start` ended by rests[j], which starts inside the window; rests[i..j) are the shift's breaks. */
function restedShift(
  rests: readonly RestPeriod[],
  i: number,
  j: number,
  start: number,
  windowEnd: number,
  crew: boolean,
): Shift {
  const long = rests[j]!;
  const portion = restBefore(long, windowEnd);
  let firstPart: RestPeriod | null = null;
  for (let k = i; k < j && !firstPart; k++) if (rests[k]!.duration >= LIMITS.splitDailyRestFirst) firstPart = rests[k]!;
  const kind = kindOf(long, portion, crew, firstPart, windowEnd);
  let value = portion;
  if (kind === 'INSUFFICIENT') {
    // the rest that began in time has too little inside the window: the driver's best rest in the window
    // (a shorter one taken earlier may be longer inside it) is the value reported, the favourable reading
    for (let k = i; k < j; k++) value = Math.max(value, restBefore(rests[k]!, windowEnd));
  }
  return {
    start,
    end: long.start,
    crew,
    rest: {
      kind,
      start: long.start,
      end: long.end,
      duration: long.duration,
      portion: value,
      windowEnd,
      multiManning: crew,
      firstPart,
    },
  };
}

/**
 * No rest of 9 h starts inside the window: the daily rest is missing; the longest rest inside the window is
 * reported as the daily rest. One fault once: the daily-rest clock starts again only at the end of the next rest
 * of 9 h or more (`long`). Driving after the best rest of the window up to that rest is a shift of its own for the
 * daily-driving rule, whose rest is not judged again ('OPEN').
 */
function missedShifts(
  rests: readonly RestPeriod[],
  i: number,
  long: RestPeriod | null,
  start: number,
  windowEnd: number,
  crew: boolean,
  dataEnd: number,
): Shift[] {
  let best: RestPeriod | null = null;
  let bestPortion = 0;
  for (let k = i; k < rests.length && rests[k]!.start < windowEnd; k++) {
    const portion = restBefore(rests[k]!, windowEnd);
    if (portion > bestPortion) {
      best = rests[k]!;
      bestPortion = portion;
    }
  }
  const restStart = best ? best.start : windowEnd;
  const restEnd = best ? best.end : windowEnd;
  const out: Shift[] = [
    {
      start,
      end: restStart,
      crew,
      rest: {
        kind: 'MISSING',
        start: restStart,
        end: restEnd,
        duration: best ? best.duration : 0,
        portion: bestPortion,
        windowEnd,
        multiManning: crew,
        firstPart: null,
      },
    },
  ];
  const resume = restEnd > start ? restEnd : windowEnd;
  if (!long) out.push({ start: resume, end: dataEnd, crew, rest: null });
  else if (long.start > resume) {
    out.push({
      start: resume,
      end: long.start,
      crew,
      rest: {
        kind: 'OPEN',
        start: long.start,
        end: long.end,
        duration: long.duration,
        portion: long.duration,
        windowEnd: long.end,
        multiManning: crew,
        firstPart: null,
      },
    });
  }
  return out;
}

export function analyse(
  periods: Period[],
  dataStart: number,
  dataEnd: number,
  crossings: readonly Crossing[] = [],
): Analysis {
  const ferry = joinFerryRests(restPeriodsOf(periods, dataStart, dataEnd), crossings);
  const rests = ferry.rests;
  const shifts: Shift[] = [];
  let start = dataStart;
  let i = 0; // first rest not yet consumed
  let p = 0; // first period that may lie in the current shift
  if (rests.length && rests[0]!.leftOpen) {
    start = rests[0]!.end;
    i = 1;
  }
  while (start < dataEnd) {
    while (p < periods.length && periods[p]!.end <= start) p++;
    while (i < rests.length && rests[i]!.start < start) i++;
    const j = firstLongRest(rests, i);
    const long = j < rests.length ? rests[j]! : null;
    const crew = crewBetween(
      periods,
      start,
      Math.min(long ? long.start : dataEnd, start + LIMITS.multiManningWindow),
      p,
    );
    const windowEnd = start + (crew ? LIMITS.multiManningWindow : LIMITS.dailyRestWindow);
    if (long && long.start < windowEnd) {
      shifts.push(restedShift(rests, i, j, start, windowEnd, crew));
    } else if (dataEnd <= windowEnd) {
      // the data ends before the deadline of this shift's daily rest: nothing to decide
      shifts.push({ start, end: dataEnd, crew, rest: null });
      break;
    } else {
      shifts.push(...missedShifts(rests, i, long, start, windowEnd, crew, dataEnd));
    }
    if (!long) break;
    start = long.end;
    i = j + 1;
  }
  return {
    periods,
    driving: new DrivingIndex(periods),
    rests,
    shifts,
    dataStart,
    dataEnd,
    ferryUnproven: ferry.unproven,
  };
}

/** Prefix sums of driving over the (contiguous) periods: driving in any [from, to) in O(log n). */
export class DrivingIndex {
  private readonly starts: Float64Array;
  private readonly cum: Float64Array;
  constructor(private readonly periods: readonly Period[]) {
    this.starts = new Float64Array(periods.length);
    this.cum = new Float64Array(periods.length + 1);
    for (let k = 0; k < periods.length; k++) {
      const q = periods[k]!;
      this.starts[k] = q.start;
      this.cum[k + 1] = this.cum[k]! + (q.kind === 'DRIVING' ? q.end - q.start : 0);
    }
  }
  /** driving seconds before instant t */
  at(t: number): number {
    let lo = 0;
    let hi = this.periods.length - 1;
    if (hi < 0 || t <= this.starts[0]!) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    const q = this.periods[lo]!;
    const inside = q.kind === 'DRIVING' ? Math.min(t, q.end) - q.start : 0;
    return this.cum[lo]! + inside;
  }
  between(from: number, to: number): number {
    return to > from ? this.at(to) - this.at(from) : 0;
  }
}

/** Weekly rests: continuous rests of 24 h or more (Art. 4(h)). */
export function weeklyRestsOf(a: Analysis): RestPeriod[] {
  return a.rests.filter((r) => r.duration >= LIMITS.reducedWeeklyRest);
}
