/**
 * What only the vehicle knows, end to end over a hand-computed fleet: two VU downloads of our own encoder
 * (fixtures/scenarios/vu-scenarios.ts fleetVehicleOne / fleetVehicleTwo) in the in-memory VehicleUnitStore, the
 * downloads of cards A and B (fixtures encoder → import use case → SQLite), today 2026-06-06. Every expected value
 * is worked out by hand from the scenarios:
 * - B-AN 1001 was driven without a card 2026-03-02 11:30–12:10, between card A's withdrawal at 11:00 (50,300 km)
 *   and card B's insertion at 12:30 (50,355 km): 55 km;
 * - card A's download (2026-02-28 to 2026-03-04) lacks its use of B-AN 1001 on 2026-03-03 06:00–10:00;
 * - card B's download records its insertion of 12:30 at 12:32 and 50,357 km: 120 s and 2 km off;
 * - B-AN 1001's newest download (2026-03-03) is 95 days old: due 2026-06-01, overdue;
 * - B-AN 1002's calibration falls due on 2026-06-26, in 20 days.
 */
import t, { type Test } from 'tap';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN1_MIN } from '../../../fixtures/encoder/capacities.js';
import type { CardScenario, Day, Vehicle } from '../../../fixtures/encoder/model.js';
import { NATION } from '../../../fixtures/encoder/nations.js';
import { at } from '../../../fixtures/encoder/time.js';
import { encodeVu } from '../../../fixtures/encoder/vu/encode-vu.js';
import { baseScenario, ch, day, reg } from '../../../fixtures/scenarios/build.js';
import {
  vuFixtures,
  FLEET_CARD_A,
  FLEET_CARD_B,
  fleetVehicleOne,
  fleetVehicleTwo,
} from '../../../fixtures/scenarios/vu-scenarios.js';
import { FakeVehicleUnitStore } from '../../../core/use-cases/testing/vehicle-unit-store-fake.js';
import { VehicleUnitAnalysis } from '../../../core/use-cases/vehicle-unit-analysis.js';
import { storageOf } from '../../storage/open-storage.js';
import { createHttpApp } from '../app.js';
import { strictValidator } from '../shared/validation.js';
import { dddService } from '../testing/ddd-service.js';
import { vehicleUnitDueFields } from './vehicle-analysis.mapper.js';
import {
  cardMismatchesResponseSchema,
  drivingWithoutCardResponseSchema,
  overspeedingByDriverResponseSchema,
  unaccountedKmResponseSchema,
  vehicleUnitDueSchema,
} from './vehicle-analysis.schema.js';

const TODAY = '2026-06-06T08:00:00Z';
const PAGE = { limit: 500, offset: 0 };
const PLATE = 'B-AN 1001';
const VIN1 = 'WDB9634031L000001';
const VIN2 = 'WDB9634031L000002';
const A = FLEET_CARD_A.number;
const B = FLEET_CARD_B.number;

function use(date: string, from: [number, number], to: number, begin: number, end: number): Vehicle {
  return {
    odometerBegin: begin,
    odometerEnd: end,
    firstUse: at(date, ...from),
    lastUse: at(date, to),
    registration: reg(NATION.DE, PLATE),
    vuDataBlockCounter: 1,
    vin: null,
  };
}

const workDay = (date: string, from: string, to: string): Day =>
  day(date, 0, [ch('00:00', 'R'), ch(from, 'D'), ch(to, 'R')]);

function card(number: string, surname: string, days: Day[], vehicles: Vehicle[]): Uint8Array {
  const base = baseScenario({ generation: 'GEN1' });
  const s: CardScenario = {
    ...base,
    capacities: GEN1_MIN,
    identification: { ...base.identification, cardNumber: number, surname: { codePage: 1, text: surname } },
    days,
    vehicles,
  };
  return encodeCard(s);
}

