/**
 * The three Directive 2002/15/EC rules on one completion of the timeline (unknown time as rest or as work): the
 * 60 h week and the 48 h average of Art. 4(a), the breaks of Art. 5(1). Each finding is raw (instants in epoch
 * seconds); ./working-time.ts compares the two completions and shapes the answer. The readings are listed there.
 */
import { analyse } from '../eu561/shifts.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../eu561/time.js';
import { periodsOf, type Completion, type Period, type SegmentKind, type Timeline } from '../eu561/timeline.js';
import { WTD_LIMITS, type WtdRuleName } from './ruleset.js';

/** A finding before it is judged against the other completion and shaped for the answer. */
export interface RawWtd {
  rule: WtdRuleName;
  start: number;
  end: number;
  value: number;
  limit: number;
  excess: number;
  description: string;
  evidenceKinds: readonly SegmentKind[];
}

const WORKING: readonly SegmentKind[] = ['DRIVING', 'WORK'];
const isWorking = (p: Period) => p.kind === 'DRIVING' || p.kind === 'WORK';

/** The periods overlapping [from, to) (periods are contiguous and ordered: binary search for the first). */
export function within(periods: readonly Period[], from: number, to: number): readonly Period[] {
  let lo = 0;
  let hi = periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (periods[mid]!.end <= from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < periods.length && periods[end]!.start < to) end++;
  return periods.slice(lo, end);
}

export function workingBetween(periods: readonly Period[], from: number, to: number): number {
  let sum = 0;
  for (const p of within(periods, from, to))
    if (isWorking(p)) sum += Math.max(0, Math.min(p.end, to) - Math.max(p.start, from));
  return sum;
}

export function firstFullWeek(dataStart: number): number {
  const w = weekStartOf(dataStart);
  return w === dataStart ? w : w + WEEK;
}

function weeklyMax(periods: readonly Period[], dataStart: number, dataEnd: number): RawWtd[] {
  const out: RawWtd[] = [];
  for (let w = weekStartOf(dataStart); w < dataEnd; w += WEEK) {
    const working = workingBetween(periods, w, w + WEEK);
    if (working <= WTD_LIMITS.weeklyMax) continue;
    out.push({
      rule: 'wtd_weekly_max',
      start: w,
      end: w + WEEK,
      value: working,
      limit: WTD_LIMITS.weeklyMax,
      excess: working - WTD_LIMITS.weeklyMax,
      description:
        `Working time (driving and other work) in the week from ${formatInstant(w)} was ${formatDuration(working)}: ` +
        `${formatDuration(working - WTD_LIMITS.weeklyMax)} over the 60 h maximum of a week.`,
      evidenceKinds: WORKING,
    });
  }
  return out;
}

function averageWeekly(periods: readonly Period[], dataStart: number, dataEnd: number, weeks: number): RawWtd[] {
  const out: RawWtd[] = [];
  for (let w = firstFullWeek(dataStart); w + weeks * WEEK <= dataEnd; w += weeks * WEEK) {
    const end = w + weeks * WEEK;
    const working = workingBetween(periods, w, end);
    if (working <= WTD_LIMITS.averageWeekly * weeks) continue;
    const average = Math.round(working / weeks);
    out.push({
      rule: 'wtd_average_weekly',
      start: w,
      end,
      value: average,
      limit: WTD_LIMITS.averageWeekly,
      excess: average - WTD_LIMITS.averageWeekly,
      description:
        `Average working time over the ${weeks} week(s) from ${formatInstant(w)} was ${formatDuration(average)} a week ` +
        `(${formatDuration(working)} in total): ${formatDuration(average - WTD_LIMITS.averageWeekly)} a week over the 48 h average.`,
      evidenceKinds: WORKING,
    });
  }
  return out;
}

