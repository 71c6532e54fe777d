/**
 * The change feed: every record an integration follows (imports, annotations, finding reviews) listed by the number
 * of its latest change, in one order. The numbers come from one counter, handed out in commit order (the storage
 * adapter's change-numbers), so a reader that sees number N sees every smaller number already. Contract
 * (conformance/change-feed.suite.ts, both databases):
 * - `changesAfter(after, limit)` answers the records whose latest change number is above `after`, smallest first,
 *   at most `limit`, read in one snapshot, and `last`: the last number the counter handed out (at least every number
 *   listed);
 * - an import or an annotation is listed once, at its latest change (an import imported then withdrawn since the
 *   cursor is listed withdrawn); every review entry is a change of its own (entries are never changed).
 */
import type { EpochSeconds } from '../domain/rows.js';
import type { ReviewStatus } from '../reviews/review-status.js';

/** What changed: an import (a driver card or VU download), an office annotation, or a finding's review. */
export const CHANGE_KINDS = ['import', 'annotation', 'finding_review'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * What happened to it: an import was `imported`, `withdrawn` or `restored`; an annotation `created` or `withdrawn`;
 * a finding `reviewed` (a new entry of its review history, its status after it in `status`).
 */
export const CHANGE_ACTIONS = ['imported', 'withdrawn', 'restored', 'created', 'reviewed'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export interface Change {
  /** the change number (> 0) */
  change: number;
  kind: ChangeKind;
  action: ChangeAction;
  /** import_id, annotation_id or finding_id */
  id: string;
  /** the card the record is about (null: a vehicle-unit download, a review) */
  card_number: string | null;
  /** the vehicle of a vehicle-unit download (null otherwise) */
  vin: string | null;
  /** when the change was made */
  at: EpochSeconds;
  /** a review: the finding's status after it (null for the other kinds) */
  status: ReviewStatus | null;
}

export interface ChangeFeed {
  changesAfter(after: number, limit: number): Promise<{ changes: Change[]; last: number }>;
}
