/** GET /api/drivercard/today and /today/drivers on PostgreSQL (a throwaway cluster, or DRIVERCARD_TEST_POSTGRES_URL). */
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startPostgres } from '../../../conformance/postgres-server.js';
import { createSqlStore } from '../../storage/open-storage.js';
import { todayScenario } from '../testing/today-scenario.js';

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(t, `today on PostgreSQL NOT RUN: ${started.missing}`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  t.test('today on PostgreSQL: the same counts and lists', (t) =>
    todayScenario(t, () =>
      createSqlStore({ databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 4 }),
    ),
  );
}
