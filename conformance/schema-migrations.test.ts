/**
 * The schema at start comes from the versioned migrations (adapters/storage/mikro-orm-schema/migrations/), on SQLite and
 * PostgreSQL alike:
 * - a new database has every migration recorded and exactly the tables, columns and indexes the entity schemas
 *   declare: MikroORM's schema generator finds nothing to change after the migrations;
 * - a database of an earlier version (tables, no migrations table) is brought up to date without losing a row, and
 *   its migrations are recorded;
 * - a second start runs no migration.
 * PostgreSQL skips loudly without its binaries, except under CI=true.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/core';
import {
  createSqlStore,
  openOrm,
  type SqlImportStore,
  type SqlStoreOptions,
} from '../adapters/storage/open-storage.js';
import type { StorageDialect } from '../adapters/storage/database/dialect.js';
import { migrateSchema } from '../adapters/storage/mikro-orm-schema/schema-migrations.js';
import { MIGRATIONS_TABLE, migrationNames } from '../adapters/storage/mikro-orm-schema/migrations/index.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';
import { newImport } from './new-import.js';
import { fleetRecord } from './fleet-store.suite.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { SEARCH_TABLE, TRIGRAM_INDEX } from '../adapters/storage/fleet/fleet-search.js';

/** The options of a new database (created by the first store opened on them). */
type NewDatabase = () => SqlStoreOptions;

// started before any test is declared: a top-level await after them would let the root test end first
const started = await startPostgres();

const dirs: string[] = [];
t.teardown(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-schema-migrations-'));
  dirs.push(dir);
  return dir;
}

/**
 * `inspect` with MikroORM opened on the database beside no store (a SQLite store holds the file's one connection).
 */
async function withOrm<T>(
  options: SqlStoreOptions,
  inspect: (orm: MikroORM<any>, dialect: StorageDialect) => Promise<T>,
): Promise<T> {
  const { orm, dialect } = await openOrm(options);
  try {
    return await inspect(orm, dialect);
  } finally {
    await orm.close(true);
  }
}

