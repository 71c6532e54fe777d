/**
 * The words of the office's own records, keyed by the core's enums (a status or kind added there without words here
 * does not compile): review statuses and annotation kinds, as the page, the report and the letter write them.
 */
// type-only: the enums of the core (erased from the compiled JavaScript)
import type { AnnotationKind } from '../../core/annotations/annotation.js';
import type { ReviewStatus } from '../../core/reviews/review-status.js';

export const REVIEW_STATUS_NAMES: Record<ReviewStatus, string> = {
  OPEN: 'Open (not reviewed yet)',
  CONFIRMED: 'Confirmed by the office',
  JUSTIFIED: 'Justified by the office',
  DRIVER_INFORMED: 'Driver informed',
  ACKNOWLEDGED: 'Acknowledged by the driver',
};

export const ANNOTATION_KIND_NAMES: Record<AnnotationKind, string> = {
  LEAVE: 'Leave',
  SICK_LEAVE: 'Sick leave',
  REST: 'Rest',
  OTHER_WORK: 'Other work',
  AVAILABILITY: 'Availability',
  OUT_OF_SCOPE: 'Driving out of scope (other work)',
  FERRY_TRAIN: 'Ferry / train (Art. 9)',
  ARTICLE_12: 'Art. 12 departure',
};

/** A review status in words; a status a newer service added is written as its words. */
export function reviewStatusName(status: string | null | undefined): string {
  if (!status) return REVIEW_STATUS_NAMES.OPEN;
  return Object.hasOwn(REVIEW_STATUS_NAMES, status)
    ? REVIEW_STATUS_NAMES[status as ReviewStatus]
    : status.replace(/_/g, ' ').toLowerCase();
}

/** An annotation kind in words. */
export function annotationKindName(kind: string): string {
  return Object.hasOwn(ANNOTATION_KIND_NAMES, kind)
    ? ANNOTATION_KIND_NAMES[kind as AnnotationKind]
    : kind.replace(/_/g, ' ').toLowerCase();
}