/** card A: B-AN 1001 on 02-28 and 03-02 07:00–11:00, a rest day 03-04; its use of 03-03 is missing */
const cardA = () =>
  card(
    A,
    'Adler',
    [
      workDay('2026-02-28', '08:00', '16:00'),
      workDay('2026-03-02', '07:00', '11:00'),
      workDay('2026-03-04', '00:00', '00:00'),
    ],
    [use('2026-02-28', [8, 0], 16, 49_480, 49_900), use('2026-03-02', [7, 0], 11, 50_000, 50_300)],
  );
/** card B: B-AN 1001 on 02-27 and 03-02 from 12:32 (the VU: 12:30) and 50,357 km (the VU: 50,355) to 17:00 */
const cardB = () =>
  card(
    B,
    'Berg',
    [workDay('2026-02-27', '08:00', '16:00'), workDay('2026-03-02', '12:30', '17:00')],
    [use('2026-02-27', [8, 0], 16, 49_000, 49_400), use('2026-03-02', [12, 32], 17, 50_357, 50_700)],
  );

async function fleet(t: Test) {
  const service = await dddService(TODAY);
  for (const bytes of [cardA(), cardB()]) t.equal((await service.importFile(bytes)).reused, false, 'card imported');
  const vehicleUnits = new FakeVehicleUnitStore();
  vehicleUnits.add(encodeVu(fleetVehicleOne()).bytes);
  vehicleUnits.add(encodeVu(fleetVehicleTwo()).bytes);
  const analysis = new VehicleUnitAnalysis({
    vehicleUnits,
    imports: storageOf(service.store).imports,
    clock: { now: () => new Date(TODAY) },
  });
  const { app } = createHttpApp({
    ...service.bundle,
    vehicleUnitAnalysis: analysis,
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 22,
    web: null,
  });
  const get = async (path: string) =>
    app.fetch(new Request(`http://127.0.0.1:5055/api/drivercard/vehicle-units/${path}`));
  return { service, vehicleUnits, analysis, get };
}

const setup = fleet(t);
t.teardown(async () => (await setup).service.close());

t.test('driving without a card between two insertions, its distance from their odometers', async (t) => {
  const { get } = await setup;
  const res = await get('driving-without-card');
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(drivingWithoutCardResponseSchema)(body), 'the answer matches its schema');
  t.equal(body.total, 1);
  t.same(body.items[0], {
    vin: VIN1,
    registration: { nation: body.items[0].registration.nation, number: PLATE },
    slot: 'DRIVER',
    start: '2026-03-02T11:30:00Z',
    end: '2026-03-02T12:10:00Z',
    duration: 40 * 60,
    distance_km: 50_355 - 50_300,
    distance_basis: {
      from: { source: 'CARD_WITHDRAWAL', at: '2026-03-02T11:00:00Z', odometer_km: 50_300, card_number: A },
      to: { source: 'CARD_INSERTION', at: '2026-03-02T12:30:00Z', odometer_km: 50_355, card_number: B },
    },
    insertion_before: { card_number: A, withdrawn_at: '2026-03-02T11:00:00Z', odometer_km: 50_300 },
    insertion_after: { card_number: B, inserted_at: '2026-03-02T12:30:00Z', odometer_km: 50_355 },
    quarantined: false,
  });
  t.ok(['D', 'DE'].includes(body.items[0].registration.nation), 'the registering nation is Germany');
  const later = await (await get('driving-without-card?date_from=2026-03-03')).json();
  t.equal(later.total, 0, 'the interval lies on 2026-03-02');
  const byPlate = await (await get(`driving-without-card?registration=${encodeURIComponent('B-AN 1002')}`)).json();
  t.equal(byPlate.total, 0, 'B-AN 1002 was parked');
});

