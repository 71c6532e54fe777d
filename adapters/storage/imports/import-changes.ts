/**
 * Change numbers of imports (../mikro-orm-schema/changes-schema.ts, taken as ../change-feed/change-numbers.ts says):
 * what `GET /imports?imported_since=` follows.
 * - A save, withdrawal or restore takes the next number from the one-row `change_counter` in its own transaction
 *   and writes it to the import's `change_number` (changeStatements). Updating the row locks it until the
 *   transaction ends, so a second writer waits for the first one's commit and numbers after it: the numbers are
 *   handed out in commit order, on PostgreSQL (read committed: the waiting UPDATE reads the committed row) as on
 *   SQLite (one writer at a time). A reader that sees number N therefore sees every smaller number already, and a
 *   number not visible yet is larger than any it sees: polling "above the last number seen" never misses a change
 *   nor repeats one. The counter's lock is the last lock a write takes (after its card's), so it adds no cycle.
 * - The imports stored before change numbers (or by a database from before migrations) are numbered once at start
 *   in their save order (numberStoredImports).
 */
import type { ChangedImport, ImportFilter, Slice } from '../../../core/ports/import-store.js';
import type { SqlValue, StorageDialect } from '../database/dialect.js';
import type { SqlRunner, Statement } from '../database/sql-runner.js';
import type { Database } from '../database/database.js';
import { importFromRaw } from './row-mappers.js';
import { numberStatements } from '../change-feed/change-numbers.js';

/** The statements that give the import `importId` the next change number (inside the caller's transaction). */
export function changeStatements(dialect: StorageDialect, importId: string): Statement[] {
  return numberStatements(dialect, 'imports', [importId]);
}

/**
 * PostgreSQL: a statement beginning with WITH that also gives the import of `pk` the next change number (two more
 * data-modifying WITH clauses, run exactly once): sent with the COMMIT, the counter's lock is then held for that
 * last round trip only.
 */
export function withChangeNumber(statement: Statement, pk: number): Statement {
  if (!statement.sql.startsWith('WITH ')) throw new RangeError('a WITH statement is expected');
  return {
    sql: `WITH change AS (UPDATE change_counter SET last = last + 1 WHERE id = 1 RETURNING last),
      numbered AS (UPDATE imports SET change_number = (SELECT last FROM change) WHERE pk = ?),
      ${statement.sql.slice('WITH '.length)}`,
    params: [pk, ...statement.params],
  };
}

/** Gives the import the next change number, inside `tx`. */
export async function numberChange(dialect: StorageDialect, tx: SqlRunner, importId: string): Promise<void> {
  for (const { sql, params } of changeStatements(dialect, importId)) await tx.all(sql, params);
}

/** Numbers the imports that have none, in their save order, and sets up the counter; once (the counter's row). */
export async function numberStoredImports(handle: Database): Promise<void> {
  if ((await handle.query('SELECT last FROM change_counter WHERE id = 1')).length > 0) return;
  await handle.runner.transaction(async (tx) => {
    await tx.all('UPDATE imports SET change_number = pk WHERE change_number IS NULL', []);
    await tx.all('INSERT INTO change_counter (id, last) SELECT 1, COALESCE(MAX(change_number), 0) FROM imports', []);
  });
}

/** The WHERE clause of an import filter (listImports, importChanges), with its parameters. */
export function importFilterWhere(filter: ImportFilter): { where: string[]; params: SqlValue[] } {
  const where: string[] = filter.include_withdrawn === true ? [] : ["status <> 'WITHDRAWN'"];
  const params: SqlValue[] = [];
  if (filter.card_number !== null) {
    where.push('card_number = ?');
    params.push(filter.card_number);
  }
  if (filter.kind !== undefined) {
    where.push('kind = ?');
    params.push(filter.kind);
  }
  if (filter.range.from !== null) {
    where.push('activity_to >= ?');
    params.push(filter.range.from);
  }
  if (filter.range.to !== null) {
    where.push('activity_from <= ?');
    params.push(filter.range.to);
  }
  return { where, params };
}

/**
 * The imports of the filter whose latest change number is above `after`, in change order, at most `limit`, and how
 * many there are in all (counted after the page was read: it may count a change committed in between).
 */
export async function importChanges(
  handle: Database,
  after: number,
  filter: ImportFilter,
  limit: number,
): Promise<Slice<ChangedImport>> {
  const { where, params } = importFilterWhere(filter);
  const whereSql = ['change_number > ?', ...where].join(' AND ');
  const bound = [after, ...params];
  const rows = await handle.query(`SELECT * FROM imports WHERE ${whereSql} ORDER BY change_number LIMIT ?`, [
    ...bound,
    limit,
  ]);
  const [count] = await handle.query(`SELECT COUNT(*) AS n FROM imports WHERE ${whereSql}`, bound);
  return {
    items: rows.map((raw) => ({ import: importFromRaw(raw), change: Number(raw.change_number) })),
    total: Number(count!.n),
  };
}
