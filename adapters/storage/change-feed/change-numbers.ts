/**
 * Change numbers (../mikro-orm-schema/changes-schema.ts): what GET /changes and GET /imports?imported_since= follow.
 * A write that changes a followed record (an import's save, withdrawal or restore; an annotation's creation or
 * withdrawal; a finding review's entry) takes the next number from the one-row `change_counter` in its own
 * transaction, as its last write before the commit, and keeps it in the record's `change_number` column. Updating
 * the counter's row locks it until the transaction ends, so a second writer waits for the first one's commit and
 * numbers after it: the numbers are handed out in commit order, on PostgreSQL (read committed: the waiting UPDATE
 * reads the committed row) as on SQLite (one writer at a time). A reader that sees number N therefore sees every
 * smaller number already. The counter's lock is the last lock a write takes, so it adds no cycle.
 */
import type { SqlValue, StorageDialect } from '../database/dialect.js';
import type { SqlRunner, Statement } from '../database/sql-runner.js';

/** The tables whose rows carry a change number, and the column naming a row. */
export const NUMBERED_TABLES = {
  imports: 'import_id',
  annotation: 'annotation_id',
  finding_review: 'finding_id = ? AND seq',
} as const;

/**
 * The statements that give the row of `table` named by `key` (one value per `?` of its key column; the last is
 * compared by `= ?`) the next change number, inside the caller's transaction.
 */
export function numberStatements(
  dialect: StorageDialect,
  table: keyof typeof NUMBERED_TABLES,
  key: readonly SqlValue[],
): Statement[] {
  const where = `${NUMBERED_TABLES[table]} = ?`;
  if (dialect.name === 'postgres')
    return [
      {
        sql: `WITH c AS (UPDATE change_counter SET last = last + 1 WHERE id = 1 RETURNING last)
              UPDATE ${table} SET change_number = (SELECT last FROM c) WHERE ${where}`,
        params: [...key],
      },
    ];
  return [
    { sql: 'UPDATE change_counter SET last = last + 1 WHERE id = 1', params: [] },
    {
      sql: `UPDATE ${table} SET change_number = (SELECT last FROM change_counter WHERE id = 1) WHERE ${where}`,
      params: [...key],
    },
  ];
}

/** Runs numberStatements inside `tx`. */
export async function numberRow(
  tx: SqlRunner,
  dialect: StorageDialect,
  table: keyof typeof NUMBERED_TABLES,
  key: readonly SqlValue[],
): Promise<void> {
  for (const { sql, params } of numberStatements(dialect, table, key)) await tx.all(sql, params);
}

/**
 * Numbers the annotations and review entries that have none (stored before their change numbers, or restored from a
 * backup, which leaves the numbers out) after every number handed out, in the order they were made (the
 * annotation's creation, the entry's time; then by id), in one transaction; nothing when every row has one.
 */
export async function numberStoredRecords(runner: SqlRunner, dialect: StorageDialect): Promise<void> {
  const [missing] = await runner.all(
    `SELECT (SELECT COUNT(*) FROM annotation WHERE change_number IS NULL)
          + (SELECT COUNT(*) FROM finding_review WHERE change_number IS NULL) AS n`,
  );
  if (Number(missing!.n) === 0) return;
  await runner.transaction(async (tx) => {
    const rows = await tx.all(
      `SELECT 'annotation' AS t, created_at AS made, annotation_id AS id, 0 AS seq FROM annotation WHERE change_number IS NULL
       UNION ALL
       SELECT 'finding_review' AS t, at_s AS made, finding_id AS id, seq FROM finding_review WHERE change_number IS NULL
       ORDER BY made, t, id, seq`,
    );
    for (const row of rows) {
      const annotation = row.t === 'annotation';
      const key = annotation ? [String(row.id)] : [String(row.id), Number(row.seq)];
      await numberRow(tx, dialect, annotation ? 'annotation' : 'finding_review', key);
    }
  });
}
