/**
 * ChangeFeed (core/ports/change-feed.ts) over the change numbers of ./change-numbers.ts: the imports, annotations and
 * review entries whose `change_number` is above the cursor, read by ONE statement (one snapshot on PostgreSQL too:
 * three reads could each see another set of commits, and a number seen by a later read while a smaller one was
 * missed by an earlier read would be skipped for good). Each table gives at most `limit` rows by its unique index on
 * `change_number`, the smallest `limit` of their union are kept. What a row says happened is read from its columns:
 * an import WITHDRAWN was withdrawn, one with `restored_at` restored, else imported; an annotation with
 * `withdrawn_at` withdrawn, else created; a review entry is a review.
 */
import type { Change, ChangeAction, ChangeFeed, ChangeKind } from '../../../core/ports/change-feed.js';
import type { ReviewStatus } from '../../../core/reviews/review-status.js';
import { statusOf } from '../office-records/office-records-store.js';
import type { Raw } from '../database/dialect.js';
import type { Database } from '../database/database.js';

/**
 * Each table's rows above the cursor as one shape: change, kind, id, card, vin, status and the three times (the
 * NULLs typed: PostgreSQL types an untyped NULL of a subquery as text, which no integer column unites with).
 */
const BRANCHES = [
  `SELECT change_number, 'import' AS kind, import_id AS id, card_number, vin, status, imported_at AS made,
          withdrawn_at, restored_at
     FROM imports WHERE change_number > ? ORDER BY change_number LIMIT ?`,
  `SELECT change_number, 'annotation' AS kind, annotation_id AS id, card_number, CAST(NULL AS TEXT) AS vin, CAST(NULL AS TEXT) AS status,
          created_at AS made, withdrawn_at, CAST(NULL AS BIGINT) AS restored_at
     FROM annotation WHERE change_number > ? ORDER BY change_number LIMIT ?`,
  `SELECT change_number, 'finding_review' AS kind, finding_id AS id, CAST(NULL AS TEXT) AS card_number, CAST(NULL AS TEXT) AS vin, status,
          at_s AS made, CAST(NULL AS BIGINT) AS withdrawn_at, CAST(NULL AS BIGINT) AS restored_at
     FROM finding_review WHERE change_number > ? ORDER BY change_number LIMIT ?`,
];

const FEED_SQL = `SELECT * FROM (${BRANCHES.map((b) => `SELECT * FROM (${b}) AS b`).join(' UNION ALL ')}) AS feed
  ORDER BY change_number LIMIT ?`;

const seconds = (value: unknown): number | null => (value === null ? null : Number(value));
const text = (value: unknown): string | null => (value === null ? null : String(value));

/** What happened to the row, and when. */
function actionOf(kind: ChangeKind, row: Raw): { action: ChangeAction; at: number } {
  const made = Number(row.made);
  const withdrawn = seconds(row.withdrawn_at);
  const restored = seconds(row.restored_at);
  if (kind === 'finding_review') return { action: 'reviewed', at: made };
  if (kind === 'annotation')
    return withdrawn === null ? { action: 'created', at: made } : { action: 'withdrawn', at: withdrawn };
  if (row.status === 'WITHDRAWN') return { action: 'withdrawn', at: withdrawn ?? made };
  return restored === null ? { action: 'imported', at: made } : { action: 'restored', at: restored };
}

function reviewStatus(kind: ChangeKind, value: unknown): ReviewStatus | null {
  return kind === 'finding_review' ? statusOf(value) : null;
}

export function changeFromRaw(row: Raw): Change {
  const kind = String(row.kind) as ChangeKind;
  return {
    change: Number(row.change_number),
    kind,
    ...actionOf(kind, row),
    id: String(row.id),
    card_number: text(row.card_number),
    vin: text(row.vin),
    status: reviewStatus(kind, row.status),
  };
}

export class SqlChangeFeed implements ChangeFeed {
  constructor(private readonly db: Database) {}

  async changesAfter(after: number, limit: number): Promise<{ changes: Change[]; last: number }> {
    const rows = await this.db.query(FEED_SQL, [after, limit, after, limit, after, limit, limit]);
    // read after the rows: the counter only grows, so it is at least every number they hold
    // (the counter's row is made when the database is opened: numberStoredImports)
    const [counter] = await this.db.query('SELECT last FROM change_counter WHERE id = 1');
    return { changes: rows.map(changeFromRaw), last: Number(counter!.last) };
  }
}
