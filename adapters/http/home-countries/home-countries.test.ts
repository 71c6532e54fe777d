/**
 * The Mobility Package rules end to end on gen2v2 bytes from the fixtures encoder (places and border crossings),
 * imported through the use case, the card's home countries set over HTTP. Timeline (hand-computed):
 * - workdays 06:00 D, 10:00 break, 10:45 D, 12:45 W, 15:00 R (6 h driving); Sundays 8, 15 and 22 Mar: D 15:00-19:00;
 * - R1 Fri 6 Mar 15:00 -> Sun 8 Mar 15:00 (48 h, regular, inside the week from Mon 2 Mar), END place NL;
 * - R2 Sat 14 Mar 15:00 -> Sun 15 Mar 15:00 (24 h, reduced, 144 h after R1's end): crossing NL -> DE at 11:30, the
 *   card inserted since;
 * - R3 Sat 21 Mar 15:00 -> Sun 22 Mar 15:00 (24 h, reduced, 144 h after R2's end): END place FR;
 * - R4 Fri 27 Mar 15:00 -> Tue 31 Mar 06:00 (87 h: 45 h + the 21 h + 21 h R2 and R3 owe), END place NL;
 * - the data ends at the download, Tue 31 Mar 15:00 (the last change and the last place).
 * (A rest crossing Monday 00:00 could be counted in either week, Art. 8(9): R1 stays inside its week on purpose.)
 * The weeks from Mon 9 Mar hold only R2 and R3; the four weeks from Mon 2 Mar
 * hold R1..R4, two regular. One four-week window lies in the data: Mon 2 Mar -> Mon 30 Mar, with R1 and R4 regular.
 */
import t from 'tap';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN2V2 } from '../../../fixtures/encoder/capacities.js';
import type { CardScenario } from '../../../fixtures/encoder/model.js';
import { NATION } from '../../../fixtures/encoder/nations.js';
import { at } from '../../../fixtures/encoder/time.js';
import { baseScenario, ch, day, gnss } from '../../../fixtures/scenarios/build.js';
import { strictValidator } from '../shared/validation.js';
import { dddService } from '../testing/ddd-service.js';
import { homeCountriesSchema } from './home-countries.schema.js';

const CARD = 'DF00000000000M01';
const PAIR = ['2026-03-09T00:00:00Z', '2026-03-23T00:00:00Z'];
const WINDOW = ['2026-03-02T00:00:00Z', '2026-03-30T00:00:00Z'];

const work = (date: string) =>
  day(date, 400, [
    ch('00:00', 'R'),
    ch('06:00', 'D'),
    ch('10:00', 'R'),
    ch('10:45', 'D'),
    ch('12:45', 'W'),
    ch('15:00', 'R'),
  ]);
const sunday = (date: string) => day(date, 300, [ch('00:00', 'R'), ch('15:00', 'D'), ch('19:00', 'R')]);
const off = (date: string) => day(date, 0, [ch('00:00', 'R')]);
const date = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;

function scenario(): CardScenario {
  const base = baseScenario({ generation: 'GEN2V2' });
  const kinds: Record<number, (d: string) => ReturnType<typeof day>> = {
    7: off,
    8: sunday,
    15: sunday,
    22: sunday,
    28: off,
    29: off,
    30: off,
  };
  const days = Array.from({ length: 30 }, (_, k) => (kinds[k + 2] ?? work)(date(k + 2)));
  const place = (d: string, h: number, type: number, country: number) => ({
    entryTime: at(d, h),
    entryType: type,
    country,
    region: 0,
    odometer: 1000,
    gnss: gnss(at(d, h), 52.1, 5.1, 5, 1),
  });
  const crossing = (d: string, h: number, m: number, left: number, entered: number) => ({
    countryLeft: left,
    countryEntered: entered,
    gnss: gnss(at(d, h, m), 51.0, 6.0, 4, 1),
    odometer: 1000,
  });
  return {
    ...base,
    capacities: GEN2V2,
    identification: { ...base.identification, cardNumber: CARD },
    days,
    places: [
      place('2026-03-02', 6, 0, NATION.NL),
      place('2026-03-06', 15, 1, NATION.NL),
      place('2026-03-21', 15, 1, NATION.FR),
      place('2026-03-27', 15, 1, NATION.NL),
      place('2026-03-31', 15, 1, NATION.NL),
    ],
    borderCrossings: [
      crossing('2026-03-14', 11, 30, NATION.NL, NATION.DE),
      crossing('2026-03-15', 17, 0, NATION.DE, NATION.NL),
      crossing('2026-03-21', 11, 30, NATION.NL, NATION.FR),
      crossing('2026-03-22', 17, 0, NATION.FR, NATION.NL),
    ],
  };
}

const findings = (body: any, rule: string) =>
  body.violations.filter((v: any) => v.rule === rule).map((v: any) => [v.status, v.start, v.end]);
const notEvaluated = (body: any) => body.not_evaluated.map((n: any) => n.rule);

