/**
 * The demo fleet's VU downloads, decoded and verified by the project's own reader and read as the today counts
 * read them (through the port's in-memory fake): VERIFIED under the demo trust roots, the vehicles of the demo
 * cards (Marek's card in his truck, the VIN and plate his card records), one drive without a card 17:30–17:50 on
 * his last day, a calibration due in 20 days, a download 95 days old.
 */
import t from 'tap';
import { buildTrustStore } from '../../core/authenticity/trust-store.js';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { decodeVuBytes } from '../../core/decoder/vu/decode-vu.js';
import { vuRows } from '../../core/rows/vu-download.js';
import { FakeVehicleUnitStore } from '../../core/use-cases/testing/vehicle-unit-store-fake.js';
import { vehicleUnitTodayCounts } from '../../core/use-cases/vehicle-unit-today.js';
import { vehicleDrivingWithoutCard } from '../../core/use-cases/vehicle-unit-analysis.js';
import { isoTimestamp, parseIsoDay } from '../../core/time.js';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { demoDrivers, demoTrustFiles, demoVehicleOf } from './demo-fleet.js';
import { demoVehicleUnitFiles } from './demo-vehicle-units.js';

const TODAY = '2026-04-02'; // a Thursday: Marek's last day is Monday 2026-03-30
const crypto = new NodeSignatureCrypto();
const verifier = new VuAuthenticityVerifier(crypto, buildTrustStore(demoTrustFiles(), crypto).store);
const files = demoVehicleUnitFiles(TODAY);
const decoded = files.map((f) => decodeVuBytes(f.bytes));
const rows = decoded.map(vuRows);
const marek = demoDrivers(TODAY).find((d) => d.file === 'marek-nowak')!;

t.test('two VU downloads of the demo cards’ vehicles, signed by the demo PKI', async (t) => {
  t.same(
    files.map((f) => f.name),
    ['vu-WDB9634031L020001-2026-03-30.ddd', 'vu-WDB9634031L040001-2025-12-28.ddd'],
  );
  t.same(
    decoded.map((vu) => verifier.verify(vu).authenticity.status),
    ['VERIFIED', 'VERIFIED'],
  );
  t.same(
    rows.map((r) => r.import.warnings),
    [[], []],
  );
  const truck = demoVehicleOf(marek);
  t.equal(rows[0]!.import.vehicle.vin, truck.vin);
  t.same(rows[0]!.import.vehicle.registration, { nation: 'PL', number: 'DEMO 0001' });
  t.same(
    rows[0]!.card_insertions.map((i) => [i.card_number, i.slot, i.withdrawn_at, i.odometer_at_withdrawal_km]),
    [[marek.cardNumber, 'DRIVER', '2026-03-30T17:10:00Z', truck.odometerEnd]],
  );
});

t.test('one drive without a card, a calibration due soon, a download overdue', async (t) => {
  // read as the analysis route, the today count and the vehicle report read it
  const store = new FakeVehicleUnitStore(
    rows.map((r, i) => ({
      import_id: `demo-${i}`,
      status: 'OK',
      imported_at: 0,
      content_sha256: String(i).repeat(64),
      file_name: files[i]!.name,
      rows: r,
    })),
  );
  const range = { from: parseIsoDay('2026-03-05')!, to: parseIsoDay(TODAY)! };
  const without = [];
  for (const v of await store.vehicleUnits()) without.push(...(await vehicleDrivingWithoutCard(store, v, range)));
  t.same(
    without.map((i) => [i.vin, i.slot, isoTimestamp(i.start), isoTimestamp(i.end)]),
    [[demoVehicleOf(marek).vin, 'DRIVER', '2026-03-30T17:30:00Z', '2026-03-30T17:50:00Z']],
  );
  t.same(without[0]!.insertion_before?.card_number, marek.cardNumber, 'after Marek took his card out');
  t.same(
    rows.map((r) => r.calibrations.map((c) => c.next_calibration_date)),
    [['2026-04-22'], ['2027-05-07']],
  );
  t.equal(rows[0]!.overspeeding.length, 1);
  t.same(await vehicleUnitTodayCounts(store, Date.parse(`${TODAY}T10:00:00Z`) / 1000), {
    vehicle_units: 2,
    vu_downloads_overdue: 1,
    calibrations_due_30d: 1,
    driving_without_card_4w: 1,
  });
});
