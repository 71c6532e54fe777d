/**
 * VehicleUnitQueries.rows pages a selection of several VINs (a registration two vehicles carried) through the
 * store's listPage, VIN after VIN: every page is the slice of the VINs' lists joined in VIN order, the total
 * their sum. Rows from our own VU files in the in-memory store.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import { vuRows } from '../rows/vu-download.js';
import { NotFoundError } from '../domain/errors.js';
import { FakeVehicleUnitStore, type FakeVuImport } from './testing/vehicle-unit-store-fake.js';
import { VehicleUnitQueries } from './vehicle-unit-queries.js';
import type { ImportStore } from '../ports/import-store.js';

const VU_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd', 'vu-downloads');
const OPEN = { from: null, to: null };

function vuImport(file: string, vin: string, n: number): FakeVuImport {
  const rows = vuRows(decodeVuBytes(new Uint8Array(readFileSync(join(VU_DIR, file)))));
  rows.import.vehicle = { vin, registration: { nation: 'D', number: 'SHARED 1' } };
  return { import_id: `imp_${n}`, status: 'OK', imported_at: n, content_sha256: `${n}`, file_name: file, rows };
}

t.test("a registration's VINs paged one after the other, each by the store", async (t) => {
  const store = new FakeVehicleUnitStore([vuImport('vu-gen1.ddd', 'VIN_B', 1), vuImport('vu-gen2.ddd', 'VIN_A', 2)]);
  const queries = new VehicleUnitQueries({ vehicleUnits: store, imports: {} as ImportStore });
  const selection = { kind: 'registration' as const, number: 'SHARED 1', nation: null };
  const first = await store.activities({ vin: 'VIN_A', import_id: null, range: OPEN });
  const second = await store.activities({ vin: 'VIN_B', import_id: null, range: OPEN });
  const whole = [...first, ...second];
  t.ok(first.length > 2 && second.length > 2, `${first.length} + ${second.length} rows`);
  const pages = [
    { limit: 2, offset: 0 },
    { limit: 3, offset: first.length - 1 },
    { limit: 4, offset: first.length },
    { limit: 1000, offset: 1 },
    { limit: 10, offset: whole.length + 5 },
    { limit: 0, offset: 3 },
  ];
  for (const page of pages) {
    const list = await queries.rows('activities', selection, OPEN, page);
    t.same(list.items, whole.slice(page.offset, page.offset + page.limit), `${page.limit}@${page.offset}`);
    t.equal(list.total, whole.length);
    t.match(list, { limit: page.limit, offset: page.offset, conflicts: [] });
  }
  const none = await queries.rows('events', { kind: 'registration', number: 'NONE', nation: null }, OPEN, pages[0]!);
  t.same(none, { items: [], total: 0, limit: 2, offset: 0, conflicts: [] });
});

t.test('an import that is not a stored VU import is not found', async (t) => {
  const store = new FakeVehicleUnitStore([]);
  const imports = { findImport: async () => null } as unknown as ImportStore;
  const queries = new VehicleUnitQueries({ vehicleUnits: store, imports });
  const error = await queries.rows('speed', { kind: 'import_id', value: 'imp_x' }, OPEN, { limit: 5, offset: 0 }).then(
    () => null,
    (e: unknown) => e,
  );
  t.type(error, NotFoundError);
});
