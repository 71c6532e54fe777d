/**
 * Vehicles across cards end to end: a generated fleet (fixtures encoder → DDD bytes → the import use case →
 * SQLite → HTTP). Five drivers share three vehicles; driver C's card is missing on purpose; D and E are a crew
 * pair; vehicle M-FL 300's odometer rolls over. Every segment below is computed by hand from the scenario.
 */
import t from 'tap';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN1_MIN } from '../../../fixtures/encoder/capacities.js';
import type { CardScenario, Day, Vehicle } from '../../../fixtures/encoder/model.js';
import { NATION } from '../../../fixtures/encoder/nations.js';
import { at } from '../../../fixtures/encoder/time.js';
import { baseScenario, ch, day, reg } from '../../../fixtures/scenarios/build.js';
import { strictValidator } from '../shared/validation.js';
import { dddService } from '../testing/ddd-service.js';
import { vehicleListResponseSchema, vehicleMileageResponseSchema } from './vehicles.schema.js';

const V1 = 'M-FL 100';
const V2 = 'M-FL 200';
const V3 = 'M-FL 300';

function vehicle(plate: string, date: string, from: number, to: number, begin: number, end: number): Vehicle {
  return {
    odometerBegin: begin,
    odometerEnd: end,
    firstUse: at(date, from),
    lastUse: at(date, to),
    registration: reg(NATION.DE, plate),
    vuDataBlockCounter: 1,
    vin: null,
  };
}

/** a working day from `from` to `to` (whole hours), crew flagged when `crew` */
function workDay(date: string, from: number, to: number, crew = false, counter = 1): Day {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return day(date, 0, [ch('00:00', 'R'), ch(hh(from), 'D', { crew }), ch(hh(to), 'R')], counter);
}

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

const A = 'DF00000000000A01';
const B = 'DF00000000000B01';
const D = 'DF00000000000D01';
const E = 'DF00000000000E01';

function fleet(): Uint8Array[] {
  return [
    card(
      A,
      'Adler',
      [workDay('2026-03-02', 6, 18, false, 1), workDay('2026-03-04', 6, 14, false, 2)],
      [
        vehicle(V1, '2026-03-02', 6, 12, 100_000, 100_400),
        vehicle(V3, '2026-03-02', 13, 18, 999_800, 999_950),
        vehicle(V1, '2026-03-04', 6, 14, 100_700, 101_200),
      ],
    ),
    card(
      B,
      'Berger',
      [workDay('2026-03-03', 6, 18, false, 1), workDay('2026-03-06', 6, 10, false, 2)],
      [
        vehicle(V1, '2026-03-03', 6, 12, 100_400, 100_600),
        vehicle(V3, '2026-03-03', 13, 18, 50, 300),
        vehicle(V1, '2026-03-06', 6, 10, 101_550, 101_800),
      ],
    ),
    // driver C drove M-FL 100 on 2026-03-05 from 101,200 to 101,550: C's card is not imported
    card(
      D,
      'Dorn',
      [
        workDay('2026-03-02', 5, 17, true, 1),
        workDay('2026-03-03', 6, 10, false, 2),
        workDay('2026-03-04', 6, 12, true, 3),
      ],
      [
        vehicle(V2, '2026-03-02', 5, 17, 500_000, 500_900),
        vehicle(V2, '2026-03-03', 6, 10, 500_902, 501_000),
        vehicle(V2, '2026-03-04', 6, 12, 501_000, 501_300),
      ],
    ),
    card(
      E,
      'Eder',
      [workDay('2026-03-02', 5, 17, true, 1), workDay('2026-03-04', 6, 12, true, 2)],
      [
        vehicle(V2, '2026-03-02', 5, 17, 500_000, 500_900),
        vehicle(V2, '2026-03-04', 6, 12, 501_000, 501_340), // 40 km more than D at the same minute
      ],
    ),
  ];
}

