/**
 * Two processes computing fleet rows on one SQLite file (two stores opened on it, each with its own connection:
 * SQLite's file locks keep two connections apart as they keep two processes apart): one card's computations one
 * after the other (./fleet-lock.suite.ts), the lock one for every card, and the lock file's retries.
 */
import t from 'tap';
import { setTimeout as delay } from 'node:timers/promises';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { FileLock, type LockFileConnection } from '../adapters/storage/database/file-locks.js';
import { fleetLockSuite } from './fleet-lock.suite.js';

fleetLockSuite(t, 'sqlite', async (t) => {
  const dataDir = t.testdir();
  return [await createSqlStore({ dataDir }), await createSqlStore({ dataDir })];
});

t.test('the lock is one for every card, held by one process at a time, and given back', async (t) => {
  const dataDir = t.testdir();
  const [a, b] = [await createSqlStore({ dataDir }), await createSqlStore({ dataDir })];
  t.teardown(() => Promise.all([a.close(), b.close()]));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new SqlFleetStore(a.db).exclusively('CARD-ONE', () => gate);
  const other = new SqlFleetStore(b.db).exclusively('CARD-TWO', async () => 'ran');
  t.equal(await Promise.race([other, delay(500).then(() => 'waited')]), 'waited', 'another card waits too');
  release();
  await held;
  t.equal(await other, 'ran', 'and runs once the other ended');
  const failed = new SqlFleetStore(a.db).exclusively('CARD-ONE', async () => Promise.reject(new Error('x')));
  await t.rejects(failed, { message: 'x' }, "the work's failure is the caller's");
  t.equal(await new SqlFleetStore(b.db).exclusively('CARD-ONE', async () => 'ran'), 'ran', 'and frees the lock');
});

/** A lock file whose BEGIN IMMEDIATE answers as scripted. */
function scripted(answers: Array<'ok' | 'busy' | 'broken'>): LockFileConnection & { closed: boolean } {
  let inTransaction = false;
  return {
    closed: false,
    get inTransaction() {
      return inTransaction;
    },
    exec(sql: string) {
      if (sql === 'ROLLBACK') return void (inTransaction = false);
      const answer = answers.shift() ?? 'ok';
      if (answer === 'busy') throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      if (answer === 'broken') throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      inTransaction = true;
    },
    close() {
      this.closed = true;
    },
  };
}

t.test('a lock held elsewhere is tried again, then fails as unavailable; other errors are not retried', async (t) => {
  const retried = scripted(['busy', 'busy', 'ok']);
  t.equal(await new FileLock(() => retried, 1000).holding(async () => 'ran'), 'ran', 'taken on the third try');
  t.notOk(retried.inTransaction, 'and given back');
  const held = new FileLock(() => scripted(Array(100).fill('busy')), 30);
  await t.rejects(
    held.holding(async () => 'ran'),
    { code: 'ETIMEDOUT' },
    'held past the patience: ETIMEDOUT',
  );
  const broken = new FileLock(() => scripted(['broken']), 1000);
  await t.rejects(
    broken.holding(async () => 'ran'),
    { code: 'SQLITE_IOERR' },
  );
  const connection = scripted([]);
  const lock = new FileLock(() => connection, 1000);
  await lock.holding(async () => undefined);
  await lock.close();
  t.ok(connection.closed, 'closing closes the lock file');
  await t.rejects(
    lock.holding(async () => 'ran'),
    /closed/,
    'and no work runs after',
  );
});
