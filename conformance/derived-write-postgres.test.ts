/**
 * A derived write (the fleet row) on PostgreSQL is one statement committed without waiting for the WAL flush
 * (`synchronous_commit = off` local to its own transaction), while every other commit of the session still waits
 * for it. Counted on a cluster with PostgreSQL's durable defaults (`startPostgres({ durable: true })`: fsync on)
 * through `pg_stat_wal.wal_sync` (PostgreSQL 14+; its counters flushed by `pg_stat_force_next_flush()`, 15+).
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { startPostgres } from './postgres-server.js';

const WRITES = 40;
const started = await startPostgres({ durable: true });

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL derived-write test NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  t.test('postgres: derived writes skip the WAL flush, plain commits of the same session do not', async (t) => {
    const store = await createSqlStore({
      databaseUrl: server.freshDatabaseUrl(),
      dataDir: '/nonexistent-unused',
      poolSize: 4,
    });
    t.teardown(() => store.close());
    const [settings] = await store.query(
      "SELECT current_setting('server_version_num')::int AS version, current_setting('fsync') AS fsync",
    );
    if (Number(settings!.version) < 150000 || settings!.fsync !== 'on') {
      // DRIVERCARD_TEST_POSTGRES_URL may name an older server or one without fsync: nothing to count there
      t.comment(`not counted: PostgreSQL ${String(settings!.version)}, fsync ${String(settings!.fsync)}`);
      return;
    }
    await store.query('CREATE TABLE derived_probe (k integer PRIMARY KEY, v integer NOT NULL)');
    const upsert =
      'INSERT INTO derived_probe (k, v) VALUES (?, 1) ON CONFLICT (k) DO UPDATE SET v = derived_probe.v + 1';
    const syncs = async () => {
      await store.query('SELECT pg_stat_force_next_flush()');
      return Number((await store.query('SELECT wal_sync FROM pg_stat_wal'))[0]!.wal_sync);
    };
    let before = await syncs();
    for (let i = 0; i < WRITES; i++) await store.query(upsert, [i % 4]);
    const plain = (await syncs()) - before;
    before = await syncs();
    for (let i = 0; i < WRITES; i++) await store.db.writeDerived(upsert, [i % 4]);
    const derived = (await syncs()) - before;
    t.ok(plain >= WRITES, `each plain commit flushed the WAL (${plain} syncs for ${WRITES} commits)`);
    t.ok(derived < plain / 2, `derived writes left the flush to the WAL writer (${derived} syncs for ${WRITES})`);
    t.same(
      (await store.query('SELECT SUM(v) AS n FROM derived_probe')).map((r) => Number(r.n)),
      [2 * WRITES],
      'every write applied',
    );
    t.same(
      (await store.query('SHOW synchronous_commit')).map((r) => r.synchronous_commit),
      ['on'],
      'the session keeps synchronous commits',
    );
  });
}