t.test("a use the VU recorded that the card's download lacks", async (t) => {
  const { get } = await setup;
  const body = await (await get(`card-mismatches?vin=${VIN1}`)).json();
  t.ok(strictValidator(cardMismatchesResponseSchema)(body));
  t.same([body.time_tolerance_seconds, body.odometer_tolerance_km], [60, 1]);
  t.equal(body.total, 2, "card A's use of 03-02 agrees with the VU");
  t.match(body.items[0], { card_number: B, inserted_at: '2026-03-02T12:30:00Z', kind: 'USE_DIFFERS' });
  t.same(body.items[0].disagreements, [
    { field: 'inserted_at', vehicle_unit: '2026-03-02T12:30:00Z', card: '2026-03-02T12:32:00Z', difference: 120 },
    { field: 'odometer_at_insertion_km', vehicle_unit: 50_355, card: 50_357, difference: 2 },
  ]);
  t.same(body.items[0].card_use, {
    import_id: body.items[0].card_use.import_id,
    first_use: '2026-03-02T12:32:00Z',
    last_use: '2026-03-02T17:00:00Z',
    odometer_begin_km: 50_357,
    odometer_end_km: 50_700,
  });
  t.match(body.items[1], {
    vin: VIN1,
    card_number: A,
    slot: 'DRIVER',
    inserted_at: '2026-03-03T06:00:00Z',
    withdrawn_at: '2026-03-03T10:00:00Z',
    odometer_at_insertion_km: 50_700,
    odometer_at_withdrawal_km: 50_950,
    kind: 'USE_MISSING_ON_CARD',
    card_use: null,
  });
  t.same(body.items[1].disagreements, [], 'nothing to compare it with');
});

t.test('unaccounted km: the VU where its download reaches, the cards elsewhere', async (t) => {
  const { get } = await setup;
  const body = await (await get(`unaccounted-km?vin=${VIN1}`)).json();
  t.ok(strictValidator(unaccountedKmResponseSchema)(body));
  const v = body.items[0];
  t.same(v.vehicle_unit_periods, [{ from: '2026-03-02T00:00:00Z', to: '2026-03-03T15:00:00Z' }]);
  // B 02-27 16:00 (49,400) → A 02-28 08:00 (49,480): 80 km, before the VU's time;
  // A 02-28 16:00 (49,900) → A 03-02 07:00 (50,000): 100 km, across the VU's first midnight, kept from the cards;
  // A 03-02 11:00 (50,300) → B 12:30 (50,355): 55 km, from the VU (the cards' 57 km of it replaced)
  t.same(
    v.segments.map((s: any) => [s.basis, s.from, s.to, s.km]),
    [
      ['CARDS', '2026-02-27T16:00:00Z', '2026-02-28T08:00:00Z', 80],
      ['CARDS', '2026-02-28T16:00:00Z', '2026-03-02T07:00:00Z', 100],
      ['VEHICLE_UNIT', '2026-03-02T11:00:00Z', '2026-03-02T12:30:00Z', 55],
    ],
  );
  t.same(v.km_by_basis, { VEHICLE_UNIT: 55, CARDS: 180 });
  t.equal(v.unaccounted_km, 235);
  const two = await (await get(`unaccounted-km?vin=${VIN2}`)).json();
  t.same([two.items[0].unaccounted_km, two.items[0].segments], [0, []], 'parked at 80,000 km');
});

t.test('overspeeding per card in the driver slot', async (t) => {
  const { get } = await setup;
  const body = await (await get('overspeeding-by-driver')).json();
  t.ok(strictValidator(overspeedingByDriverResponseSchema)(body));
  t.same(
    body.items.map((g: any) => [g.card_number, g.events, g.overspeeding.map((o: any) => [o.start, o.card_source])]),
    [
      [A, 1, [['2026-03-02T09:00:00Z', 'RECORD']]],
      [B, 1, [['2026-03-02T14:00:00Z', 'INSERTION']]],
      [null, 1, [['2026-03-02T11:45:00Z', null]]],
    ],
  );
});

