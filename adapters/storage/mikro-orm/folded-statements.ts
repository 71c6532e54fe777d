/**
 * PostgreSQL statements that fold several round trips of saving an import into one (each round trip costs the
 * client ~0.3 ms of socket work and the server a parse, whatever the statement does). Each builder answers null
 * where its one statement would pass the bound-parameter limit: the caller then runs the separate statements.
 * Data-modifying WITH clauses run exactly once and to completion, read or not, and see one snapshot
 * (postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING); a clause's RETURNING rows are the only
 * way the others see what it wrote.
 */
import type { SqlValue } from './dialect.js';
import type { InsertBatch } from './sql-runner.js';

export interface Statement {
  sql: string;
  params: SqlValue[];
}

/**
 * The import's row and every row keyed by its pk in one INSERT statement: `parent` (RETURNING pk) in a WITH
 * clause, each child row's FIRST value (a placeholder) replaced by `(SELECT pk FROM p)`, and `answer` read after
 * them (its snapshot is the statement's: it does not see the rows inserted; by default one row `{ pk }`).
 */
export function keyedInsert(
  parent: { table: string; columns: readonly string[]; row: readonly SqlValue[] },
  children: readonly InsertBatch[],
  maxParameters: number,
  /** the statement's answer: a SELECT that may read `p` (its own parameters last); default `SELECT pk FROM p` */
  answer: Statement = { sql: 'SELECT pk FROM p', params: [] },
): Statement | null {
  let count = parent.row.length + answer.params.length;
  for (const c of children) count += c.rows.length * (c.columns.length - 1);
  if (count > maxParameters) return null;
  const params: SqlValue[] = [...parent.row];
  const clauses = [
    `p AS (INSERT INTO ${parent.table} (${parent.columns.join(', ')}) VALUES (${placeholders(parent.columns.length)}) RETURNING pk)`,
  ];
  for (const { table, columns, rows } of children) {
    if (rows.length === 0) continue;
    const tuple = `((SELECT pk FROM p), ${placeholders(columns.length - 1)})`;
    for (const row of rows) {
      if (row.length !== columns.length)
        throw new RangeError(`row of ${row.length} values for ${columns.length} columns of ${table}`);
      for (let i = 1; i < row.length; i++) params.push(row[i]!);
    }
    const values = new Array<string>(rows.length).fill(tuple).join(', ');
    clauses.push(`w${clauses.length} AS (INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values})`);
  }
  for (const value of answer.params) params.push(value);
  return { sql: `WITH ${clauses.join(', ')} ${answer.sql}`, params };
}

/**
 * The card's history over [from, to] replaced by `rows` (card_number, day, import_pk, conflict) in one statement:
 * the rows upserted on the key (card_number, day), then the span's other days deleted (the DELETE's snapshot does
 * not see rows the upsert inserted, and it leaves out the days it updated: no row is touched twice). The same end
 * state as DELETE of the span and INSERT of the rows, under the card's lock.
 */
export function replaceCardDays(
  cardNumber: string,
  from: number,
  to: number,
  rows: readonly SqlValue[][],
  maxParameters: number,
): Statement | null {
  if (rows.length === 0 || rows.length * 4 + 3 > maxParameters) return null;
  const params: SqlValue[] = [];
  for (const row of rows) for (const value of row) params.push(value);
  params.push(cardNumber, from, to);
  const values = new Array<string>(rows.length).fill('(?, ?, ?, ?)').join(', ');
  return {
    sql: `WITH kept AS (INSERT INTO card_day (card_number, day, import_pk, conflict) VALUES ${values}
            ON CONFLICT (card_number, day) DO UPDATE SET import_pk = EXCLUDED.import_pk, conflict = EXCLUDED.conflict
            RETURNING day)
          DELETE FROM card_day WHERE card_number = ? AND day >= ? AND day <= ? AND day NOT IN (SELECT day FROM kept)`,
    params,
  };
}

/**
 * What is stored under the content hash or archive id, read in the statement that takes the card's advisory lock
 * (read committed: its snapshot is taken before the lock is granted, as the separate lookup before the lock was).
 * The lock's row is always answered (LEFT JOIN); a row without `pk` means nothing is stored.
 */
export function lockedLookup(lockKey: string, contentSha256: string, archiveId: string): Statement {
  return {
    sql: `WITH l AS MATERIALIZED (SELECT pg_advisory_xact_lock(hashtext(?)) AS locked)
          SELECT l.locked, i.* FROM l LEFT JOIN imports i ON i.content_sha256 = ? OR i.archive_id = ?`,
    params: [lockKey, contentSha256, archiveId],
  };
}

function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(', ');
}
