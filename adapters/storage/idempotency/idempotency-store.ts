/**
 * IdempotencyStore (core/ports/idempotency-store.ts) on the `idempotency_key` table
 * (../mikro-orm-schema/changes-schema.ts), the same statements on SQLite and PostgreSQL: a claim is an
 * `INSERT … ON CONFLICT (key) DO NOTHING` (the primary key decides between claims at the same moment, across
 * processes), a stale claim is taken over by an UPDATE that matches only while it is still unanswered and stale
 * (one of several takers matches), and keys older than the time kept are deleted by the claims that follow.
 */
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../../../core/ports/idempotency-store.js';
import type { EpochSeconds } from '../../../core/domain/rows.js';
import type { Database } from '../database/database.js';

export class SqlIdempotencyKeys implements IdempotencyStore {
  constructor(private readonly db: Database) {}

  async claim(
    key: string,
    fingerprint: string,
    at: { now: EpochSeconds; forgetBefore: EpochSeconds; staleBefore: EpochSeconds },
  ): Promise<IdempotencyClaim> {
    await this.db.query('DELETE FROM idempotency_key WHERE created_at < ?', [at.forgetBefore]);
    const inserted = await this.db.query(
      `INSERT INTO idempotency_key (key, fingerprint, status, body, location, created_at) VALUES (?, ?, NULL, NULL, NULL, ?)
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, fingerprint, at.now],
    );
    if (inserted.length > 0) return { outcome: 'claimed' };
    const [row] = await this.db.query('SELECT * FROM idempotency_key WHERE key = ?', [key]);
    // released or forgotten since the insert: claimed anew
    if (row === undefined) return this.claim(key, fingerprint, at);
    if (row.fingerprint !== fingerprint) return { outcome: 'reused' };
    if (row.status !== null) {
      const answer: StoredAnswer = { status: Number(row.status), body: String(row.body), location: row.location };
      return { outcome: 'answered', answer };
    }
    const taken = await this.db.query(
      `UPDATE idempotency_key SET created_at = ? WHERE key = ? AND status IS NULL AND created_at < ? RETURNING key`,
      [at.now, key, at.staleBefore],
    );
    return taken.length > 0 ? { outcome: 'claimed' } : { outcome: 'in_flight' };
  }

  /** Resolves once durable (a transaction's commit): an answer given is never forgotten by a crash after it. */
  async answer(key: string, answer: StoredAnswer): Promise<void> {
    const params = [answer.status, answer.body, answer.location, key];
    await this.db.runner.transaction(async (tx) => {
      await this.db.query('UPDATE idempotency_key SET status = ?, body = ?, location = ? WHERE key = ?', params, tx);
    });
  }

  async release(key: string): Promise<void> {
    await this.db.query('DELETE FROM idempotency_key WHERE key = ? AND status IS NULL', [key]);
  }
}
