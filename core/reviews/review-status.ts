/**
 * The office's follow-up of a finding: OPEN (default, nobody looked yet) → CONFIRMED (an infringement) or
 * JUSTIFIED (explained, e.g. by Art. 12 evidence) → DRIVER_INFORMED → ACKNOWLEDGED (the driver signed). The
 * history is append-only (./review-chain.ts); a transition outside this policy is refused, a mistaken decision
 * is corrected by the history, never by rewriting it.
 */

export const REVIEW_STATUSES = ['OPEN', 'CONFIRMED', 'JUSTIFIED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The status of a finding nobody has reviewed. */
export const INITIAL_REVIEW_STATUS: ReviewStatus = 'OPEN';

const NEXT: Record<ReviewStatus, readonly ReviewStatus[]> = {
  OPEN: ['CONFIRMED', 'JUSTIFIED'],
  CONFIRMED: ['DRIVER_INFORMED'],
  JUSTIFIED: ['DRIVER_INFORMED'],
  DRIVER_INFORMED: ['ACKNOWLEDGED'],
  ACKNOWLEDGED: [],
};

/** The statuses a finding in `from` may move to (empty for ACKNOWLEDGED: the follow-up is closed). */
export function allowedReviewTransitions(from: ReviewStatus): readonly ReviewStatus[] {
  return NEXT[from];
}

export function isAllowedTransition(from: ReviewStatus, to: ReviewStatus): boolean {
  return NEXT[from].includes(to);
}
