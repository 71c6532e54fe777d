import t from 'tap';
import {
  civilOf,
  dayFromCivil,
  dayOf,
  daysBetween,
  dayStart,
  isoDay,
  isoDayOrNull,
  isoTimestamp,
  isoTimestampOrNull,
  isoWeekOf,
  mondayOf,
  parseIsoDay,
  parseIsoWeek,
  weeksInYear,
  weeksTouching,
} from './time.js';

const d = (text: string) => parseIsoDay(text)!;

t.test('ISO formatting of seconds and days', async (t) => {
  t.equal(isoTimestamp(Date.UTC(2026, 2, 2, 6, 15, 7) / 1000), '2026-03-02T06:15:07Z');
  t.equal(isoTimestamp(86_399), '1970-01-01T23:59:59Z');
  t.equal(isoTimestamp(-1), '1969-12-31T23:59:59Z');
  t.equal(isoTimestamp(0xfffffffe), '2106-02-07T06:28:14Z');
  t.equal(isoDay(dayOf(Date.UTC(2024, 1, 29, 23, 0) / 1000)), '2024-02-29');
  t.equal(isoTimestampOrNull(null), null);
  t.equal(isoDayOrNull(null), null);
  t.equal(isoDayOrNull(1), '1970-01-02');
  t.equal(isoDay(dayFromCivil(999, 1, 2)), '0999-01-02');
  t.equal(dayStart(1), 86_400);
});

t.test('civil dates agree with Date over four centuries', async (t) => {
  let bad = 0;
  for (let day = -200_000; day < 200_000; day += 97) {
    const expected = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (isoDay(day) !== expected || parseIsoDay(expected) !== day) bad++;
    const c = civilOf(day);
    if (dayFromCivil(c.year, c.month, c.dayOfMonth) !== day) bad++;
  }
  t.equal(bad, 0);
});

t.test('parseIsoDay accepts only real calendar dates', async (t) => {
  t.equal(parseIsoDay('2026-03-02'), Date.UTC(2026, 2, 2) / 86_400_000);
  t.ok(parseIsoDay('2024-02-29') !== null);
  t.equal(parseIsoDay('2026-02-29'), null);
  t.equal(parseIsoDay('2026-02-30'), null);
  t.equal(parseIsoDay('2026-13-01'), null);
  t.equal(parseIsoDay('2026-00-01'), null);
  t.equal(parseIsoDay('2026-01-00'), null);
  t.equal(parseIsoDay('2026-3-2'), null);
  t.equal(parseIsoDay('2026-03-02T00:00:00Z'), null);
});

t.test('ISO weeks', async (t) => {
  t.equal(isoWeekOf(d('2026-12-31')), '2026-W53'); // Thursday: 2026 has 53 weeks (1 Jan 2026 is a Thursday)
  t.equal(isoWeekOf(d('2027-01-01')), '2026-W53');
  t.equal(isoWeekOf(d('2027-01-03')), '2026-W53'); // Sunday
  t.equal(isoWeekOf(d('2027-01-04')), '2027-W01'); // Monday
  t.equal(isoWeekOf(d('2025-12-29')), '2026-W01'); // Monday of 2026-W01
  t.equal(isoWeekOf(d('2026-03-02')), '2026-W10');
  t.equal(isoWeekOf(d('2026-03-08')), '2026-W10');
  t.equal(isoWeekOf(d('2026-03-09')), '2026-W11');
  t.equal(isoWeekOf(d('2021-01-03')), '2020-W53');
  t.equal(isoWeekOf(d('1969-12-29')), '1970-W01');
});

t.test('parsing ISO weeks', async (t) => {
  t.same(parseIsoWeek('2026-W10'), { start: d('2026-03-02'), end: d('2026-03-08') });
  t.same(parseIsoWeek('2026-W01'), { start: d('2025-12-29'), end: d('2026-01-04') });
  t.same(parseIsoWeek('2026-W53'), { start: d('2026-12-28'), end: d('2027-01-03') });
  t.equal(parseIsoWeek('2025-W53'), null); // 2025 has 52 weeks
  t.equal(parseIsoWeek('2026-W00'), null);
  t.equal(parseIsoWeek('2026-W54'), null);
  t.equal(parseIsoWeek('0000-W01'), null);
  t.equal(parseIsoWeek('2026W10'), null);
  t.equal(parseIsoWeek('2026-w10'), null);
  t.equal(weeksInYear(2020), 53);
  t.equal(weeksInYear(2025), 52);
});

t.test('weeks touching a range, Mondays, day lists', async (t) => {
  t.same(weeksTouching(d('2026-03-04'), d('2026-03-16')), ['2026-W10', '2026-W11', '2026-W12']);
  t.same(weeksTouching(d('2026-12-30'), d('2027-01-05')), ['2026-W53', '2027-W01']);
  t.same(weeksTouching(d('2026-03-05'), d('2026-03-04')), []);
  t.equal(mondayOf(d('2026-03-08')), d('2026-03-02'));
  t.equal(mondayOf(d('2026-03-02')), d('2026-03-02'));
  t.same(daysBetween(d('2026-02-27'), d('2026-03-01')).map(isoDay), ['2026-02-27', '2026-02-28', '2026-03-01']);
  t.same(daysBetween(2, 1), []);
});

t.test('parseIsoTimestamp reads back what isoTimestamp writes, and agrees with Date.parse on other text', async (t) => {
  const { isoTimestamp: write, parseIsoTimestamp: read } = await import('./time.js');
  for (const s of [0, 1, 59, 86_399, 86_400, 1_772_431_500, 4_102_444_799, -86_400, 473_385_600])
    t.equal(read(write(s)), s, write(s));
  for (const text of [
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-03-02T24:00:00Z',
    '2026-03-02T06:60:00Z',
    '2026-03-02T06:15:00+01:00',
    'x026-03-02T06:15:00Z',
    'garbage',
  ]) {
    const parsed = read(text);
    const expected = Date.parse(text) / 1000;
    t.ok(Number.isNaN(expected) ? Number.isNaN(parsed) : parsed === expected, text);
  }
});
