/**
 * Opens (creating or migrating the schema of) the database and returns the storage adapter. One adapter,
 * two databases, chosen by the database URL (see dialect.ts):
 * - SQLite (default): a file, WAL mode with full transactions, so a killed process leaves only whole imports;
 *   driver `@mikro-orm/better-sqlite` (better-sqlite3: synchronous, statements prepared once; chosen over
 *   node-sqlite3 by the bench, see README decisions);
 * - PostgreSQL: `postgres://` or `postgresql://` URLs; the database is created if missing.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/better-sqlite';
import { entitySchemas } from './mikro-orm-schema/schema.js';
import { dialectOf, postgresDialect, sqliteDialect, type StorageDialect } from './database/dialect.js';
import { SqlImportStore } from './imports/import-store.js';
import { numberStoredImports } from './imports/import-changes.js';
import {
  backfillSpecificConditions,
  buildMissingCardHistories,
  migrateLegacyActivities,
} from './mikro-orm-schema/migrate.js';
import { migrateSchema } from './mikro-orm-schema/schema-migrations.js';
import { MIGRATIONS_TABLE } from './mikro-orm-schema/migrations/names.js';
import { SEARCH_TABLES } from './fleet/fleet-search.js';
import { knexOf, SqliteRunner, type BetterSqliteDatabase } from './database/sql-runner.js';
import { PostgresRunner } from './database/postgres-runner.js';
import { Database } from './database/database.js';
import type { StoragePorts } from '../../core/ports/storage.js';
import { SqlFleetStore } from './fleet/fleet-store.js';
import { SqlOfficeRecords } from './office-records/office-records-store.js';
import { SqlOpenFindings } from './open-findings/open-findings-store.js';
import { SqlHomeCountries } from './home-countries/home-countries-store.js';
import { SqlImportAttention } from './attention/import-attention.js';
import { SqlVehicleUnitStore } from './vehicle-units/vehicle-unit-store.js';
import { SqlIdempotencyKeys } from './idempotency/idempotency-store.js';
import { SqlChangeFeed } from './change-feed/change-feed-store.js';
import { numberStoredRecords } from './change-feed/change-numbers.js';

export { SqlImportStore, StorageError } from './imports/import-store.js';

export const DEFAULT_DATABASE_FILE = 'drivercard.sqlite';

export interface SqlStoreOptions {
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
  /** PostgreSQL: how long a round trip waits for the server's answer (default ANSWER_TIMEOUT_MS, postgres-runner.ts) */
  answerTimeoutMs?: number;
}

/** The storage ports over one database, opened (and migrated) once: what the composition root binds. */
export interface Storage extends StoragePorts {
  imports: SqlImportStore;
}

/**
 * Opens the database of the options and returns every storage port over its one handle (./database/database.ts);
 * `close` closes the handle once.
 */
export async function openStorage(options: SqlStoreOptions): Promise<Storage> {
  return storageOf(await createSqlStore(options));
}

/** The other ports over the database of an import store opened already (closing the bundle closes it). */
export function storageOf(imports: SqlImportStore): Storage {
  const db = imports.db;
  return {
    imports,
    fleet: new SqlFleetStore(db),
    officeRecords: new SqlOfficeRecords(db),
    openFindings: new SqlOpenFindings(db),
    homeCountries: new SqlHomeCountries(db),
    attention: new SqlImportAttention(db),
    vehicleUnits: new SqlVehicleUnitStore(db),
    idempotencyKeys: new SqlIdempotencyKeys(db),
    changes: new SqlChangeFeed(db),
    close: () => imports.close(),
  };
}

/** The import store alone over a database of its own (tests and tools that need no other port). */
export async function createSqlStore(options: SqlStoreOptions): Promise<SqlImportStore> {
  const { orm, dialect } = await ormOf(options);
  const runner = async () =>
    dialect === postgresDialect
      ? PostgresRunner.open(orm, postgresDialect, options.answerTimeoutMs)
      : SqliteRunner.open(orm);
  return prepared(orm, dialect, runner);
}

/**
 * MikroORM on the database of the options, configured as the store opens it and with the migration classes (which
 * the store loads only when one is pending), the schema left as it is (for tests and tools that inspect the schema:
 * on SQLite the store holds the one connection, so they use their own ORM).
 */
export async function openOrm(options: SqlStoreOptions): Promise<{ orm: AnyMikroORM<any>; dialect: StorageDialect }> {
  const opened = await ormOf(options);
  const { withMigrationClasses } = await import('./mikro-orm-schema/migrator.js');
  withMigrationClasses(opened.orm, opened.dialect);
  return opened;
}

/** MikroORM on the database of the options, without the migration classes (MikroORM's Migrator not loaded). */
async function ormOf(options: SqlStoreOptions): Promise<{ orm: AnyMikroORM<any>; dialect: StorageDialect }> {
  const dialect = dialectOf(options.databaseUrl);
  return { orm: dialect === postgresDialect ? await postgresOrm(options) : await sqliteOrm(options), dialect };
}

/**
 * SQLite's page cache in KiB: 2 MB (better-sqlite3 builds with 16). A card's queries read a few pages each; the
 * pages not cached come from the operating system's file cache (a pread, microseconds). The cache fills as imports
 * write, on the main thread's malloc heap: with 8 MB that heap grew ~7 MB more under 1,500 imports, and the CPU
 * time per import was the same within the runs' spread (README "Heap limits").
 */
