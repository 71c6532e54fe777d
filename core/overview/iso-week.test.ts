import t from 'tap';
import { addDays, datesBetween, isoWeekOf, isValidDate, mondayOf, parseIsoWeek, weeksInYear, weeksTouching } from './iso-week.js';

t.test('isValidDate', async (t) => {
  t.ok(isValidDate('2026-03-02'));
  t.ok(isValidDate('2024-02-29'));
  t.notOk(isValidDate('2026-02-29'));
  t.notOk(isValidDate('2026-13-01'));
  t.notOk(isValidDate('2026-3-2'));
  t.notOk(isValidDate('2026-03-02T00:00:00Z'));
});

t.test('isoWeekOf at year edges', async (t) => {
  t.equal(isoWeekOf('2026-12-31'), '2026-W53'); // Thursday: 2026 has 53 weeks (1 Jan 2026 is a Thursday)
  t.equal(isoWeekOf('2027-01-01'), '2026-W53');
  t.equal(isoWeekOf('2027-01-03'), '2026-W53'); // Sunday
  t.equal(isoWeekOf('2027-01-04'), '2027-W01'); // Monday
  t.equal(isoWeekOf('2025-12-29'), '2026-W01'); // Monday of 2026-W01
  t.equal(isoWeekOf('2026-03-02'), '2026-W10');
  t.equal(isoWeekOf('2026-03-08'), '2026-W10');
  t.equal(isoWeekOf('2026-03-09'), '2026-W11');
  t.equal(isoWeekOf('2021-01-03'), '2020-W53');
});

t.test('parseIsoWeek', async (t) => {
  t.same(parseIsoWeek('2026-W10'), { start_date: '2026-03-02', end_date: '2026-03-08' });
  t.same(parseIsoWeek('2026-W01'), { start_date: '2025-12-29', end_date: '2026-01-04' });
  t.same(parseIsoWeek('2026-W53'), { start_date: '2026-12-28', end_date: '2027-01-03' });
  t.equal(parseIsoWeek('2025-W53'), null); // 2025 has 52 weeks
  t.equal(parseIsoWeek('2026-W00'), null);
  t.equal(parseIsoWeek('2026-W54'), null);
  t.equal(parseIsoWeek('2026W10'), null);
  t.equal(parseIsoWeek('2026-w10'), null);
  t.equal(weeksInYear(2020), 53);
  t.equal(weeksInYear(2025), 52);
});

t.test('weeksTouching, mondayOf, datesBetween', async (t) => {
  t.same(weeksTouching('2026-03-04', '2026-03-16'), ['2026-W10', '2026-W11', '2026-W12']);
  t.same(weeksTouching('2026-12-30', '2027-01-05'), ['2026-W53', '2027-W01']);
  t.same(weeksTouching('2026-03-05', '2026-03-04'), []);
  t.equal(mondayOf('2026-03-08'), '2026-03-02');
  t.equal(addDays('2026-02-28', 1), '2026-03-01');
  t.same(datesBetween('2026-02-27', '2026-03-01'), ['2026-02-27', '2026-02-28', '2026-03-01']);
});