t.test('a generated fleet: unaccounted km, a missing card, a crew pair, a roll-over', async (t) => {
  const service = await dddService();
  t.teardown(() => service.close());
  for (const bytes of fleet()) await service.importFile(bytes);
  const mileage = async (plate: string) => {
    const res = await service.get(`/api/drivercard/vehicles/mileage?registration=${encodeURIComponent(plate)}`);
    t.equal(res.status, 200);
    const body = await res.json();
    t.ok(strictValidator(vehicleMileageResponseSchema)(body), 'mileage matches its schema');
    t.equal(body.vehicles.length, 1);
    return body.vehicles[0];
  };

  const v1 = await mileage(V1);
  t.same(
    v1.uses.map((u: any) => [u.card_number, u.first_use]),
    [
      [A, '2026-03-02T06:00:00Z'],
      [B, '2026-03-03T06:00:00Z'],
      [A, '2026-03-04T06:00:00Z'],
      [B, '2026-03-06T06:00:00Z'],
    ],
    'uses of both cards in time order',
  );
  t.same(
    v1.segments,
    [
      {
        kind: 'unaccounted',
        reason: null,
        from: '2026-03-03T12:00:00Z',
        to: '2026-03-04T06:00:00Z',
        odometer_from_km: 100_600,
        odometer_to_km: 100_700,
        km: 100,
        rollover: false,
        cards_before: [B],
        cards_after: [A],
        quarantined: false,
      },
      {
        kind: 'unaccounted',
        reason: null,
        from: '2026-03-04T14:00:00Z',
        to: '2026-03-06T06:00:00Z',
        odometer_from_km: 101_200,
        odometer_to_km: 101_550,
        km: 350,
        rollover: false,
        cards_before: [A],
        cards_after: [B],
        quarantined: false,
      },
    ],
    "A → B continuous; 100 km after B; driver C's 350 km on the missing card",
  );
  t.equal(v1.recorded_km, 400 + 200 + 500 + 250);
  t.equal(v1.unaccounted_km, 450);
  const whole = await (
    await service.get(`/api/drivercard/vehicles/mileage?registration=${encodeURIComponent(V1)}`)
  ).json();
  t.equal(whole.unaccounted_km, 450, 'the figures of every vehicle matching, at the top');
  t.same(
    whole.segments.map((s: any) => [s.registration.number, s.km]),
    [
      [V1, 100],
      [V1, 350],
    ],
  );

  const v2 = await mileage(V2);
  t.same(v2.segments, [], 'the crew overlaps are explained; 500,900 → 500,902 is within the 2 km tolerance');
  t.equal(v2.recorded_km, 900 + 98 + 340, 'each crew run once');
  t.same(
    v2.crew_disagreements.map((d: any) => [d.at, d.card_a, d.odometer_a_km, d.card_b, d.odometer_b_km]),
    [['2026-03-04T12:00:00Z', D, 501_300, E, 501_340]],
    "the crew pair's readings at 12:00 on 2026-03-04 disagree",
  );

  const v3 = await mileage(V3);
  t.same(
    v3.segments.map((s: any) => [s.kind, s.km, s.rollover, s.odometer_from_km, s.odometer_to_km]),
    [['unaccounted', 100, true, 999_950, 50]],
  );
  t.equal(v3.recorded_km, 150 + 250);

  const list = await (await service.get('/api/drivercard/vehicles')).json();
  t.ok(strictValidator(vehicleListResponseSchema)(list), 'list matches its schema');
  t.same(
    list.items.map((v: any) => [
      v.registration.number,
      v.unaccounted_km,
      v.uses,
      v.cards.map((c: any) => c.card_number),
    ]),
    [
      [V1, 450, 4, [A, B]],
      [V2, 0, 5, [D, E]],
      [V3, 100, 2, [A, B]],
    ],
  );
  t.match(list.items[0], {
    first_use: '2026-03-02T06:00:00Z',
    last_use: '2026-03-06T10:00:00Z',
    registration: { nation: 'DE' },
  });
  t.same(list.items[0].cards[0], {
    card_number: A,
    first_use: '2026-03-02T06:00:00Z',
    last_use: '2026-03-04T14:00:00Z',
    uses: 2,
  });

  const ranged = await (
    await service.get(
      `/api/drivercard/vehicles/mileage?registration=${encodeURIComponent(V1)}&date_from=2026-03-04&date_to=2026-03-06`,
    )
  ).json();
  t.same(
    ranged.vehicles[0].segments.map((s: any) => s.km),
    [350],
    'the range keeps the uses overlapping it',
  );
  t.equal((await service.get('/api/drivercard/vehicles/mileage?registration=NONE')).status, 404);
  t.equal((await service.get('/api/drivercard/vehicles/mileage')).status, 400);
  t.equal((await service.get('/api/drivercard/vehicles/mileage?registration=X&vin=Y')).status, 400);
  t.same(service.errors, []);
});

t.test('the fleet-check routes on an empty service: empty answers, 400 and 404, never a 500', async (t) => {
  const service = await dddService();
  t.teardown(() => service.close());
  const list = await (await service.get('/api/drivercard/vehicles?limit=5&offset=100000')).json();
  t.same(list, { items: [], total: 0, limit: 5, offset: 100000, conflicts: [] });
  for (const [path, status] of [
    ['/api/drivercard/vehicles/mileage?vin=WDB123', 404],
    ['/api/drivercard/vehicles/mileage?vin=W&nation=DE', 400],
    ['/api/drivercard/vehicles/mileage?registration=%20', 400],
    ['/api/drivercard/vehicles/mileage?registration=X&date_from=2026-03-05&date_to=2026-03-01', 400],
    ['/api/drivercard/vehicles?limit=0', 400],
    ['/api/drivercard/vehicles?bogus=1', 400],
    ['/api/drivercard/countries?import_id=nope', 404],
    ['/api/drivercard/countries?card_number=X&date_from=2020-01-01&date_to=2026-01-01', 400],
    ['/export/countries.csv?card_number=NOPE', 404],
    ['/api/drivercard/drivers/readiness?card_number=X&at=yesterday', 400],
    ['/api/drivercard/drivers/readiness?card_number=X&at=1985-01-01', 404],
  ] as const) {
    const res = await service.get(path);
    t.equal(res.status, status, path);
    t.match(await res.json(), { error: String, message: String });
  }
  t.same(service.errors, []);
});
