/**
 * What differs between the SQL databases the MikroORM adapter runs on. Everything else (tables, queries,
 * row mapping) is shared; each difference is one member here, with one implementation per database:
 * - `sqlite`: the embedded default (one file, one connection, WAL);
 * - `postgres`: PostgreSQL 15+ for larger deployments.
 */
import type { ColumnTypes } from '../mikro-orm-schema/column-types.js';
import type { SqlRunner } from './sql-runner.js';
import type { Raw, SqlValue } from './sql-values.js';

export type { Raw, SqlValue } from './sql-values.js';

/** One UTC day (epoch day) of one import (its pk). */
export interface DayKey {
  pk: number;
  day: number;
}

export interface StorageDialect {
  readonly name: 'sqlite' | 'postgres';
  /** bound parameters one bulk INSERT statement may use (below the database's limit) */
  readonly maxParameters: number;
  /** column types that differ from MikroORM's defaults for this database */
  readonly columnTypes: ColumnTypes;
  /** `ORDER BY` suffix that puts NULL first in ascending order (SQLite's default, not PostgreSQL's) */
  readonly nullsFirst: string;
  /** the result rows of `knex.raw` on PostgreSQL: `result.rows`, int8 as numbers (SQLite rows come as they are) */
  rows(result: unknown): Raw[];
  /**
   * A FROM fragment joining `activity_day ad` to exactly the given (import, day) keys, with its parameters.
   * One index lookup per key (or run of days) on the primary key (import_pk, day).
   */
  activityDays(keys: readonly DayKey[]): { sql: string; params: SqlValue[] };
  /** a condition `column` is one of `keys` (integer keys), with its one parameter */
  keyIn(column: string, keys: readonly number[]): { sql: string; params: SqlValue[] };
  /** true when the error is a violated UNIQUE constraint (a parallel writer stored the same import first) */
  isUniqueViolation(error: unknown): boolean;
  /** a statement answering one row `{ n }`, n > 0 when the table exists (its one parameter: the table name) */
  readonly tableExistsSql: string;
  /**
   * Inside a transaction: waits until no other transaction updates the card's history, and keeps others out until
   * this one ends (SQLite: its one connection already runs transactions one at a time).
   */
  lockCard(tx: SqlRunner, cardNumber: string): Promise<void>;
  /** after rows with explicit values of a generated key were inserted: moves the generator past them */
  afterExplicitKeys(db: SqlRunner, table: string, column: string): Promise<void>;
}

/** The key of a card's advisory lock on PostgreSQL (hashed by hashtext). */
export function cardLockKey(cardNumber: string): string {
  return `card_day:${cardNumber}`;
}

/** The key of the lock a computation of a card's fleet row holds: another than its imports', which never wait for it. */
export function fleetLockKey(cardNumber: string): string {
  return `fleet_card:${cardNumber}`;
}

/** The keys as runs of consecutive days of one import, ordered by import then day. */
export function dayRuns(keys: readonly DayKey[]): Array<{ pk: number; from: number; to: number }> {
  const sorted = [...keys].sort((a, b) => a.pk - b.pk || a.day - b.day);
  const runs: Array<{ pk: number; from: number; to: number }> = [];
  for (const key of sorted) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.pk === key.pk && key.day <= last.to + 1) last.to = Math.max(last.to, key.day);
    else runs.push({ pk: key.pk, from: key.day, to: key.day });
  }
  return runs;
}

