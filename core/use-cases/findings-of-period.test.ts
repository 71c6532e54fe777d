/** The findings of a period: its context window, the overlap rule and the severity order, by hand. */
import t from 'tap';
import { dayFromCivil } from '../time.js';
import {
  compareFindings,
  contextStart,
  FindingsOfPeriodQuery,
  overlapsPeriod,
  type PeriodFinding,
} from './findings-of-period.js';

const day = (y: number, m: number, d: number) => dayFromCivil(y, m, d);

t.test('the context starts 3 ISO weeks before the Monday of the first day', async (t) => {
  t.equal(contextStart(day(2026, 3, 4)), day(2026, 2, 9), 'Wednesday 2026-03-04: its Monday 03-02, 21 days before');
  t.equal(contextStart(day(2026, 3, 2)), day(2026, 2, 9), 'a Monday');
  t.equal(contextStart(day(2026, 3, 8)), day(2026, 2, 9), 'a Sunday belongs to the week of the Monday before');
  t.equal(contextStart(day(2026, 1, 1)), day(2025, 12, 8), 'across the year: Thursday 2026-01-01, Monday 2025-12-29');
});

t.test('a finding belongs to the period when its span shares time with the days', async (t) => {
  const from = day(2026, 3, 2);
  const to = day(2026, 3, 8);
  t.ok(overlapsPeriod('2026-02-27T10:00:00Z', '2026-03-02T00:00:01Z', from, to), 'one second into Monday');
  t.notOk(
    overlapsPeriod('2026-02-27T10:00:00Z', '2026-03-02T00:00:00Z', from, to),
    'ends at Monday 00:00: before the period',
  );
  t.ok(overlapsPeriod('2026-03-08T23:59:59Z', '2026-03-10T00:00:00Z', from, to), 'starts in the last second');
  t.notOk(overlapsPeriod('2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z', from, to), 'starts at the next Monday');
  t.ok(overlapsPeriod('2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z', from, to), 'spans the whole period');
  t.ok(overlapsPeriod('2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z', from, to), 'an instant at the start');
  t.notOk(overlapsPeriod('2026-03-09T00:00:00Z', '2026-03-09T00:00:00Z', from, to), 'an instant at the end');
  t.ok(overlapsPeriod('2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z', null, to), 'open start');
});

const f = (
  severity: PeriodFinding['severity'],
  start: string,
  source: PeriodFinding['source'] = 'eu561',
  rule = 'daily_rest',
): PeriodFinding => ({ severity, start, end: start, source, rule }) as PeriodFinding;

t.test(
  'most serious first (MSI > VSI > SI > MI > none), then the earlier start, EU 561 before working time',
  async (t) => {
    const list = [
      f(null, '2026-03-01T00:00:00Z'),
      f('MI', '2026-03-01T00:00:00Z'),
      f('SI', '2026-03-03T00:00:00Z'),
      f('MSI', '2026-03-05T00:00:00Z'),
      f('SI', '2026-03-02T00:00:00Z', 'wtd', 'wtd_break'),
      f('SI', '2026-03-02T00:00:00Z'),
      f('VSI', '2026-03-04T00:00:00Z'),
    ];
    t.same(
      list.sort(compareFindings).map((x) => `${x.severity}/${x.start.slice(8, 10)}/${x.source}`),
      ['MSI/05/eu561', 'VSI/04/eu561', 'SI/02/eu561', 'SI/02/wtd', 'SI/03/eu561', 'MI/01/eu561', 'null/01/eu561'],
    );
  },
);

const reading = (id: string) => ({ id, name: id, question: 'q', choice: 'c', alternative: 'a', article: 'Art.' });

t.test('the use case: context asked of both checks, period cut, severity and review-status filters', async (t) => {
  const asked: unknown[] = [];
  const v = (id: string, severity: string | null, start: string, end: string) => ({
    finding_id: id,
    rule: 'daily_rest',
    severity,
    start,
    end,
    status: 'VIOLATION',
  });
  const overviews = {
    precheck: async (q: unknown) => {
      asked.push(q);
      return {
        basis: { card_number: 'C', import_ids: [], date_from: '2026-02-09', date_to: '2026-03-08' },
        violations: [
          v('a', 'SI', '2026-02-20T20:00:00Z', '2026-02-21T06:00:00Z'), // before the period: context only
          v('b', 'MI', '2026-03-01T20:00:00Z', '2026-03-02T06:00:00Z'), // reaches into Monday
          v('c', 'VSI', '2026-03-05T20:00:00Z', '2026-03-06T06:00:00Z'),
          v('d', null, '2026-03-06T20:00:00Z', '2026-03-07T06:00:00Z'),
        ],
        data_gaps: [],
        warnings: [],
        not_evaluated: [],
        readings: [reading('card_out_time'), reading('return_home')],
      };
    },
    workingTime: async () => ({
      violations: [{ ...v('w', null, '2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z'), rule: 'wtd_weekly_max' }],
      readings: [reading('card_out_time'), reading('wtd_reference_period')],
    }),
  } as never;
  const reviews = {
    statusesOf: async (ids: readonly string[]) => new Map(ids.includes('c') ? [['c', 'CONFIRMED' as const]] : []),
  };
  const query = new FindingsOfPeriodQuery(overviews, reviews);
  const basis = { kind: 'card_number' as const, value: 'C' };
  const range = { from: day(2026, 3, 2), to: day(2026, 3, 8) };
  const all = await query.findings({ basis, range });
  t.same(
    all.readings.map((r) => r.id),
    ['card_out_time', 'return_home', 'wtd_reference_period'],
    'the readings of both checks, each once',
  );
  t.same(
    (asked[0] as { range: unknown }).range,
    { from: day(2026, 2, 9), to: day(2026, 3, 8) },
    'the pre-check reads 3 weeks before',
  );
  t.same(
    all.findings.map((x) => `${x.finding_id}:${x.source}:${x.review_status}`),
    ['c:eu561:CONFIRMED', 'b:eu561:OPEN', 'w:wtd:OPEN', 'd:eu561:OPEN'],
  );
  t.same(
    (await query.findings({ basis, range, severity: ['MI', 'VSI'] })).findings.map((x) => x.finding_id),
    ['c', 'b'],
    'severities asked; none-severity left out',
  );
  t.same(
    (await query.findings({ basis, range, status: ['OPEN'] })).findings.map((x) => x.finding_id),
    ['b', 'w', 'd'],
    'never reviewed = OPEN',
  );
  t.same(
    (await query.findings({ basis, range, status: ['CONFIRMED'] })).findings.map((x) => x.finding_id),
    ['c'],
  );
});
