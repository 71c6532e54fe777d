import t from 'tap';
import type { ActivityIntervalRow, DayDistanceRow, VehicleUsedRow } from '../domain/rows.js';
import { timeline } from '../eu561/testing/timeline.js';
import { buildDayOverviews } from './day-overview.js';
import { timeTotals } from './time-totals.js';
import { buildWeekOverviews } from './week-overview.js';
import { isoDay, parseIsoDay } from '../time.js';

const D = (date: string) => parseIsoDay(date)!;
const S = (text: string | null) => (text === null ? null : Date.parse(text) / 1000);

const rows: ActivityIntervalRow[] = timeline('2026-03-02T00:00Z', [
  ['UNKNOWN', '6h'], // card not inserted
  ['DRIVING', '4h'],
  ['MANUAL_WORK', '1h'], // entered by hand: counts as WORK
  ['REST', '13h'],
  ['DRIVING', '2h'], // Tue 00:00-02:00
  ['REST', '22h'],
]);
const vehicle = (number: string, first: string | null, last: string | null): VehicleUsedRow => ({
  import_id: 'imp-1',
  card_number: 'C',
  registration: { nation: 'DE', number },
  vin: null,
  first_use: S(first),
  last_use: S(last),
  odometer_begin_km: 0,
  odometer_end_km: 10,
  distance_km: 10,
  vu_data_block_counter: null,
});
const distances: DayDistanceRow[] = [{ import_id: 'imp-1', card_number: 'C', date: D('2026-03-02'), distance_km: 321 }];
const input = {
  card_number: 'DTEST00000000001',
  intervals: rows,
  day_distances: distances,
  vehicles_used: [
    vehicle('B-AB 1', '2026-03-02T06:00:00Z', '2026-03-02T10:00:00Z'), // driven Mon
    vehicle('B-AB 2', '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z'), // only work on Mon
    vehicle('B-AB 3', '2026-03-02T23:00:00Z', null), // still in use: driven Tue
  ],
};

t.test('timeTotals: unknown, manual and card time', async (t) => {
  t.same(timeTotals(rows), { DRIVING: 6 * 3600, WORK: 3600, AVAILABILITY: 0, REST: 35 * 3600, UNKNOWN: 6 * 3600 });
});

t.test('day overviews group the same rows by date', async (t) => {
  const [mon, tue, wed] = buildDayOverviews(input, [D('2026-03-02'), D('2026-03-03'), D('2026-03-04')]);
  t.equal(mon!.intervals.length, 4);
  t.same(
    mon!.intervals,
    rows.filter((r) => r.date === D('2026-03-02')),
  );
  t.same(mon!.totals, { DRIVING: 4 * 3600, WORK: 3600, AVAILABILITY: 0, REST: 13 * 3600, UNKNOWN: 6 * 3600 });
  t.equal(mon!.distance_km, 321);
  t.same(mon!.vehicles, [{ nation: 'DE', number: 'B-AB 1' }], 'only the vehicle driven that day');
  t.equal(mon!.card_number, 'DTEST00000000001');
  t.same(tue!.vehicles, [{ nation: 'DE', number: 'B-AB 3' }]);
  t.equal(tue!.distance_km, 0);
  t.same(wed!.intervals, []);
  t.same(wed!.totals, { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 });
});

t.test('week overviews: 7 days Monday..Sunday, empty days included', async (t) => {
  const [w] = buildWeekOverviews(input, ['2026-W10']);
  t.equal(w!.week, '2026-W10');
  t.equal(isoDay(w!.start_date), '2026-03-02');
  t.equal(isoDay(w!.end_date), '2026-03-08');
  t.same(
    w!.days.map((d) => isoDay(d.date)),
    ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'],
  );
  t.same(w!.totals, timeTotals(rows));
  t.throws(() => buildWeekOverviews(input, ['2025-W53']), RangeError);
});
