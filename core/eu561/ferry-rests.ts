/**
 * Art. 9(1): rests interrupted by a recorded ferry/train crossing (./specific-conditions.ts) are one rest.
 *
 * The Article (as amended by 2020/1054; reg-561-2006-articles.md §5): "where a driver accompanies a vehicle which is
 * transported by ferry or train and takes a regular daily rest period or a reduced weekly rest period, that period
 * may be interrupted not more than twice by other activities not exceeding one hour in total" (the interruption
 * fragment VERIFIED; the reduced weekly rest and the "sleeper cabin, bunk or couchette" of the amended wording
 * UNSURE). Second subparagraph (VERIFIED): for a regular weekly rest only when "(a) the journey is scheduled for
 * 8 hours or more; and (b) the driver has access to a sleeper cabin".
 *
 * Readings, after the vehicle unit's own computation (Annex IC Appendix, Addendum points 2(h) and 3):
 * - a rest is interrupted by a crossing when the crossing's begin falls inside one of its rest parts, or in the hour
 *   before one (embarking: the interruption before the flag, Addendum 3 step 1); the rest parts before and after it
 *   separated by non-rest stretches (an interruption each, whatever was recorded in it) join it, at most two
 *   interruptions of at most one hour in total; of the ways to join, the one with the most rest;
 * - the accumulated rest is the sum of the rest parts, the interruptions excluded (Addendum 2(h): "a regular daily
 *   rest period when the accumulated rest time … is at least 11 hours"). Below 11 h the derogation does not apply (a
 *   reduced daily rest may not be interrupted) and the parts are judged as they are, except as the second part of a
 *   split daily rest (Addendum 2(j)): 9 h or more accumulated after a rest of at least 3 h taken since the last rest
 *   of 9 h (./shifts.ts then classes it SPLIT). An interrupted first part of a split rest is not joined;
 * - joined, the rest starts with its first part and ends with its last: driving in the interruptions is outside
 *   every shift, so not daily driving (Addendum 2(h)), but it stays in the weekly and two-week driving (Addendum
 *   point 4; Art. 6(2), 6(3) count all driving);
 * - the sleeper cabin, bunk or couchette is not on the card: the derogation is applied on the assumption that the
 *   driver had one, and a FERRY_TRAIN_REST warning names each rest so joined (a finding the card alone would show
 *   is then not made on a guess either way);
 * - a regular weekly rest (45 h or more accumulated) is joined only when the recorded crossing lasted 8 h or more
 *   (generation 2 records the end; the scheduled length is not on the card, the recorded one stands for it). Else the
 *   parts are judged as they are and the rest findings over them are POTENTIAL (./derogation-marks.ts): possibly
 *   justified by the second subparagraph, never a VIOLATION on a guess.
 */
import { LIMITS } from './ruleset.js';
import type { Crossing } from './specific-conditions.js';

/** The crossing a joined rest was joined for and its interruptions. */
export interface FerryJoin {
  crossing: Crossing;
  /** the rest parts, in time order */
  parts: { start: number; end: number }[];
  interruptions: number;
  /** seconds of interruption */
  interrupted: number;
}

/** A rest interrupted by a crossing that could only be a regular weekly rest, not joined (8 h not shown). */
export interface UnprovenFerryRest {
  crossing: Crossing;
  start: number;
  end: number;
  /** the accumulated rest had it been joined */
  accumulated: number;
}

/** A rest as ./shifts.ts has it (RestPeriod), the shape joined here. */
export interface JoinableRest {
  start: number;
  end: number;
  /** seconds of rest: for a joined rest the sum of its parts */
  duration: number;
  leftOpen: boolean;
  rightOpen: boolean;
  filled: boolean;
  /** set on a rest joined across a crossing's interruptions */
  ferry?: FerryJoin;
}
type RestPeriod = JoinableRest;

export const FERRY_INTERRUPTIONS_MAX = 2;
export const FERRY_INTERRUPTION_SECONDS_MAX = 3600;
export const FERRY_WEEKLY_JOURNEY_MIN = 8 * 3600;

/** Index of the rest the crossing begins in (or within the hour before it starts); -1 when none. */
function restOfCrossing(rests: readonly RestPeriod[], c: Crossing): number {
  const inside = rests.findIndex((r) => r.start <= c.begin && c.begin < r.end);
  if (inside >= 0) return inside;
  return rests.findIndex((r) => r.start >= c.begin && r.start - c.begin <= FERRY_INTERRUPTION_SECONDS_MAX);
}

