/**
 * The office's annotations: what it knows about time the card leaves unknown (leave, sickness, other work away
 * from the vehicle, …). An annotation is the office's record beside the card's data, never a change of it: it is
 * kept with who entered it (free text), when (the service's clock) and its withdrawal, and is never deleted.
 * How each kind is read by the EU 561 pre-check and the working-time check: ../eu561/annotations.ts.
 */

export const ANNOTATION_KINDS = [
  'LEAVE',
  'SICK_LEAVE',
  'OTHER_WORK',
  'AVAILABILITY',
  'REST',
  'OUT_OF_SCOPE',
  'FERRY_TRAIN',
  'ARTICLE_12',
] as const;

export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/**
 * Kinds that only mark findings and may lie over recorded activity: Art. 12 (a departure to reach a suitable
 * stopping place is recorded driving) and Art. 9 ferry/train (a rest on board is interrupted by recorded driving
 * on and off). Every other kind states what the driver did while the card was out, so it is refused over recorded
 * driving (the card then says otherwise).
 */
export const MARKER_KINDS: ReadonlySet<AnnotationKind> = new Set(['ARTICLE_12', 'FERRY_TRAIN']);

/** Art. 12: the driver must indicate the reason; an annotation without it records nothing the office can use. */
export const NOTE_REQUIRED: ReadonlySet<AnnotationKind> = new Set(['ARTICLE_12']);

/** The longest annotation accepted (a year of leave or sickness). */
export const ANNOTATION_MAX_SECONDS = 366 * 86_400;

export interface AnnotationWithdrawal {
  /** epoch seconds (server clock) */
  at: number;
  author: string;
  reason: string | null;
}

export interface Annotation {
  annotation_id: string;
  card_number: string;
  kind: AnnotationKind;
  /** epoch seconds, [start, end) */
  start: number;
  end: number;
  note: string | null;
  /** who entered it (free text; empty when not given) */
  author: string;
  /** epoch seconds (server clock) */
  created_at: number;
  withdrawal: AnnotationWithdrawal | null;
}

export interface NewAnnotation {
  card_number: string;
  kind: AnnotationKind;
  start: number;
  end: number;
  note: string | null;
  author: string;
}

/** Why a new annotation cannot be accepted as such (null: it can). */
export function annotationProblem(a: NewAnnotation): { field: string; message: string } | null {
  if (!(a.end > a.start)) return { field: 'end', message: 'Field end must be after start.' };
  if (a.end - a.start > ANNOTATION_MAX_SECONDS)
    return { field: 'end', message: 'An annotation spans at most 366 days.' };
  if (NOTE_REQUIRED.has(a.kind) && (a.note === null || a.note.trim() === '')) {
    return {
      field: 'note',
      message: `An ${a.kind} annotation needs a note: Art. 12 requires the reason for the departure to be indicated.`,
    };
  }
  return null;
}
