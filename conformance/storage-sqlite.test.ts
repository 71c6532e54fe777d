/** The storage port suite against the MikroORM SQLite adapter on real temporary files. */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMikroOrmStore, databaseFile } from '../adapters/storage/mikro-orm/index.js';
import { storagePortSuite } from './storage-port.suite.js';
import { fleetStoreSuite, fleetUnderTest } from './fleet-store.suite.js';
import { dddFixturesSuite } from './ddd-fixtures.suite.js';

const root = await mkdtemp(join(tmpdir(), 'drivercard-storage-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
let n = 0;

storagePortSuite(t, 'sqlite', async () => createMikroOrmStore({ dataDir: join(root, `db-${++n}`) }));
fleetStoreSuite(t, 'sqlite', async () => fleetUnderTest(await createMikroOrmStore({ dataDir: join(root, `db-${++n}`) })));
dddFixturesSuite(t, 'sqlite', async () => createMikroOrmStore({ dataDir: join(root, `db-${++n}`) }));

t.test('sqlite: file location, reopen keeps data, ping after close is false', async (t) => {
  const dataDir = join(root, 'reopen');
  t.equal(databaseFile({ dataDir }), join(dataDir, 'drivercard.sqlite'));
  t.equal(databaseFile({ dataDir, databaseUrl: 'sqlite:/x/y.sqlite' }), '/x/y.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: 'sqlite:///x/y.sqlite' }), '/x/y.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: 'file:///x/z.sqlite' }), '/x/z.sqlite');
  t.equal(databaseFile({ dataDir, databaseUrl: '/plain/path.db' }), '/plain/path.db');
  t.throws(() => databaseFile({ dataDir, databaseUrl: 'postgres://u@h/db' }), /Unsupported database URL/);
  const { newImport } = await import('./storage-port.suite.js');
  const { buildParsedCard, workingDay } = await import('../core/use-cases/testing/parsed-card-builder.js');
  const first = await createMikroOrmStore({ dataDir });
  const input = newImport(buildParsedCard({ days: [workingDay('2026-03-02')] }));
  await first.saveImport(input);
  await first.close();
  t.equal(await first.ping(), false);
  const second = await createMikroOrmStore({ dataDir, synchronous: 'FULL' });
  t.strictSame(await second.findImport({ kind: 'import_id', value: input.import.import_id }), input.import);
  const [mode] = await second.query('PRAGMA journal_mode');
  t.equal(mode.journal_mode, 'wal');
  const [stored] = await second.query('SELECT content FROM import_content');
  t.same(new Uint8Array(stored.content), input.content, 'original bytes stored unchanged');
  await second.close();
});
