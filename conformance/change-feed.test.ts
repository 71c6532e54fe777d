/**
 * The change feed's suite (./change-feed.suite.ts) on SQLite and on PostgreSQL (a throwaway cluster; skipped loudly
 * without its binaries, except under CI=true).
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlStore } from '../adapters/storage/open-storage.js';
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
}
