/**
 * `drivercard restore SRC`: puts a backup written by `drivercard backup` in place as the configured database,
 * which must be empty: nothing is ever overwritten. Exit 0 when restored, 1 when refused or failed, 2 on wrong usage.
 * - A SQLite backup file: copied in place of the database file, which must not exist yet (an empty data folder).
 * - A backup folder (PostgreSQL's, adapters/storage/backup/originals-backup.ts): every part is checked against its
 *   manifest, a database holding any import or office record is refused, the office's records are inserted as
 *   recorded, then every original is imported again through the import use case in the order the source stored
 *   it, keeping what was recorded about it (core/use-cases/replay-imports.ts). The target may be PostgreSQL or a
 *   new SQLite database: the folder holds no server-specific form. A restore that fails part way empties the
 *   database again (it was empty before), so no database is left serving part of a fleet as if whole.
 */
import { basename, dirname } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { BackupRefused, restoreSqlite } from '../../adapters/storage/backup/sqlite-backup.js';
import { openBackup, type OpenedBackup } from '../../adapters/storage/backup/originals-backup.js';
import { emptyRestoredDatabase, restoreOfficeRecords } from '../../adapters/storage/backup/restore-database.js';
import { RecordedOriginalChanged, type ReplayImports } from '../../core/use-cases/replay-imports.js';
import { loadConfig, type Config } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';
import type { BackgroundWork } from '../use-cases.js';
import { commandArguments } from './arguments.js';
import { sqliteFileOf } from './backup.js';
import type { CommandIo } from './parse.js';

export const RESTORE_USAGE =
  'usage: drivercard restore SRC (into an empty data folder or database; nothing is overwritten)';

/** originals imported between two waits for the fleet rows computed after them */
const SETTLE_EVERY = 32;

type RestoreConfig = Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Config>;

export async function restoreCommand(argv: string[], io: CommandIo, config: RestoreConfig): Promise<number> {
  const args = commandArguments(argv, io, RESTORE_USAGE, 1, []);
  if (typeof args === 'number') return args;
  const source = args.positional[0]!;
  const file = sqliteFileOf(config);
  if (existsSync(source) && statSync(source).isDirectory()) return restoreFolder(source, io, config);
  if (file === null) {
    io.stderr('drivercard: restore refused: a PostgreSQL database is restored from a backup folder\n');
    return 1;
  }
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await restoreSqlite(source, file);
    io.stdout(`${basename(source)}: restored\n`);
    return 0;
  } catch (error) {
    io.stderr(`drivercard: restore refused: ${error instanceof BackupRefused ? error.message : 'the copy failed'}\n`);
    return 1;
  }
}

/** A backup folder into the configured database: checked, office records first, then every original again. */
async function restoreFolder(source: string, io: CommandIo, config: RestoreConfig): Promise<number> {
  let backup: OpenedBackup;
  try {
    backup = await openBackup(source);
    const file = sqliteFileOf(config);
    if (file !== null) await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await restoreOfficeRecords({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir }, backup);
  } catch (error) {
    io.stderr(
      `drivercard: restore refused: ${error instanceof BackupRefused ? error.message : 'the database could not be opened'}\n`,
    );
    return 1;
  }
  const replayed = await replayOriginals(backup, config);
  if (replayed.failure !== null) {
    const emptied = await emptyRestoredDatabase({
      databaseUrl: config.databaseUrl ?? undefined,
      dataDir: config.dataDir,
    })
      .then(() => 'the database was emptied again, as it was before')
      .catch(() => 'the database holds part of the backup and could not be emptied: empty it before restoring again');
    io.stderr(`drivercard: restore failed after ${replayed.restored} original(s): ${replayed.failure}; ${emptied}\n`);
    return 1;
  }
  const { parts } = backup.manifest;
  io.stdout(
    `${basename(source)}: restored (${replayed.restored} originals, ${parts.annotations.records} annotations, ${parts.finding_reviews.records} review entries, ${parts.home_countries.records} home countries)\n`,
  );
  return 0;
}

/** Every original of the backup imported again, in its order: how many, and why it stopped (null: all of them). */
async function replayOriginals(
  backup: OpenedBackup,
  config: RestoreConfig,
): Promise<{ restored: number; failure: string | null }> {
  const services = createServiceContainer(loadConfig({}, config));
  let restored = 0;
  try {
    const replay = await services.container.getAsync<ReplayImports>(TOKENS.ReplayImports);
    const background = services.container.get<Set<BackgroundWork>>(TOKENS.BackgroundWork);
    for await (const original of backup.originals()) {
      await replay.replay(original);
      restored += 1;
      // the fleet rows computed after the imports keep pace with them: memory stays that of a few imports
      if (restored % SETTLE_EVERY === 0) for (const work of background) await work.idle();
    }
    await replay.finish();
    return { restored, failure: null };
  } catch (error) {
    const why = error instanceof RecordedOriginalChanged ? error.message : 'an original could not be imported again';
    return { restored, failure: why };
  } finally {
    await services.dispose();
  }
}
