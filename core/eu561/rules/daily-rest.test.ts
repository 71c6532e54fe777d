import t from 'tap';
import { H, M, only, repeat, run } from '../testing/run.js';
import type { Step } from '../testing/timeline.js';

const MON = '2026-03-02T06:00Z';
// a duty of `span` with 9 h driving at most (4h30 + 45 min + 4h30, rest of the span work)
const duty = (span: number): Step[] => [
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h'],
  ['WORK', `${span - 9.25 * H}s`],
];
const day = (span: number, rest: number): Step[] => [...duty(span), ['REST', `${rest}s`]];

t.test('regular 11 h daily rests are compliant', async (t) => {
  const r = run(MON, repeat(day(13 * H, 11 * H), 5));
  t.same(only(r, 'daily_rest'), []);
});

t.test('rest across midnight is one rest', async (t) => {
  // 19:00 -> 06:00 is split by the card at 00:00 into 5 h + 6 h rows; together 11 h: regular.
  const r = run(MON, repeat(day(13 * H, 11 * H), 2));
  t.same(r.violations, []);
});

t.test('three reduced daily rests between weekly rests are compliant', async (t) => {
  // 15 h duty + 9 h rest three times (portion 9 h each: reduced), then regular days.
  const r = run(MON, [...repeat(day(15 * H, 9 * H), 3), ...repeat(day(13 * H, 11 * H), 2)]);
  t.same(only(r, 'daily_rest'), []);
});

t.test('the fourth reduced daily rest is reported against 11 h', async (t) => {
  // Four 9 h rests: the fourth is reduced rest number 4 -> value 9 h, limit 11 h, SI (8h30 <= x < 10h).
  const r = run(MON, [...repeat(day(15 * H, 9 * H), 4), ...day(13 * H, 11 * H)]);
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 9 * H);
  t.equal(d[0]!.limit, 11 * H);
  t.equal(d[0]!.excess, 2 * H);
  t.equal(d[0]!.severity, 'SI');
  t.match(d[0]!.description, /number 4/);
});

t.test('a weekly rest restarts the count of reduced rests', async (t) => {
  // 3 reduced, a 45 h weekly rest, 3 reduced again: compliant.
  const r = run(MON, [
    ...repeat(day(15 * H, 9 * H), 2),
    ...day(15 * H, 45 * H),
    ...repeat(day(15 * H, 9 * H), 3),
    ...day(13 * H, 11 * H),
  ]);
  t.same(only(r, 'daily_rest'), []);
});

t.test('split daily rest 3 h + 9 h counts as regular', async (t) => {
  // 4h30 D, 3 h rest, 4h30 D, 3 h W (15 h), 9 h rest: split regular. Four such days: no reduced count.
  const split: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '3h'],
    ['DRIVING', '4h30'],
    ['WORK', '3h'],
    ['REST', '9h'],
  ];
  const r = run(MON, repeat(split, 4));
  t.same(only(r, 'daily_rest'), []);
});

t.test('2 h + 9 h is not a split rest: it is a reduced rest', async (t) => {
  // First part shorter than 3 h: each 9 h rest is reduced; the fourth is reported.
  const notSplit: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '2h'],
    ['DRIVING', '4h30'],
    ['WORK', '4h'],
    ['REST', '9h'],
  ];
  const d = only(run(MON, repeat(notSplit, 4)), 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 9 * H);
});

t.test('only the part of the rest inside 24 h counts (Art. 8(2))', async (t) => {
  // 15 h duty then an 11 h rest: 9 h of it fall inside the 24 h window -> reduced. The fourth such -> finding.
  const r = run(MON, repeat(day(15 * H, 11 * H), 4));
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 9 * H);
});

