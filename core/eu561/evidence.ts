/**
 * A finding's evidence: the intervals of the timeline behind it, and its summary (first and last interval, count
 * and seconds per activity) for lists longer than EVIDENCE_SUMMARY_OVER (evidence=summary, the default).
 */
import type { RawFinding } from './finding.js';
import { toIso, toSec } from './time.js';
import type { Segment } from './timeline.js';
import type { Evidence, EvidenceActivity, Violation } from './types.js';

/** Evidence lists longer than this are summarised (evidence=summary, the default). */
export const EVIDENCE_SUMMARY_OVER = 10;

/**
 * The intervals of the timeline behind a finding (its evidence). With `summarise` (evidence=summary, the default)
 * a list longer than EVIDENCE_SUMMARY_OVER is never built: only its first and last intervals are written, and its
 * count and totals kept for summariseEvidence (a card-year pre-check wrote every interval of every finding as
 * ISO text before keeping two of them, which set the service's memory peak).
 */
export function evidenceOf(segments: readonly Segment[], f: Pick<RawFinding, 'start' | 'end' | 'evidenceKinds'>, summarise = false): Evidence[] {
  // first segment ending after f.start
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]!.end <= f.start) lo = mid + 1;
    else hi = mid;
  }
  const totals: Record<EvidenceActivity, number> = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  const picked: Segment[] = [];
  let count = 0;
  let last: Segment | null = null;
  for (let k = lo; k < segments.length && segments[k]!.start < f.end; k++) {
    const s = segments[k]!;
    if (s.kind !== 'UNKNOWN' && !f.evidenceKinds.includes(s.kind)) continue;
    totals[s.kind] += Math.min(s.end, f.end) - Math.max(s.start, f.start);
    if (!summarise || count < EVIDENCE_SUMMARY_OVER) picked.push(s);
    last = s;
    count++;
  }
  const write = (s: Segment): Evidence => ({ start: toIso(Math.max(s.start, f.start)), end: toIso(Math.min(s.end, f.end)), activity: s.kind });
  if (summarise && count > EVIDENCE_SUMMARY_OVER) {
    const out = [write(picked[0]!), write(last!)];
    SUMMARISED.set(out, { count, totals });
    return out;
  }
  const out = picked.map(write);
  SUMMARISED.set(out, { count, totals });
  return out;
}

/**
 * Count and seconds per activity of an evidence list made by evidenceOf, summed from the numbers it was written
 * from: summariseEvidence needs no ISO text read back, and a list written summarised keeps its true count.
 */
const SUMMARISED = new WeakMap<readonly Evidence[], { count: number; totals: Record<EvidenceActivity, number> }>();


export function summariseEvidence<V extends Omit<Violation, 'rule'>>(v: V): V {
  const known = SUMMARISED.get(v.evidence);
  const count = known?.count ?? v.evidence.length;
  if (count <= EVIDENCE_SUMMARY_OVER) return v;
  let totals = known?.totals;
  if (totals === undefined) {
    totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
    for (const e of v.evidence) totals[e.activity] += toSec(e.end) - toSec(e.start);
  }
  const first = v.evidence[0]!;
  const last = v.evidence[v.evidence.length - 1]!;
  return { ...v, evidence: [first, last], evidence_summary: { count, first, last, totals: { ...totals } } };
}
