import t from 'tap';
import {
  addWeeks,
  currentIsoWeek,
  dateOfMs,
  formatIsoWeek,
  isoWeekOfDate,
  parseIsoWeek,
  utcDayMs,
  weekDates,
  weeksInYear,
} from './iso-week.js';

t.test('ISO week of a date, across year boundaries', async (t) => {
  t.same(isoWeekOfDate('2026-02-23'), { year: 2026, week: 9 });
  t.same(isoWeekOfDate('2026-03-01'), { year: 2026, week: 9 }, 'Sunday belongs to the same week');
  t.same(isoWeekOfDate('2021-01-03'), { year: 2020, week: 53 }, "early January can be last year's week 53");
  t.same(isoWeekOfDate('2024-12-30'), { year: 2025, week: 1 }, "late December can be next year's week 1");
  t.same(isoWeekOfDate('2025-09-12T23:59:59Z'), { year: 2025, week: 37 }, 'a timestamp counts by its UTC day');
});

t.test('weeks per year', async (t) => {
  t.equal(weeksInYear(2020), 53);
  t.equal(weeksInYear(2026), 53);
  t.equal(weeksInYear(2025), 52);
});

t.test('parse and format', async (t) => {
  t.same(parseIsoWeek('2026-W09'), { year: 2026, week: 9 });
  t.same(parseIsoWeek(' 2026-w09 '), { year: 2026, week: 9 });
  t.equal(parseIsoWeek('2025-W53'), null, '2025 has 52 weeks');
  t.equal(parseIsoWeek('2026-W00'), null);
  t.equal(parseIsoWeek('2026-9'), null);
  t.equal(parseIsoWeek(null), null);
  t.equal(formatIsoWeek({ year: 2026, week: 9 }), '2026-W09');
});

t.test('dates of a week and stepping', async (t) => {
  t.same(weekDates({ year: 2026, week: 9 }), [
    '2026-02-23',
    '2026-02-24',
    '2026-02-25',
    '2026-02-26',
    '2026-02-27',
    '2026-02-28',
    '2026-03-01',
  ]);
  t.same(weekDates({ year: 2020, week: 53 })[6], '2021-01-03');
  t.same(addWeeks({ year: 2025, week: 52 }, 1), { year: 2026, week: 1 });
  t.same(addWeeks({ year: 2026, week: 1 }, -1), { year: 2025, week: 52 });
  t.same(addWeeks({ year: 2020, week: 53 }, 1), { year: 2021, week: 1 });
  t.same(currentIsoWeek(new Date('2026-03-04T12:00:00Z')), { year: 2026, week: 10 });
  t.equal(dateOfMs(utcDayMs('2026-03-04')), '2026-03-04');
  t.throws(() => utcDayMs('yesterday'), RangeError);
});
