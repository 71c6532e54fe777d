/**
 * The change feed's suite (./change-feed.suite.ts) on SQLite and on PostgreSQL (a throwaway cluster; skipped loudly
 * without its binaries, except under CI=true). On PostgreSQL the commit order is also played by hand across kinds:
 * an import's change numbered first and committed last holds back the annotation numbered after it, so a poller that
 * reads in between sees neither, and then both in number order.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlStore, storageOf } from '../adapters/storage/open-storage.js';
import { numberRow } from '../adapters/storage/change-feed/change-numbers.js';
import { buildParsedCard, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';
import { changeFeedSuite } from './change-feed.suite.js';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';

const started = await startPostgres();
const root = await mkdtemp(join(tmpdir(), 'drivercard-change-feed-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
let n = 0;

const reopenable = (databaseUrl: () => string | undefined) => async () => {
  const url = databaseUrl();
  const options = { dataDir: join(root, `db-${++n}`), ...(url === undefined ? {} : { databaseUrl: url }) };
  const store = await createSqlStore(options);
  return { store, reopen: async () => (await store.close(), createSqlStore(options)) };
};

changeFeedSuite(
  t,
  'sqlite',
  reopenable(() => undefined),
);

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL change feed tests NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  changeFeedSuite(
    t,
    'postgres',
    reopenable(() => server.freshDatabaseUrl()),
  );
  t.test('postgres: an import numbered first and committed last holds back the annotation after it', async (t) => {
    const { store } = await reopenable(() => server.freshDatabaseUrl())();
    t.teardown(() => store.close());
    const { officeRecords, changes } = storageOf(store);
    const saved = newImport(buildParsedCard({ card_number: 'CHGORDER00000001', days: [workingDay('2026-03-10')] }));
    await store.saveImport(saved);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstNumbered!: () => void;
    const numbered = new Promise<void>((resolve) => (firstNumbered = resolve));
    const slow = store.runner.transaction(async (tx) => {
      await numberRow(tx, store.dialect, 'imports', [saved.import.import_id]);
      firstNumbered();
      await held;
    });
    await numbered;
    let added = false;
    const T0 = ts('2026-03-02T00:00:00Z');
    const fast = officeRecords
      .addAnnotation({
        annotation_id: 'ann_order',
        card_number: 'CHGORDER00000001',
        kind: 'LEAVE',
        start: T0,
        end: T0 + 3600,
        note: null,
        author: 'Office',
        created_at: T0,
        withdrawal: null,
      })
      .then(() => (added = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.notOk(added, "the annotation's change waits for the import's commit");
    t.same((await changes.changesAfter(1, 10)).changes, [], 'a poll in between sees neither');
    release();
    await Promise.all([slow, fast]);
    t.same(
      (await changes.changesAfter(1, 10)).changes.map((c) => [c.change, c.kind]),
      [
        [2, 'import'],
        [3, 'annotation'],
      ],
      'both seen, in the order they were committed',
    );
  });
}
