/**
 * The office's review of findings (core/reviews/). `FindingReviews` is what a list of findings needs: the current
 * status of each finding_id (OPEN for a finding nobody reviewed). `FindingReviewStore` keeps the append-only,
 * hash-chained history behind it (conformance/finding-reviews.suite.ts runs it on SQLite and PostgreSQL):
 * - `appendReview` adds an entry; when the finding already holds an entry with that seq (a concurrent review won)
 *   it adds nothing and answers false;
 * - `reviewHistory` returns a finding's entries ordered by seq, exactly as stored (never corrected).
 */
import type { ReviewEntry } from '../reviews/review-chain.js';
import { REVIEW_STATUSES, type ReviewStatus } from '../reviews/review-status.js';

export { REVIEW_STATUSES, type ReviewStatus };

export interface FindingReviews {
  /** the current status of each finding_id that has a review; ids absent from the answer are OPEN */
  statusesOf(findingIds: readonly string[]): Promise<ReadonlyMap<string, ReviewStatus>>;
}

/** No review store wired: every finding is OPEN. */
export const NO_REVIEWS: FindingReviews = {
  statusesOf: async () => new Map(),
};

export interface FindingReviewStore extends FindingReviews {
  appendReview(entry: ReviewEntry): Promise<boolean>;
  reviewHistory(findingId: string): Promise<ReviewEntry[]>;
}
