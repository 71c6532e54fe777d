/**
 * Art. 8(9): "A weekly rest period that falls in two weeks may be counted in either week, but not in both."
 * Which week each weekly rest counts in, once, for every rule that counts weekly rests per fixed week (Art. 4(i):
 * Monday 00:00 to Sunday 24:00 UTC): the two-week rule and its regular/reduced composition (Art. 8(6) first
 * subparagraph), the four-week condition of the 2020/1054 derogation (third subparagraph) and the compensation
 * of a reduced weekly rest, due "before the end of the third week following the week in question" (Art. 8(6)
 * second subparagraph, 8(7)): the week in question is the week the rest is counted in.
 *
 * Readings:
 * - a weekly rest is a continuous rest of 24 h or more (Art. 4(h)); regular from 45 h, or when it touches the
 *   start or the end of the data (it may be longer). A rest inside one week counts in that week.
 * - a rest that crosses Monday 00:00 counts in the week before or the week after, the driver's choice. The choice
 *   is the one most favourable to the driver: of all the ways to count every crossing rest, the one with the
 *   fewest VIOLATIONs, then the fewest POTENTIAL findings (pair rule and compensation together), then the most
 *   rests counted in their later week (the later week gives a reduced rest the later compensation deadline).
 *   A finding is reported only when every allowed counting infringes somewhere; which pair then carries it is
 *   the one the chosen counting leaves without its rests, and the finding says so.
 * - long rest (the pre-check's reading, kept): a rest of at least 90 h crossing Monday 00:00 is two regular
 *   weekly rests back to back and counts as a regular weekly rest in each week it overlaps (a rest overlapping
 *   three weeks is longer than a week, so it always qualifies): leave or a long card-out period is not "one
 *   weekly rest in two weeks". Some national enforcement guidance counts a rest of 69 h or more (45 h + 24 h)
 *   with at least 45 h in one week and 24 h in the other as a regular weekly rest in the first and a reduced one
 *   in the second (reading LONG_REST_FROM_69H). That reading only adds counted rests; ./weekly-rest.ts uses it to
 *   mark a pair finding it would avoid as POTENTIAL, never to create one (its reduced part owes no compensation).
 *
 * The search is exact and bounded. Exact: dynamic programming over the Mondays in time order; at each Monday the
 * at most one rest crossing it (rests do not overlap) is counted before or after, and the state keeps everything
 * the rest of the computation can depend on: the last five closed weeks, by their number of rests and of
 * regular ones (a pair's verdict needs the four-week windows around it, weeks p-2 .. p+3), the choice at the current Monday, the pair last reported (one fault once)
 * and the compensation ledger of the rests still ahead (surplus already taken from them, and whether one paid a
 * debt and so owes none itself). States with equal keys have equal futures, so keeping the cheapest of them loses
 * no optimum. Bounded: the week tallies in the key follow from the choices at the last six Mondays (at most one
 * choice each: 2^6 = 64 combinations), and the ledger part holds only the rests ahead that debts still open took
 * surplus from; a debt is open for at most five weeks (its deadline), so the ledger part varies only with the
 * choices of those weeks. The states per Monday are therefore a constant independent of the length of the data
 * (64 on a year of crossing weekend rests, measured in the tests), and the work is linear
 * in the number of weeks.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { LIMITS } from '../ruleset.js';
import { WEEK } from '../time.js';
import {
  isRegular,
  pairInData,
  problemOf,
  tally,
  windowInData,
  type Counted,
  type LongRestReading,
  type Problem,
} from './weekly-rest-problem.js';
import { EMPTY_LEDGER, ledgerAhead, payDebt, type Ledger } from './compensation-ledger.js';

export type { Counted, LongRestReading };

export interface Placement {
  rest: RestPeriod;
  /** Mondays (00:00 UTC) of the weeks it overlaps */
  overlaps: number[];
  /** Mondays of the weeks it is counted in (one; each overlapped week for a long rest) */
  weeks: number[];
  /** it crosses Monday 00:00 and the week was chosen */
  chosen: boolean;
}

