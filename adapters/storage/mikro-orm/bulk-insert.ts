/**
 * Multi-row INSERT in as few statements as the database's bound-parameter limit allows (the dialect's
 * `maxParameters`: SQLite 30,000 of 32,766; PostgreSQL 60,000 of 65,535). One statement per chunk is the
 * fastest correct way through the knex client.
 */
import type { Knex } from '@mikro-orm/sqlite'; // type only: the knex types both drivers re-export
import type { SqlValue } from './dialect.js';

export type { SqlValue } from './dialect.js';

export async function insertRows(
  db: Knex | Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
  maxParameters: number,
): Promise<void> {
  if (rows.length === 0) return;
  const rowsPerStatement = Math.max(1, Math.floor(maxParameters / columns.length));
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
