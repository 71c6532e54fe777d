/**
 * Time by country end to end on gen2v2 bytes from the fixtures encoder (border crossings, places with GNSS, load
 * and unload operations) imported through the use case: figures computed by hand, totals equal to the recorded
 * time, the CSV export.
 */
import t from 'tap';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN2V2 } from '../../../fixtures/encoder/capacities.js';
import type { CardScenario } from '../../../fixtures/encoder/model.js';
import { NATION } from '../../../fixtures/encoder/nations.js';
import { at } from '../../../fixtures/encoder/time.js';
import { baseScenario, ch, day, gnss } from '../../../fixtures/scenarios/build.js';
import { gen2v2BorderLoad } from '../../../fixtures/scenarios/gen2.js';
import { strictValidator } from '../shared/validation.js';
import { dddService } from '../testing/ddd-service.js';
import { countriesResponseSchema } from './countries.schema.js';

const H = 3600;
const CARD = 'DF00000000000C01';

function trip(): CardScenario {
  const base = baseScenario({ generation: 'GEN2V2' });
  const place = (date: string, h: number, type: number, country: number, odometer: number) => ({
    entryTime: at(date, h),
    entryType: type,
    country,
    region: 0,
    odometer,
    gnss: gnss(at(date, h), 48.1, 11.6, 5, 1),
  });
  return {
    ...base,
    capacities: GEN2V2,
    identification: { ...base.identification, cardNumber: CARD },
    days: [
      day(
        '2026-03-02',
        900,
        [
          ch('00:00', 'R'),
          ch('05:00', 'W'),
          ch('05:30', 'D'),
          ch('09:00', 'W'),
          ch('10:00', 'D'),
          ch('14:00', 'R'),
          ch('14:45', 'D'),
          ch('18:00', 'R'),
        ],
        1,
      ),
      day(
        '2026-03-03',
        400,
        [ch('00:00', 'R'), ch('06:00', 'D'), ch('08:00', 'W'), ch('08:30', 'D'), ch('12:00', 'R')],
        2,
      ),
    ],
    places: [
      place('2026-03-02', 5, 0, NATION.DE, 10_000),
      place('2026-03-02', 18, 1, NATION.AT, 10_900),
      place('2026-03-03', 6, 0, NATION.AT, 10_900),
      place('2026-03-03', 12, 1, NATION.IT, 11_300),
    ],
    borderCrossings: [
      {
        countryLeft: NATION.DE,
        countryEntered: NATION.AT,
        gnss: gnss(at('2026-03-02', 12), 47.6, 12.2, 4, 1),
        odometer: 10_500,
      },
      {
        countryLeft: NATION.AT,
        countryEntered: NATION.IT,
        gnss: gnss(at('2026-03-03', 7), 47.0, 11.5, 4, 1),
        odometer: 11_000,
      },
    ],
    loadUnload: [
      {
        timestamp: at('2026-03-02', 9, 15),
        operationType: 1,
        gnss: gnss(at('2026-03-02', 9, 15), 48.1, 11.6, 5, 1),
        odometer: 10_300,
      },
      {
        timestamp: at('2026-03-02', 16),
        operationType: 2,
        gnss: gnss(at('2026-03-02', 16), 47.3, 11.4, 5, 1),
        odometer: 10_750,
      },
    ],
  };
}

