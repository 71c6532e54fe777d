/**
 * Turns the card's activity rows into one continuous, gap-aware timeline (epoch seconds).
 *
 * - Rows are the card's per-day records (split at 00:00 UTC); they are ordered by start, overlaps (e.g. two
 *   vehicle units disagreeing about a clock) are clipped so no second is counted twice.
 * - A row with card_inserted=false and manual_entry=false is of UNKNOWN activity; time inside the evaluated
 *   range with no row at all (days absent from the data basis) is UNKNOWN too, marked `missing`.
 * - The pre-check never invents activity for UNKNOWN time. Rules run on two completions of the timeline:
 *   UNKNOWN as REST ('rest') and UNKNOWN as WORK ('work': not rest, and not driving, because driving is
 *   recorded by the vehicle unit only with a card inserted — Annex IC Appendix, Addendum point 1). A finding
 *   present in both completions is shown by the data; one present in only one completion depends on the
 *   unknown time and is INCOMPLETE_DATA.
 * - UNKNOWN time before the first and after the last known activity lies outside the evaluated span: there is
 *   nothing known before the data starts, so rules anchored there are not flagged.
 */
import type { ActivityIntervalRow } from '../domain/rows.js';
import { DAY } from './time.js';

export type SegmentKind = 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST' | 'UNKNOWN';

export interface Segment {
  start: number;
  end: number;
  kind: SegmentKind;
  crew: boolean;
  /** recorded in the co-driver slot (card in slot 2) */
  coDriver: boolean;
  /** UNKNOWN because no row covers this time at all */
  missing: boolean;
}

export interface Gap {
  start: number;
  end: number;
}

export interface Timeline {
  segments: Segment[];
  gaps: Gap[];
  /** start of the first / end of the last segment of known activity (null when there is none) */
  knownStart: number | null;
  knownEnd: number | null;
}

/** A run of same-kind segments, the unit the rules work on. */
export interface Period {
  kind: 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST';
  start: number;
  end: number;
  /** some driving of this period was recorded with crew=true (multi-manning) */
  crew: boolean;
  /**
   * AVAILABILITY recorded in the co-driver slot in crew mode: the driver rode along while the other drove
   * (see ./rules/break.ts for why such time may be a break under Art. 7 third paragraph, 2020/1054).
   */
  riding: boolean;
  /** the period contains UNKNOWN time filled in by the completion */
  filled: boolean;
}

export type Completion = 'rest' | 'work';

export function buildTimeline(
  intervals: readonly ActivityIntervalRow[],
  rangeStart: number | null,
  rangeEnd: number | null,
): Timeline {
  const rows: Segment[] = [];
  for (const r of intervals) {
    let start = r.start;
    let end = r.end;
    if (rangeStart !== null && start < rangeStart) start = rangeStart;
    if (rangeEnd !== null && end > rangeEnd) end = rangeEnd;
    if (!(end > start)) continue;
    const known = r.card_inserted || r.manual_entry;
    rows.push({
      start,
      end,
      kind: known ? r.activity : 'UNKNOWN',
      crew: r.crew,
      coDriver: r.slot === 'CO_DRIVER',
      missing: false,
    });
  }
  let sorted = true;
  for (let k = 1; k < rows.length && sorted; k++) {
    const a = rows[k - 1]!;
    const b = rows[k]!;
    if (a.start > b.start || (a.start === b.start && a.end > b.end)) sorted = false;
  }
  if (!sorted) rows.sort((a, b) => a.start - b.start || a.end - b.end);

  const segments: Segment[] = [];
  let cursor = rangeStart ?? (rows.length ? rows[0]!.start : 0);
  const pushMissing = (start: number, end: number) => {
    // split at 00:00 UTC like card records, so evidence reads day by day
    for (let s = start; s < end;) {
      const e = Math.min(end, (Math.floor(s / DAY) + 1) * DAY);
      segments.push({ start: s, end: e, kind: 'UNKNOWN', crew: false, coDriver: false, missing: true });
      s = e;
    }
  };
  for (const r of rows) {
    if (r.end <= cursor) continue;
    if (r.start > cursor) pushMissing(cursor, r.start);
    const start = Math.max(r.start, cursor);
    segments.push(start === r.start ? r : { ...r, start });
    cursor = r.end;
  }
  if (rangeEnd !== null && cursor < rangeEnd) pushMissing(cursor, rangeEnd);

  const gaps: Gap[] = [];
  let knownStart: number | null = null;
  let knownEnd: number | null = null;
  for (const s of segments) {
    if (s.kind === 'UNKNOWN') {
      const last = gaps[gaps.length - 1];
      if (last && last.end === s.start) last.end = s.end;
      else gaps.push({ start: s.start, end: s.end });
    } else {
      if (knownStart === null) knownStart = s.start;
      knownEnd = s.end;
    }
  }
  return { segments, gaps, knownStart, knownEnd };
}

/** Gaps strictly inside the evaluated span (these are the ones a completion fills). */
export function innerGaps(t: Timeline): Gap[] {
  if (t.knownStart === null || t.knownEnd === null) return [];
  const ks = t.knownStart;
  const ke = t.knownEnd;
  return t.gaps.filter((g) => g.start >= ks && g.end <= ke);
}

/** Same-kind runs of the evaluated span, UNKNOWN replaced according to the completion. */
export function periodsOf(t: Timeline, completion: Completion): Period[] {
  const out: Period[] = [];
  if (t.knownStart === null || t.knownEnd === null) return out;
  const fill = completion === 'rest' ? 'REST' : 'WORK';
  for (const s of t.segments) {
    if (s.end <= t.knownStart || s.start >= t.knownEnd) continue;
    const kind = s.kind === 'UNKNOWN' ? fill : s.kind;
    const filled = s.kind === 'UNKNOWN';
    const crew = s.crew && s.kind !== 'UNKNOWN';
    const riding = s.kind === 'AVAILABILITY' && s.crew && s.coDriver;
    const last = out[out.length - 1];
    if (last && last.kind === kind && last.end === s.start && last.riding === riding) {
      last.end = s.end;
      last.crew ||= crew;
      last.filled ||= filled;
    } else {
      out.push({ kind, start: s.start, end: s.end, crew, riding, filled });
    }
  }
  return out;
}
