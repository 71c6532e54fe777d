/**
 * `drivercard restore SRC`: puts a backup written by `drivercard backup` in place as the configured database,
 * which must not exist yet (an empty data folder): nothing is ever overwritten. Exit 0 when restored, 1 when
 * refused or failed, 2 on wrong usage.
 */
import { basename } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BackupRefused, restoreSqlite } from '../../adapters/storage/backup/sqlite-backup.js';
import type { Config } from '../config.js';
import { commandArguments } from './arguments.js';
import { sqliteFileOf } from './backup.js';
import type { CommandIo } from './parse.js';

export const RESTORE_USAGE = 'usage: drivercard restore SRC (into an empty data folder; nothing is overwritten)';

export async function restoreCommand(
  argv: string[],
  io: CommandIo,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): Promise<number> {
  const args = commandArguments(argv, io, RESTORE_USAGE, 1, []);
  if (typeof args === 'number') return args;
  const source = args.positional[0]!;
  const file = sqliteFileOf(config);
  if (file === null) {
    io.stderr('drivercard: restore into a PostgreSQL database is not available yet\n');
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
