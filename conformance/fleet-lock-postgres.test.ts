/**
 * Two processes computing fleet rows on one PostgreSQL database (two stores opened on it, as two service processes
 * have): one card's computations one after the other (./fleet-lock.suite.ts), different cards' at once.
 * Without PostgreSQL binaries this file skips loudly, except under CI=true, where it fails. */
import t from 'tap';
import { setTimeout as delay } from 'node:timers/promises';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { fleetLockSuite } from './fleet-lock.suite.js';

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL fleet lock test NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  fleetLockSuite(t, 'postgres', async () => {
    const url = server.freshDatabaseUrl();
    const open = () => createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 4 });
    return Promise.all([open(), open()]);
  });

  t.test('computations of different cards do not wait for each other', async (t) => {
    const url = server.freshDatabaseUrl();
    const open = () => createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 4 });
    const [a, b] = await Promise.all([open(), open()]);
    t.teardown(() => Promise.all([a.close(), b.close()]));
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = new SqlFleetStore(a.db).exclusively('CARD-ONE', () => gate);
    const other = await Promise.race([
      new SqlFleetStore(b.db).exclusively('CARD-TWO', async () => 'ran'),
      delay(5000).then(() => 'waited'),
    ]);
    t.equal(other, 'ran');
    const same = new SqlFleetStore(b.db).exclusively('CARD-ONE', async () => 'ran');
    t.equal(await Promise.race([same, delay(500).then(() => 'waited')]), 'waited', 'the same card waits');
    release();
    await held;
    t.equal(await same, 'ran', 'and runs once the other ended');
  });
}