export interface PairVerdict {
  /** Monday 00:00 of the first week */
  start: number;
  status: 'VIOLATION' | 'POTENTIAL';
  /** the rests counted in the two weeks */
  counted: Counted[];
  /** every four-week window around the pair that lies in the data holds four weekly rests, two regular */
  fourWeeksHold: boolean;
}

export interface CompensationDebt {
  reduced: RestPeriod;
  /** Monday 00:00 of the week the reduced rest is counted in (the week in question) */
  week: number;
  /** seconds of compensation owed */
  owed: number;
  /** Monday 00:00 after the third week following the week in question */
  deadline: number;
  paid: boolean;
}

export interface WeeklyAssignment {
  reading: LongRestReading;
  placements: Placement[];
  pairs: PairVerdict[];
  debts: CompensationDebt[];
  /** the findings of this counting: pairs and compensation together */
  violations: number;
  potentials: number;
  /** the most DP states kept at one Monday (the search's size) */
  peakStates: number;
}

type List<T> = { head: T; tail: List<T> } | null;
const cons = <T>(head: T, tail: List<T>): List<T> => ({ head, tail });
function toArray<T>(l: List<T>): T[] {
  const out: T[] = [];
  for (let n = l; n; n = n.tail) out.push(n.head);
  return out.reverse();
}

/** [violations, potentials, rests counted in their earlier week]: compared in that order */
type Cost = [number, number, number];
const cheaper = (a: Cost, b: Cost) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

interface State {
  cost: Cost;
  /** choice at the current Monday: 0 = the week before, 1 = the week after, -1 = no choice there */
  option: number;
  /** the closed weeks, newest last (six while the pair is judged, then five) */
  recent: Counted[][];
  /** per recent week: its number of rests and of regular ones, the only way the future reads it */
  codes: string[];
  /** the rests of the pair judged just before, when it was reported (two reduced rests are reported once) */
  lastReported: string | null;
  ledger: Ledger;
  choices: List<[number, number]>;
  pairs: List<PairVerdict>;
  debts: List<CompensationDebt>;
}

/** The closed week from Monday `w` in the state's recent weeks (undefined when not kept). */
function recentWeek(s: State, closedUpTo: number, w: number): Counted[] | undefined {
  const back = (closedUpTo - w) / WEEK;
  return s.recent[s.recent.length - 1 - back];
}

function fourWeeksHold(p: Problem, s: State, closedUpTo: number, pair: number): boolean {
  for (let w = pair - 2 * WEEK; w <= pair; w += WEEK) {
    if (!windowInData(p, w)) continue;
    const counts: Counted[] = [];
    for (let k = 0; k < 4; k++) counts.push(...(recentWeek(s, closedUpTo, w + k * WEEK) ?? []));
    if (counts.length < 4 || counts.filter((c) => c.regular).length < 2) return false;
  }
  return true;
}

/** Art. 8(6) first subparagraph on the pair from `pair`, once its weeks up to pair + 3 are closed (or the data ends). */
function judgePair(p: Problem, s: State, closedUpTo: number, pair: number): void {
  if (!pairInData(p, pair)) return;
  const end = pair + 2 * WEEK;
  if (p.missed.some((f) => f.start < end && f.end > pair)) {
    s.lastReported = null;
    return;
  }
  const inPair = [...recentWeek(s, closedUpTo, pair)!, ...recentWeek(s, closedUpTo, pair + WEEK)!];
  const regular = inPair.filter((c) => c.regular).length;
  const previous = s.lastReported;
  s.lastReported = null;
  if (inPair.length >= 2 && regular >= 1) return;
  const key = inPair.map((c) => c.index).join(',');
  if (inPair.length >= 2 && key === previous) return;
  s.lastReported = key;
  const holds = inPair.length >= 2 && fourWeeksHold(p, s, closedUpTo, pair);
  const status = holds ? 'POTENTIAL' : 'VIOLATION';
  s.cost = holds ? [s.cost[0], s.cost[1] + 1, s.cost[2]] : [s.cost[0] + 1, s.cost[1], s.cost[2]];
  s.pairs = cons({ start: pair, status, counted: inPair, fourWeeksHold: holds }, s.pairs);
}