for (const [rest, severity] of [
  [8.5 * H, 'MI'], // 8h <= x < 9h
  [7.5 * H, 'SI'], // 7h <= x < 8h
  [6 * H, 'VSI'], // < 7h
] as const) {
  t.test(`a daily rest of ${rest / H} h (reduction available) is ${severity}`, async (t) => {
    // 13 h duty, short rest, then a new duty of 2 h and an 11 h rest. The short rest is the longest in the
    // first 24 h window, and it lies fully inside it.
    const r = run(MON, [...day(13 * H, rest), ['WORK', '2h'], ['REST', '11h']]);
    const d = only(r, 'daily_rest');
    t.equal(d.length, 1);
    t.equal(d[0]!.value, rest);
    t.equal(d[0]!.limit, 9 * H);
    t.equal(d[0]!.severity, severity);
  });
}

t.test('an insufficient rest after three reductions is judged against 11 h', async (t) => {
  // Three 9 h reduced rests, then a 8 h rest: limit 11 h, 8 h < 8h30 -> VSI.
  const r = run(MON, [...repeat(day(15 * H, 9 * H), 3), ...day(13 * H, 8 * H), ['WORK', '2h'], ['REST', '11h']]);
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 8 * H);
  t.equal(d[0]!.limit, 11 * H);
  t.equal(d[0]!.severity, 'VSI');
});

t.test('multi-manning: 9 h within 30 h is compliant', async (t) => {
  // Crew duty of 21 h (driving marked crew) then 9 h rest: 21 + 9 = 30 h window. Compliant.
  const crew: Step[] = [
    ['DRIVING', '4h30', { crew: true }],
    ['REST', '45m'],
    ['DRIVING', '4h30', { crew: true }],
    ['WORK', '11h15', { crew: true }],
    ['REST', '9h'],
  ];
  const r = run(MON, [...crew, ['WORK', '1h'], ['REST', '11h']]);
  t.same(only(r, 'daily_rest_multi_manning'), []);
  t.same(only(r, 'daily_rest'), []);
});

t.test('the same timeline for a single driver misses the daily rest', async (t) => {
  // Without crew the window is 24 h: the 9 h rest starts at +21 h, only 3 h inside -> insufficient, VSI.
  const single: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['WORK', '11h15'],
    ['REST', '9h'],
  ];
  const d = only(run(MON, [...single, ['WORK', '1h'], ['REST', '11h']]), 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 3 * H);
  t.equal(d[0]!.severity, 'VSI');
});

t.test('multi-manning: 8 h rest within 30 h is MI', async (t) => {
  // Crew duty 22 h then 8 h rest: 8 h inside the 30 h window; 8h <= x < 9h -> MI.
  const crew: Step[] = [
    ['DRIVING', '4h30', { crew: true }],
    ['REST', '45m'],
    ['DRIVING', '4h30', { crew: true }],
    ['WORK', '12h15', { crew: true }],
    ['REST', '8h'],
  ];
  const d = only(run(MON, [...crew, ['WORK', '1h'], ['REST', '11h']]), 'daily_rest_multi_manning');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 8 * H);
  t.equal(d[0]!.limit, 9 * H);
  t.equal(d[0]!.severity, 'MI');
});

t.test('a long duty at the start of the data is judged from the data start', async (t) => {
  // The data starts Mon 14:00 with driving; nothing before is known. Duty 14:00-21:00, rest 11 h: compliant.
  const r = run('2026-03-02T14:00Z', [['DRIVING', '4h'], ['WORK', '3h'], ['REST', '11h'], ...day(13 * H, 11 * H)]);
  t.same(r.violations, []);
});

t.test('the last shift of the data is not flagged before its deadline', async (t) => {
  // Data ends after 10 h of duty: the daily rest is not yet due.
  const r = run(MON, [...day(13 * H, 11 * H), ['DRIVING', '4h'], ['REST', '45m'], ['WORK', '5h15']]);
  t.same(r.violations, []);
});

t.test('a short rest at the start of the data may be the end of a longer one', async (t) => {
  // Data starts Mon 00:00 with 6 h REST (it may have begun on Sunday): no finding.
  const r = run('2026-03-02T00:00Z', [['REST', '6h'], ...day(13 * H, 11 * H)]);
  t.same(r.violations, []);
  void M;
});
