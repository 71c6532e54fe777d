/**
 * The storage port suite and the use-case suite against the MikroORM adapter on a real PostgreSQL: a
 * throwaway cluster (postgres-server.ts) or DRIVERCARD_TEST_POSTGRES_URL. Every store gets a new database,
 * created by the adapter at start. Without PostgreSQL binaries this file skips loudly, except under CI=true,
 * where it fails.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore, openStorage, StorageError, type SqlImportStore } from '../adapters/storage/open-storage.js';
import { openFindingsSuite } from './open-findings.suite.js';
import { vehicleUnitStoreSuite } from './vehicle-unit-store.suite.js';
import { seedStore } from '../composition/bench/seed.js';
import { buildParsedCard, datesFrom, day, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { isoTimestampOrNull } from '../core/time.js';
import { findPostgresBinaries, startPostgres } from './postgres-server.js';
import { newImport } from './new-import.js';
import { storagePortSuite } from './storage-port.suite.js';
import { useCasesSuite } from './use-cases.suite.js';
import { holderRaceSuite } from './holder-race.suite.js';
import { fleetStoreSuite, fleetUnderTest } from './fleet-store.suite.js';
import { dddFixturesSuite } from './ddd-fixtures.suite.js';
import { contentEncodingSuite } from './content-encoding.suite.js';
import { importLifecycleSuite } from './import-lifecycle.suite.js';
import { vehicleStoreSuite } from './vehicle-store.suite.js';
import { annotationsSuite } from './annotations.suite.js';
import { findingReviewsSuite } from './finding-reviews.suite.js';
import { homeCountriesSuite } from './home-countries.suite.js';
import { specificConditionsSuite } from './specific-conditions.suite.js';
import { coveredDaysSuite } from './covered-days.suite.js';
import { cardHistoryActivitiesSuite } from './card-history-activities.suite.js';

const OPEN = { from: null, to: null };
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ddd');

t.test('postgres: the server binaries are looked up in /usr/lib/postgresql/<version>/bin, then PATH', async (t) => {
  t.equal(findPostgresBinaries('/nonexistent', ''), null, 'absent: reported as missing (skip, or fail under CI=true)');
  const found = findPostgresBinaries();
  if (found !== null) t.equal(findPostgresBinaries('/nonexistent', `/nonexistent:${found}`), found, 'found on PATH');
});
const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(t, `PostgreSQL storage tests NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  t.comment(`PostgreSQL from ${server.origin}`);
  const open = (databaseUrl = server.freshDatabaseUrl(), dataDir = '/nonexistent-unused') =>
    createSqlStore({ databaseUrl, dataDir, poolSize: 4 });

  storagePortSuite(t, 'postgres', () => open());
  useCasesSuite(t, 'postgres', () => open());
  holderRaceSuite(t, 'postgres', () => open());
  fleetStoreSuite(t, 'postgres', async () => fleetUnderTest(await open()));
  dddFixturesSuite(t, 'postgres', () => open());
  contentEncodingSuite(t, 'postgres', () => open());
  specificConditionsSuite(t, 'postgres', () => open());
  coveredDaysSuite(t, 'postgres', () => open());
  cardHistoryActivitiesSuite(t, 'postgres', () => open());
  importLifecycleSuite(t, 'postgres', () => open());
  vehicleStoreSuite(t, 'postgres', () => open());
  const reopenable = async () => {
    const url = server.freshDatabaseUrl();
    const store = await open(url);
    return { store, reopen: async () => (await store.close(), open(url)) };
  };
  annotationsSuite(t, 'postgres', reopenable);
  findingReviewsSuite(t, 'postgres', reopenable);
  openFindingsSuite(t, 'postgres', () =>
    openStorage({ databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 4 }),
  );
  vehicleUnitStoreSuite(t, 'postgres', () =>
    openStorage({ databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 4 }),
  );
  homeCountriesSuite(t, 'postgres', async () => {
    const url = server.freshDatabaseUrl();
    const store = await open(url);
    return { store, reopen: async () => (await store.close(), open(url)) };
  });

  t.test('postgres: dialect, column types, bytes as bytea, reopen keeps data, ping after close', async (t) => {
    const url = server.freshDatabaseUrl();
    const first = await open(url);
    t.equal(first.dialect.name, 'postgres');
    const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02')] }));
    await first.saveImport(input);
    const types = new Map(
      (
        await first.query(
          `SELECT table_name || '.' || column_name AS c, data_type AS t FROM information_schema.columns WHERE table_schema = 'public'`,
        )
      ).map((r) => [r.c, r.t]),
    );
    t.equal(types.get('import_content.content'), 'bytea', 'original bytes as bytea');
    t.equal(types.get('card_event.start_s'), 'bigint', 'epoch seconds past 2038');
    t.equal(types.get('activity_day.packed'), 'bytea', 'packed activity days as bytea');
    t.equal(types.get('imports.file_name'), 'text');
    await first.close();
    t.equal(await first.ping(), false);
    const second = await open(url); // the schema update at start finds nothing to change
    t.strictSame(await second.findImport({ kind: 'import_id', value: input.import.import_id }), input.import);
    const [stored] = await second.query('SELECT content FROM import_content');
    t.ok(Buffer.isBuffer(stored!.content));
    t.same(await second.originalContent(input.import.import_id), input.content, 'original bytes read back unchanged');
    await second.close();
  });

  t.test(
    'postgres: a derived write (the fleet row) commits without waiting for the disk in its own transaction only',
    async (t) => {
      // the throwaway cluster runs with synchronous_commit=off: this database's sessions get it on
      const url = server.freshDatabaseUrl();
      const setup = await open(url);
      const [{ name }] = await setup.query('SELECT current_database() AS name');
      await setup.query(`ALTER DATABASE "${name as string}" SET synchronous_commit = on`);
      await setup.close();
      const store = await open(url);
      t.teardown(() => store.close());
      t.same(
        (await store.query('SHOW synchronous_commit')).map((r) => r.synchronous_commit),
        ['on'],
      );
      await store.db.writeDerived(
        "INSERT INTO fleet_card (card_number, record_json, search_text, f_violation, f_potential, f_incomplete) VALUES ('D1', '[2]', '', 0, 0, 0)",
        [],
      );
      t.same(
        (await store.query('SELECT card_number FROM fleet_card')).map((r) => r.card_number),
        ['D1'],
        'written and committed',
      );
      t.same(
        (await store.query('SHOW synchronous_commit')).map((r) => r.synchronous_commit),
        ['on'],
        'the session keeps synchronous commits',
      );
      await t.rejects(store.db.writeDerived('INSERT INTO no_such_table VALUES (?)', [1]), { name: 'StorageError' });
      await store.runner.transaction(async (tx) => {
        await tx.writeDerivedAll([
          { sql: "UPDATE fleet_card SET record_json = '[3]' WHERE card_number = ?", params: ['D1'] },
        ]);
        t.same(
          (await tx.all('SHOW synchronous_commit')).map((r) => r.synchronous_commit),
          ['on'],
          'inside a transaction: part of it',
        );
      });
      t.same(
        (await store.query('SELECT record_json FROM fleet_card')).map((r) => r.record_json),
        ['[3]'],
      );
    },
  );

  t.test('postgres: timestamps after 2038 and bulk inserts beyond 65,535 parameters', async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    const days = datesFrom('2037-06-01', 1000).map((d) => workingDay(d)); // 7,000 intervals in 1,000 packed days
    // 7,001 events × 10 columns: more bound values than one statement may carry
    const many = Array.from({ length: 7000 }, (_, i) => ({
      code: 1,
      start: new Date(Date.UTC(2038, 0, 1) + i * 60_000).toISOString(),
      end: null,
    }));
    const card = buildParsedCard({
      days,
      events: [{ code: 5, start: '2040-01-01T10:00:00Z', end: '2040-01-01T11:00:00Z' }, ...many],
    });
    const input = newImport(card);
    t.equal((await store.saveImport(input)).outcome, 'created');
    const served = days.map((d) => ({ import_id: input.import.import_id, date: day(d.date) }));
    const all = await store.activities(served, null);
    t.equal(all.total, card.activities.length);
    t.ok(card.events.length * 10 > 65_535, 'more bound values than one statement may carry');
    t.strictSame(all.items.at(-1)!.end, card.activities.at(-1)!.end);
    const events = await store.events({ kind: 'import', import_id: input.import.import_id, range: OPEN }, null);
    t.equal(events.total, 7001);
    t.same(
      events.items.slice(-1).map((e) => isoTimestampOrNull(e.start)),
      ['2040-01-01T10:00:00Z'],
    );
    const paged = await store.activities(served, { limit: 3, offset: 6990 });
    t.same([paged.total, paged.items.length], [7000, 3]);
  });

  t.test('postgres: a database error carries no SQL and no bound values; nothing is written', async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    const card = buildParsedCard({
      days: [workingDay('2026-03-02')],
      events: [{ code: 2 ** 40, start: '2026-03-02T10:00:00Z', end: null }],
    });
    const input = newImport(card);
    const error = await store.saveImport(input).then(
      () => null,
      (e: unknown) => e,
    );
    t.type(error, StorageError);
    t.equal((error as StorageError).code, '22003', 'numeric value out of range');
    t.notMatch(String((error as Error).message), /INSERT|VALUES|content \d|DRIVER0000000100|1099511627776/);
    t.equal(await store.findImport({ kind: 'content_sha256', value: input.import.content_sha256 }), null);
    const readError = await store.query('SELECT * FROM no_such_table WHERE x = ?', ['secret-value']).then(
      () => null,
      (e: unknown) => e,
    );
    t.type(readError, StorageError);
    t.notMatch(String((readError as Error).message), /secret-value|no_such_table/);
  });

  t.test('postgres: seeding writes explicit keys; later imports still get new, larger sequences', async (t) => {
    const store: SqlImportStore = await open();
    t.teardown(() => store.close());
    const seeded = await seedStore(store.db, store.dayReader, {
      cards: 2,
      downloadsPerCard: 3,
      daysPerDownload: 5,
      overlapDays: 1,
      changesPerDay: 4,
      batchSize: 4,
    });
    t.same([seeded.imports, seeded.dayRecords], [6, 30]);
    const [count] = await store.query('SELECT SUM(n) AS n, COUNT(*) AS d FROM activity_day');
    t.same(count, { n: 6 * 5 * 4, d: 6 * 5 }, 'one packed day per seeded day, 4 intervals each');
    let seconds = 0;
    for (const row of (await store.listImports({ card_number: null, range: OPEN }, { limit: 100, offset: 0 })).items) {
      const days = await store.dayRecords({ kind: 'import', import_id: row.import_id }, OPEN);
      const totals = await store.activityTotals(days.map((d) => ({ import_id: row.import_id, date: d.date })));
      seconds += Object.values(totals).reduce((a, b) => a + b, 0);
    }
    t.equal(seconds, 6 * 5 * 86_400, 'every seeded day adds up to 24 h');
    const input = newImport(buildParsedCard({ card_number: seeded.cardNumbers[0]!, days: [workingDay('2030-01-01')] }));
    t.equal((await store.saveImport(input)).outcome, 'created');
    const records = await store.dayRecords({ kind: 'card', card_number: seeded.cardNumbers[0]! }, OPEN);
    t.ok(records.at(-1)!.sequence > Math.max(...records.slice(0, -1).map((r) => r.sequence)), 'newest sequence');
    t.equal(records.at(-1)!.import_id, input.import.import_id);
  });

  t.test(
    'postgres: 20 identical parallel POSTs through the real service give one import and 19 reused, every round',
    async (t) => {
      const { startServer } = await import('../composition/server.js');
      const running = await startServer({
        port: 0,
        databaseUrl: server.freshDatabaseUrl(),
        dataDir: mkdtempSync(join(tmpdir(), 'dc-race-')),
      });
      t.teardown(() => running.close());
      const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.ddd'));
      for (const file of files) {
        const body = JSON.stringify({
          file_name: file,
          content_base64: readFileSync(join(FIXTURES, file)).toString('base64'),
        });
        const answers = await Promise.all(
          Array.from({ length: 20 }, async () => {
            const r = await fetch(`${running.url.replace(/\/$/, '')}/api/drivercard/parse`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            });
            return {
              status: r.status,
              body: (await r.json()) as { import_id?: string; reused?: boolean; error?: string },
            };
          }),
        );
        const ok = answers.filter((a) => a.status === 200);
        if (ok.length === 0) continue; // a fixture the decoder refuses (422 for all 20) says nothing about the race
        t.same(
          answers.map((a) => a.status),
          Array(20).fill(200),
          `${file}: every answer 200 (${JSON.stringify(answers.find((a) => a.status !== 200)?.body ?? null)})`,
        );
        t.equal(ok.filter((a) => a.body.reused === false).length, 1, `${file}: exactly one import`);
        t.equal(ok.filter((a) => a.body.reused === true).length, 19, `${file}: 19 reused`);
        t.equal(new Set(ok.map((a) => a.body.import_id)).size, 1, `${file}: one import id`);
      }
    },
  );
}