t.test('gen2v2 over HTTP: without home countries, then with them set per card', async (t) => {
  const service = await dddService('2026-04-01T08:00:00Z');
  t.teardown(() => service.close());
  await service.importFile(encodeCard(scenario()));
  const precheck = async () => {
    const res = await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}`);
    t.equal(res.status, 200);
    return res.json();
  };
  const setHomes = (body: unknown) =>
    service.fetch(
      new Request(`http://127.0.0.1:5055/api/drivercard/drivers/${CARD}/home-countries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  const unknownHomes = await (await service.get(`/api/drivercard/drivers/${CARD}/home-countries`)).json();
  t.same(unknownHomes, {
    card_number: CARD,
    establishment: null,
    residence: null,
    establishment_source: null,
    residence_source: null,
    updated_at: null,
  });
  t.ok(strictValidator(homeCountriesSchema)(unknownHomes));

  const without = await precheck();
  t.same(
    findings(without, 'weekly_rest'),
    [['POTENTIAL', ...PAIR]],
    'the pair cannot be decided without home countries',
  );
  t.same(findings(without, 'return_home'), []);
  t.match(without.not_evaluated.find((n: any) => n.rule === 'return_home').reason, /home countries .* are not known/);

  // establishment NL, residence PL: R2 (DE) and R3 (FR) abroad, compensated by R4; R1 at home within the window
  const set = await setHomes({ establishment: 'nl', residence: 'PL' });
  t.equal(set.status, 200);
  t.same(await set.json(), {
    card_number: CARD,
    establishment: 'NL',
    residence: 'PL',
    establishment_source: 'card',
    residence_source: 'card',
    updated_at: '2026-04-01T08:00:00Z',
  });
  const lawful = await precheck();
  t.same(findings(lawful, 'weekly_rest'), [], 'the derogation applies: both reduced rests abroad, compensated');
  t.ok(lawful.warnings.some((w: any) => w.code === 'DEROGATION_APPLIED' && /DE.*FR/.test(w.message)));
  t.same(findings(lawful, 'return_home'), []);
  t.notOk(notEvaluated(lawful).includes('return_home'));
  t.notOk(notEvaluated(lawful).includes('reduced_weekly_rest_derogation'));
  t.ok(notEvaluated(lawful).includes('ferry_train'));

  // establishment DE: R2 started in a home country; R1 and R4 (NL) are the window's regular rests, both abroad
  const fleetRow = async () => (await (await service.get(`/api/drivercard/drivers?q=${CARD}`)).json()).items[0];
  const rowBefore = await fleetRow();
  t.equal((await setHomes({ establishment: 'DE', residence: 'PL' })).status, 200);
  const rowAfter = await fleetRow();
  t.equal(rowBefore.findings_4w.VIOLATION, 0, 'the fleet row: no violation while the homes left it open');
  t.ok(rowAfter.findings_4w.VIOLATION > 0, 'the fleet row follows the home countries set: violations counted');
  const home = await precheck();
  t.same(findings(home, 'weekly_rest'), [['VIOLATION', ...PAIR]]);
  t.match(home.violations.find((v: any) => v.rule === 'weekly_rest').description, /started in DE, a home country/);
  t.same(
    findings(home, 'return_home'),
    [['POTENTIAL', ...WINDOW]],
    "return home is the undertaking's duty (Art. 8(8a)): never a VIOLATION from card data",
  );

  // only the residence known: a rest in NL may be in the Member State of establishment: never a VIOLATION
  t.equal((await setHomes({ establishment: null, residence: 'PL' })).status, 200);
  const partly = await precheck();
  t.same(findings(partly, 'weekly_rest'), [['POTENTIAL', ...PAIR]]);
  t.same(findings(partly, 'return_home'), [['POTENTIAL', ...WINDOW]]);
  t.same(service.errors, []);
});

t.test('DRIVERCARD_HOME_COUNTRY=NL as the default of both: the pair abroad is lawful, R1 at home', async (t) => {
  const service = await dddService('2026-04-01T08:00:00Z', null, 'NL');
  t.teardown(() => service.close());
  await service.importFile(encodeCard(scenario()));
  t.match(await (await service.get(`/api/drivercard/drivers/${CARD}/home-countries`)).json(), {
    establishment: 'NL',
    residence: 'NL',
    establishment_source: 'configuration',
    residence_source: 'configuration',
    updated_at: null,
  });
  const body = await (await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}`)).json();
  t.same(findings(body, 'weekly_rest'), []);
  t.same(findings(body, 'return_home'), []);
  t.notOk(notEvaluated(body).includes('return_home'));
  // a date range that leaves R1 out (from Mon 9 Mar): no four-week window fits in the data, nothing to judge
  const ranged = await (
    await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}&date_from=2026-03-09`)
  ).json();
  t.same(findings(ranged, 'return_home'), []);
});

t.test('home countries: refused values and unknown cards', async (t) => {
  const service = await dddService('2026-04-01T08:00:00Z');
  t.teardown(() => service.close());
  await service.importFile(encodeCard(scenario()));
  const post = (card: string, body: string, type = 'application/json') =>
    service.fetch(
      new Request(`http://127.0.0.1:5055/api/drivercard/drivers/${card}/home-countries`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      }),
    );
  for (const body of [
    '{"establishment":"NLD","residence":null}',
    '{"establishment":"XX","residence":null}',
    '{"establishment":"NL"}',
    '{"establishment":"NL","residence":"PL","x":1}',
    '[]',
    '{"establishment":"EC","residence":null}',
  ]) {
    const res = await post(CARD, body);
    t.equal(res.status, 400, body);
    t.equal((await res.json()).error, 'invalid_payload', body);
  }
  t.equal((await post(CARD, '{}', 'text/plain')).status, 415);
  t.equal((await post('DF00000000000X99', '{"establishment":"NL","residence":null}')).status, 404);
  t.equal((await service.get('/api/drivercard/drivers/DF00000000000X99/home-countries')).status, 404);
  t.same(service.errors, []);
});
