/**
 * The HTTP hardening suite (http-fuzz.suite.ts) against the real service on PostgreSQL (a throwaway cluster,
 * postgres-server.ts), and the same requests against a second service on SQLite: both databases must give
 * the same answers (generated ids and times aside). Without PostgreSQL binaries this file skips loudly,
 * except under CI=true, where it fails.
 */
import t from 'tap';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';
import { startChildService } from './child-service.js';
import { Client } from './http-fuzz-client.js';
import { defectTable } from './http-defect-table.suite.js';
import { documentConformance, fuzz } from './http-fuzz.suite.js';

const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(t, `PostgreSQL HTTP fuzz NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test('postgres and sqlite: the real service under attack, the same answers on both', async (t) => {
    const clients: Client[] = [];
    for (const backend of ['postgres', 'sqlite'] as const) {
      const dataDir = join(t.testdirName, backend);
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const env: Record<string, string> = { DRIVERCARD_DATA_DIR: dataDir };
      if (backend === 'postgres') env.DRIVERCARD_DATABASE_URL = server.freshDatabaseUrl();
      const service = await startChildService(env);
      const client = new Client(service);
      await defectTable(t, client, backend);
      await fuzz(t, client, backend);
      await documentConformance(t, client, backend);
      await service.stop();
      clients.push(client);
    }
    const [postgres, sqlite] = clients as [Client, Client];
    t.equal(
      postgres.exchanges.length,
      sqlite.exchanges.length,
      `both backends answered ${sqlite.exchanges.length} recorded requests`,
    );
    let differences = 0;
    for (let i = 0; i < Math.min(postgres.exchanges.length, sqlite.exchanges.length); i++) {
      const [p, s] = [postgres.exchanges[i]!, sqlite.exchanges[i]!];
      if (JSON.stringify(p) !== JSON.stringify(s)) {
        differences++;
        if (differences <= 5) t.same(p, s, `same answer on both databases: ${s.request.slice(0, 160)}`);
      }
    }
    t.equal(differences, 0, 'PostgreSQL and SQLite give identical answers for the same requests');
    t.comment(`http-fuzz postgres-vs-sqlite: ${sqlite.exchanges.length} requests compared, ${differences} differences`);
  });
}
