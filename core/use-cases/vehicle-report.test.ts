/**
 * The vehicle report's reading of the port over two imports of our own VU files (two VINs), the second one
 * quarantined: the proof lists exactly the imports the rows rest on (one the import store no longer finds is left
 * out), an unknown VIN is not found, and the period narrows the rows.
 */
import t from 'tap';
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import { vuScenario } from '../../fixtures/scenarios/vu-scenarios.js';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import { NotFoundError } from '../domain/errors.js';
import { vuRows } from '../rows/vu-download.js';
import { dayFromCivil, isoTimestamp } from '../time.js';
import { FakeVehicleUnitStore, fakeVuImportRow, type FakeVuImport } from './testing/vehicle-unit-store-fake.js';
import { VehicleReportQuery } from './vehicle-report.js';

const ROWS = vuRows(decodeVuBytes(encodeVu(vuScenario('GEN2')).bytes));
const OTHER_VIN = 'VF1XXXXXXXX000002';
const stored: FakeVuImport[] = [
  { import_id: 'a', status: 'OK', imported_at: 2, content_sha256: 'a'.repeat(64), file_name: 'a.ddd', rows: ROWS },
  {
    import_id: 'b',
    status: 'QUARANTINED',
    imported_at: 1,
    content_sha256: 'b'.repeat(64),
    file_name: null,
    rows: { ...ROWS, import: { ...ROWS.import, vehicle: { ...ROWS.import.vehicle, vin: OTHER_VIN } } },
  },
];
const store = new FakeVehicleUnitStore(stored);
const known = new Set(['a', 'b']);
const query = new VehicleReportQuery({
  vehicleUnits: store,
  imports: {
    findImport: async (l) =>
      known.has(l.value) ? fakeVuImportRow(stored.find((s) => s.import_id === l.value)!) : null,
  },
  clock: { now: () => new Date('2026-06-06T10:00:00Z') },
});
const MARCH = { from: dayFromCivil(2026, 3, 1), to: dayFromCivil(2026, 3, 31) };

t.test('the report of one VIN and a period', async (t) => {
  const r = await query.report('WDB9634031L123456', MARCH);
  t.same(
    r.imports.map((i) => i.import_id),
    ['a'],
  );
  t.match(r.due, { download_overdue: true, calibration_overdue: true });
  t.same(
    r.without_card.map((w) => [w.slot, isoTimestamp(w.start), isoTimestamp(w.end)]),
    [['DRIVER', '2026-03-03T05:00:00Z', '2026-03-03T05:20:00Z']],
  );
  t.equal(r.insertions.length, 3, 'the insertion across midnight once, card A again, card B');
  t.equal(r.calibrations.length, 1, 'calibrations of every day: the newest names the next one');
  t.ok(
    r.activities.every((a) => !a.quarantined),
    'rows of an import that is not quarantined',
  );
  const quiet = await query.report('WDB9634031L123456', {
    from: dayFromCivil(2026, 3, 4),
    to: dayFromCivil(2026, 3, 9),
  });
  t.same([quiet.activities.length, quiet.without_card.length, quiet.overspeeding.length], [0, 0, 0]);
  t.equal(quiet.calibrations.length, 1, 'the calibration is not narrowed by the period');
});

t.test('quarantined rows say so; an import the store no longer finds is not listed', async (t) => {
  known.delete('b');
  t.teardown(() => known.add('b'));
  const r = await query.report(OTHER_VIN, MARCH);
  t.ok(r.activities.length > 0 && r.activities.every((a) => a.quarantined));
  t.same(r.imports, []);
  t.same((await query.activities(OTHER_VIN, MARCH)).length, r.activities.length);
});

t.test('a VIN no stored download names', async (t) => {
  await t.rejects(query.report('NOPE', MARCH), { code: 'not_found' });
  t.ok(await query.report('NOPE', MARCH).catch((e: unknown) => e instanceof NotFoundError));
  t.same(
    (await query.vehicles()).map((v) => v.vin),
    [OTHER_VIN, 'WDB9634031L123456'],
  );
});

t.test("the fake port's other readings", async (t) => {
  t.same(await store.vinsOfRegistration('B-TR 4711', 'DE'), [OTHER_VIN, 'WDB9634031L123456']);
  t.same(await store.vinsOfRegistration('B-TR 4711', 'FR'), []);
  const one = { vin: null, import_id: 'a', range: { from: null, to: null } };
  t.equal((await store.positions(one)).length > 0, true);
  t.same([await store.days(one), await store.speed()], [[], []]);
});
