import t from 'tap';
import { drivingDay, H, M, only, repeat, run } from '../testing/run.js';
import type { Step } from '../testing/timeline.js';

// Monday 2 March 2026 06:00 UTC. drivingDay(x) = x of driving in 4h30 blocks with 45 min breaks, rest to 24 h.
const MON = '2026-03-02T06:00Z';

t.test('two 10 h days in a week are compliant', async (t) => {
  // Mon and Tue 10 h each use the two allowed extensions; Wed-Fri 9 h: no finding.
  const r = run(MON, [...drivingDay(10 * H), ...drivingDay(10 * H), ...repeat(drivingDay(9 * H), 3)]);
  t.same(only(r, 'daily_driving'), []);
});

t.test('the third 10 h day of a week exceeds 9 h', async (t) => {
  // Mon, Tue, Wed 10 h: Wed is extended day 3; limit falls back to 9 h; 10 h -> excess 1 h, SI (10h <= x < 11h).
  const r = run(MON, repeat(drivingDay(10 * H), 3));
  const d = only(r, 'daily_driving');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 10 * H);
  t.equal(d[0]!.limit, 9 * H);
  t.equal(d[0]!.excess, 1 * H);
  t.equal(d[0]!.severity, 'SI');
  t.match(d[0]!.description, /extended day 3/);
  t.equal(d[0]!.start, '2026-03-04T06:00:00Z');
  const sum = d[0]!.evidence.reduce((s, e) => s + (Date.parse(e.end) - Date.parse(e.start)) / 1000, 0);
  t.equal(sum, 10 * H, 'evidence adds up to the value');
});

t.test('10 h 25 min on the first extended day: MI against 10 h', async (t) => {
  // 10h25 > 10h by 25 min; band MI (10h < x < 11h).
  const r = run(MON, drivingDay(10 * H + 25 * M));
  const d = only(r, 'daily_driving');
  t.equal(d[0]!.value, 10 * H + 25 * M);
  t.equal(d[0]!.limit, 10 * H);
  t.equal(d[0]!.excess, 25 * M);
  t.equal(d[0]!.severity, 'MI');
  t.match(
    d[0]!.description,
    /Daily driving time 10 h 25 min exceeds the 10 h limit of an extended day \(extended day 1 of this week\) by 25 min \(the shift from /,
  );
});

for (const [driving, severity] of [
  [11.5 * H, 'SI'], // 11h <= x < 12h
  [12 * H, 'VSI'], // 12h <= x < 15h
  [15 * H, 'MSI'], // >= 15h (10 h exceeded by 50 %)
] as const) {
  t.test(`${driving / H} h on an extended day is ${severity}`, async (t) => {
    const r = run(MON, drivingDay(driving, 30 * H));
    const d = only(r, 'daily_driving');
    t.equal(d.length, 1);
    t.equal(d[0]!.severity, severity);
    t.equal(d[0]!.excess, driving - 10 * H);
  });
}

for (const [driving, severity] of [
  [9.5 * H, 'MI'], // 9h < x < 10h
  [11.5 * H, 'VSI'], // 11h <= x < 13h30
  [13.5 * H, 'MSI'], // >= 13h30 (9 h exceeded by 50 %)
] as const) {
  t.test(`${driving / H} h after both extensions are used is ${severity} against 9 h`, async (t) => {
    // Mon and Tue 10 h use the extensions; Wed's driving is judged against 9 h.
    const r = run(MON, [...drivingDay(10 * H), ...drivingDay(10 * H), ...drivingDay(driving, 30 * H)]);
    const d = only(r, 'daily_driving');
    t.equal(d.length, 1);
    t.equal(d[0]!.limit, 9 * H);
    t.equal(d[0]!.severity, severity);
  });
}

t.test('daily driving is per shift, not per calendar day', async (t) => {
  // Shift 18:00 Mon -> 05:15 Tue: 4h30 + 4h30 + 1h30 = 10h30 across midnight (6h / 4h30 per calendar day).
  // First extension: limit 10 h, excess 30 min, MI.
  const steps: Step[] = [
    ['REST', '12h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h30'],
    ['REST', '11h'],
  ];
  const d = only(run(MON, steps), 'daily_driving');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 10.5 * H);
  t.equal(d[0]!.start, '2026-03-02T18:00:00Z');
});

t.test('9 h across midnight is compliant', async (t) => {
  const steps: Step[] = [
    ['REST', '14h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '11h'],
  ];
  t.same(only(run(MON, steps), 'daily_driving'), []);
});

t.test('the week boundary at Monday 00:00 restarts the extension count', async (t) => {
  // Thu 5 Mar .. Sun 8 Mar: Thu 9 h, Fri 10 h, Sat 10 h (2 extensions in week 10), then Mon 9 Mar 10 h
  // (first extension of week 11) and Tue 10 h: nothing exceeds. Shift starts at 06:00 each day.
  const steps = [
    ...drivingDay(9 * H),
    ...drivingDay(10 * H),
    ...drivingDay(10 * H),
    ...drivingDay(0, 48 * H),
    ...drivingDay(10 * H),
    ...drivingDay(10 * H),
  ];
  t.same(only(run('2026-03-05T06:00Z', steps), 'daily_driving'), []);
});

t.test('a shift starting on Sunday belongs to that week', async (t) => {
  // Fri 6 and Sat 7 Mar 10 h (two extensions), Sun 8 Mar 20:00 shift of 10 h -> third extension of week 10.
  const steps = [...drivingDay(10 * H), ...drivingDay(10 * H), ['REST', '14h'] as Step, ...drivingDay(10 * H)];
  const d = only(run('2026-03-06T06:00Z', steps), 'daily_driving');
  t.equal(d.length, 1);
  t.equal(d[0]!.start, '2026-03-08T20:00:00Z');
  t.equal(d[0]!.limit, 9 * H);
});

t.test('a missed daily rest does not cascade into daily-driving findings', async (t) => {
  // Mon 06:00: 9 h driving in a 20 h duty, then a 6 h rest, then another 9 h driving day and 11 h rest.
  // The 6 h rest (Tue 02:00-08:00) is the longest rest in the 24 h window ending Tue 06:00, of which only
  // 4 h fall inside the window: the daily rest is insufficient (one finding, value 4 h);
  // daily driving is cut at that rest (9 h + 9 h), so no daily-driving finding.
  const steps: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['WORK', '10h15'],
    ['REST', '6h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '11h'],
  ];
  const r = run(MON, steps);
  t.same(only(r, 'daily_driving'), []);
  const rest = only(r, 'daily_rest');
  t.equal(rest.length, 1);
  t.equal(rest[0]!.value, 4 * H);
  t.equal(rest[0]!.severity, 'VSI'); // < 7 h, reduction still available
});
