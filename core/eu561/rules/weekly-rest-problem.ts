/**
 * The weekly rests of one analysis as the counting of ./weekly-rest-assignment.ts takes them (Art. 8(9)): the weeks
 * each rest overlaps, the counts that need no choice (a rest inside one week; a long rest in each week it overlaps,
 * readings in that file's header), the rest crossing each Monday whose week is chosen, and a week's tally given the
 * choices at its two Mondays.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import { LIMITS } from '../ruleset.js';
import { WEEK, weekStartOf } from '../time.js';

export type LongRestReading = 'TWO_REGULAR_FROM_90H' | 'LONG_REST_FROM_69H';

/** A weekly rest counted in one week. */
export interface Counted {
  /** index in the analysis' weekly rests */
  index: number;
  rest: RestPeriod;
  regular: boolean;
}

export const isRegular = (r: RestPeriod) => r.duration >= LIMITS.regularWeeklyRest || r.leftOpen || r.rightOpen;

function weeksOverlapped(r: RestPeriod): number[] {
  const out: number[] = [];
  for (let w = weekStartOf(r.start); w < r.end; w += WEEK) out.push(w);
  return out;
}

/** the week's counts that need no choice: rests inside one week, long rests in each week they overlap */
export interface Problem {
  a: Analysis;
  weekly: RestPeriod[];
  overlaps: number[][];
  firstMonday: number;
  lastMonday: number;
  fixed: Map<number, Counted[]>;
  /** Monday -> index of the weekly rest crossing it whose week is chosen */
  crossing: Map<number, number>;
  missed: readonly { start: number; end: number }[];
  /** weekly index -> index in a.rests */
  restIndex: number[];
}

function fixedCounts(r: RestPeriod, index: number, weeks: number[], reading: LongRestReading): Counted[] | null {
  const regular = isRegular(r);
  if (weeks.length === 1) return [{ index, rest: r, regular }];
  if (r.duration >= 2 * LIMITS.regularWeeklyRest) return weeks.map(() => ({ index, rest: r, regular: true }));
  if (reading === 'LONG_REST_FROM_69H' && weeks.length === 2) {
    const before = weeks[1]! - r.start;
    const after = r.end - weeks[1]!;
    const split =
      Math.min(before, after) >= LIMITS.reducedWeeklyRest && Math.max(before, after) >= LIMITS.regularWeeklyRest;
    if (split)
      return [
        { index, rest: r, regular: before >= after },
        { index, rest: r, regular: after > before },
      ];
  }
  return null;
}

export function problemOf(a: Analysis, missed: Problem['missed'], reading: LongRestReading): Problem {
  const weekly = weeklyRestsOf(a);
  const overlaps = weekly.map(weeksOverlapped);
  const fixed = new Map<number, Counted[]>();
  const crossing = new Map<number, number>();
  const position = new Map(a.rests.map((r, k) => [r, k] as const));
  weekly.forEach((r, index) => {
    const weeks = overlaps[index]!;
    const counts = fixedCounts(r, index, weeks, reading);
    if (!counts) crossing.set(weeks[1]!, index);
    else counts.forEach((c, k) => fixed.set(weeks[k]!, [...(fixed.get(weeks[k]!) ?? []), c]));
  });
  return {
    a,
    weekly,
    overlaps,
    firstMonday: weekStartOf(a.dataStart),
    lastMonday: weekStartOf(a.dataEnd) + WEEK,
    fixed,
    crossing,
    missed,
    restIndex: weekly.map((r) => position.get(r)!),
  };
}

export const pairInData = (p: Problem, w: number) => w >= p.a.dataStart && w + 2 * WEEK <= p.a.dataEnd;
export const windowInData = (p: Problem, w: number) => w >= p.a.dataStart && w + 4 * WEEK <= p.a.dataEnd;

/** The rests counted in the week from Monday `w`, given the choices at `w` and at `w + WEEK`. */
export function tally(p: Problem, w: number, optionAtStart: number, optionAtEnd: number): Counted[] {
  const out = [...(p.fixed.get(w) ?? [])];
  const early = p.crossing.get(w);
  if (early !== undefined && optionAtStart === 1) out.unshift(counted(p, early));
  const late = p.crossing.get(w + WEEK);
  if (late !== undefined && optionAtEnd === 0) out.push(counted(p, late));
  return out;
}
export const counted = (p: Problem, index: number): Counted => ({
  index,
  rest: p.weekly[index]!,
  regular: isRegular(p.weekly[index]!),
});
