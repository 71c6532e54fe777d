import t from 'tap';
import { chartDays } from './local-days.js';
import type { ActivityIntervalRow, WeekOverview } from './types.js';

const row = (start: string, end: string, activity = 'REST'): ActivityIntervalRow =>
  ({
    import_id: 'i',
    card_number: 'C',
    date: start.slice(0, 10),
    start,
    end,
    activity,
    duration: (Date.parse(end) - Date.parse(start)) / 1000,
    slot: 'DRIVER',
    crew: false,
    card_inserted: true,
    manual_entry: false,
  }) as unknown as ActivityIntervalRow;

function week(dates: string[], rows: ActivityIntervalRow[]): WeekOverview {
  return {
    week: 'W',
    start_date: dates[0]!,
    end_date: dates[dates.length - 1]!,
    days: dates.map((date) => ({ date, intervals: rows.filter((r) => r.start.startsWith(date)) })),
  } as unknown as WeekOverview;
}

t.test('chart days: local days gather the intervals of the UTC days they overlap', async (t) => {
  // UTC days 2026-03-28 and 2026-03-29 (the spring change in Berlin: 01:00 UTC)
  const rows = [
    row('2026-03-28T15:00:00Z', '2026-03-29T00:00:00Z'),
    row('2026-03-29T00:00:00Z', '2026-03-29T06:00:00Z'),
    row('2026-03-29T06:00:00Z', '2026-03-29T10:00:00Z', 'DRIVING'),
    row('2026-03-29T22:30:00Z', '2026-03-30T00:00:00Z'),
  ];
  const w = week(['2026-03-28', '2026-03-29'], rows);
  const utc = chartDays(w, [], 'UTC');
  t.same(
    utc.map((d) => d.intervals.length),
    [1, 3],
    'UTC: the API days as they are',
  );
  const berlin = chartDays(w, [], 'Europe/Berlin');
  // local 2026-03-29: 2026-03-28T23:00Z .. 2026-03-29T22:00Z (23 h)
  t.equal(berlin[1]!.window.endMs - berlin[1]!.window.startMs, 23 * 3_600_000);
  t.same(
    berlin[1]!.intervals.map((r) => r.start),
    ['2026-03-28T15:00:00Z', '2026-03-29T00:00:00Z', '2026-03-29T06:00:00Z'],
    'the evening before (from 23:00 UTC) and the day; not the interval after 22:00 UTC',
  );
  t.same(
    berlin[0]!.intervals.map((r) => r.start),
    ['2026-03-28T15:00:00Z'],
    'local 2026-03-28 ends at 23:00 UTC',
  );
  const withAround = chartDays(week(['2026-03-30'], []), [w], 'Europe/Berlin');
  t.same(
    withAround[0]!.intervals.map((r) => r.start),
    ['2026-03-29T22:30:00Z'],
    "a week's first local day takes the evening from the week before",
  );
});
