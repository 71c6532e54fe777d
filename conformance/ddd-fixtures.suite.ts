/**
 * Every generated DDD fixture (fixtures/ddd: gen1, gen2 and gen2v2 cards, GNSS positions with decimal
 * accuracy, crews, border crossings, load operations; the corrupt ones that still import) through the real
 * decoder and the import use case into a storage adapter, and read back through the query use cases: each
 * row kind served complete and equal to what the decoder gives for the file. Run on SQLite and PostgreSQL
 * (storage-sqlite.test.ts, storage-postgres.test.ts), so both backends take the same fixtures.
 */
import type { TAP } from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { DddDecodeError } from '../core/decoder/api.js';
import { decodeCardFile, withDayRecords } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import type { ClosableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const DDD_DIR = join(import.meta.dirname, '..', 'fixtures', 'ddd');
const ALL = { limit: 5000, offset: 0 };
const OPEN = { from: null, to: null };

/** Rows without the storage's own columns, in a stable text form. */
function comparable(rows: readonly object[]): string[] {
  return rows.map((row) => {
    const { import_id: _i, quarantined: _q, ...rest } = row as Record<string, unknown>;
    return JSON.stringify(rest);
  });
}

export function dddFixturesSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: every DDD fixture of every generation is stored and served complete`, async (t) => {
    const store = await makeStore();
    t.teardown(() => store.close());
    let clock = Date.parse('2026-11-01T00:00:00Z');
    const importer = new ImportDddFile({
      store,
      hasher: new NodeCryptoHasher(),
      clock: { now: () => new Date((clock += 1000)) },
      ids: new RandomIdGenerator(),
      decodeCard: withDayRecords(decodeCardFile, new NodeCryptoHasher()),
    });
    const queries = new DriverCardQueries(store);
    const generations = new Set<string>();
    let positionsWithAccuracy = 0;
    for (const file of readdirSync(DDD_DIR)
      .filter((n) => n.endsWith('.ddd'))
      .sort()) {
      const content = new Uint8Array(readFileSync(join(DDD_DIR, file)));
      const expected = await decodeCardFile(content).catch((e: unknown) =>
        e instanceof DddDecodeError ? null : Promise.reject(e),
      );
      if (expected === null) continue; // refused by the decoder: nothing to store
      const imported = await importer.parse({ file_name: file, content, archive_id: null });
      generations.add(imported.generation);
      const basis = { kind: 'import_id' as const, value: imported.import_id };
      const query = { basis, range: OPEN, page: ALL };
      const activities = [];
      for (let offset = 0; offset === 0 || offset < expected.activities.length; offset += ALL.limit) {
        activities.push(...(await queries.activities({ ...query, page: { limit: ALL.limit, offset } })).items);
      }
      t.same(comparable(activities), comparable(expected.activities), `${file}: activities (every page)`);
      t.same(comparable((await queries.events(query)).items), comparable(expected.events), `${file}: events`);
      t.same(comparable((await queries.faults(query)).items), comparable(expected.faults), `${file}: faults`);
      t.same(
        comparable((await queries.vehiclesUsed(query)).items),
        comparable(expected.vehicles_used),
        `${file}: vehicles used`,
      );
      const positions = (await queries.positions(query)).items;
      t.same(comparable(positions), comparable(expected.positions), `${file}: positions`);
      positionsWithAccuracy += positions.filter(
        (p) => p.gnss_accuracy !== null && !Number.isInteger(p.gnss_accuracy),
      ).length;
    }
    t.same([...generations].sort(), ['GEN1', 'GEN2', 'GEN2V2'], 'every generation was stored');
    t.ok(
      positionsWithAccuracy > 0,
      `${positionsWithAccuracy} GNSS positions with a decimal accuracy stored and served`,
    );
  });
}
