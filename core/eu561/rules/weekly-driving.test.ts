import t from 'tap';
import { drivingDay, H, only, repeat, run } from '../testing/run.js';

const MON = '2026-03-02T06:00Z';

t.test('56 h in a week (2 x 10 h + 4 x 9 h) is compliant', async (t) => {
  const r = run(MON, [...repeat(drivingDay(10 * H), 2), ...repeat(drivingDay(9 * H), 4), ...drivingDay(0, 48 * H)]);
  t.same(only(r, 'weekly_driving'), []);
  t.same(only(r, 'daily_driving'), []);
  t.equal(r.summary.weeks[0]!.driving, 56 * H);
});

for (const [perDay, severity] of [
  [9.5 * H, 'MI'], // 6 x 9h30 = 57 h: 56h < x < 60h
  [10 * H, 'SI'], // 60 h: 60h <= x < 65h
  [11 * H, 'VSI'], // 66 h: 65h <= x < 70h
  [12 * H, 'MSI'], // 72 h: >= 70h
] as const) {
  t.test(`6 days of ${perDay / H} h: weekly driving ${(6 * perDay) / H} h is ${severity}`, async (t) => {
    const r = run(MON, [...repeat(drivingDay(perDay), 6), ...drivingDay(0, 48 * H)]);
    const w = only(r, 'weekly_driving');
    t.equal(w.length, 1);
    t.equal(w[0]!.value, 6 * perDay);
    t.equal(w[0]!.excess, 6 * perDay - 56 * H);
    t.equal(w[0]!.severity, severity);
    t.equal(w[0]!.start, '2026-03-02T00:00:00Z');
    t.equal(w[0]!.end, '2026-03-09T00:00:00Z');
  });
}

t.test('90 h in two consecutive weeks: 56 h + 40 h = 96 h is MI', async (t) => {
  // Week 10: 2x10 + 4x9 = 56 h, weekly rest Sun; week 11 (from Mon 9 Mar 06:00): 4 x 9 h + 4 h = 40 h.
  const week1 = [...repeat(drivingDay(10 * H), 2), ...repeat(drivingDay(9 * H), 4), ...drivingDay(0)];
  const week2 = [...repeat(drivingDay(9 * H), 4), ...drivingDay(4 * H), ...drivingDay(0, 48 * H)];
  const r = run(MON, [...week1, ...week2]);
  t.same(only(r, 'weekly_driving'), []);
  const f = only(r, 'fortnightly_driving');
  t.equal(f.length, 1);
  t.equal(f[0]!.value, 96 * H);
  t.equal(f[0]!.excess, 6 * H);
  t.equal(f[0]!.severity, 'MI'); // 90h < x < 100h
});

t.test('driving across Sunday 24:00 is split between the weeks', async (t) => {
  // Sun 8 Mar 20:00 - Mon 9 Mar 00:45: 4 h driving before midnight counts in W10, 45 min after in W11.
  const r = run('2026-03-08T20:00Z', [
    ['DRIVING', '4h'],
    ['REST', '45m'],
    ['DRIVING', '45m'],
    ['REST', '11h'],
  ]);
  t.same(r.summary.weeks, [
    { week: '2026-W10', driving: 4 * H },
    { week: '2026-W11', driving: 45 * 60 },
  ]);
});
