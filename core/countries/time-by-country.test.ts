/** Time by country with hand-computed splits: crossings, places, inference flags, loads, totals. */
import t from 'tap';
import type { ActivityIntervalRow, PositionRow } from '../domain/rows.js';
import { timeByCountry } from './time-by-country.js';

const D = 20_514; // 2026-03-02
const T = D * 86_400;
const H = 3600;

function iv(from: number, to: number, activity: ActivityIntervalRow['activity'], inserted = true): ActivityIntervalRow {
  return {
    import_id: 'i',
    card_number: 'C',
    date: Math.floor((T + from * H) / 86_400),
    start: T + from * H,
    end: T + to * H,
    activity,
    duration: (to - from) * H,
    slot: 'DRIVER',
    crew: false,
    card_inserted: inserted,
    manual_entry: false,
  };
}

function pos(
  source: PositionRow['source'],
  at: number,
  country: string | null,
  type: string | null = null,
): PositionRow {
  return {
    import_id: 'i',
    card_number: 'C',
    timestamp: T + at * H,
    latitude: 48.1,
    longitude: 11.5,
    source,
    type,
    country_code: country,
    region_code: null,
    odometer_km: 1000,
    gnss_accuracy: null,
  };
}

t.test('a day DE → AT by a recorded crossing, places at both ends, a load in AT', async (t) => {
  const r = timeByCountry(
    [iv(0, 6, 'REST'), iv(6, 10, 'DRIVING'), iv(10, 11, 'WORK'), iv(11, 15, 'DRIVING'), iv(15, 24, 'REST')],
    [
      pos('PLACE', 6, 'DE', 'BEGIN'),
      pos('BORDER_CROSSING', 9, 'AT'),
      pos('LOAD_UNLOAD', 10.5, null, 'UNLOAD'),
      pos('PLACE', 15, 'AT', 'END'),
    ],
  );
  const [at, de] = r.countries;
  // DE: 00-06 rest carried back (inferred), 06-09 driving (recorded: the next point is a crossing)
  t.match(de, { country_code: 'DE', total_s: 9 * H, inferred_s: 6 * H, totals: { REST: 6 * H, DRIVING: 3 * H } });
  // AT: 09-10 driving, 10-11 work, 11-15 driving (recorded: crossing → END in AT), 15-24 rest after the last point (inferred)
  t.match(at, {
    country_code: 'AT',
    total_s: 15 * H,
    inferred_s: 9 * H,
    totals: { DRIVING: 5 * H, WORK: 1 * H, REST: 9 * H },
  });
  t.equal(at.total_s + de.total_s, r.recorded_s, 'the countries add up to the recorded time');
  t.same(at.days, [D]);
  t.same(de.working_days, [D]);
  t.same(
    at.operations.map((o) => [o.type, o.timestamp, o.inferred]),
    [['UNLOAD', T + 10.5 * H, true]],
  );
  t.same(
    at.evidence.map((e) => e.source),
    ['BORDER_CROSSING', 'PLACE'],
  );
});

t.test('gen1: places only, a change of country with no crossing is inferred', async (t) => {
  const r = timeByCountry(
    [iv(0, 8, 'REST'), iv(8, 12, 'DRIVING'), iv(12, 20, 'REST'), iv(20, 24, 'DRIVING', false)],
    [pos('PLACE', 8, 'FR', 'END'), pos('PLACE', 20, 'BE', 'BEGIN')],
  );
  const [be, fr] = r.countries;
  t.match(
    fr,
    { country_code: 'FR', total_s: 20 * H, inferred_s: 20 * H },
    "FR → BE without a crossing: all of FR's time is inferred",
  );
  t.match(be, { country_code: 'BE', total_s: 4 * H, inferred_s: 4 * H, totals: { UNKNOWN: 4 * H } });
  t.same(be.working_days, [], 'card-out time is no working day');
});

t.test(
  'no country records: one null country; a first crossing leaves the time before it without a country',
  async (t) => {
    t.same(
      timeByCountry([iv(0, 24, 'REST')], []).countries.map((c) => [c.country_code, c.total_s]),
      [[null, 24 * H]],
    );
    const r = timeByCountry(
      [iv(0, 24, 'DRIVING')],
      [pos('BORDER_CROSSING', 10, 'PL'), pos('GNSS_ACCUMULATED_DRIVING', 12, null)],
    );
    t.same(
      r.countries.map((c) => [c.country_code, c.total_s, c.inferred_s]),
      [
        ['PL', 14 * H, 14 * H],
        [null, 10 * H, 0],
      ],
    );
    t.same(
      r.countries[0]!.evidence.map((e) => [e.source, e.inferred]),
      [
        ['BORDER_CROSSING', false],
        ['GNSS_ACCUMULATED_DRIVING', true],
      ],
    );
  },
);
