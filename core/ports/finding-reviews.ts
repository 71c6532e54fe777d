/**
 * The review status of findings, by finding_id (the office's follow-up of a finding: checked, justified,
 * confirmed, shown to the driver). Read by the findings of a period to filter by status; a finding never
 * reviewed is OPEN. The store behind it belongs to the review workflow; this port only reads.
 */
export const REVIEW_STATUSES = ['OPEN', 'CONFIRMED', 'JUSTIFIED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface FindingReviews {
  /** the current status of each finding_id that has a review; ids absent from the answer are OPEN */
  statuses(findingIds: readonly string[]): Promise<ReadonlyMap<string, ReviewStatus>>;
}

/** No review store wired: every finding is OPEN. */
export const NO_REVIEWS: FindingReviews = {
  statuses: async () => new Map(),
};