export const SQLITE_CACHE_KIB = 2048;

async function sqliteOrm(options: SqlStoreOptions): Promise<AnyMikroORM<any>> {
  const file = databaseFile(options);
  const synchronous = options.synchronous ?? 'FULL';
  return MikroORM.init({
    dbName: file,
    entities: entitySchemas(sqliteDialect.columnTypes),
    migrations: { tableName: MIGRATIONS_TABLE },
    // the fleet search's FTS5 table and its shadow tables (fleet-search.ts) are not entities
    schemaGenerator: { skipTables: [SEARCH_TABLES] },
    allowGlobalContext: true,
    debug: false,
    pool: {
      min: 1,
      max: 1,
      afterCreate(connection: BetterSqliteDatabase, done: (error: Error | null, connection: unknown) => void) {
        try {
          // page cache of SQLITE_CACHE_KIB (better-sqlite3 builds with 16 MB, resident once the database is larger)
          connection.exec(
            `PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -${SQLITE_CACHE_KIB};`,
          );
          done(null, connection);
        } catch (error) {
          done(error as Error, connection);
        }
      },
    },
  });
}

async function postgresOrm(options: SqlStoreOptions): Promise<AnyMikroORM<any>> {
  // loaded only when used: a SQLite deployment never loads the PostgreSQL driver
  const { MikroORM: PostgresOrm } = await import('@mikro-orm/postgresql');
  return PostgresOrm.init({
    clientUrl: options.databaseUrl!,
    // created by prepared() (ensureDatabase below), which tolerates another process creating it at the same time
    ensureDatabase: false,
    entities: entitySchemas(postgresDialect.columnTypes),
    migrations: { tableName: MIGRATIONS_TABLE },
    allowGlobalContext: true,
    debug: false,
    pool: { min: 0, max: options.poolSize ?? 10 },
  });
}

/**
 * Creates the database if missing, runs the pending schema migrations (schema-migrations.ts: MikroORM's Migrator,
 * loaded only when one is pending; a database from before migrations is brought up to date once) and the data migrations of migrate.ts. On
 * PostgreSQL several processes may start on one database at once: the migrations run under one advisory lock
 * (whoever comes second finds them recorded and runs none), and a database created by another process meanwhile
 * is not an error.
 */
async function prepared(
  orm: AnyMikroORM<any>,
  dialect: StorageDialect,
  runner: () => Promise<SqliteRunner | PostgresRunner>,
): Promise<SqlImportStore> {
  let open: SqliteRunner | PostgresRunner | null = null;
  try {
    await ensureDatabase(orm);
    return await underSchemaLock(orm, dialect, async () => {
      await migrateSchema(orm, dialect);
      open = await runner();
      const store = new SqlImportStore(new Database(orm, dialect, open));
      await migrateLegacyActivities(store.runner, dialect);
      await buildMissingCardHistories(store.db, store.dayReader);
      await backfillSpecificConditions(store.db);
      await numberStoredImports(store.db);
      await numberStoredRecords(store.runner, dialect);
      return store;
    });
  } catch (error) {
    await (open as SqliteRunner | PostgresRunner | null)?.release();
    await orm.close(true);
    throw error;
  }
}

/**
 * `ensureDatabase`, again when it failed because another process was creating the database at the same moment
 * (PostgreSQL refuses the second CREATE DATABASE while the first is being committed); a failure that persists is
 * the first one. A failed creation leaves MikroORM connected to the management database (`postgres`): the
 * connection is pointed back at ours before the database is looked for again.
 */
async function ensureDatabase(orm: AnyMikroORM<any>, attempts = 5): Promise<void> {
  const dbName = orm.config.get('dbName');
  try {
    await orm.schema.ensureDatabase({ forceCheck: true });
  } catch (error) {
    orm.config.set('dbName', dbName);
    await orm.em.getDriver().reconnect();
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ensureDatabase(orm, attempts - 1).catch(() => Promise.reject(error));
  }
}

/** Key of the PostgreSQL advisory lock the schema work runs under (any constant of this application). */
export const SCHEMA_LOCK_KEY = 0x44_43_52_53; // 'DCRS'

/** PostgreSQL: `work` inside a transaction holding pg_advisory_xact_lock (released at its end); SQLite: as is. */
async function underSchemaLock<T>(orm: AnyMikroORM<any>, dialect: StorageDialect, work: () => Promise<T>): Promise<T> {
  if (dialect !== postgresDialect) return work();
  return knexOf(orm).transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SCHEMA_LOCK_KEY]);
    return work();
  });
}

/** Resolves the SQLite file from the options; URLs of other databases than SQLite and PostgreSQL are refused. */
export function databaseFile(options: Pick<SqlStoreOptions, 'databaseUrl' | 'dataDir'>): string {
  const url = options.databaseUrl;
  if (url === undefined || url === '') return join(options.dataDir, DEFAULT_DATABASE_FILE);
  if (url.startsWith('file:')) return fileURLToPath(url);
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(
      `Unsupported database URL scheme: ${url.split(':')[0]}: (SQLite files and postgres:// URLs are supported)`,
    );
  }
  return url;
}
