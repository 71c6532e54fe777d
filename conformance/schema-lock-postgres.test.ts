/**
 * Two processes starting on one new PostgreSQL database bring its schema up at the same time: the schema update
 * and the data migrations run under one advisory lock, so both starts succeed with one schema. (Two stores in one
 * process stand for the two processes: each has its own connection pool.) Skips loudly without PostgreSQL,
 * except under CI=true.
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { startPostgres } from './postgres-server.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL schema-lock test NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test('concurrent starts on a new database: both open, one schema', async (t) => {
    for (let round = 0; round < 3; round++) {
      const url = server.freshDatabaseUrl();
      const opened = await Promise.allSettled(
        [0, 1, 2].map(() => createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 3 })),
      );
      const stores = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      t.same(
        opened.map((o) => o.status),
        ['fulfilled', 'fulfilled', 'fulfilled'],
        `round ${round}: every start succeeded`,
      );
      for (const o of opened) if (o.status === 'rejected') t.comment(String(o.reason));
      if (stores.length > 0) {
        const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02')] }));
        t.equal((await stores[0]!.saveImport(input)).outcome, 'created');
        t.same(
          await stores[stores.length - 1]!.findImport({ kind: 'import_id', value: input.import.import_id }),
          input.import,
          'one database',
        );
      }
      await Promise.all(stores.map((s) => s.close()));
    }
  });
}
