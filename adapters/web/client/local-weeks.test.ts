/**
 * The 4-week timeline and the totals in local days across the change to summer time in Europe/Berlin (Sunday
 * 2026-03-29, 02:00 CET → 03:00 CEST, i.e. 01:00 UTC): hand-computed local days of 24 h, 23 h and 24 h.
 */
import t from 'tap';
import { localWeeks, localWeekWindow } from './local-weeks.js';
import { weekBands } from './timeline-bands.js';
import { renderTimeline, timelineRange } from './timeline.js';
import { renderTotals } from './totals-table.js';
import { asFake, installFakeDocument } from '../testing/fake-dom.js';
import type { WeekOverview } from './types.js';

const H = 3600;
const iv = (start: string, end: string, activity: 'REST' | 'DRIVING' | 'WORK') => ({
  import_id: null,
  card_number: 'C1',
  date: start.slice(0, 10),
  start,
  end,
  activity,
  duration: (Date.parse(end) - Date.parse(start)) / 1000,
  slot: 'DRIVER' as const,
  crew: false,
  card_inserted: true,
  manual_entry: false,
});
const zero = () => ({ DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 });
const day = (date: string, intervals: ReturnType<typeof iv>[] = []) => ({
  date,
  card_number: 'C1',
  intervals,
  totals: zero(),
  distance_km: intervals.length ? 100 : null,
  vehicles: [],
});
const dates = (first: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

// UTC days as the API serves them: Sat 28 rest to 22:00, driving 22:00–24:00; Sun 29 driving to 01:00, rest;
// Mon 30 rest to 06:00, work to 24:00
const w13 = dates('2026-03-23');
const w14 = dates('2026-03-30');
const W13 = {
  week: '2026-W13',
  start_date: w13[0]!,
  end_date: w13[6]!,
  totals: zero(),
  days: [
    ...w13.slice(0, 5).map((d) => day(d)),
    day('2026-03-28', [
      iv('2026-03-28T00:00:00Z', '2026-03-28T22:00:00Z', 'REST'),
      iv('2026-03-28T22:00:00Z', '2026-03-29T00:00:00Z', 'DRIVING'),
    ]),
    day('2026-03-29', [
      iv('2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z', 'DRIVING'),
      iv('2026-03-29T01:00:00Z', '2026-03-30T00:00:00Z', 'REST'),
    ]),
  ],
} as unknown as WeekOverview;
const W14 = {
  week: '2026-W14',
  start_date: w14[0]!,
  end_date: w14[6]!,
  totals: zero(),
  days: [
    day('2026-03-30', [
      iv('2026-03-30T00:00:00Z', '2026-03-30T06:00:00Z', 'REST'),
      iv('2026-03-30T06:00:00Z', '2026-03-31T00:00:00Z', 'WORK'),
    ]),
    ...w14.slice(1).map((d) => day(d)),
  ],
} as unknown as WeekOverview;

t.test('local days across the change to summer time', async (t) => {
  const [b13, b14] = localWeeks([W13, W14], 'Europe/Berlin');
  const sat = b13!.days[5]!;
  const sun = b13!.days[6]!;
  const mon = b14!.days[0]!;
  // Sat 28 local: 27 23:00Z – 28 23:00Z (24 h): Friday's UTC hour has no record, rest 22 h, driving 1 h
  t.same(sat.totals, { ...zero(), REST: 22 * H, DRIVING: 1 * H });
  // Sun 29 local: 28 23:00Z – 29 22:00Z (23 h): driving 23:00–01:00Z (2 h), rest 01:00–22:00Z (21 h)
  t.same(sun.totals, { ...zero(), DRIVING: 2 * H, REST: 21 * H });
  t.same(
    sun.intervals.map((i) => [i.start, i.end, i.duration]),
    [
      ['2026-03-28T23:00:00Z', '2026-03-29T00:00:00Z', H],
      ['2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z', H],
      ['2026-03-29T01:00:00Z', '2026-03-29T22:00:00Z', 21 * H],
    ],
    'clipped to the local day',
  );
  // Mon 30 local: 29 22:00Z – 30 22:00Z (24 h): rest 2 h + 6 h, work 06:00–22:00Z (16 h)
  t.same(mon.totals, { ...zero(), REST: 8 * H, WORK: 16 * H });
  t.same(b13!.totals, { ...zero(), DRIVING: 3 * H, REST: 43 * H }, 'the week is the sum of its local days');
  t.same(
    b13!.days.slice(0, 5).map((d) => d.intervals.length),
    [0, 0, 0, 0, 0],
    'days without record stay so',
  );
  t.equal(sat.distance_km, 100, "the UTC day's distance");
  // the UTC answer is not touched
  t.same(localWeeks([W13], 'UTC'), [W13]);
  t.equal(W13.days[6]!.intervals[1]!.end, '2026-03-30T00:00:00Z', 'the API weeks are not changed');
});

t.test('the timeline places the local week: 167 h from Monday 00:00 CET to Monday 00:00 CEST', async (t) => {
  const window = localWeekWindow(W13, 'Europe/Berlin');
  t.equal(new Date(window.startMs).toISOString(), '2026-03-22T23:00:00.000Z');
  t.equal(new Date(window.endMs).toISOString(), '2026-03-29T22:00:00.000Z');
  const [b13] = localWeeks([W13, W14], 'Europe/Berlin');
  // rest from Sat 00:00Z = 121 h into the week; driving 22:00Z–01:00Z (3 h, joined across midnight) from 143 h
  t.same(weekBands(b13!, window), [
    { kind: 'rest', left: 72.455, width: 13.174 },
    { kind: 'driving', left: 85.629, width: 1.796 },
    { kind: 'rest', left: 87.425, width: 12.575 },
  ]);
});

t.test('the totals table names the local days and adds up 23 h on the day of the change', async (t) => {
  const uninstall = installFakeDocument();
  t.teardown(uninstall);
  const [b13] = localWeeks([W13], 'Europe/Berlin', [W14]);
  const table = asFake(renderTotals(b13!, 'Europe/Berlin'));
  t.match(table.find('caption')[0]!.textContent, 'days in Europe/Berlin');
  const sunday = table.find('tr').find((r) => (r as any).dataset.date === '2026-03-29')!;
  const cell = (k: string) => sunday.find('td').find((c) => (c as any).dataset.total === k)!.textContent;
  t.equal(cell('DRIVING'), '2:00');
  t.equal(cell('recorded'), '23:00');
});

t.test('the 4-week timeline in a zone reads the UTC day on each side and draws only its four weeks', async (t) => {
  t.same(
    timelineRange({ year: 2026, week: 14 }, 'Europe/Berlin'),
    { date_from: '2026-03-08', date_to: '2026-04-06' },
    'W11 to W14 and the UTC day on each side',
  );
  t.same(timelineRange({ year: 2026, week: 14 }, 'UTC'), { date_from: '2026-03-09', date_to: '2026-04-05' });
  const uninstall = installFakeDocument();
  t.teardown(uninstall);
  // W14 to W17 shown, W14 the oldest loaded; W13 is loaded for its Sunday only
  const drawn = asFake(renderTimeline([W13, W14], '2026-W17', new Set(), () => undefined, 'Europe/Berlin'));
  const rows = drawn.find('div', 'tl-row');
  t.same(
    rows.map((r) => (r as any).dataset.week),
    ['2026-W14'],
    'the day before is not a row of its own',
  );
  // Monday 00:00 CEST is Sunday 22:00 UTC: the rest of W13's Sunday from then, joined with Monday's rest to 06:00 UTC,
  // 8 h of the 168 h week from its very start
  const [first] = rows[0]!.find('span', 'tl-seg');
  t.same([first!.className, first!.style.left, first!.style.width], ['tl-seg seg-rest', '0%', '4.762%']);
});
