import t from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config.js';
import { createServiceContainer, TOKENS } from './container.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { DecoderPool } from '../adapters/decoder-pool/decoder-pool.js';
import type { StoragePorts } from '../core/ports/storage.js';
import type { ImportStore } from '../core/ports/import-store.js';
import { SqlImportStore } from '../adapters/storage/imports/import-store.js';
import { DddDecodeError } from '../core/decoder/api.js';
import type { CardDecoder } from '../core/use-cases/decode-card-file.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';

/** Storage whose import store answers pings; the other ports are resolved with the HTTP dependencies, never read. */
function fakeStore(log: string[], failClose = false): StoragePorts {
  return {
    imports: { ping: async () => true } as unknown as ImportStore,
    fleet: {} as never,
    officeRecords: {} as never,
    openFindings: {} as never,
    homeCountries: {} as never,
    attention: {} as never,
    vehicleUnits: {} as never,
    idempotencyKeys: {} as never,
    changes: {} as never,
    close: async () => {
      log.push('store closed');
      if (failClose) throw new Error('close failed');
    },
  };
}

function config(t: { teardown(f: () => void): void }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-container-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  return loadConfig({}, { dataDir });
}

t.test('use cases are resolved by the container from their ports, once', async (t) => {
  const log: string[] = [];
  let opened = 0;
  const services = createServiceContainer(config(t), {
    storage: async () => (opened++, fakeStore(log)),
    web: null,
  });
  const deps = await services.httpDependencies();
  t.type(deps.imports, ImportDddFile);
  t.type(deps.queries, DriverCardQueries);
  t.equal(await deps.health.databaseAvailable(), true, 'the health use case got the bound store');
  t.equal(await services.importUseCase(), deps.imports, 'singletons');
  t.equal(await services.container.getAsync(TOKENS.QueryUseCases), deps.queries);
  t.equal(opened, 1, 'one store for every use case');
  const pool = await services.container.getAsync<DecoderPool>(TOKENS.DecoderPool);
  t.type(pool, DecoderPool, 'imports decode through the worker pool');
  t.equal(
    await services.container.getAsync(TOKENS.CardDecoder),
    pool.decode,
    "the CardDecoder port is the pool's decode",
  );
  await services.dispose();
  t.same(log, ['store closed'], 'deactivation closed the store');
  t.match(
    await pool.decode(new Uint8Array(70_000)).catch((e: Error) => e),
    { message: 'the decoder pool is closed' },
    'and the pool',
  );
});

t.test('dispose closes only what was opened, closes everything, then reports the first failure', async (t) => {
  const idle = createServiceContainer(config(t), { storage: async () => t.fail('not opened') as never });
  await idle.dispose();
  const log: string[] = [];
  const services = createServiceContainer(config(t), {
    storage: async () => fakeStore(log, true),
    web: null,
  });
  const deps = await services.httpDependencies();
  const error = await services.dispose().then(
    () => null,
    (e: unknown) => e,
  );
  t.match(error, { message: 'close failed' });
  t.same(log, ['store closed']);
  t.ok(deps.restLog, 'the REST log was opened and is closed by its deactivation too');
});

t.test('a wrapped use case keeps its dependencies', async (t) => {
  const log: string[] = [];
  const services = createServiceContainer(config(t), {
    storage: async () => fakeStore(log),
    web: null,
    health: (base) => ({ databaseAvailable: async () => !(await base.databaseAvailable()) }),
  });
  const deps = await services.httpDependencies();
  t.equal(await deps.health.databaseAvailable(), false);
  await services.dispose();
});

t.test('tests and benchmarks resolve the same bindings over the ports they bring', async (t) => {
  const log: string[] = [];
  const store = fakeStore(log);
  const decoded: number[] = [];
  const services = createServiceContainer(config(t), {
    storage: async () => store,
    clock: { now: () => new Date(0) },
    hasher: new NodeCryptoHasher(),
    ids: new RandomIdGenerator(),
    decodeCard: async (content) => {
      decoded.push(content.length);
      throw new DddDecodeError('not_a_ddd_file', 'not a DDD file');
    },
    fleetDrain: false,
  });
  const bundle = await services.useCases();
  t.type(bundle.imports, ImportDddFile);
  t.type(bundle.queries, DriverCardQueries);
  t.equal(await bundle.health.databaseAvailable(), true, 'the health use case got the given store');
  t.equal(
    bundle.refreshFleet['deps'].overviews,
    bundle.overviews,
    'one overview use case, shared by the fleet refresh',
  );
  const http = await services.httpDependencies();
  t.equal(http.imports, bundle.imports, 'the HTTP app and the test share one container');
  const decode = await services.container.getAsync<CardDecoder>(TOKENS.CardDecoder);
  await t.rejects(decode(new Uint8Array(3)), DddDecodeError);
  t.same(decoded, [3], "the test's decoder was bound");
  await services.dispose();
});

t.test("the service's store saves the stored form its decoder pool's worker made of a body", async (t) => {
  const forms: unknown[] = [];
  const save = SqlImportStore.prototype.saveImport;
  SqlImportStore.prototype.saveImport = function (this: SqlImportStore, input) {
    forms.push(input.stored_form);
    return save.call(this, input);
  };
  t.teardown(() => void (SqlImportStore.prototype.saveImport = save));
  const services = createServiceContainer(config(t));
  t.teardown(() => services.dispose());
  const imports = await services.container.getAsync<ImportDddFile>(TOKENS.ImportUseCase);
  // above the pool's inline bound: decoded, and compressed, by a worker
  const content = new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ddd', 'gen2-full.ddd')));
  t.ok(content.byteLength > 16 * 1024);
  const saved = await imports.parse({ file_name: 'gen2-full.ddd', content, archive_id: null });
  t.match(forms, [{ encoding: 'deflate-raw' }], "the save got the worker's form with the decoded card");
  const store = await services.container.getAsync<ImportStore>(TOKENS.ImportStore);
  t.same(await store.originalContent(saved.import_id), content, 'and keeps the very bytes');
});

t.test('imports are admitted a bounded number at a time: configured, or on PostgreSQL by default', async (t) => {
  const log: string[] = [];
  const open = (settings: Parameters<typeof loadConfig>[1]) =>
    createServiceContainer(loadConfig({}, { ...config(t), ...settings }), {
      storage: async () => fakeStore(log),
    });
  const sqlite = open({});
  t.teardown(() => sqlite.dispose());
  t.type(await sqlite.importUseCase(), ImportDddFile, 'SQLite: none by default');
  const configured = open({ importConcurrency: 3 });
  t.teardown(() => configured.dispose());
  t.match(await configured.importUseCase(), { limit: 3 }, 'DRIVERCARD_IMPORT_CONCURRENCY');
  const postgres = open({ databaseUrl: 'postgres://127.0.0.1:1/none' });
  t.teardown(() => postgres.dispose());
  t.match(await postgres.importUseCase(), { limit: 2 * availableParallelism() }, 'PostgreSQL: two a core');
});
