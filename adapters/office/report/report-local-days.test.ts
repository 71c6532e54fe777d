/**
 * The report's charts draw the local days of its zone: across the change to summer time in Europe/Berlin
 * (2026-03-29, 01:00 UTC) the Sunday runs 23 h, from 2026-03-28 23:00 UTC to 2026-03-29 22:00 UTC.
 */
import t from 'tap';
import { dayFractions } from './report-model.js';
import { weekSvg } from '../document/html.js';
import { localWeeks } from '../../web/client/local-weeks.js';
import type { WeekOverview } from '../../web/client/types.js';

const interval = (start: string, end: string) => ({
  start,
  end,
  activity: 'DRIVING' as const,
  card_inserted: true,
  manual_entry: false,
  crew: false,
});

t.test('a local day of 23 h: fractions of the day in the zone', async (t) => {
  const sunday = '2026-03-29';
  t.same(dayFractions(interval('2026-03-28T23:00:00Z', '2026-03-29T00:00:00Z'), sunday, 'Europe/Berlin'), [0, 1 / 23]);
  t.same(dayFractions(interval('2026-03-29T21:00:00Z', '2026-03-30T02:00:00Z'), sunday, 'Europe/Berlin'), [22 / 23, 1]);
  t.same(dayFractions(interval('2026-03-29T00:00:00Z', '2026-03-29T12:00:00Z'), sunday), [0, 0.5], 'UTC unchanged');
});

t.test("the week chart's Sunday row holds the Saturday UTC evening that is Sunday in Berlin", async (t) => {
  const days = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];
  const row = (start: string, end: string) => ({
    ...interval(start, end),
    import_id: null,
    card_number: 'C',
    date: start.slice(0, 10),
    duration: (Date.parse(end) - Date.parse(start)) / 1000,
    slot: 'DRIVER',
  });
  const zero = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  const week = {
    week: '2026-W13',
    start_date: days[0],
    end_date: days[6],
    totals: zero,
    days: days.map((date) => ({
      date,
      totals: zero,
      distance_km: null,
      intervals: date === '2026-03-28' ? [row('2026-03-28T23:00:00Z', '2026-03-29T00:00:00Z')] : [],
    })),
  } as unknown as WeekOverview;
  const [local] = localWeeks([week], 'Europe/Berlin');
  t.same(local!.days[5]!.intervals, [], 'Saturday in Berlin ends at 23:00 UTC');
  t.equal(local!.days[6]!.intervals.length, 1, 'the hour is drawn on Sunday');
  t.equal(local!.days[6]!.totals.DRIVING, 3600);
  const svg = weekSvg(local as never, 'Europe/Berlin');
  const plot = 720 - 90 - 70;
  // Sunday's row (the 7th: y = 14 + 6 × 16 + 2 = 112) from x = 90 over 1/23 of the plot
  t.match(svg, `<rect x="90.00" y="112" width="${(plot / 23).toFixed(2)}"`);
});