/** What MikroORM's schema generator would still change to reach the entity schemas (empty: nothing). */
async function schemaDifference(options: SqlStoreOptions): Promise<string> {
  return withOrm(options, async (orm) => (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim());
}

/** Migrating once more, and what the Migrator still finds pending. */
async function migrateAgain(options: SqlStoreOptions): Promise<unknown> {
  return withOrm(options, async (orm, dialect) => ({
    again: await migrateSchema(orm, dialect),
    pending: await new Migrator(orm.em).getPendingMigrations(),
  }));
}
const NOTHING_TO_DO = { again: { legacy: false, applied: [] }, pending: [] };

async function recorded(store: SqlImportStore): Promise<string[]> {
  return (await store.query(`SELECT id, name, executed_at FROM ${MIGRATIONS_TABLE} ORDER BY id`)).map(
    (r) => `${r.id} ${r.name} ${String(r.executed_at)}`,
  );
}

async function tableExists(store: SqlImportStore, table: string): Promise<boolean> {
  const [row] = await store.query(store.dialect.tableExistsSql, [table]);
  return Number(row?.n) > 0;
}

/**
 * The fleet search's objects that the entity schemas cannot declare (so `schemaDifference` cannot see them): on
 * SQLite the FTS5 table and its three triggers, on PostgreSQL the trigram index.
 */
async function searchObjects(store: SqlImportStore): Promise<number> {
  const [row] =
    store.dialect.name === 'postgres'
      ? await store.query(
          `SELECT COUNT(*) AS n FROM pg_class WHERE relname = ? AND relkind = 'i' AND reloptions = ?::text[]`,
          [TRIGRAM_INDEX, '{fastupdate=on,gin_pending_list_limit=64}'],
        )
      : await store.query(
          `SELECT COUNT(*) AS n FROM sqlite_master WHERE (type = 'table' AND name = ?) OR (type = 'trigger' AND name LIKE ?)`,
          [SEARCH_TABLE, `${SEARCH_TABLE}_%`],
        );
  return Number(row!.n);
}
const SEARCH_OBJECTS = { sqlite: 4, postgres: 1 };
const DERIVED_DROPS = {
  sqlite: [
    `DROP TRIGGER ${SEARCH_TABLE}_insert`,
    `DROP TRIGGER ${SEARCH_TABLE}_update`,
    `DROP TRIGGER ${SEARCH_TABLE}_delete`,
    `DROP TABLE ${SEARCH_TABLE}`,
    // the fleet counters' triggers name columns dropped below (SQLite refuses to drop those)
    'DROP TRIGGER fleet_count_insert',
    'DROP TRIGGER fleet_count_update',
    'DROP TRIGGER fleet_count_delete',
    'DROP TABLE fleet_count',
  ],
  postgres: [`DROP INDEX ${TRIGRAM_INDEX}`, 'DROP TRIGGER fleet_count_trigger ON fleet_card', 'DROP TABLE fleet_count'],
};

/** The fleet summary of the one card the tests save (no download, no expiry, evaluated, no findings). */
const ONE_CARD = { drivers: 1, overdue: 0, expiring_30d: 0, expired: 0, with_infringements: 0, not_evaluated: 0 };

/** The cards a fleet search for `q` finds (through the search index on SQLite). */
async function searched(store: SqlImportStore, q: string): Promise<string[]> {
  const slice = await new SqlFleetStore(store.db).listFleetCards({
    filter: { q, overdue: null, expiring_within_days: null },
    sort: 'card_number',
    order: 'asc',
    page: { limit: 10, offset: 0 },
    now_s: 0,
  });
  return slice.items.map((r) => r.card_number);
}

function migrationSuite(name: string, newDatabase: NewDatabase): void {
  t.test(
    `${name}: a new database gets every migration, then equals the entity schemas; a second start migrates nothing`,
    async (t) => {
      const options = newDatabase();
      const first = await createSqlStore(options);
      const names = migrationNames(first.dialect);
      t.ok(names.length >= 1);
      const rows = await recorded(first);
      t.same(
        rows.map((r) => r.split(' ')[1]),
        names,
        'every migration recorded once, in order',
      );
      t.ok(await tableExists(first, 'finding_review'));
      t.equal(await searchObjects(first), SEARCH_OBJECTS[first.dialect.name], 'the fleet search index created');
      await new SqlFleetStore(first.db).saveFleetCard(fleetRecord('SEARCH0000000001', { surname: 'Müller' }));
      t.same(await searched(first, 'MÜLL'), ['SEARCH0000000001'], 'and kept with the rows');
      t.same(await new SqlFleetStore(first.db).fleetCounts(0), ONE_CARD, 'the fleet counted');
      const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02')] }));
      t.equal((await first.saveImport(input)).outcome, 'created');
      await first.close();
      t.equal(await schemaDifference(options), '', 'no difference between the migrated tables and the entity schemas');

      const second = await createSqlStore(options);
      t.same(await recorded(second), rows, 'the second start recorded nothing new');
      t.same(
        await second.findImport({ kind: 'import_id', value: input.import.import_id }),
        input.import,
        'the data kept',
      );
      await second.close();
      t.same(await migrateAgain(options), NOTHING_TO_DO, 'migrating again runs none, none pending');
    },
  );

  t.test(
    `${name}: a database of an earlier version (no migrations table, tables missing parts) is brought up to date`,
    async (t) => {
      const options = newDatabase();
      const created = await createSqlStore(options);
      const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02'), workingDay('2026-03-03')] }));
      await created.saveImport(input);
      await new SqlFleetStore(created.db).saveFleetCard(fleetRecord('SEARCH0000000001', { surname: 'Иванов' }));
      // an earlier release had no search index and no counters either
      for (const sql of DERIVED_DROPS[created.dialect.name]) await created.query(sql);
      // the tables as an earlier release left them: before migrations, the office records, the withdrawal columns,
      // the fleet's finding rank and the vehicle indexes
      for (const sql of [
        `DROP TABLE ${MIGRATIONS_TABLE}`,
        'DROP TABLE finding_review',
        'DROP TABLE annotation',
        'DROP INDEX vehicle_used_vin_index',
        'DROP INDEX vehicle_used_registration_index',
        // indexes on the columns dropped below go first (SQLite refuses to drop an indexed column)
        'DROP INDEX fleet_card_findings_index',
        'DROP INDEX fleet_card_evaluation_index',
        'ALTER TABLE fleet_card DROP COLUMN f_rank',
        'ALTER TABLE fleet_card DROP COLUMN f_unevaluated',
        'ALTER TABLE imports DROP COLUMN restored_at',
        'ALTER TABLE imports DROP COLUMN status_before_withdrawal',
      ]) {
        await created.query(sql);
      }
      await created.close();
      const before = await schemaDifference(options);
      t.match(before, /finding_review/, 'the earlier schema lacks a table of the entity schemas');
      t.match(before, /f_rank/, 'and a column');

      const upgraded = await createSqlStore(options);
      t.same(
        (await recorded(upgraded)).map((r) => r.split(' ')[1]),
        migrationNames(upgraded.dialect),
        'every migration recorded',
      );
      t.same(
        await upgraded.findImport({ kind: 'import_id', value: input.import.import_id }),
        input.import,
        'the import kept',
      );
      const [days] = await upgraded.query('SELECT COUNT(*) AS n FROM activity_day');
      t.equal(Number(days!.n), 2, 'its two activity days kept');
      t.equal(await searchObjects(upgraded), SEARCH_OBJECTS[upgraded.dialect.name], 'the search index created');
      t.same(await searched(upgraded, 'ванов'), ['SEARCH0000000001'], 'holding the rows stored before');
      t.same(await new SqlFleetStore(upgraded.db).fleetCounts(0), ONE_CARD, 'the counters built from them');
      await upgraded.close();
      t.equal(await schemaDifference(options), '', 'brought to the entity schemas');
      t.same(await migrateAgain(options), NOTHING_TO_DO, 'once only');
    },
  );
}

migrationSuite('sqlite', () => ({ dataDir: dataDir() }));

t.test(
  'sqlite: the database of release c81c5c7 (one activity row per interval) gets the migrations recorded',
  async (t) => {
    const dir = dataDir();
    writeFileSync(
      join(dir, 'drivercard.sqlite'),
      gunzipSync(readFileSync(new URL('../fixtures/legacy/drivercard-c81c5c7.sqlite.gz', import.meta.url))),
    );
    t.equal(
      await withOrm({ dataDir: dir }, async (orm) => (await orm.schema.getUpdateSchemaSQL()).includes('annotation')),
      true,
    );
    const store = await createSqlStore({ dataDir: dir });
    try {
      t.same(
        (await recorded(store)).map((r) => r.split(' ')[1]),
        migrationNames(store.dialect),
      );
      t.equal(await tableExists(store, 'activity'), false, 'the per-interval table moved and dropped (migrate.ts)');
      const [imports] = await store.query('SELECT COUNT(*) AS n FROM imports');
      t.equal(Number(imports!.n), 7, 'the seven imports of the release kept');
    } finally {
      await store.close();
    }
    t.equal(await schemaDifference({ dataDir: dir }), '', 'brought to the entity schemas');
    t.same(await migrateAgain({ dataDir: dir }), NOTHING_TO_DO);
  },
);

t.test(
  'sqlite: a search insert trigger of an earlier release (a merge step after every row) is replaced at start',
  async (t) => {
    const options = { dataDir: dataDir() };
    const created = await createSqlStore(options);
    await new SqlFleetStore(created.db).saveFleetCard(fleetRecord('SEARCH0000000001', { surname: 'Virtanen' }));
    await created.query(`DROP TRIGGER ${SEARCH_TABLE}_insert`);
    await created.query(
      `CREATE TRIGGER ${SEARCH_TABLE}_insert AFTER INSERT ON fleet_card BEGIN
       INSERT INTO ${SEARCH_TABLE} (rowid, search_text) VALUES (new.rowid, new.search_text);
       INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('merge', 16); END`,
    );
    await created.close();
    const insertTrigger = async (store: SqlImportStore) =>
      String((await store.query(`SELECT sql FROM sqlite_master WHERE name = ?`, [`${SEARCH_TABLE}_insert`]))[0]?.sql);
    const started = await createSqlStore(options);
    t.teardown(() => started.close());
    t.match(await insertTrigger(started), /WHERE new\.rowid % 4 = 0; END$/, 'the merge step after every fourth row');
    t.equal(await searchObjects(started), SEARCH_OBJECTS.sqlite, 'the table and its three triggers');
    await new SqlFleetStore(started.db).saveFleetCard(fleetRecord('SEARCH0000000002', { surname: 'Virtala' }));
    t.same(await searched(started, 'VIRTA'), ['SEARCH0000000001', 'SEARCH0000000002'], 'rows before and after indexed');
  },
);

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL schema migration tests NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  const newDatabase = () => ({ databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 3 });
  migrationSuite('postgres', newDatabase);

  t.test(
    'postgres: a trigram index of an earlier release (no pending list) gets its options at the next start',
    async (t) => {
      const options = newDatabase();
      const created = await createSqlStore(options);
      await new SqlFleetStore(created.db).saveFleetCard(fleetRecord('SEARCH0000000001', { surname: 'Virtanen' }));
      await created.query(`ALTER INDEX ${TRIGRAM_INDEX} SET (fastupdate = off)`);
      await created.query(`ALTER INDEX ${TRIGRAM_INDEX} RESET (gin_pending_list_limit)`);
      t.equal(await searchObjects(created), 0, 'the options of the earlier release');
      await created.close();
      const started = await createSqlStore(options);
      t.equal(await searchObjects(started), 1, 'the pending list on, bounded');
      t.same(await searched(started, 'TANEN'), ['SEARCH0000000001'], 'the rows indexed before kept');
      await started.close();
    },
  );
}
