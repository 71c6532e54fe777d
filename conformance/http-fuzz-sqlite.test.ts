/**
 * The HTTP hardening suite (http-fuzz.suite.ts) against the real service on SQLite: the hardening defect table,
 * 30 parallel 14.7 MiB bodies, the seeded property run; plus the file modes of the data folder.
 */
import t from 'tap';
import { chmodSync, mkdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startChildService } from './child-service.js';
import { Client } from './http-fuzz-client.js';
import { defectTable } from './http-defect-table.suite.js';
import { documentConformance, fuzz, parallelBodies } from './http-fuzz.suite.js';

const mode = (path: string) => statSync(path).mode & 0o777;

t.test('sqlite: the real service under attack', async (t) => {
  const dataDir = join(t.testdirName, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755); // an existing, world-readable folder
  const service = await startChildService({ DRIVERCARD_DATA_DIR: dataDir });
  t.teardown(() => service.stop());
  const client = new Client(service);
  await defectTable(t, client, 'sqlite');
  await parallelBodies(t, client, 'sqlite');
  await fuzz(t, client, 'sqlite');
  await documentConformance(t, client, 'sqlite');

  t.test('sqlite: the data folder is 0700 and the database files 0600, also when the folder existed', async (t) => {
    t.equal(mode(dataDir).toString(8), '700', 'data folder');
    for (const name of ['drivercard.sqlite', 'drivercard.sqlite-wal', 'drivercard.sqlite-shm', 'rest.log']) {
      const path = join(dataDir, name);
      if (existsSync(path)) t.equal(mode(path).toString(8), '600', name);
      else if (name === 'drivercard.sqlite') t.fail('database file missing');
    }
  });
});