export const sqliteDialect: StorageDialect = {
  name: 'sqlite',
  // SQLite's bound-parameter limit is 32,766 since 3.32; we stay well under it
  maxParameters: 30_000,
  columnTypes: {},
  nullsFirst: '',
  rows(result) {
    return result as Raw[];
  },
  activityDays(keys) {
    // runs of consecutive days of one import (a card's served days mostly are) as [pk, from, to]: each run is
    // one primary-key range scan; one json_each lookup per day was ~5× slower (measured by the bench)
    const runs = dayRuns(keys).map((r) => [r.pk, r.from, r.to]);
    // CROSS JOIN keeps json_each the outer loop, so each run is one primary-key range lookup
    return {
      sql: `json_each(?) j CROSS JOIN activity_day ad
              ON ad.import_pk = j.value ->> 0 AND ad.day BETWEEN j.value ->> 1 AND j.value ->> 2`,
      params: [JSON.stringify(runs)],
    };
  },
  keyIn(column, keys) {
    return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(keys)] };
  },
  tableExistsSql: "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?",
  isUniqueViolation(error) {
    const e = error as { code?: string; message?: string } | null;
    return !!e && (e.code === 'SQLITE_CONSTRAINT' || /UNIQUE constraint failed/i.test(e.message ?? ''));
  },
  async lockCard() {
    // one connection, one transaction at a time (sql-runner.ts)
  },
  async afterExplicitKeys() {
    // INTEGER PRIMARY KEY AUTOINCREMENT continues after the largest key stored
  },
};

/** PostgreSQL type oid of int8 (bigint); COUNT(*) and SUM(integer) are int8 too. */
const INT8_OID = 20;
const UNIQUE_VIOLATION = '23505';

export const postgresDialect: StorageDialect = {
  name: 'postgres',
  // PostgreSQL's wire protocol caps bound parameters at 65,535 per statement
  maxParameters: 60_000,
  // epoch seconds as bigint (int4 ends in 2038); text has no length limit and costs nothing over varchar
  columnTypes: { seconds: 'bigint', string: 'text', byteOrder: ' COLLATE "C"', trigramIndex: true },
  nullsFirst: ' NULLS FIRST',
  rows(result) {
    const { rows, fields } = result as { rows: Raw[]; fields?: Array<{ name: string; dataTypeID: number }> };
    // node-postgres returns int8 as strings; every int8 value here (seconds, counts, sums) is < 2^53
    const int8 = (fields ?? []).filter((f) => f.dataTypeID === INT8_OID).map((f) => f.name);
    if (int8.length > 0) {
      for (const row of rows) for (const name of int8) if (row[name] !== null) row[name] = Number(row[name]);
    }
    return rows;
  },
  activityDays(keys) {
    // the same runs: one range scan of the primary key each, where one lookup per day read twice the pages. The
    // arrays behind sub-SELECTs: planned with their lengths known, the statement's plan for the runs at hand
    // always looked cheaper than the plan kept for any runs, so PostgreSQL planned it again at every call
    // (~115 µs of the server a call); hidden, both plans agree and the prepared statement keeps its plan
    const runs = dayRuns(keys);
    const array = (values: number[]) => `{${values.join(',')}}`;
    return {
      sql: `unnest((SELECT ?::integer[]), (SELECT ?::integer[]), (SELECT ?::integer[])) AS r(pk, day_from, day_to)
              JOIN activity_day ad ON ad.import_pk = r.pk AND ad.day BETWEEN r.day_from AND r.day_to`,
      params: [array(runs.map((r) => r.pk)), array(runs.map((r) => r.from)), array(runs.map((r) => r.to))],
    };
  },
  keyIn(column, keys) {
    return { sql: `${column} = ANY(?::bigint[])`, params: [`{${keys.join(',')}}`] };
  },
  tableExistsSql:
    'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?',
  isUniqueViolation(error) {
    return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
  },
  async lockCard(tx, cardNumber) {
    // read committed: without it two parallel imports of one card would each miss the other's days
    await tx.all('SELECT pg_advisory_xact_lock(hashtext(?)) AS locked', [cardLockKey(cardNumber)]);
  },
  async afterExplicitKeys(db, table, column) {
    await db.all(
      `SELECT setval(pg_get_serial_sequence(?, ?), (SELECT COALESCE(MAX(${column}), 0) + 1 FROM ${table}), false)`,
      [table, column],
    );
  },
};

/** `postgres://…` / `postgresql://…` → PostgreSQL; anything else names a SQLite file. */
export function dialectOf(databaseUrl: string | undefined): StorageDialect {
  return databaseUrl !== undefined && /^postgres(ql)?:\/\//i.test(databaseUrl) ? postgresDialect : sqliteDialect;
}
