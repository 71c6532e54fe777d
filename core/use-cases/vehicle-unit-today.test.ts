/**
 * The today view's vehicle-unit counts over hand-computed fleets of our own VU files (fixtures/scenarios/
 * vu-scenarios.ts: downloaded 2026-03-03 15:00 UTC, next calibration 2026-04-10, driven 05:00–05:20 on 2026-03-03
 * with no card in the driver slot), read through the port's in-memory fake.
 */
import t from 'tap';
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import { vuScenario } from '../../fixtures/scenarios/vu-scenarios.js';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import { vuRows } from '../rows/vu-download.js';
import { FakeVehicleUnitStore, type FakeVuImport } from './testing/vehicle-unit-store-fake.js';
import { TodayView } from './today.js';
import { vehicleUnitTodayCounts } from './vehicle-unit-today.js';
import type { FleetStore } from '../ports/fleet-store.js';
import type { ImportStore } from '../ports/import-store.js';

const s = (iso: string) => Date.parse(iso) / 1000;
const rows = (vin: string) => {
  const r = vuRows(decodeVuBytes(encodeVu({ ...vuScenario('GEN1'), vin }).bytes));
  return { ...r, import: { ...r.import, vehicle: { ...r.import.vehicle, vin } } };
};
const imp = (id: string, vin: string, status: FakeVuImport['status'] = 'OK'): FakeVuImport => ({
  import_id: id,
  status,
  imported_at: s('2026-03-03T16:00:00Z'),
  content_sha256: id.repeat(64).slice(0, 64),
  file_name: `${id}.ddd`,
  rows: rows(vin),
});

t.test('a calibration due in 20 days, the driving without a card 18 days ago', async (t) => {
  const store = new FakeVehicleUnitStore([imp('a', 'WDB9634031L123456')]);
  t.same(await vehicleUnitTodayCounts(store, s('2026-03-21T10:00:00Z')), {
    vehicle_units: 1,
    vu_downloads_overdue: 0,
    calibrations_due_30d: 1,
    driving_without_card_4w: 1,
  });
});

t.test('a VU download 95 days old; the drive without a card is older than 4 weeks', async (t) => {
  const store = new FakeVehicleUnitStore([imp('a', 'WDB9634031L123456'), imp('b', 'VF1XXXXXXXX000002')]);
  t.same(await vehicleUnitTodayCounts(store, s('2026-06-06T10:00:00Z')), {
    vehicle_units: 2,
    vu_downloads_overdue: 2,
    calibrations_due_30d: 2, // overdue since 2026-04-11
    driving_without_card_4w: 0,
  });
  // 2026-03-30 is the 28th day counting from 2026-03-03: still in; a day later it is not
  t.equal((await vehicleUnitTodayCounts(store, s('2026-03-30T23:00:00Z'))).driving_without_card_4w, 2);
  t.equal((await vehicleUnitTodayCounts(store, s('2026-03-31T00:00:00Z'))).driving_without_card_4w, 0);
});

t.test('quarantined rows are not counted as driving without a card; withdrawn imports not at all', async (t) => {
  const store = new FakeVehicleUnitStore([
    imp('q', 'VIN0000000000000Q', 'QUARANTINED'),
    imp('w', 'VIN0000000000000W', 'WITHDRAWN'),
  ]);
  t.same(await vehicleUnitTodayCounts(store, s('2026-03-21T10:00:00Z')), {
    vehicle_units: 1,
    vu_downloads_overdue: 0,
    calibrations_due_30d: 1,
    driving_without_card_4w: 0,
  });
});

t.test('the today view adds the counts when given the store', async (t) => {
  const fleet = { listFleetCards: async () => ({ items: [], total: 0 }) } as unknown as FleetStore;
  const store = { listImports: async () => ({ items: [], total: 0 }) } as unknown as ImportStore;
  const clock = { now: () => new Date('2026-03-21T10:00:00Z') };
  const findings = { findings: async () => ({ findings: [] }) };
  const vehicleUnits = new FakeVehicleUnitStore([imp('a', 'WDB9634031L123456')]);
  const counts = await new TodayView({ fleet, store, clock, findings, vehicleUnits }).counts();
  t.match(counts, { drivers: 0, vehicle_units: 1, calibrations_due_30d: 1, driving_without_card_4w: 1 });
});
