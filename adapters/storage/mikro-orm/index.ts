/**
 * Opens (creating or updating the schema of) the database and returns the storage adapter. One adapter,
 * two databases, chosen by the database URL (see dialect.ts):
 * - SQLite (default): a file, WAL mode with full transactions, so a killed process leaves only whole imports;
 *   driver `@mikro-orm/better-sqlite` (better-sqlite3: synchronous, statements prepared once; chosen over
 *   node-sqlite3 by the issue 9 bench, see README decisions);
 * - PostgreSQL: `postgres://` or `postgresql://` URLs; the database is created if missing.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/better-sqlite';
import { entitySchemas } from './schema.js';
import { dialectOf, postgresDialect, sqliteDialect, type StorageDialect } from './dialect.js';
import { MikroOrmImportStore } from './mikro-orm-import-store.js';
import { buildMissingCardHistories, migrateLegacyActivities } from './migrate.js';
import { KnexRunner, SqliteRunner, type BetterSqliteDatabase } from './sql-runner.js';

export { MikroOrmImportStore, StorageError } from './mikro-orm-import-store.js';

export const DEFAULT_DATABASE_FILE = 'drivercard.sqlite';

export interface MikroOrmStoreOptions {
  /**
   * `postgres://user:password@host:port/database` or `postgresql://…` for PostgreSQL; otherwise a SQLite
   * file: `sqlite:<path>`, `file:<url>` or a plain file path. Default `<dataDir>/drivercard.sqlite`.
   */
  databaseUrl?: string;
  dataDir: string;
  /**
   * SQLite `synchronous`: FULL (default: fsync on every commit, so an import acknowledged with 200 survives
   * a killed process and a power failure alike) or NORMAL (in WAL mode still safe against a killed process, but
   * the last commits may be lost on power failure; for throwaway databases such as benchmarks).
   */
  synchronous?: 'NORMAL' | 'FULL';
  /** PostgreSQL connection pool size (default 10); SQLite always uses one connection */
  poolSize?: number;
}

export async function createMikroOrmStore(options: MikroOrmStoreOptions): Promise<MikroOrmImportStore> {
  return dialectOf(options.databaseUrl) === postgresDialect ? openPostgres(options) : openSqlite(options);
}

async function openSqlite(options: MikroOrmStoreOptions): Promise<MikroOrmImportStore> {
  const file = databaseFile(options);
  const synchronous = options.synchronous ?? 'FULL';
  const orm = await MikroORM.init({
    dbName: file,
    entities: entitySchemas(sqliteDialect.columnTypes),
    allowGlobalContext: true,
    debug: false,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: BetterSqliteDatabase, done: (error: Error | null, connection: unknown) => void) {
        try {
          connection.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = OFF;`);
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  });
  return prepared(orm, sqliteDialect, () => SqliteRunner.open(orm));
}

async function openPostgres(options: MikroOrmStoreOptions): Promise<MikroOrmImportStore> {
  // loaded only when used: a SQLite deployment never loads the PostgreSQL driver
  const { MikroORM: PostgresOrm } = await import('@mikro-orm/postgresql');
  const orm = await PostgresOrm.init({
    clientUrl: options.databaseUrl!,
    entities: entitySchemas(postgresDialect.columnTypes),
    allowGlobalContext: true,
    debug: false,
    pool: { min: 0, max: options.poolSize ?? 10 },
  });
  return prepared(orm, postgresDialect, async () => KnexRunner.open(orm, postgresDialect));
}

/**
 * Creates the database if missing, brings the tables up to date (safe mode: MikroORM drops nothing) and runs the
 * data migrations of migrate.ts.
 */
async function prepared(
  orm: AnyMikroORM<any>,
  dialect: StorageDialect,
  runner: () => Promise<SqliteRunner | KnexRunner>,
): Promise<MikroOrmImportStore> {
  let open: SqliteRunner | KnexRunner | null = null;
  try {
    await orm.schema.ensureDatabase();
    await orm.schema.updateSchema({ safe: true });
    open = await runner();
    const store = new MikroOrmImportStore(orm, dialect, open);
    await migrateLegacyActivities(store.runner, dialect);
    await buildMissingCardHistories(store);
    return store;
  } catch (error) {
    await open?.release();
    await orm.close(true);
    throw error;
  }
}

/** Resolves the SQLite file from the options; URLs of other databases than SQLite and PostgreSQL are refused. */
export function databaseFile(options: Pick<MikroOrmStoreOptions, 'databaseUrl' | 'dataDir'>): string {
  const url = options.databaseUrl;
  if (url === undefined || url === '') return join(options.dataDir, DEFAULT_DATABASE_FILE);
  if (url.startsWith('file:')) return fileURLToPath(url);
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL scheme: ${url.split(':')[0]}: (SQLite files and postgres:// URLs are supported)`);
  }
  return url;
}
