/**
 * The card's specific conditions (EF Specific_Conditions, Annex IC 2.152 / 2.154) as the pre-check reads them.
 *
 * OUT OF SCOPE (begin / end). Readings:
 * - A period runs from its begin to the first of: its end, the next out-of-scope begin, the card's withdrawal (the
 *   first card-out record after the begin) or the end of the data. The Annex IB/IC requirement that the vehicle unit
 *   closes an open OUT OF SCOPE condition when a driver card is inserted or withdrawn is not in the shared reference
 *   copy (UNSURE); taking the withdrawal as the end never extends a period past what the card shows, and driving
 *   findings over the time from such a withdrawal to the next entry are POTENTIAL (unclosedOutOfScope).
 * - Driving inside such a period is other work, not driving time: Art. 6(5) (VERIFIED) has "any time spent driving a
 *   vehicle used for commercial operations that do not fall within the scope of this Regulation" recorded as other
 *   work, and the vehicle unit's own computation (Annex IC Appendix, Addendum point 1 and 2(b)) takes DRIVING in OUT
 *   OF SCOPE as WORK and sums driving time "while not in OUT OF SCOPE". So the driving limits (Art. 6(1)-(3)) and the
 *   break rule (Art. 7) count no driving there; rest recorded there stays rest (Addendum point 1).
 * - The rest rules (Art. 8) keep running across such a period, the Addendum's reading (out-of-scope work is work).
 *   Whether Art. 8 applies to the rests around carriage exempted under Art. 3 or a national Art. 13 derogation is not
 *   settled by any text in the shared reference (UNSURE): a rest finding overlapping an out-of-scope period (recorded
 *   or an OUT_OF_SCOPE annotation) is therefore POTENTIAL, never a VIOLATION (./derogation-marks.ts).
 *
 * FERRY / TRAIN CROSSING: generation 2 records its begin and end, a generation 1 application only its begin (Annex
 * IC 2.154; "Only the 'FERRY / TRAIN CROSSING begin' … is stored in Generation 1 application"). A crossing is the
 * begin with the next end when one follows before the next begin, else the begin alone (./ferry-rests.ts).
 */
import type { ActivityIntervalRow, SpecificCondition } from '../domain/rows.js';
import type { Gap, Segment, Timeline } from './timeline.js';

/** A condition as the pre-check takes it (epoch seconds). */
export interface ConditionEntry {
  at: number;
  condition: SpecificCondition;
}

export interface Crossing {
  begin: number;
  /** null: not recorded (a generation 1 application, or the end not entered) */
  end: number | null;
}

const byTime = (entries: readonly ConditionEntry[]) => [...entries].sort((a, b) => a.at - b.at);

/** The ferry/train crossings: each begin with the end that follows it before the next begin. */
export function crossingsOf(entries: readonly ConditionEntry[]): Crossing[] {
  const out: Crossing[] = [];
  for (const e of byTime(entries)) {
    if (e.condition === 'FERRY_TRAIN_BEGIN') out.push({ begin: e.at, end: null });
    else if (e.condition === 'FERRY_TRAIN_END') {
      const open = out[out.length - 1];
      if (open && open.end === null && e.at >= open.begin) open.end = e.at;
    }
  }
  return out;
}

/** The first withdrawal of the card after `at`: the start of the first card-out record (not a manual entry). */
function withdrawalAfter(rows: readonly ActivityIntervalRow[], at: number): number | null {
  let first: number | null = null;
  for (const r of rows) {
    if (r.card_inserted || r.manual_entry || r.end <= at) continue;
    const start = Math.max(r.start, at);
    if (start > at && (first === null || start < first)) first = start;
  }
  return first;
}

/** Each out-of-scope begin with the instant that ends it and what ended it (header). */
function periodsOf(
  entries: readonly ConditionEntry[],
  rows: readonly ActivityIntervalRow[],
  dataEnd: number | null,
): { start: number; end: number; withdrawal: boolean; next: number | null }[] {
  const sorted = byTime(entries).filter(
    (e) => e.condition === 'OUT_OF_SCOPE_BEGIN' || e.condition === 'OUT_OF_SCOPE_END',
  );
  return sorted.flatMap((e, k) => {
    if (e.condition !== 'OUT_OF_SCOPE_BEGIN') return [];
    const next = sorted.slice(k + 1).find((n) => n.at > e.at)?.at ?? null;
    const withdrawal = withdrawalAfter(rows, e.at);
    const ends = [next, withdrawal, dataEnd].filter((x): x is number => x !== null);
    const end = ends.length ? Math.min(...ends) : e.at;
    return end > e.at ? [{ start: e.at, end, withdrawal: end === withdrawal && end !== next, next }] : [];
  });
}

/** The out-of-scope periods (header), clipped to the data's end `dataEnd`. */
export function outOfScopeSpans(
  entries: readonly ConditionEntry[],
  rows: readonly ActivityIntervalRow[],
  dataEnd: number | null,
): Gap[] {
  return periodsOf(entries, rows, dataEnd).map(({ start, end }) => ({ start, end }));
}

/**
 * After a period closed by the card's withdrawal (no end entered), the time up to the next entry or the end of the
 * data: out of scope only if the vehicle unit did not close the condition there (the UNSURE reading of the header).
 * Driving findings over it are POTENTIAL (./derogation-marks.ts).
 */
export function unclosedOutOfScope(
  entries: readonly ConditionEntry[],
  rows: readonly ActivityIntervalRow[],
  dataEnd: number | null,
): Gap[] {
  return periodsOf(entries, rows, dataEnd).flatMap((p) => {
    if (!p.withdrawal) return [];
    const until = p.next ?? dataEnd;
    return until !== null && until > p.end ? [{ start: p.end, end: until }] : [];
  });
}

/** The timeline with DRIVING inside the out-of-scope periods taken as WORK (Art. 6(5); header). */
export function applyOutOfScope(t: Timeline, spans: readonly Gap[]): Timeline {
  if (spans.length === 0) return t;
  const segments: Segment[] = [];
  for (const s of t.segments) {
    const over = s.kind === 'DRIVING' ? spans.filter((g) => g.start < s.end && s.start < g.end) : [];
    if (over.length === 0) {
      segments.push(s);
      continue;
    }
    let cursor = s.start;
    for (const g of over) {
      const from = Math.max(g.start, s.start);
      const to = Math.min(g.end, s.end);
      if (from > cursor) segments.push({ ...s, start: cursor, end: from });
      segments.push({ ...s, start: from, end: to, kind: 'WORK' });
      cursor = to;
    }
    if (cursor < s.end) segments.push({ ...s, start: cursor, end: s.end });
  }
  return { ...t, segments };
}

/** Seconds of recorded driving inside the spans (what the out-of-scope reading takes out of the driving limits). */
export function drivingInside(t: Timeline, spans: readonly Gap[]): number {
  let total = 0;
  for (const s of t.segments) {
    if (s.kind !== 'DRIVING') continue;
    for (const g of spans) total += Math.max(0, Math.min(g.end, s.end) - Math.max(g.start, s.start));
  }
  return total;
}
