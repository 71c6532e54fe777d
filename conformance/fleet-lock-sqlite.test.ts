/**
 * Two processes computing one card's fleet row on one SQLite file (two stores opened on it, each with its own
 * connection and RefreshFleetCard: SQLite's file locks keep two connections apart as they keep two processes apart):
 * a computation waits for the other's to end before it reads, so the row written last holds what either saw.
 * Played at the worst moment, as conformance/fleet-lock-postgres.test.ts plays it on PostgreSQL: process B has read
 * the card — no row yet — and has not written; process A then computes from the import's mark.
 */
import t from 'tap';
import { setTimeout as delay } from 'node:timers/promises';
import { createMikroOrmStore } from '../adapters/storage/open-storage.js';
import { MikroOrmFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { FileLock, type LockFileConnection } from '../adapters/storage/database/file-locks.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { buildParsedCard, datesFrom, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

const CARD = 'LOCK000000000001';
const CARD_DOWNLOAD_S = ts('2026-03-07T18:00:00Z');

t.test("a computation of a card's row waits for another process's, and the row keeps what both saw", async (t) => {
  const dataDir = t.testdir();
  const [a, b] = [await createMikroOrmStore({ dataDir }), await createMikroOrmStore({ dataDir })];
  t.teardown(() => Promise.all([a.close(), b.close()]));
  const card = buildParsedCard({ card_number: CARD, days: datesFrom('2026-03-01', 7).map((d) => workingDay(d)) });
  card.card_download_s = CARD_DOWNLOAD_S;
  await a.saveImport(newImport(card)); // marks the card with its EF Card_Download time

  let release = () => {};
  let readB = () => {};
  const bHasRead = new Promise<void>((resolve) => (readB = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  let gated = false;
  const between = async () => {
    if (gated) return;
    gated = true;
    readB();
    await gate;
  };
  const fleetA = new MikroOrmFleetStore(a.db);
  const refreshA = new RefreshFleetCard({ store: a, fleet: fleetA, overviews: new OverviewQueries(a) });
  const refreshB = new RefreshFleetCard({
    store: b,
    fleet: new MikroOrmFleetStore(b.db),
    overviews: new OverviewQueries(b),
    between,
  });

  const bDone = refreshB.refresh(CARD);
  await bHasRead;
  const aDone = refreshA.settlePending();
  const aEndedFirst = await Promise.race([aDone.then(() => true), delay(1000).then(() => false)]);
  t.notOk(aEndedFirst, "A's computation waits while B's holds the lock");
  release();
  await Promise.all([aDone, bDone]);

  const row = await fleetA.fleetCard(CARD);
  t.equal(row?.card_download_s, CARD_DOWNLOAD_S, 'the EF Card_Download time of the mark is in the row');
  t.equal(row?.imports, 1);
  t.same(await fleetA.pendingMarks(CARD), [], 'and the mark is done');
});

t.test('the lock is one for every card, held by one process at a time, and given back', async (t) => {
  const dataDir = t.testdir();
  const [a, b] = [await createMikroOrmStore({ dataDir }), await createMikroOrmStore({ dataDir })];
  t.teardown(() => Promise.all([a.close(), b.close()]));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new MikroOrmFleetStore(a.db).exclusively('CARD-ONE', () => gate);
  const other = new MikroOrmFleetStore(b.db).exclusively('CARD-TWO', async () => 'ran');
  t.equal(await Promise.race([other, delay(500).then(() => 'waited')]), 'waited', 'another card waits too');
  release();
  await held;
  t.equal(await other, 'ran', 'and runs once the other ended');
  const failed = new MikroOrmFleetStore(a.db).exclusively('CARD-ONE', async () => Promise.reject(new Error('x')));
  await t.rejects(failed, { message: 'x' }, "the work's failure is the caller's");
  t.equal(await new MikroOrmFleetStore(b.db).exclusively('CARD-ONE', async () => 'ran'), 'ran', 'and frees the lock');
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
