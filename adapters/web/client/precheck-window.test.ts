import t from 'tap';
import { CONTEXT_WEEKS, overlapsWeek, precheckForWeek, precheckWindow, weekBounds } from './precheck-window.js';

const W09 = { year: 2026, week: 9 }; // Monday 2026-02-23 .. Sunday 2026-03-01

t.test('the pre-check window: 3 weeks before Monday to Sunday', async (t) => {
  t.equal(CONTEXT_WEEKS, 3);
  t.same(precheckWindow(W09), { dateFrom: '2026-02-02', dateTo: '2026-03-01' }, '21 days before Monday 2026-02-23');
  t.same(
    precheckWindow({ year: 2026, week: 1 }),
    { dateFrom: '2025-12-08', dateTo: '2026-01-04' },
    'across the year boundary',
  );
  t.same(
    precheckWindow({ year: 2024, week: 12 }),
    { dateFrom: '2024-02-26', dateTo: '2024-03-24' },
    'across 29 February of a leap year',
  );
  t.same(precheckWindow({ year: 2020, week: 53 }), { dateFrom: '2020-12-07', dateTo: '2021-01-03' }, 'a week 53');
});

t.test('week bounds are [Monday 00:00, next Monday 00:00) UTC', async (t) => {
  const b = weekBounds(W09);
  t.equal(new Date(b.startMs).toISOString(), '2026-02-23T00:00:00.000Z');
  t.equal(new Date(b.endMs).toISOString(), '2026-03-02T00:00:00.000Z');
});

t.test('overlap with the week', async (t) => {
  const b = weekBounds(W09);
  t.ok(overlapsWeek('2026-02-25T06:00:00Z', '2026-02-25T18:00:00Z', b), 'inside');
  t.ok(overlapsWeek('2026-02-20T00:00:00Z', '2026-02-23T00:00:01Z', b), 'reaches one second into Monday');
  t.notOk(
    overlapsWeek('2026-02-20T00:00:00Z', '2026-02-23T00:00:00Z', b),
    'ends exactly at Monday 00:00: before the week',
  );
  t.ok(overlapsWeek('2026-03-01T23:59:59Z', '2026-03-03T00:00:00Z', b), 'starts in the last second of Sunday');
  t.notOk(
    overlapsWeek('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', b),
    'starts at next Monday 00:00: after the week',
  );
  t.ok(overlapsWeek('2026-02-01T00:00:00Z', '2026-03-10T00:00:00Z', b), 'covers the whole week and more');
  t.notOk(overlapsWeek('2026-02-02T00:00:00Z', '2026-02-09T00:00:00Z', b), 'in the context weeks only');
  t.ok(overlapsWeek('2026-02-23T00:00:00Z', '2026-02-23T00:00:00Z', b), 'an instant at Monday 00:00 is in the week');
  t.notOk(overlapsWeek('2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z', b), 'an instant at next Monday 00:00 is not');
  t.notOk(overlapsWeek('2026-02-22T12:00:00Z', '2026-02-22T12:00:00Z', b), 'an instant on the Sunday before is not');
  t.ok(overlapsWeek(null, '2026-02-01T00:00:00Z', b), 'a span without a start cannot be placed and is kept');
  t.ok(overlapsWeek('2026-02-01T00:00:00Z', undefined, b), 'nor without an end');
  t.ok(overlapsWeek('not a time', '2026-02-01T00:00:00Z', b), 'nor an unreadable one');
});

t.test('the pre-check answer filtered to the week', async (t) => {
  const finding = (rule: string, start: string | null, end: string | null) => ({
    rule,
    status: 'VIOLATION',
    start,
    end,
  });
  const result = {
    rule_version: 'x',
    violations: [
      finding('weekly_rest', '2026-02-09T00:00:00Z', '2026-02-16T00:00:00Z'),
      finding('daily_rest', '2026-02-22T20:00:00Z', '2026-02-23T20:00:00Z'),
      finding('break', '2026-02-25T06:00:00Z', '2026-02-25T11:00:00Z'),
      finding('fortnightly_driving', '2026-02-16T00:00:00Z', '2026-03-02T00:00:00Z'),
      finding('weekly_driving', null, null),
      finding('daily_driving', '2026-03-02T06:00:00Z', '2026-03-02T18:00:00Z'),
    ],
    data_gaps: [
      { start: '2026-02-02T00:00:00Z', end: '2026-02-23T00:00:00Z', duration: 21 * 86_400 },
      { start: '2026-02-28T00:00:00Z', end: '2026-03-01T00:00:00Z', duration: 86_400 },
    ],
    warnings: [
      { code: 'DATA_MISSING', message: 'before', start: '2026-02-02T00:00:00Z', end: '2026-02-23T00:00:00Z' },
      { code: 'OPEN_END', message: 'sunday', start: '2026-03-01T20:00:00Z', end: '2026-03-02T00:00:00Z' },
      { code: 'NOTE', message: 'undated', start: null, end: null },
    ],
    disclaimer: 'kept',
  };
  const week = precheckForWeek(result, W09);
  t.same(
    week.violations.map((v) => v.rule),
    ['daily_rest', 'break', 'fortnightly_driving', 'weekly_driving'],
    'overlapping findings, in order; the undated one stays',
  );
  t.same(week.data_gaps, [result.data_gaps[1]], 'the gap that ends at Monday 00:00 is dropped');
  t.same(
    week.warnings.map((w) => w.code),
    ['OPEN_END', 'NOTE'],
    'dated warnings before the week are dropped, undated ones stay',
  );
  t.equal(week.disclaimer, 'kept', 'other fields are kept');
  t.equal(week.rule_version, 'x');
  t.equal(result.violations.length, 6, 'the answer itself is not changed');
  t.same(
    precheckForWeek({ violations: null }, W09),
    { violations: [], data_gaps: [], warnings: [] },
    'missing lists become empty',
  );
});