/** The reduced weekly rests starting before `monday`, in time order, each with its compensation debt. */
function settleDebts(p: Problem, s: State, from: number, monday: number, optionHere: number): number {
  let j = from;
  for (; j < p.weekly.length && p.weekly[j]!.start < monday; j++) {
    const r = p.weekly[j]!;
    if (isRegular(r)) continue;
    const weeks = p.overlaps[j]!;
    const week = weeks.length === 1 ? weeks[0]! : weeks[optionHere === 0 ? 0 : 1]!;
    const debt = payDebt(p.a.rests, p.restIndex[j]!, week + 4 * WEEK, s.ledger);
    if (!debt) continue; // it paid an earlier debt: a rest taken as compensation owes none itself
    s.ledger = debt.ledger;
    s.debts = cons({ reduced: r, week, owed: debt.owed, deadline: week + 4 * WEEK, paid: debt.paid }, s.debts);
    if (!debt.paid && week + 4 * WEEK <= p.a.dataEnd) s.cost = [s.cost[0] + 1, s.cost[1], s.cost[2]];
  }
  return j;
}

/** The week closed at a Monday: its counted rests and its code (number of rests and of regular ones). */
interface ClosedWeek {
  closed: Counted[];
  code: string;
}

/** The state after the choice `option` at `monday`: the week before it closes, its debts are settled. */
function advance(
  p: Problem,
  s: State,
  monday: number,
  option: number,
  debtsFrom: number,
  week: ClosedWeek,
): { next: State; debtsTo: number } {
  const { closed, code } = week;
  // every field written out: a spread with overrides copies the state on V8's slow path, a large share of the search
  const next: State = {
    cost: s.cost,
    option,
    recent: [...s.recent, closed],
    codes: [...s.codes, code],
    lastReported: s.lastReported,
    ledger: s.ledger,
    choices: s.choices,
    pairs: s.pairs,
    debts: s.debts,
  };
  const index = p.crossing.get(monday);
  if (index !== undefined) {
    next.choices = cons([index, option], s.choices);
    if (option === 0) next.cost = [s.cost[0], s.cost[1], s.cost[2] + 1];
  }
  const debtsTo = settleDebts(p, next, debtsFrom, monday, option);
  judgePair(p, next, monday - WEEK, monday - 4 * WEEK);
  // the pairs still to judge (from monday - 3 weeks) read windows from monday - 5 weeks on: five weeks are kept
  if (next.recent.length > 5) {
    next.recent.shift();
    next.codes.shift();
  }
  return { next, debtsTo };
}

function keyOf(p: Problem, s: State, monday: number): string {
  const ahead = s.ledger.size ? ledgerAhead(p.a.rests, s.ledger, monday) : { ledger: s.ledger, key: '' };
  s.ledger = ahead.ledger;
  return `${s.option}/${s.codes.join('|')}/${s.lastReported ?? '-'}/${ahead.key}`;
}

/** One step of the search: every state with every choice at `monday`, the cheapest kept per key. */
function step(
  p: Problem,
  states: State[],
  monday: number,
  debtsFrom: number,
  fixed?: ReadonlyMap<number, number>,
): { states: State[]; debtsTo: number } {
  const index = p.crossing.get(monday);
  const options = index === undefined ? [-1] : fixed?.has(index) ? [fixed.get(index)!] : [1, 0];
  const best = new Map<string, State>();
  // the closed week depends only on the choices at its two Mondays: tallied once per pair of choices, not per state
  // (its rests are read, never changed, by the states that share it)
  const weeks = new Map<number, ClosedWeek>();
  const weekOf = (before: number, option: number): ClosedWeek => {
    const key = (before + 1) * 3 + option + 1;
    let week = weeks.get(key);
    if (!week) {
      const closed = tally(p, monday - WEEK, before, option);
      week = { closed, code: `${closed.length}.${closed.filter((c) => c.regular).length}` };
      weeks.set(key, week);
    }
    return week;
  };
  let debtsTo = debtsFrom;
  for (const s of states) {
    for (const option of options) {
      const moved = advance(p, s, monday, option, debtsFrom, weekOf(s.option, option));
      debtsTo = moved.debtsTo;
      const key = keyOf(p, moved.next, monday);
      const kept = best.get(key);
      if (!kept || cheaper(moved.next.cost, kept.cost) < 0) best.set(key, moved.next);
    }
  }
  return { states: [...best.values()], debtsTo };
}

