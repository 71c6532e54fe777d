import t from 'tap';
import { weekBands } from './timeline-bands.js';

const iv = (date: string, start: string, end: string, activity: string, extra: Record<string, unknown> = {}) => ({
  import_id: null,
  card_number: 'C1',
  date,
  start: `${date}T${start}:00Z`,
  end: end === '24:00' ? `${nextDay(date)}T00:00:00Z` : `${date}T${end}:00Z`,
  activity: activity as 'REST',
  duration: 0,
  slot: 'DRIVER' as const,
  crew: false,
  card_inserted: true,
  manual_entry: false,
  ...extra,
});
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
const day = (date: string, intervals: ReturnType<typeof iv>[]) => ({
  date,
  card_number: 'C1',
  intervals,
  totals: { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 },
  distance_km: null,
  vehicles: [],
});

t.test('bands in percent of the week, neighbours of the same kind joined across midnight', async (t) => {
  const dates = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
  const week = {
    week: '2026-W10',
    start_date: dates[0]!,
    end_date: dates[6]!,
    totals: { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 },
    days: [
      day(dates[0]!, [iv(dates[0]!, '00:00', '12:00', 'REST'), iv(dates[0]!, '12:00', '24:00', 'DRIVING')]),
      day(dates[1]!, [
        iv(dates[1]!, '00:00', '06:00', 'DRIVING'),
        iv(dates[1]!, '06:00', '24:00', 'REST', { card_inserted: false }),
      ]),
      day(dates[2]!, [iv(dates[2]!, '00:00', '24:00', 'WORK', { slot: 'CO_DRIVER' })]),
      ...dates.slice(3).map((d) => day(d, [])),
    ],
  };
  t.same(
    weekBands(week),
    [
      { kind: 'rest', left: 0, width: 7.143 },
      { kind: 'driving', left: 7.143, width: 10.714 }, // Mon 12:00 to Tue 06:00 = 18 h of 168 h
      { kind: 'unknown', left: 17.857, width: 10.714 }, // card out, no manual entry: unknown
    ],
    'the co-driver slot is left out of the overview',
  );
});
