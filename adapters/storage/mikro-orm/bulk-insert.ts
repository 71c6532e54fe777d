/**
 * Multi-row INSERT in as few statements as SQLite's bound-parameter limit allows (32,766 since 3.32;
 * we stay well under it). One statement per chunk is the fastest correct way through the knex client.
 */
import type { Knex } from '@mikro-orm/sqlite';

const MAX_PARAMETERS = 30_000;

export type SqlValue = string | number | null | Buffer;

export async function insertRows(
  db: Knex | Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
): Promise<void> {
  if (rows.length === 0) return;
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const bindings: SqlValue[] = [];
    for (const row of chunk) {
      if (row.length !== columns.length) throw new RangeError(`row of ${row.length} values for ${columns.length} columns of ${table}`);
      for (const value of row) bindings.push(value);
    }
    await db.raw(head + new Array<string>(chunk.length).fill(tuple).join(', '), bindings);
  }
}
