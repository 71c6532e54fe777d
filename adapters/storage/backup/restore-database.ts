/**
 * The database side of `drivercard restore` from a backup folder (./originals-backup.ts writes and opens the folder):
 * the office's records put in place before the originals are imported again, and a restore that could not finish
 * undone.
 */
import type { SqlValue } from '../database/dialect.js';
import type { SqlRunner } from '../database/sql-runner.js';
import { entitySchemas } from '../mikro-orm-schema/schema.js';
import { createSqlStore } from '../open-storage.js';
import {
  OFFICE_PARTS,
  ROWS_PER_READ,
  optionsOf,
  type BackupDatabase,
  type BackupManifest,
  type OpenedBackup,
} from './originals-backup.js';
import { BackupRefused } from './sqlite-backup.js';

/** `work` in one transaction of the database (created, with its schema, if missing), closed after. */
async function inTransaction(database: BackupDatabase, work: (tx: SqlRunner) => Promise<void>): Promise<void> {
  const store = await createSqlStore(optionsOf(database));
  try {
    await store.db.runner.transaction(work);
  } finally {
    await store.close();
  }
}

/**
 * Refuses a database (PostgreSQL, or SQLite: `databaseUrl` undefined, the data folder's file) that holds any import
 * or office record, else inserts the backup's office records as they are and sets the change counter to the source's
 * last number, so every restored change is numbered after it (one transaction). The database is
 * created, and its schema, if missing. Run before the originals are imported
 * again, so the fleet rows they compute see the office's annotations and home countries.
 */
export async function restoreOfficeRecords(database: BackupDatabase, backup: OpenedBackup): Promise<void> {
  await inTransaction(database, async (tx) => {
    const [held] = await tx.all(
      `SELECT (SELECT COUNT(*) FROM imports) + ${OFFICE_PARTS.map((p) => `(SELECT COUNT(*) FROM ${p.table})`).join(' + ')} AS n`,
    );
    if (Number(held!.n) > 0) throw new BackupRefused('the database is not empty; a restore overwrites nothing');
    for (const office of OFFICE_PARTS) await insertPart(tx, backup, office);
    await tx.all(
      `INSERT INTO change_counter (id, last) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET last = excluded.last WHERE change_counter.last < excluded.last`,
      [lastChangeOf(backup.manifest)],
    );
  });
}

/**
 * Empties a database a restore could not finish, in one transaction: it was empty when the restore began
 * (`restoreOfficeRecords` refused it otherwise), so every row in it came from this restore, and a database left
 * holding part of a backup would serve a partial fleet as if whole. Every table of the schema is emptied; the
 * migrations' own table is not one of them. `fleet_count`, kept by triggers on `fleet_card`, goes last so the
 * triggers' work is emptied too.
 */
export async function emptyRestoredDatabase(database: BackupDatabase): Promise<void> {
  const tables = entitySchemas()
    .map((schema) => schema.meta.tableName)
    .sort((a, b) => Number(a === FLEET_COUNT_TABLE) - Number(b === FLEET_COUNT_TABLE));
  await inTransaction(database, async (tx) => {
    for (const table of tables) await tx.all(`DELETE FROM ${table}`, []);
  });
}

const FLEET_COUNT_TABLE = 'fleet_count';

/** The source's last change number (0 when the backup predates change numbers or holds something else). */
function lastChangeOf(manifest: BackupManifest): number {
  const last = manifest.last_change;
  return typeof last === 'number' && Number.isSafeInteger(last) && last > 0 ? last : 0;
}

async function insertPart(tx: SqlRunner, backup: OpenedBackup, office: (typeof OFFICE_PARTS)[number]): Promise<void> {
  let rows: SqlValue[][] = [];
  for await (const record of backup.records(office.part)) {
    rows.push(office.columns.map((c) => (record[c] ?? null) as SqlValue));
    if (rows.length === ROWS_PER_READ) {
      await tx.insertMany(office.table, office.columns, rows);
      rows = [];
    }
  }
  await tx.insertMany(office.table, office.columns, rows);
}
