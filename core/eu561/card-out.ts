/**
 * Card-out time policy (`unknown_as`, the reading card_out_time of ./readings.ts), a transformation over the built
 * timeline (./timeline.ts).
 *
 * - `gap` (default): every gap inside the evaluated span is a question for the office (listed once in data_gaps, with
 *   its length) and, until an annotation explains it, the rules read it as rest, as the vehicle unit does (below).
 *   A finding is thus reported only where the recorded activity shows it under the reading most favourable to the
 *   driver; the findings that reading changes are marked (assumption_dependent, readings) by the pre-check. The
 *   stream of INCOMPLETE_DATA findings of `unknown` (several per weekend with the card out, one weekly rest finding
 *   across a long absence) becomes one gap per absence.
 * - `unknown`: time with no card and no manual entry stays UNKNOWN; the rules run on both completions
 *   and what depends on it is INCOMPLETE_DATA.
 * - `rest`: such time counts as rest, as offices do for card-out periods between duties, and as the vehicle unit
 *   itself does when it computes driving times ("UNKNOWN period(s) found during the time period needed for
 *   computations shall be assimilated to BREAK/REST", Annex IC Appendix 14 Addendum, point 1). Applied only to
 *   gaps inside the evaluated span (between the first and the last known activity: never before the data starts
 *   or after it ends), and only to gaps of at most CARD_OUT_REST_MAX_SECONDS.
 *
 * The bound, 5 days (120 h): a card-out period between duties is at most a weekend with its weekly rest and the
 * daily rests around it, plus a public holiday or a compensation rest attached to it (the real samples' weekend
 * gaps are 48-85 h). A longer absence is leave, sickness or work without the card; offices record those with an
 * attestation or manual entries, so the pre-check does not guess it: such gaps stay UNKNOWN (INCOMPLETE_DATA).
 */
import { DAY } from './time.js';
import { innerGaps, type Gap, type Segment, type Timeline } from './timeline.js';
import type { UnknownAs } from './types.js';

export const CARD_OUT_REST_MAX_SECONDS = 5 * DAY;

export interface CardOutResult {
  /** the timeline the rules run on */
  timeline: Timeline;
  /** the gaps counted as rest (empty under `unknown`) */
  assumed: Gap[];
}

/** The longest gap read as rest under each policy (null: none is). */
export function cardOutRestMax(unknownAs: UnknownAs): number | null {
  return unknownAs === 'unknown' ? null : unknownAs === 'rest' ? CARD_OUT_REST_MAX_SECONDS : Infinity;
}

/** The timeline with every inner gap the policy reads as rest (`rest`: at most 5 days; `gap`: all) turned into REST. */
export function applyCardOutPolicy(t: Timeline, unknownAs: UnknownAs): CardOutResult {
  const maxSeconds = cardOutRestMax(unknownAs);
  if (maxSeconds === null) return { timeline: t, assumed: [] };
  const assumed = innerGaps(t).filter((g) => g.end - g.start <= maxSeconds);
  if (assumed.length === 0) return { timeline: t, assumed };
  const segments: Segment[] = [];
  let g = 0;
  for (const s of t.segments) {
    while (g < assumed.length && assumed[g]!.end <= s.start) g++;
    const gap = assumed[g];
    const inside = s.kind === 'UNKNOWN' && gap !== undefined && s.start >= gap.start && s.end <= gap.end;
    segments.push(inside ? { ...s, kind: 'REST', crew: false } : s);
  }
  const gaps = t.gaps.filter((x) => !assumed.includes(x));
  return { timeline: { segments, gaps, knownStart: t.knownStart, knownEnd: t.knownEnd }, assumed };
}