t.test("the fleet row's due dates: a download 95 days old, a calibration due in 20 days", async (t) => {
  const { vehicleUnits, analysis } = await setup;
  const [one, two] = await vehicleUnits.vehicleUnits();
  const due1 = vehicleUnitDueFields(analysis, one!);
  const due2 = vehicleUnitDueFields(analysis, two!);
  t.ok(strictValidator(vehicleUnitDueSchema)(due1));
  t.same(due1, {
    download_due: '2026-06-01T15:00:00Z',
    download_overdue: true,
    next_calibration_date: '2027-04-10',
    calibration_overdue: false,
    calibration_due_soon: false,
  });
  t.same(due2, {
    download_due: '2026-08-30T10:00:00Z',
    download_overdue: false,
    next_calibration_date: '2026-06-26',
    calibration_overdue: false,
    calibration_due_soon: true,
  });
});

t.test('filters: at most one vehicle key; an unknown vehicle is an empty list', async (t) => {
  const { get } = await setup;
  t.equal((await get(`driving-without-card?vin=${VIN1}&registration=X`)).status, 400);
  t.equal((await get('card-mismatches?nation=D')).status, 400);
  t.equal((await get('unaccounted-km?vin=%20')).status, 400);
  t.equal((await get('unaccounted-km?registration=%20')).status, 400);
  t.equal((await get('overspeeding-by-driver?date_from=2026-03-04&date_to=2026-03-02')).status, 400);
  const unknown = await (await get('driving-without-card?vin=UNKNOWN')).json();
  t.same([unknown.total, unknown.items], [0, []]);
  const paged = await (await get('overspeeding-by-driver?limit=1&offset=1')).json();
  t.same([paged.total, paged.items.map((g: any) => g.card_number)], [3, [B]]);
});

t.test('a quarantined gen2 download without nation: its rows flagged, the nation left open', async (t) => {
  const { service } = await setup;
  const gen2 = vuFixtures().find((f) => f.name === 'vu-gen2')!.scenario;
  const store = new FakeVehicleUnitStore();
  store.add(encodeVu(gen2).bytes, { quarantined: true });
  const quarantined = new VehicleUnitAnalysis({
    vehicleUnits: store,
    imports: storageOf(service.store).imports,
    clock: { now: () => new Date(TODAY) },
  });
  const query = { vehicles: { kind: 'registration' as const, number: 'B-TR 4711', nation: null }, page: PAGE };
  // the scenario: card A withdrawn 2026-03-03 04:30 at 120,310 km, driven 05:00–05:20 with no card, card A
  // inserted again at 06:00 at 120,330 km
  const all = await quarantined.drivingWithoutCard({ ...query, range: { from: null, to: null } });
  t.same(
    all.items.map((d) => [d.start - at('2026-03-03', 5), d.duration, d.distance_km, d.quarantined]),
    [[0, 20 * 60, 20, true]],
  );
  t.same(all.items[0]!.registration, { nation: null, number: 'B-TR 4711' });
  t.equal(all.items[0]!.insertion_before!.withdrawn_at, at('2026-03-03', 4, 30));
  const km = await quarantined.unaccountedKm({ ...query, range: { from: null, to: null } });
  t.same(
    km.items[0]!.segments.map((s) => [s.from - at('2026-03-03', 4, 30), s.km, s.quarantined]),
    [[0, 20, true]],
    'the same 20 km with no card in either slot',
  );
  const day = Date.UTC(2026, 2, 2) / 86_400_000;
  const first = await quarantined.drivingWithoutCard({ ...query, range: { from: day, to: day } });
  t.equal(first.total, 0, 'nothing on 2026-03-02');
});

t.test('a service without the analyses answers 404', async (t) => {
  const { service } = await setup;
  const { app } = createHttpApp({
    ...service.bundle,
    vehicleUnitAnalysis: undefined,
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 22,
    web: null,
  });
  const res = await app.fetch(new Request('http://127.0.0.1:5055/api/drivercard/vehicle-units/driving-without-card'));
  t.equal(res.status, 404);
  t.equal((await res.json()).error, 'not_found');
});
