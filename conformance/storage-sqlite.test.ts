/** The storage port suite against the MikroORM SQLite adapter on real temporary files. */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { createSqlStore, databaseFile, openStorage } from '../adapters/storage/open-storage.js';
import { openFindingsSuite } from './open-findings.suite.js';
import { vehicleUnitStoreSuite } from './vehicle-unit-store.suite.js';
import type { SqliteRunner } from '../adapters/storage/database/sql-runner.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';
import { storagePortSuite } from './storage-port.suite.js';

const OPEN = { from: null, to: null };
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

const root = await mkdtemp(join(tmpdir(), 'drivercard-storage-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
let n = 0;

storagePortSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
fleetStoreSuite(t, 'sqlite', async () => fleetUnderTest(await createSqlStore({ dataDir: join(root, `db-${++n}`) })));
dddFixturesSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
contentEncodingSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
specificConditionsSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
coveredDaysSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
cardHistoryActivitiesSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
importLifecycleSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
vehicleStoreSuite(t, 'sqlite', async () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
const reopenable = async () => {
  const dataDir = join(root, `db-${++n}`);
  const store = await createSqlStore({ dataDir });
  return { store, reopen: async () => (await store.close(), createSqlStore({ dataDir })) };
};
annotationsSuite(t, 'sqlite', reopenable);
findingReviewsSuite(t, 'sqlite', reopenable);
openFindingsSuite(t, 'sqlite', () => openStorage({ dataDir: join(root, `db-${++n}`) }));
vehicleUnitStoreSuite(t, 'sqlite', () => openStorage({ dataDir: join(root, `db-${++n}`) }));
homeCountriesSuite(t, 'sqlite', async () => {
  const dataDir = join(root, `db-${++n}`);
  const store = await createSqlStore({ dataDir });
  return { store, reopen: async () => (await store.close(), createSqlStore({ dataDir })) };
});

t.test('sqlite: file location, reopen keeps data, ping after close is false', async (t) => {
  const dataDir = join(root, 'reopen');
  t.equal(databaseFile({ dataDir }), join(dataDir, 'drivercard.sqlite'));
  t.equal(databaseFile({ dataDir, databaseUrl: 'sqlite:/x/y.sqlite' }), '/x/y.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: 'sqlite:///x/y.sqlite' }), '/x/y.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: 'file:///x/z.sqlite' }), '/x/z.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: '/plain/path.db' }), '/plain/path.db');
  t.throws(() => databaseFile({ dataDir, databaseUrl: 'postgres://u@h/db' }), /Unsupported database URL/);
  const { newImport } = await import('./new-import.js');
  const { buildParsedCard, workingDay } = await import('../core/use-cases/testing/parsed-card-builder.js');
  const first = await createSqlStore({ dataDir });
  const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02')] }));
  await first.saveImport(input);
  await first.close();
  t.equal(await first.ping(), false);
  const second = await createSqlStore({ dataDir, synchronous: 'FULL' });
  t.strictSame(await second.findImport({ kind: 'import_id', value: input.import.import_id }), input.import);
  const [mode] = await second.query('PRAGMA journal_mode');
  t.equal(mode.journal_mode, 'wal');
  t.same(await second.originalContent(input.import.import_id), input.content, 'original bytes read back unchanged');
  await second.close();
});

t.test(
  'sqlite: FULL durability without blocking: every write waits for a WAL fsync off the main thread, shared by concurrent writes',
  async (t) => {
    const store = await createSqlStore({ dataDir: join(root, 'wal-sync') });
    t.teardown(() => store.close());
    const walSync = (store.runner as SqliteRunner).walSync!;
    t.ok(walSync, 'FULL configured: the WAL is synced by the runner');
    t.equal(
      Number((await store.query('PRAGMA synchronous'))[0]!.synchronous),
      1,
      'SQLite itself runs NORMAL (no fsync inside COMMIT)',
    );
    await store.saveImport(
      newImport(buildParsedCard({ card_number: 'WALSYNC000000001', days: [workingDay('2026-03-01')] })),
    );
    t.ok(existsSync(join(root, 'wal-sync', 'drivercard.sqlite-wal')), 'the real fsync ran on the WAL file');

    const gates: Array<() => void> = [];
    let syncs = 0;
    walSync.sync = () =>
      new Promise<void>((resolve) => {
        syncs++;
        gates.push(resolve);
      });
    let firstDone = false;
    const first = store
      .saveImport(newImport(buildParsedCard({ card_number: 'WALSYNC000000002', days: [workingDay('2026-03-02')] })))
      .then(() => (firstDone = true));
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    t.equal(
      (await store.listImports({ card_number: 'WALSYNC000000002', range: OPEN }, { limit: 5, offset: 0 })).total,
      1,
      'committed: a query answers while the fsync runs',
    );
    t.equal(firstDone, false, 'the import is not acknowledged before its fsync ended');
    const later = [3, 4, 5].map((n) =>
      store.saveImport(
        newImport(buildParsedCard({ card_number: `WALSYNC00000000${n}`, days: [workingDay('2026-03-03')] })),
      ),
    );
    await store.db.writeDerived(
      "INSERT INTO fleet_card (card_number, record_json, search_text, f_violation, f_potential, f_incomplete) VALUES ('D1', '[2]', '', 0, 0, 0)",
      [],
    );
    // the three are committed (visible) while the first fsync still runs: compression on the thread pool may take a
    // while on a loaded machine, so wait for their rows rather than for a number of turns of the event loop
    const committed = async () =>
      (
        await store.query(
          "SELECT COUNT(*) AS n FROM imports WHERE card_number IN ('WALSYNC000000003', 'WALSYNC000000004', 'WALSYNC000000005')",
        )
      )[0]!.n;
    while (Number(await committed()) < 3) await new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    t.equal(syncs, 1, 'commits made during an fsync wait for the next one; a derived write waits for none');
    gates.shift()!();
    await first;
    t.equal(firstDone, true);
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    t.equal(syncs, 2, 'one fsync for the three imports committed meanwhile');
    gates.shift()!();
    await Promise.all(later);
    walSync.sync = async () => {
      throw new Error('EIO');
    };
    await t.rejects(
      store.saveImport(
        newImport(buildParsedCard({ card_number: 'WALSYNC000000009', days: [workingDay('2026-03-04')] })),
      ),
      { name: 'StorageError' },
      "an fsync failure is the write's failure",
    );

    const normal = await createSqlStore({ dataDir: join(root, 'wal-normal'), synchronous: 'NORMAL' });
    t.teardown(() => normal.close());
    t.equal((normal.runner as SqliteRunner).walSync, null, 'NORMAL configured: no fsync waited for');
  },
);