/**
 * The counting of weekly rests most favourable to the driver (header). `missed` are the spans already reported
 * as a late or insufficient weekly rest: a pair of weeks overlapping one is not judged again (one fault once).
 * `fixed` (weekly rest index -> 0 the week before, 1 the week after) imposes the week of some crossing rests:
 * with every one imposed it evaluates one counting (how the tests compare the search with every counting).
 */
export function assignWeeklyRests(
  a: Analysis,
  missed: readonly { start: number; end: number }[],
  reading: LongRestReading = 'TWO_REGULAR_FROM_90H',
  fixed?: ReadonlyMap<number, number>,
): WeeklyAssignment {
  const p = problemOf(a, missed, reading);
  const start: State = {
    cost: [0, 0, 0],
    option: -1,
    recent: [],
    codes: [],
    lastReported: null,
    ledger: EMPTY_LEDGER,
    choices: null,
    pairs: null,
    debts: null,
  };
  let states = [start];
  let debts = 0;
  let peakStates = 1;
  for (let monday = p.firstMonday + WEEK; monday <= p.lastMonday; monday += WEEK) {
    const stepped = step(p, states, monday, debts, fixed);
    states = stepped.states;
    debts = stepped.debtsTo;
    peakStates = Math.max(peakStates, states.length);
  }
  for (const s of states) {
    for (let pair = p.lastMonday - 3 * WEEK; pair < p.lastMonday; pair += WEEK)
      judgePair(p, s, p.lastMonday - WEEK, pair);
  }
  const bestState = states.reduce((m, s) => (cheaper(s.cost, m.cost) < 0 ? s : m));
  return {
    reading,
    placements: placementsOf(p, toArray(bestState.choices)),
    pairs: toArray(bestState.pairs),
    debts: toArray(bestState.debts),
    violations: bestState.cost[0],
    potentials: bestState.cost[1],
    peakStates,
  };
}

function placementsOf(p: Problem, choices: [number, number][]): Placement[] {
  const chosen = new Map(choices);
  return p.weekly.map((rest, index) => {
    const overlaps = p.overlaps[index]!;
    const option = chosen.get(index);
    if (option !== undefined) return { rest, overlaps, weeks: [overlaps[option]!], chosen: true };
    const weeks = overlaps.filter((w) => (p.fixed.get(w) ?? []).some((c) => c.index === index));
    return { rest, overlaps, weeks, chosen: false };
  });
}

/**
 * The compensation debts of the counting of assignWeeklyRests. When no reduced weekly rest crosses Monday 00:00,
 * every deadline is fixed whatever the counting, so the ledger is settled in one pass (the same debts).
 */
export function compensationDebts(a: Analysis, missed: readonly { start: number; end: number }[]): CompensationDebt[] {
  const p = problemOf(a, missed, 'TWO_REGULAR_FROM_90H');
  if ([...p.crossing.values()].some((index) => !isRegular(p.weekly[index]!))) return assignWeeklyRests(a, missed).debts;
  const s: State = {
    cost: [0, 0, 0],
    option: -1,
    recent: [],
    codes: [],
    lastReported: null,
    ledger: EMPTY_LEDGER,
    choices: null,
    pairs: null,
    debts: null,
  };
  settleDebts(p, s, 0, Infinity, -1);
  return toArray(s.debts);
}

/** Whether the 69 h reading can count any rest differently from the 90 h one (a crossing rest of 69 h .. < 90 h). */
export function longRestReadingMatters(a: Analysis): boolean {
  const p = problemOf(a, [], 'LONG_REST_FROM_69H');
  return p.weekly.some(
    (r, index) =>
      p.overlaps[index]!.length === 2 &&
      r.duration < 2 * LIMITS.regularWeeklyRest &&
      !p.crossing.has(p.overlaps[index]![1]!),
  );
}
