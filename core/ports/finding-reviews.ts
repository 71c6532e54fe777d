/**
 * The office's review of findings (core/reviews/). `FindingReviews` is what a list of findings needs: the current
 * status of each finding_id (OPEN for a finding nobody reviewed). `FindingReviewStore` keeps the append-only,
 * hash-chained history behind it (conformance/finding-review-store.suite.ts runs it on SQLite and PostgreSQL):
 * - `appendReview` adds an entry; when the finding already holds an entry with that seq (a concurrent review won)
 *   it adds nothing and answers false;
 * - `reviewHistory` returns a finding's entries ordered by seq, exactly as stored (never corrected).
 */
import type { ReviewEntry } from '../reviews/review-chain.js';
import type { ReviewStatus } from '../reviews/review-status.js';

export type { ReviewStatus };

export interface FindingReviews {
  statusesOf(findingIds: readonly string[]): Promise<Map<string, ReviewStatus>>;
}

export interface FindingReviewStore extends FindingReviews {
  appendReview(entry: ReviewEntry): Promise<boolean>;
  reviewHistory(findingId: string): Promise<ReviewEntry[]>;
}
