/**
 * The data folder and the SQLite files hold personal data and the original card files: the folder is 0700
 * and every database file 0600, also when they existed before with wider modes (a folder made by hand, a
 * database copied in). The database file is created 0600 before SQLite opens it; SQLite gives the -wal,
 * -shm and -journal files it creates later the mode of the database file (os_unix.c, findCreateFileMode).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;
const SQLITE_COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Creates the folder 0700 if missing and narrows an existing one to 0700. */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dir, DATA_DIR_MODE);
}

/** Creates the SQLite file 0600 if missing (its folder 0700 when we create it) and narrows it and its companions. */
export function secureSqliteFiles(file: string): void {
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true, mode: DATA_DIR_MODE });
  closeSync(openSync(file, 'a', DATA_FILE_MODE));
  for (const suffix of SQLITE_COMPANIONS) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, DATA_FILE_MODE);
  }
}
