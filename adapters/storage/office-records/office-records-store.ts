/**
 * AnnotationStore and FindingReviewStore (core/ports) on the MikroORM adapter's connection: the `annotation` and
 * `finding_review` tables of ./office-records-schema.ts, written durably (these are the office's own records, not
 * derived data). A review entry is inserted with `ON CONFLICT DO NOTHING … RETURNING`, so a concurrent review
 * that took the same place in the chain is reported (false), never overwritten. Each creation, withdrawal and review
 * entry takes the next change number in its own transaction, last (../change-feed/change-numbers.ts), so GET
 * /changes lists it in commit order with the imports.
 */
import {
  ANNOTATION_KINDS,
  type Annotation,
  type AnnotationKind,
  type AnnotationWithdrawal,
} from '../../../core/annotations/annotation.js';
import type { AnnotationQuery, AnnotationStore } from '../../../core/ports/annotation-store.js';
import type { FindingReviewStore } from '../../../core/ports/finding-reviews.js';
import type { ReviewEntry } from '../../../core/reviews/review-chain.js';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../core/reviews/review-status.js';
import type { Raw, SqlValue } from '../database/dialect.js';
import { ANNOTATION_COLUMNS, FINDING_REVIEW_COLUMNS } from '../mikro-orm-schema/office-records-schema.js';
import type { Database } from '../database/database.js';
import { numberRow } from '../change-feed/change-numbers.js';

const num = (v: unknown): number => Number(v);
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A stored review status (../change-feed/change-feed-store.ts reads it too). */
export function statusOf(value: unknown): ReviewStatus {
  const s = String(value);
  if ((REVIEW_STATUSES as readonly string[]).includes(s)) return s as ReviewStatus;
  // a value no version writes: read as it is stored would break the type; the chain check reports the entry
  return 'OPEN';
}

export function annotationFromRaw(r: Raw): Annotation {
  const kind = String(r.kind);
  return {
    annotation_id: String(r.annotation_id),
    card_number: String(r.card_number),
    kind: ((ANNOTATION_KINDS as readonly string[]).includes(kind) ? kind : 'OTHER_WORK') as AnnotationKind,
    start: num(r.start_s),
    end: num(r.end_s),
    note: text(r.note),
    author: String(r.author),
    created_at: num(r.created_at),
    withdrawal:
      r.withdrawn_at === null || r.withdrawn_at === undefined
        ? null
        : { at: num(r.withdrawn_at), author: String(r.withdrawn_by ?? ''), reason: text(r.withdraw_reason) },
  };
}

function reviewFromRaw(r: Raw): ReviewEntry {
  return {
    finding_id: String(r.finding_id),
    seq: num(r.seq),
    previous_status: statusOf(r.previous_status),
    status: statusOf(r.status),
    note: text(r.note),
    author: String(r.author),
    at: num(r.at_s),
    prev_hash: String(r.prev_hash),
    hash: String(r.hash),
  };
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class SqlOfficeRecords implements AnnotationStore, FindingReviewStore {
  constructor(private readonly db: Database) {}

  async addAnnotation(a: Annotation): Promise<void> {
    const values: SqlValue[] = [
      a.annotation_id,
      a.card_number,
      a.kind,
      a.start,
      a.end,
      a.note,
      a.author,
      a.created_at,
      a.withdrawal?.at ?? null,
      a.withdrawal?.author ?? null,
      a.withdrawal?.reason ?? null,
    ];
    await this.db.runner.transaction(async (tx) => {
      await this.db.query(
        `INSERT INTO annotation (${ANNOTATION_COLUMNS.join(', ')}) VALUES (${placeholders(values.length)})`,
        values,
        tx,
      );
      await numberRow(tx, this.db.dialect, 'annotation', [a.annotation_id]);
    });
  }

  async annotation(annotationId: string): Promise<Annotation | null> {
    const rows = await this.db.query(
      `SELECT ${ANNOTATION_COLUMNS.join(', ')} FROM annotation WHERE annotation_id = ?`,
      [annotationId],
    );
    return rows.length === 0 ? null : annotationFromRaw(rows[0]!);
  }

  async annotationsOf(q: AnnotationQuery): Promise<Annotation[]> {
    const where = ['card_number = ?'];
    const params: SqlValue[] = [q.card_number];
    if (q.to !== null) {
      where.push('start_s < ?');
      params.push(q.to);
    }
    if (q.from !== null) {
      where.push('end_s > ?');
      params.push(q.from);
    }
    if (!q.include_withdrawn) where.push('withdrawn_at IS NULL');
    const rows = await this.db.query(
      `SELECT ${ANNOTATION_COLUMNS.join(', ')} FROM annotation WHERE ${where.join(' AND ')} ORDER BY start_s, created_at, annotation_id`,
      params,
    );
    return rows.map(annotationFromRaw);
  }

  async withdrawAnnotation(annotationId: string, w: AnnotationWithdrawal): Promise<boolean> {
    return this.db.runner.transaction(async (tx) => {
      const rows = await this.db.query(
        'UPDATE annotation SET withdrawn_at = ?, withdrawn_by = ?, withdraw_reason = ? WHERE annotation_id = ? AND withdrawn_at IS NULL RETURNING annotation_id',
        [w.at, w.author, w.reason, annotationId],
        tx,
      );
      if (rows.length > 0) await numberRow(tx, this.db.dialect, 'annotation', [annotationId]);
      return rows.length > 0;
    });
  }

  async appendReview(e: ReviewEntry): Promise<boolean> {
    const values: SqlValue[] = [
      e.finding_id,
      e.seq,
      e.previous_status,
      e.status,
      e.note,
      e.author,
      e.at,
      e.prev_hash,
      e.hash,
    ];
    return this.db.runner.transaction(async (tx) => {
      const rows = await this.db.query(
        `INSERT INTO finding_review (${FINDING_REVIEW_COLUMNS.join(', ')}) VALUES (${placeholders(values.length)})
         ON CONFLICT (finding_id, seq) DO NOTHING RETURNING seq`,
        values,
        tx,
      );
      if (rows.length > 0) await numberRow(tx, this.db.dialect, 'finding_review', [e.finding_id, e.seq]);
      return rows.length > 0;
    });
  }

  async reviewHistory(findingId: string): Promise<ReviewEntry[]> {
    const rows = await this.db.query(
      `SELECT ${FINDING_REVIEW_COLUMNS.join(', ')} FROM finding_review WHERE finding_id = ? ORDER BY seq`,
      [findingId],
    );
    return rows.map(reviewFromRaw);
  }

  async statusesOf(findingIds: readonly string[]): Promise<Map<string, ReviewStatus>> {
    const out = new Map<string, ReviewStatus>();
    for (const id of findingIds) out.set(id, 'OPEN');
    const unique = [...new Set(findingIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = await this.db.query(
        `SELECT r.finding_id, r.status FROM finding_review r
           JOIN (SELECT finding_id, MAX(seq) AS seq FROM finding_review WHERE finding_id IN (${placeholders(chunk.length)}) GROUP BY finding_id) l
             ON l.finding_id = r.finding_id AND l.seq = r.seq`,
        chunk,
      );
      for (const r of rows) out.set(String(r.finding_id), statusOf(r.status));
    }
    return out;
  }
}
