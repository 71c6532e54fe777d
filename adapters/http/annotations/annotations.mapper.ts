/** An annotation (epoch seconds) as its JSON answer (ISO text), with its history: created, then withdrawn. */
import type { Annotation } from '../../../core/annotations/annotation.js';
import { isoTimestamp } from '../../../core/time.js';

export function annotationToResponse(a: Annotation) {
  const w = a.withdrawal;
  const history: { action: 'CREATED' | 'WITHDRAWN'; at: string; author: string | null; text: string | null }[] = [
    { action: 'CREATED', at: isoTimestamp(a.created_at), author: a.author || null, text: a.note },
  ];
  if (w) history.push({ action: 'WITHDRAWN', at: isoTimestamp(w.at), author: w.author || null, text: w.reason });
  return {
    annotation_id: a.annotation_id,
    card_number: a.card_number,
    kind: a.kind,
    start: isoTimestamp(a.start),
    end: isoTimestamp(a.end),
    duration: a.end - a.start,
    note: a.note,
    author: a.author || null,
    created_at: isoTimestamp(a.created_at),
    status: w ? ('WITHDRAWN' as const) : ('ACTIVE' as const),
    withdrawn_at: w ? isoTimestamp(w.at) : null,
    withdrawn_by: w ? w.author || null : null,
    withdraw_reason: w ? w.reason : null,
    history,
  };
}
