/**
 * Backup and restore of the SQLite database. The backup is SQLite's online backup (better-sqlite3 `db.backup()`,
 * https://www.sqlite.org/backup.html) on a connection of its own: it copies a consistent state of the database
 * while the service goes on importing (an import is one transaction, so a backup holds it whole or not at all;
 * the copy restarts when another connection writes during it). The copy is a complete SQLite file, nothing else is
 * needed. A restore copies that file in place of a database that does not exist yet; it never overwrites one.
 */
import { constants, existsSync } from 'node:fs';
import { chmod, copyFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** What this module uses of a better-sqlite3 connection (the driver MikroORM's SQLite adapter runs on). */
interface SqliteConnection {
  pragma(sql: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): { all(): unknown[] };
  backup(target: string): Promise<unknown>;
  close(): void;
}
type SqliteOpener = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteConnection;
// better-sqlite3 ships no types; it is loaded as MikroORM's SQLite driver loads it
const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteOpener;

/** A backup or restore refused (target not empty, source not a backup): the message names no path. */
export class BackupRefused extends Error {}

/** The tables a database of this service always has (a file without them is not its backup). */
const REQUIRED_TABLES = ['imports', 'import_content'];

/** Copies the database `source` into the new file `target` (which must not exist), consistently, while in use. */
export async function backupSqlite(source: string, target: string): Promise<{ bytes: number }> {
  if (!existsSync(source)) throw new BackupRefused('there is no database to back up');
  if (existsSync(target)) throw new BackupRefused('the backup file exists already; nothing was written');
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    await db.backup(target);
  } finally {
    db.close();
  }
  await chmod(target, 0o600);
  checkBackupFile(target);
  return { bytes: (await stat(target)).size };
}

/** Copies the backup `source` to `target`, a database file that must not exist yet (nor its WAL). */
export async function restoreSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new BackupRefused('there is no backup file to restore');
  checkBackupFile(source);
  for (const file of [target, `${target}-wal`, `${target}-shm`])
    if (existsSync(file)) throw new BackupRefused('the database exists already; a restore overwrites nothing');
  try {
    await copyFile(source, target, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupRefused('the database exists already; a restore overwrites nothing');
    throw error;
  }
  await chmod(target, 0o600);
}

/** The file is a whole SQLite database holding this service's tables (integrity_check: "ok"). */
function checkBackupFile(file: string): void {
  let db: SqliteConnection | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    if (integrity !== 'ok' || REQUIRED_TABLES.some((t) => !tables.has(t))) throw new Error('not a backup');
  } catch {
    throw new BackupRefused('the file is not a whole backup of this service’s SQLite database');
  } finally {
    db?.close();
  }
}
