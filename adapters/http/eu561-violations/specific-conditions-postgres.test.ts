/** The pre-check with the card's specific conditions over HTTP on PostgreSQL (a throwaway cluster). */
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startPostgres } from '../../../conformance/postgres-server.js';
import { createSqlStore } from '../../storage/open-storage.js';
import { specificConditionsScenario } from './specific-conditions.scenario.js';

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(
    t,
    `specific conditions on PostgreSQL NOT RUN: ${started.missing}`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  t.test('pre-check with specific conditions on PostgreSQL', (t) =>
    specificConditionsScenario(t, () =>
      createSqlStore({ databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 4 }),
    ),
  );
}
