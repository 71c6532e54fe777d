/**
 * PostgreSQL statements that fold several round trips of saving an import into one (each round trip costs the
 * client ~0.3 ms of socket work and the server a parse, whatever the statement does). Data-modifying WITH clauses
 * run exactly once and to completion, read or not, and see one snapshot
 * (postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING); a clause's RETURNING rows are the only
 * way the others see what it wrote.
 * The rows of a table are bound as ONE parameter, a JSON array of objects read by
 * `json_populate_recordset(NULL::<table>, ?)` (postgresql.org/docs/current/functions-json.html), which converts
 * each field to its column's type: the statement's text is the same whatever the row counts (a prepared statement
 * parsed and planned once per connection, postgres-runner.ts), without a list of column types kept beside the
 * schema, and a few parameters instead of hundreds (a VALUES list of one placeholder per value cost the server
 * ~0.6 ms to parse and plan for a 28-day card, and the client its serialisation). Bytes go as `\x…` hex text.
 */
import type { SqlValue } from '../database/dialect.js';
import type { InsertBatch, Statement } from '../database/sql-runner.js';
import { bufferOf } from './content-codec.js';

/**
 * The import's row and every row keyed by its pk in one INSERT statement: `parent` (RETURNING pk) in a WITH
 * clause, each child table's rows bound as one JSON parameter with their FIRST value (a placeholder) replaced by
 * the pk, and `answer` read after them (its snapshot is the statement's: it does not see the rows inserted; by
 * default one row `{ pk }`). A table without rows is bound as an empty array: the text does not change.
 */
export function keyedInsert(
  parent: { table: string; columns: readonly string[]; row: readonly SqlValue[] },
  children: readonly InsertBatch[],
  /** the statement's answer: a SELECT that may read `p` (its own parameters last); default `SELECT pk FROM p` */
  answer: Statement = { sql: 'SELECT pk FROM p', params: [] },
): Statement {
  const params: SqlValue[] = [...parent.row];
  const clauses = [
    `p AS (INSERT INTO ${parent.table} (${parent.columns.join(', ')}) VALUES (${placeholders(parent.columns.length)}) RETURNING pk)`,
  ];
  for (const { table, columns, rows } of children) {
    params.push(jsonRows(table, columns, rows, 1));
    const read = columns.slice(1).map((c) => `r.${c}`);
    clauses.push(
      `w${clauses.length} AS (INSERT INTO ${table} (${columns.join(', ')})
         SELECT p.pk, ${read.join(', ')} FROM p, json_populate_recordset(NULL::"${table}", ?::json) r)`,
    );
  }
  for (const value of answer.params) params.push(value);
  return { sql: `WITH ${clauses.join(', ')} ${answer.sql}`, params };
}

/**
 * The card's history over [from, to] replaced by `rows` (card_number, day, import_pk, conflict) in one statement:
 * the rows upserted on the key (card_number, day), then the span's other days deleted (the DELETE's snapshot does
 * not see rows the upsert inserted, and it leaves out the days it updated: no row is touched twice). The same end
 * state as DELETE of the span and INSERT of the rows, under the card's lock. No rows: the plain DELETE (null).
 */
export function replaceCardDays(
  cardNumber: string,
  from: number,
  to: number,
  rows: readonly SqlValue[][],
): Statement | null {
  if (rows.length === 0) return null;
  const columns = ['card_number', 'day', 'import_pk', 'conflict'];
  return {
    sql: `WITH kept AS (INSERT INTO card_day (${columns.join(', ')})
            SELECT ${columns.map((c) => `r.${c}`).join(', ')} FROM json_populate_recordset(NULL::card_day, ?::json) r
            ON CONFLICT (card_number, day) DO UPDATE SET import_pk = EXCLUDED.import_pk, conflict = EXCLUDED.conflict
            RETURNING day)
          DELETE FROM card_day WHERE card_number = ? AND day >= ? AND day <= ? AND day NOT IN (SELECT day FROM kept)`,
    params: [jsonRows('card_day', columns, rows, 0), cardNumber, from, to],
  };
}

/**
 * `rows` as a JSON array of objects keyed by column name, from the column `first` on (a row of the wrong width is
 * refused); bytes as bytea's hex text (`\x…`), read back by json_populate_recordset as the column's bytes.
 */
export function jsonRows(
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
  first: number,
): string {
  const objects = rows.map((row) => {
    if (row.length !== columns.length)
      throw new RangeError(`row of ${row.length} values for ${columns.length} columns of ${table}`);
    const object: Record<string, string | number | null> = {};
    for (let i = first; i < row.length; i++) {
      const value = row[i]!;
      object[columns[i]!] = value instanceof Uint8Array ? `\\x${hex(value)}` : value;
    }
    return object;
  });
  return JSON.stringify(objects);
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

function hex(bytes: Uint8Array): string {
  return bufferOf(bytes).toString('hex');
}

function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(', ');
}
