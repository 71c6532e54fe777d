/**
 * Opens (creating or updating the schema of) the SQLite database and returns the storage adapter.
 * SQLite runs in WAL mode with full transactions, so a killed process leaves only whole imports behind.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MikroORM } from '@mikro-orm/sqlite';
import { allSchemas } from './schema.js';
import { MikroOrmImportStore } from './mikro-orm-import-store.js';

export { MikroOrmImportStore } from './mikro-orm-import-store.js';

export const DEFAULT_DATABASE_FILE = 'drivercard.sqlite';

export interface MikroOrmStoreOptions {
  /** `sqlite:<path>`, `file:<url>` or a plain file path; default `<dataDir>/drivercard.sqlite` */
  databaseUrl?: string;
  dataDir: string;
  /**
   * SQLite `synchronous`: NORMAL (default; in WAL mode a committed import survives a killed process,
   * the last commits may be lost on power failure) or FULL (fsync on every commit).
   */
  synchronous?: 'NORMAL' | 'FULL';
}

export async function createMikroOrmStore(options: MikroOrmStoreOptions): Promise<MikroOrmImportStore> {
  const file = databaseFile(options);
  const synchronous = options.synchronous ?? 'NORMAL';
  const orm = await MikroORM.init({
    dbName: file,
    entities: allSchemas,
    allowGlobalContext: true,
    debug: false,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: { exec(sql: string, done: (error: Error | null) => void): void }, done: (error: Error | null, connection: unknown) => void) {
        connection.exec(
          `PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = OFF;`,
          (error) => done(error, connection),
        );
      },
    },
  });
  try {
    await orm.schema.ensureDatabase();
    await orm.schema.updateSchema({ safe: true });
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return new MikroOrmImportStore(orm);
}

/** Resolves the SQLite file from the options; other database URLs are refused. */
export function databaseFile(options: Pick<MikroOrmStoreOptions, 'databaseUrl' | 'dataDir'>): string {
  const url = options.databaseUrl;
  if (url === undefined || url === '') return join(options.dataDir, DEFAULT_DATABASE_FILE);
  if (url.startsWith('file:')) return fileURLToPath(url);
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL scheme: ${url.split(':')[0]}: (only SQLite files are supported)`);
  }
  return url;
}
