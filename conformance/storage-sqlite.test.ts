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

t.test('sqlite: a derived write (the fleet row) skips the fsync for itself only; the configured level is restored', async (t) => {
  const level = async (store: Awaited<ReturnType<typeof createMikroOrmStore>>) => Number((await store.query('PRAGMA synchronous'))[0]!.synchronous);
  const full = await createMikroOrmStore({ dataDir: join(root, 'derived-full') });
  t.teardown(() => full.close());
  t.equal(await level(full), 2, 'FULL by default');
  await full.writeDerived("INSERT INTO fleet_card (card_number, record_json, search_text, f_violation, f_potential, f_incomplete) VALUES ('D1', '[2]', '', 0, 0, 0)", []);
  t.same((await full.query('SELECT card_number FROM fleet_card')).map((r) => r.card_number), ['D1'], 'written');
  t.equal(await level(full), 2, 'FULL again after the write');
  await t.rejects(full.writeDerived('INSERT INTO no_such_table VALUES (?)', [1]), { name: 'StorageError' });
  t.equal(await level(full), 2, 'FULL again after a failing write');
  await full.runner.transaction(async (tx) => {
    await tx.writeDerived("UPDATE fleet_card SET record_json = '[3]' WHERE card_number = ?", ['D1']);
    t.equal(Number((await tx.all('PRAGMA synchronous'))[0]!.synchronous), 2, 'inside a transaction: part of it, level untouched');
  });
  t.same((await full.query('SELECT record_json FROM fleet_card')).map((r) => r.record_json), ['[3]']);
  const normal = await createMikroOrmStore({ dataDir: join(root, 'derived-normal'), synchronous: 'NORMAL' });
  t.teardown(() => normal.close());
  await normal.writeDerived("INSERT INTO fleet_card (card_number, record_json, search_text, f_violation, f_potential, f_incomplete) VALUES ('D2', '[2]', '', 0, 0, 0)", []);
  t.equal(await level(normal), 1, 'a NORMAL connection stays NORMAL');
});
