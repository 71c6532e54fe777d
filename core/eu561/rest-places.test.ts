/** Where a weekly rest started (./rest-places.ts): hand-built rows and country records at the edges. */
import t from 'tap';
import type { PositionRow } from '../domain/rows.js';
import { countryAtRestStart, countryRecordsOf, END_GRACE_SECONDS } from './rest-places.js';
import { timeline } from './testing/timeline.js';
import type { CountryRecord } from './types.js';

const sec = (iso: string) => Date.parse(iso) / 1000;
// Mon 2 Mar: 06:00 work 1 h, 07:00 driving 4 h, 11:00 rest 45 min, 11:45 driving 2 h, 13:45 work 5 h 15, rest from 19:00
const day = timeline('2026-03-02T06:00Z', [
  ['WORK', '1h'],
  ['DRIVING', '4h'],
  ['REST', '45m'],
  ['DRIVING', '2h'],
  ['WORK', '5h15'],
  ['REST', '30h'],
]);
const REST = sec('2026-03-02T19:00:00Z');
const place = (iso: string, country: string, type: 'BEGIN' | 'END'): CountryRecord => ({
  at: sec(iso),
  country,
  source: 'PLACE',
  type,
});
const crossing = (iso: string, country: string): CountryRecord => ({
  at: sec(iso),
  country,
  source: 'BORDER_CROSSING',
  type: null,
});

t.test('an END place at the rest start names its country', async (t) => {
  t.equal(
    countryAtRestStart(
      [place('2026-03-02T06:00:00Z', 'NL', 'BEGIN'), place('2026-03-02T19:00:00Z', 'DE', 'END')],
      day,
      REST,
    ),
    'DE',
  );
});

t.test(
  'an END place entered at the withdrawal, up to one hour after the start, still counts; later it does not',
  async (t) => {
    t.equal(countryAtRestStart([place('2026-03-02T20:00:00Z', 'DE', 'END')], day, REST), 'DE');
    t.equal(END_GRACE_SECONDS, 3600);
    t.equal(countryAtRestStart([place('2026-03-02T20:00:01Z', 'DE', 'END')], day, REST), null);
    // a BEGIN in the grace is not the end of this work period
    t.equal(countryAtRestStart([place('2026-03-02T19:30:00Z', 'DE', 'BEGIN')], day, REST), null);
  },
);

t.test('a place before driving does not place the rest: he may have crossed a border unrecorded', async (t) => {
  t.equal(countryAtRestStart([place('2026-03-02T06:00:00Z', 'NL', 'BEGIN')], day, REST), null);
  // after the last driving (13:45), only work follows: he did not move
  t.equal(countryAtRestStart([place('2026-03-02T13:45:00Z', 'NL', 'END')], day, REST), 'NL');
  t.equal(countryAtRestStart([place('2026-03-02T13:44:59Z', 'NL', 'END')], day, REST), null);
});

t.test('a border crossing holds while the card stays in the vehicle unit that records crossings', async (t) => {
  t.equal(
    countryAtRestStart(
      [place('2026-03-02T06:00:00Z', 'NL', 'BEGIN'), crossing('2026-03-02T09:00:00Z', 'DE')],
      day,
      REST,
    ),
    'DE',
  );
  // a later crossing wins
  t.equal(
    countryAtRestStart([crossing('2026-03-02T09:00:00Z', 'DE'), crossing('2026-03-02T12:30:00Z', 'AT')], day, REST),
    'AT',
  );
});

t.test('the card withdrawn after the crossing (maybe another vehicle): unplaced', async (t) => {
  const rows = timeline('2026-03-02T06:00Z', [
    ['DRIVING', '4h'],
    ['UNKNOWN', '1h'],
    ['DRIVING', '4h'],
    ['REST', '30h'],
  ]);
  t.equal(countryAtRestStart([crossing('2026-03-02T08:00:00Z', 'DE')], rows, sec('2026-03-02T15:00:00Z')), null);
  // rest entered by hand after the withdrawal: a crossing needs the card inserted, a place only no movement
  const manual = timeline('2026-03-02T06:00Z', [
    ['DRIVING', '4h'],
    ['MANUAL_REST', '30h'],
  ]);
  t.equal(countryAtRestStart([crossing('2026-03-02T08:00:00Z', 'DE')], manual, sec('2026-03-02T10:00:00Z')), 'DE');
});

t.test('a place followed by unknown time or crew time: unplaced (he may have travelled)', async (t) => {
  const gap = timeline('2026-03-02T06:00Z', [
    ['WORK', '2h'],
    ['UNKNOWN', '3h'],
    ['REST', '30h'],
  ]);
  t.equal(countryAtRestStart([place('2026-03-02T06:00:00Z', 'NL', 'BEGIN')], gap, sec('2026-03-02T11:00:00Z')), null);
  const crew = timeline('2026-03-02T06:00Z', [
    ['WORK', '2h'],
    ['AVAILABILITY', '3h', { crew: true }],
    ['REST', '30h'],
  ]);
  t.equal(countryAtRestStart([place('2026-03-02T06:00:00Z', 'NL', 'BEGIN')], crew, sec('2026-03-02T11:00:00Z')), null);
  t.equal(countryAtRestStart([], day, REST), null);
});

t.test('country records: places and border crossings only; GNSS positions and loads carry no country', async (t) => {
  const row = (
    source: PositionRow['source'],
    ts: number | null,
    country: string | null,
    type: string | null = null,
  ): PositionRow => ({
    import_id: 'imp',
    card_number: 'C',
    timestamp: ts,
    latitude: 52.1,
    longitude: 5.1,
    source,
    type,
    country_code: country,
    region_code: null,
    odometer_km: 1,
    gnss_accuracy: null,
  });
  const out = countryRecordsOf([
    row('BORDER_CROSSING', 300, 'DE'),
    row('GNSS_ACCUMULATED_DRIVING', 100, null),
    row('LOAD_UNLOAD', 150, null, 'LOAD'),
    row('PLACE', 200, 'NL', 'END'),
    row('PLACE', null, 'NL', 'BEGIN'),
    row('PLACE', 50, null, 'BEGIN'),
  ]);
  t.same(out, [
    { at: 200, country: 'NL', source: 'PLACE', type: 'END' },
    { at: 300, country: 'DE', source: 'BORDER_CROSSING', type: null },
  ]);
});