/** Art. 5(1)(a): the longest run of working time between break parts (REST of at least 15 min) of the day. */
function longestRun(periods: readonly Period[], from: number, to: number): RawWtd | null {
  let run = 0;
  let runStart: number | null = null;
  let longest = { value: 0, start: 0, end: 0 };
  let working = 0;
  const closeRun = (at: number) => {
    if (runStart !== null && run > longest.value) longest = { value: run, start: runStart, end: at };
    run = 0;
    runStart = null;
  };
  for (const p of periods) {
    if (p.end <= from || p.start >= to) continue;
    const start = Math.max(p.start, from);
    const end = Math.min(p.end, to);
    if (isWorking(p)) {
      runStart ??= start;
      run += end - start;
      working += end - start;
    } else if (p.kind === 'REST' && end - start >= WTD_LIMITS.breakPart && working > 0) closeRun(start);
  }
  closeRun(to);
  if (longest.value <= WTD_LIMITS.consecutiveWork) return null;
  return {
    rule: 'wtd_break',
    start: longest.start,
    end: longest.end,
    value: longest.value,
    limit: WTD_LIMITS.consecutiveWork,
    excess: longest.value - WTD_LIMITS.consecutiveWork,
    description:
      `${formatDuration(longest.value)} of working time without a break of at least 15 min from ${formatInstant(longest.start)}: ` +
      `${formatDuration(longest.value - WTD_LIMITS.consecutiveWork)} over the 6 consecutive hours allowed.`,
    evidenceKinds: [...WORKING, 'REST'],
  };
}

/** The day's working time, and its break parts (REST of at least 15 min after its first working time). */
function workAndBreaks(periods: readonly Period[], from: number, to: number) {
  let working = 0;
  let breaks = 0;
  let parts = 0;
  for (const p of periods) {
    if (p.end <= from || p.start >= to) continue;
    const length = Math.min(p.end, to) - Math.max(p.start, from);
    if (isWorking(p)) working += length;
    else if (p.kind === 'REST' && length >= WTD_LIMITS.breakPart && working > 0) {
      breaks += length;
      parts++;
    }
  }
  return { working, breaks, parts };
}

/** Art. 5(1)(b): the breaks of a working day that ended (a day the data ends in may still have its break). */
function breakTotal(periods: readonly Period[], from: number, to: number): RawWtd | null {
  const { working, breaks, parts } = workAndBreaks(periods, from, to);
  if (parts === 0 || working <= WTD_LIMITS.breakFrom) return null;
  const needed = working > WTD_LIMITS.longBreakFrom ? WTD_LIMITS.longBreak : WTD_LIMITS.shortBreak;
  if (breaks >= needed) return null;
  return {
    rule: 'wtd_break',
    start: from,
    end: to,
    value: breaks,
    limit: needed,
    excess: needed - breaks,
    description:
      `The working day from ${formatInstant(from)} had ${formatDuration(working)} of working time and ` +
      `${formatDuration(breaks)} of breaks (parts of at least 15 min): ${formatDuration(needed)} were needed ` +
      `(${working > WTD_LIMITS.longBreakFrom ? 'over 9 h' : 'over 6 h up to 9 h'} of working time), ${formatDuration(needed - breaks)} short.`,
    evidenceKinds: [...WORKING, 'REST'],
  };
}

/** Art. 5(1) on one working day [from, to); `open`: the data ends inside it. */
function breaksOfDay(periods: readonly Period[], from: number, to: number, open: boolean): RawWtd[] {
  const run = longestRun(periods, from, to);
  const total = open ? null : breakTotal(periods, from, to);
  return [...(run ? [run] : []), ...(total ? [total] : [])];
}

/** Every finding of the three rules on one completion of the timeline. */
export function evaluate(t: Timeline, completion: Completion, weeks: number): RawWtd[] {
  const periods = periodsOf(t, completion);
  const a = analyse(periods, t.knownStart!, t.knownEnd!);
  const out = [...weeklyMax(periods, a.dataStart, a.dataEnd), ...averageWeekly(periods, a.dataStart, a.dataEnd, weeks)];
  for (const s of a.shifts) out.push(...breaksOfDay(within(periods, s.start, s.end), s.start, s.end, s.rest === null));
  return out;
}