t.test('gen2v2: DE → AT → IT by recorded crossings; figures, evidence, loads and totals', async (t) => {
  const service = await dddService();
  t.teardown(() => service.close());
  await service.importFile(encodeCard(trip()));
  const res = await service.get(`/api/drivercard/countries?card_number=${CARD}`);
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(countriesResponseSchema)(body), 'answer matches its schema');
  // the newest day (the 3rd) ends at the download: its last change and latest record are at 12:00
  t.equal(body.recorded_s, 36 * H);
  const by = Object.fromEntries(body.countries.map((c: any) => [c.country_code, c]));
  t.same(
    body.countries.map((c: any) => c.country_code),
    ['AT', 'DE', 'IT'],
  );
  // DE: 00–05 rest carried back from the first place (inferred); 05–12 recorded (place → crossing)
  t.match(by.DE, {
    totals: { REST: 5 * H, WORK: 1.5 * H, DRIVING: 5.5 * H, AVAILABILITY: 0, UNKNOWN: 0 },
    total_s: 12 * H,
    inferred_s: 5 * H,
    driving_s: 5.5 * H,
    working_s: 7 * H,
    dates: ['2026-03-02'],
    working_dates: ['2026-03-02'],
  });
  // AT: 12:00 on the 2nd to 07:00 on the 3rd, every stretch confirmed by the next record
  t.match(by.AT, {
    totals: { DRIVING: 6.25 * H, REST: 12.75 * H, WORK: 0 },
    total_s: 19 * H,
    inferred_s: 0,
    inferred: false,
    dates: ['2026-03-02', '2026-03-03'],
    working_days: 2,
  });
  // IT: from the crossing at 07:00 to the download at 12:00 (nothing after it is recorded)
  t.match(by.IT, {
    totals: { DRIVING: 4.5 * H, WORK: 0.5 * H, REST: 0 },
    total_s: 5 * H,
    inferred_s: 0,
    inferred: false,
    dates: ['2026-03-03'],
  });
  t.equal(by.DE.total_s + by.AT.total_s + by.IT.total_s, body.recorded_s, 'the countries add up to the recorded time');
  t.same(
    by.AT.evidence.map((e: any) => [e.source, e.timestamp, e.type]),
    [
      ['BORDER_CROSSING', '2026-03-02T12:00:00Z', null],
      ['PLACE', '2026-03-02T18:00:00Z', 'END'],
      ['PLACE', '2026-03-03T06:00:00Z', 'BEGIN'],
    ],
  );
  t.same(
    by.DE.operations.map((o: any) => [o.type, o.timestamp, o.inferred]),
    [['LOAD', '2026-03-02T09:15:00Z', true]],
  );
  t.same(
    by.AT.operations.map((o: any) => [o.type, o.timestamp]),
    [['UNLOAD', '2026-03-02T16:00:00Z']],
  );

  const ranged = await (
    await service.get(`/api/drivercard/countries?card_number=${CARD}&date_from=2026-03-03&date_to=2026-03-03`)
  ).json();
  t.same(
    ranged.countries.map((c: any) => [c.country_code, c.total_s]),
    [
      ['AT', 7 * H],
      ['IT', 5 * H],
    ],
    'the day starts in AT, known from the records before it',
  );
  t.same(
    ranged.countries[0].evidence.map((e: any) => e.timestamp),
    ['2026-03-02T18:00:00Z', '2026-03-03T06:00:00Z'],
    'of the records before the period only the last is listed',
  );
  t.same(ranged.countries[0].operations, [], 'loads before the period are not listed');

  const csv = await service.get(`/export/countries.csv?card_number=${CARD}`);
  t.equal(csv.status, 200);
  const lines = (await csv.text()).trim().split('\r\n');
  t.equal(lines.length, 4);
  t.match(
    lines[1],
    new RegExp(`^${CARD},2026-03-02,2026-03-03,AT,2,2,22500,6:15,22500,6:15,0,45900,0,68400,19:00,0,false,1,2,0,0,1$`),
  );
  t.equal((await service.get('/api/drivercard/countries')).status, 400);
  t.equal((await service.get('/api/drivercard/countries?card_number=NOPE')).status, 404);
  t.same(service.errors, []);
});

t.test('the gen2v2 border-crossing fixture: the countries add up to the recorded time', async (t) => {
  const service = await dddService();
  t.teardown(() => service.close());
  const scenario = gen2v2BorderLoad();
  await service.importFile(encodeCard(scenario));
  const body = await (
    await service.get(`/api/drivercard/countries?card_number=${scenario.identification.cardNumber}`)
  ).json();
  // the newest day ends at the download: 12:00, its last change, vehicle use and place
  t.equal(body.recorded_s, (scenario.days.length - 1) * 24 * H + 12 * H);
  t.equal(
    body.countries.reduce((sum: number, c: any) => sum + c.total_s, 0),
    body.recorded_s,
  );
  t.ok(
    body.countries.some((c: any) => c.evidence.some((e: any) => e.source === 'BORDER_CROSSING')),
    'crossings are evidence',
  );
});
