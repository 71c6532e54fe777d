/**
 * A finding's evidence: the intervals of the timeline behind it, and its summary (first and last interval, count
 * and seconds per activity) for lists longer than EVIDENCE_SUMMARY_OVER (evidence=summary, the default).
 */
import type { RawFinding } from './finding.js';
import { toIso } from './time.js';
import type { Segment } from './timeline.js';
import type { Evidence, EvidenceActivity, EvidenceSummary } from './types.js';

/** Evidence lists longer than this are summarised (evidence=summary, the default). */
export const EVIDENCE_SUMMARY_OVER = 10;

/** A finding's evidence fields: the intervals, and their summary when the list was summarised. */
export interface FindingEvidence {
  evidence: Evidence[];
  evidence_summary?: EvidenceSummary;
}

/**
 * The intervals of the timeline behind a finding (its evidence). With `summarise` (evidence=summary, the default)
 * a list longer than EVIDENCE_SUMMARY_OVER is never built: only its first and last intervals are written, with the
 * summary (true count and seconds per activity, summed from the numbers the intervals were written from; a
 * card-year pre-check wrote every interval of every finding as ISO text before keeping two of them, which set the
 * service's memory peak).
 */
export function evidenceOf(
  segments: readonly Segment[],
  f: Pick<RawFinding, 'start' | 'end' | 'evidenceKinds'>,
  summarise = false,
): FindingEvidence {
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
  const write = (s: Segment): Evidence => ({
    start: toIso(Math.max(s.start, f.start)),
    end: toIso(Math.min(s.end, f.end)),
    activity: s.kind,
  });
  if (!summarise || count <= EVIDENCE_SUMMARY_OVER) return { evidence: picked.map(write) };
  const first = write(picked[0]!);
  const final = write(last!);
  return { evidence: [first, final], evidence_summary: { count, first, last: final, totals } };
}
