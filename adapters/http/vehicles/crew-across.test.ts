/**
 * A crew's cards across vehicles end to end (fixtures encoder → DDD bytes → import → SQLite → HTTP): F and G are a
 * crew in M-FL 400 from 06:00; G's card leaves it at 12:00 and shows crew in M-FL 500 from 12:30 to 18:00, while F's
 * card shows crew in M-FL 400 until 18:00. Hand-computed: 12:00-12:30 `times` (F shows a co-driver G's card does not
 * show), 12:30-18:00 `other_vehicle` (both cards show crew, in two vehicles).
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

const V4 = 'M-FL 400';
const V5 = 'M-FL 500';
const F = 'DF00000000000F01';
const G = 'DF00000000000G01';
const DATE = '2026-03-09';

function vehicle(plate: string, from: number, to: number, begin: number, end: number): Vehicle {
  return {
    odometerBegin: begin,
    odometerEnd: end,
    firstUse: at(DATE, from),
    lastUse: at(DATE, to),
    registration: reg(NATION.DE, plate),
    vuDataBlockCounter: 1,
    vin: null,
  };
}

function card(number: string, days: Day[], vehicles: Vehicle[]): Uint8Array {
  const base = baseScenario({ generation: 'GEN1' });
  const s: CardScenario = {
    ...base,
    capacities: GEN1_MIN,
    identification: { ...base.identification, cardNumber: number, surname: { codePage: 1, text: number } },
    days,
    vehicles,
  };
  return encodeCard(s);
}

t.test('a crew in two vehicles at once and disagreeing crew times are listed', async (t) => {
  const service = await dddService();
  t.teardown(() => service.close());
  const crew = { crew: true };
  await service.importFile(
    card(
      F,
      [day(DATE, 0, [ch('00:00', 'R'), ch('06:00', 'D', crew), ch('18:00', 'R')], 1)],
      [vehicle(V4, 6, 18, 700_000, 700_600)],
    ),
  );
  await service.importFile(
    card(
      G,
      [
        day(
          DATE,
          0,
          [ch('00:00', 'R'), ch('06:00', 'D', crew), ch('12:00', 'R'), ch('12:30', 'D', crew), ch('18:00', 'R')],
          1,
        ),
      ],
      [vehicle(V4, 6, 12, 700_000, 700_300), vehicle(V5, 12.5, 18, 800_000, 800_250)],
    ),
  );
  const mileage = async (plate: string) => {
    const res = await service.get(`/api/drivercard/vehicles/mileage?registration=${encodeURIComponent(plate)}`);
    t.equal(res.status, 200);
    const body = await res.json();
    t.ok(strictValidator(vehicleMileageResponseSchema)(body), 'mileage matches its schema');
    return body.vehicles[0];
  };
  const v4 = await mileage(V4);
  t.same(v4.segments, [], 'the crew explains the overlap; the readings agree');
  t.same(v4.crew_disagreements, [
    {
      kind: 'times',
      cards: [F, G],
      at: '2026-03-09T12:00:00Z',
      until: '2026-03-09T12:30:00Z',
      card_a: F,
      odometer_a_km: null,
      card_b: G,
      odometer_b_km: null,
      registration_b: null,
    },
    {
      kind: 'other_vehicle',
      cards: [F, G],
      at: '2026-03-09T12:30:00Z',
      until: '2026-03-09T18:00:00Z',
      card_a: F,
      odometer_a_km: null,
      card_b: G,
      odometer_b_km: null,
      registration_b: { nation: 'DE', number: V5 },
    },
  ]);
  t.same((await mileage(V5)).crew_disagreements, [], 'G alone in M-FL 500: no crew run there');
  const list = await (await service.get('/api/drivercard/vehicles')).json();
  t.ok(strictValidator(vehicleListResponseSchema)(list), 'list matches its schema');
  t.same(
    list.items.map((v: { registration: { number: string }; crew_disagreements: number }) => [
      v.registration.number,
      v.crew_disagreements,
    ]),
    [
      [V4, 2],
      [V5, 0],
    ],
  );
});
