/**
 * `drivercard backup DEST`: a consistent copy of the configured database while the service runs and imports
 * (adapters/storage/backup). SQLite: DEST is the new backup file (SQLite's online backup); it must not exist.
 * PostgreSQL (and SQLite with `--portable`): DEST is the new backup folder of JSON lines, one snapshot of the
 * originals and the office's records (originals-backup.ts), which restores into either database. Exit 0 when written, 1 when refused or failed (nothing left behind), 2 on wrong usage.
 */
import { basename } from 'node:path';
import { rm } from 'node:fs/promises';
import { backupSqlite, BackupRefused } from '../../adapters/storage/backup/sqlite-backup.js';
import { writeBackup } from '../../adapters/storage/backup/originals-backup.js';
import { dialectOf } from '../../adapters/storage/database/dialect.js';
import { databaseFile } from '../../adapters/storage/open-storage.js';
import type { Config } from '../config.js';
import { commandArguments } from './arguments.js';
import type { CommandIo } from './parse.js';

export const BACKUP_USAGE =
  'usage: drivercard backup [--portable] DEST (new: SQLite a database file; PostgreSQL, or --portable, a folder of JSON lines)';

type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

/** The SQLite file of the configuration, or null for PostgreSQL (whose backup is not written by this command). */
export function sqliteFileOf(config: DatabaseConfig): string | null {
  const databaseUrl = config.databaseUrl ?? undefined;
  if (dialectOf(databaseUrl).name !== 'sqlite') return null;
  return databaseFile({ dataDir: config.dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
}

export async function backupCommand(argv: string[], io: CommandIo, config: DatabaseConfig): Promise<number> {
  const args = commandArguments(argv, io, BACKUP_USAGE, 1, ['--portable']);
  if (typeof args === 'number') return args;
  const target = args.positional[0]!;
  const file = sqliteFileOf(config);
  if (file === null || args.flags.includes('--portable')) return backupPortable(config, target, io);
  try {
    const { bytes } = await backupSqlite(file, target);
    io.stdout(`${basename(target)}: backup written (${bytes} bytes)\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefused)) await rm(target, { force: true });
    io.stderr(`drivercard: backup failed: ${error instanceof BackupRefused ? error.message : 'the copy failed'}\n`);
    return 1;
  }
}

/** The database into the new folder `target` (JSON lines and a manifest): PostgreSQL's form, SQLite's portable one. */
async function backupPortable(config: DatabaseConfig, target: string, io: CommandIo): Promise<number> {
  try {
    const { parts } = await writeBackup(
      { databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir },
      target,
    );
    io.stdout(
      `${basename(target)}: backup written (${parts.originals.records} originals, ${parts.annotations.records} annotations, ${parts.finding_reviews.records} review entries, ${parts.home_countries.records} home countries)\n`,
    );
    return 0;
  } catch (error) {
    io.stderr(
      `drivercard: backup failed: ${error instanceof BackupRefused ? error.message : 'the database could not be read'}\n`,
    );
    return 1;
  }
}