/** The parts [k - before, k + after] with the most rest within the interruption limits; null when none joins. */
function bestJoin(rests: readonly RestPeriod[], k: number, used: ReadonlySet<number>): [number, number] | null {
  let best: [number, number] | null = null;
  let bestRest = 0;
  for (let before = 0; before <= FERRY_INTERRUPTIONS_MAX; before++) {
    for (let after = 0; before + after <= FERRY_INTERRUPTIONS_MAX; after++) {
      if (before + after === 0 || k - before < 0 || k + after >= rests.length) continue;
      let rest = 0;
      let interrupted = 0;
      let free = true;
      for (let i = k - before; i <= k + after; i++) {
        if (used.has(i)) free = false;
        rest += rests[i]!.duration;
        if (i > k - before) interrupted += rests[i]!.start - rests[i - 1]!.end;
      }
      if (!free || interrupted > FERRY_INTERRUPTION_SECONDS_MAX) continue;
      if (rest > bestRest) [best, bestRest] = [[k - before, k + after], rest];
    }
  }
  return best;
}

function joined(parts: readonly RestPeriod[], crossing: Crossing): RestPeriod {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return {
    start: first.start,
    end: last.end,
    duration: parts.reduce((sum, p) => sum + p.duration, 0),
    leftOpen: first.leftOpen,
    rightOpen: last.rightOpen,
    filled: parts.some((p) => p.filled),
    ferry: {
      crossing,
      parts: parts.map((p) => ({ start: p.start, end: p.end })),
      interruptions: parts.length - 1,
      interrupted: parts.slice(1).reduce((sum, p, i) => sum + p.start - parts[i]!.end, 0),
    },
  };
}

/** The rests with those interrupted by a crossing joined (header), and the weekly ones left unjoined. */
export function joinFerryRests<R extends JoinableRest>(
  rests: readonly R[],
  crossings: readonly Crossing[],
): { rests: R[]; unproven: UnprovenFerryRest[] } {
  const used = new Set<number>();
  const joins: { from: number; to: number; rest: R }[] = [];
  const unproven: UnprovenFerryRest[] = [];
  for (const c of crossings) {
    const k = restOfCrossing(rests, c);
    const span = k < 0 || used.has(k) ? null : bestJoin(rests, k, used);
    if (span === null) continue;
    const rest = joined(rests.slice(span[0], span[1] + 1), c) as R;
    if (rest.duration < LIMITS.regularDailyRest && !splitSecondPart(rests, span[0], rest)) continue;
    if (rest.duration >= LIMITS.regularWeeklyRest && !(c.end !== null && c.end - c.begin >= FERRY_WEEKLY_JOURNEY_MIN)) {
      unproven.push({ crossing: c, start: rest.start, end: rest.end, accumulated: rest.duration });
      continue;
    }
    for (let i = span[0]; i <= span[1]; i++) used.add(i);
    joins.push({ from: span[0], to: span[1], rest });
  }
  if (joins.length === 0) return { rests: [...rests], unproven };
  const out: R[] = [];
  for (let i = 0; i < rests.length; i++) {
    const j = joins.find((x) => x.from === i);
    if (j) {
      out.push(j.rest);
      i = j.to;
    } else out.push(rests[i]!);
  }
  return { rests: out, unproven };
}

/** A joined rest of 9 h .. 11 h after a first part of 3 h taken since the last rest of 9 h (header). */
function splitSecondPart(rests: readonly JoinableRest[], first: number, joinedRest: JoinableRest): boolean {
  if (joinedRest.duration < LIMITS.splitDailyRestSecond) return false;
  for (let j = first - 1; j >= 0; j--) {
    const d = rests[j]!.duration;
    if (d >= LIMITS.reducedDailyRest) return false;
    if (d >= LIMITS.splitDailyRestFirst) return true;
  }
  return false;
}

/** Seconds of the rest before `until` (a joined rest: its parts only, the interruptions excluded). */
export function restBefore(r: RestPeriod, until: number): number {
  if (!r.ferry) return Math.max(0, Math.min(r.end, until) - r.start);
  return r.ferry.parts.reduce((sum, p) => sum + Math.max(0, Math.min(p.end, until) - p.start), 0);
}
