import t from 'tap';
import { block, shift13 } from '../testing/timeline.js';
import { H, only, run } from '../testing/run.js';

// block(n, r) = n shifts of 13 h (6 h driving each) separated by 11 h rests, the last followed by rest r.
// Length of block(n, r) = 13n + 11(n-1) + r hours.

t.test('exactly 45 h weekly rests every week are compliant', async (t) => {
  // Mon 2 Mar 06:00: 109 h -> Fri 6 Mar 19:00, 45 h -> Sun 8 Mar 16:00, and so on four times; the two-week
  // pair from Mon 9 Mar holds two regular weekly rests.
  const r = run('2026-03-02T06:00Z', [...block(5, '45h'), ...block(5, '45h'), ...block(5, '45h'), ...block(5, '45h')]);
  t.same(r.violations, []);
});

t.test('a weekly rest spanning two weeks counts (Sat 19:00 -> Mon 16:00)', async (t) => {
  // 133 h blocks: rests Sat 7 Mar 19:00 - Mon 9 Mar 16:00, Sun 15 - Tue 17 Mar, Mon 23 - Wed 25 Mar, ...
  const r = run('2026-03-02T06:00Z', [...block(6, '45h'), ...block(6, '45h'), ...block(6, '45h'), ...block(6, '45h')]);
  t.same(r.violations, []);
});

t.test('a weekly rest starting exactly 144 h after the data start is in time', async (t) => {
  // 13*5 + 11*4 + 22 = 131 h, then one more 13 h shift: the rest starts at 144 h (Sun 8 Mar 06:00).
  const r = run('2026-03-02T06:00Z', [...block(5, '22h'), ...shift13(), ['REST', '45h']]);
  t.same(only(r, 'weekly_rest'), []);
});

t.test('a weekly rest starting 149 h 30 after the previous one is late (SI)', async (t) => {
  // Data starts Mon 06:00 with work: the previous weekly rest ended then at the latest. 6 x 24 h of shifts and
  // rests, then 5h30 of work: the weekly rest starts at 149h30, 5h30 after the deadline (3h <= delay < 12h: SI).
  const r = run('2026-03-02T06:00Z', [...block(6, '11h'), ['WORK', '5h30'], ['REST', '45h']]);
  const w = only(r, 'weekly_rest');
  t.equal(w.length, 1);
  t.equal(w[0]!.value, 149.5 * H);
  t.equal(w[0]!.limit, 144 * H);
  t.equal(w[0]!.excess, 5.5 * H);
  t.equal(w[0]!.severity, 'SI');
  t.equal(w[0]!.end, '2026-03-08T11:30:00Z');
});

t.test('an uncompensated reduced weekly rest is reported after the third following week', async (t) => {
  // R1 = 24 h from Fri 6 Mar 19:00 (week from Mon 2 Mar): owed 21 h before Mon 30 Mar 00:00. Later rests are
  // 11 h daily (surplus 2 h) and exactly 45 h weekly (surplus 0): never 21 h en bloc -> finding, excess 21 h.
  const r = run('2026-03-02T06:00Z', [
    ...block(5, '24h'), ...block(6, '45h'), ...block(6, '45h'), ...block(6, '45h'), ...block(6, '45h'),
  ]);
  const c = only(r, 'reduced_weekly_rest_compensation');
  t.equal(c.length, 1);
  t.equal(c[0]!.start, '2026-03-06T19:00:00Z');
  t.equal(c[0]!.end, '2026-03-30T00:00:00Z');
  t.equal(c[0]!.limit, 21 * H);
  t.equal(c[0]!.excess, 21 * H);
  t.equal(r.violations.length, 1, 'nothing else');
});

t.test('a reduced weekly rest compensated by a 66 h weekly rest is compliant', async (t) => {
  // Same, but the second weekly rest after it lasts 45 h + 21 h = 66 h (ends Mon 23 Mar 12:00 < deadline).
  const r = run('2026-03-02T06:00Z', [
    ...block(5, '24h'), ...block(6, '45h'), ...block(6, '66h'), ...block(6, '45h'), ...block(6, '45h'),
  ]);
  t.same(r.violations, []);
});

t.test('a compensation deadline after the end of the data is not evaluated', async (t) => {
  const r = run('2026-03-02T06:00Z', [...block(5, '24h'), ...block(3, '11h')]);
  t.same(only(r, 'reduced_weekly_rest_compensation'), []);
  t.ok(r.not_evaluated.some((n) => n.rule === 'reduced_weekly_rest_compensation' && /after the end of the data/.test(n.reason)));
});

t.test('two consecutive reduced weekly rests are POTENTIAL (2020/1054 derogation)', async (t) => {
  // Mon 9 Mar 06:00: R1 45 h ends Sun 15 Mar 16:00; R2 24 h Sat 21 - Sun 22 Mar 05:00; R3 24 h Fri 27 - Sat 28
  // Mar 18:00; R4 from Fri 3 Apr. Weeks from Mon 16 Mar hold only R2 and R3, both reduced. No four-week window
  // around them is fully in the data, so the derogation may apply: POTENTIAL with a warning.
  const r = run('2026-03-09T06:00Z', [...block(5, '45h'), ...block(6, '24h'), ...block(6, '24h'), ...block(6, '45h')]);
  const w = only(r, 'weekly_rest');
  t.equal(w.length, 1);
  t.equal(w[0]!.status, 'POTENTIAL');
  t.equal(w[0]!.start, '2026-03-16T00:00:00Z');
  t.equal(w[0]!.value, 24 * H);
  t.equal(w[0]!.severity, 'VSI'); // 24 h < 36 h
  t.ok(r.warnings.some((x) => x.code === 'DEROGATION_POSSIBLE'));
});

t.test('two consecutive reduced weekly rests failing the four-week condition are a VIOLATION', async (t) => {
  // As above, then R4 45 h (to Sun 5 Apr 04:00), R5 24 h (Fri 10 - Sat 11 Apr), data to Tue 14 Apr. The four
  // weeks from Mon 16 Mar hold R2, R3, R4, R5: four rests but only one regular -> the derogation cannot apply.
  const r = run('2026-03-09T06:00Z', [
    ...block(5, '45h'), ...block(6, '24h'), ...block(6, '24h'), ...block(6, '45h'), ...block(6, '24h'), ...block(3, '11h'),
  ]);
  const w = only(r, 'weekly_rest');
  t.equal(w.length, 1);
  t.equal(w[0]!.status, 'VIOLATION');
  t.equal(w[0]!.start, '2026-03-16T00:00:00Z');
});
