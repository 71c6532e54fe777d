/**
 * Art. 8(9): a weekly rest that falls in two weeks counts in one of them, not in both — hand-computed timelines.
 * Weeks (Monday 00:00 UTC, 2026): W9 23 Feb, W10 2 Mar, W11 9 Mar, W12 16 Mar, W13 23 Mar, W14 30 Mar, W15 6 Apr,
 * W16 13 Apr. Between weekly rests, span() fills the time with lawful duty: shifts of at most 13 h (4h30 driving,
 * 45 min break, 30 min driving, work) separated by 11 h daily rests, so only the weekly rests are in question.
 */
import t from 'tap';
import { Clock } from '../testing/clock.js';
import { H, only } from '../testing/run.js';
import { input, timeline } from '../testing/timeline.js';
import { buildTimeline, periodsOf } from '../timeline.js';
import { analyse } from '../shifts.js';
import { assignWeeklyRests } from './weekly-rest-assignment.js';

const sec = (iso: string) => Date.parse(iso.length === 17 ? iso.replace('Z', ':00Z') : iso) / 1000;

/** Lawful duty from now until `iso`, starting and ending with work. */
function span(c: Clock, iso: string): Clock {
  const total = sec(iso) - sec(c.now());
  const n = Math.ceil((total + 11 * H) / (24 * H));
  const shift = Math.floor((total - 11 * H * (n - 1)) / n);
  if (shift < 6 * H || shift > 13 * H) throw new Error(`span of ${total / H} h cannot be filled`);
  for (let k = 0; k < n; k++) {
    const length = k === n - 1 ? total - 11 * H * (n - 1) - shift * (n - 1) : shift;
    c.add('DRIVING', '4h30')
      .add('REST', '45m')
      .add('DRIVING', '30m')
      .add('WORK', `${length - 5.75 * H}s`);
    if (k < n - 1) c.add('REST', '11h');
  }
  return c.at(iso);
}

/** A weekly rest from now until `iso`. */
const rest = (c: Clock, iso: string) => c.until('REST', iso);

const weekly = (r: ReturnType<Clock['run']>) => only(r, 'weekly_rest');
const brief = (r: ReturnType<Clock['run']>) =>
  r.violations.map((v) => `${v.rule} ${v.status} ${v.start} ${v.value / H}`).join('\n');

t.test('drifting rota: three regular weekly rests each crossing a Monday leave W11-W14 with three rests', async (t) => {
  // Data Mon 2 Mar 06:00 (work). R0 Fri 6 Mar 09:00 -> Sun 8 Mar 06:00 (45 h, W10). R1 Sat 14 Mar 06:00 -> Mon 16
  // Mar 03:00 (crosses Mon 16 Mar: W11 or W12), R2 Sun 22 Mar 00:00 -> Mon 23 Mar 21:00 (W12 or W13), R3 Sun 29 Mar
  // 21:00 -> Tue 31 Mar 18:00 (W13 or W14), R4 Mon 6 Apr 18:00 -> Wed 8 Apr 15:00 (W15); each starts 144 h (R2:
  // 141 h) after the previous ends: no rest is late. Data to Fri 10 Apr 04:00: pairs W11, W12, W13 are checked.
  // W11+W12 hold R1 and R2 only if R2 counts in W12; W13+W14 hold R2 and R3 only if R2 counts in W13: under every
  // counting one of the two pairs has a single weekly rest. Counting each rest in its later week (the tie-break
  // among the one-finding countings) leaves W11+W12 with R1 alone. (Before: every rest counted in both weeks and
  // nothing was reported.)
  const c = new Clock('2026-03-02T06:00Z');
  span(c, '2026-03-06T09:00Z');
  rest(c, '2026-03-08T06:00Z');
  span(c, '2026-03-14T06:00Z');
  rest(c, '2026-03-16T03:00Z');
  span(c, '2026-03-22T00:00Z');
  rest(c, '2026-03-23T21:00Z');
  span(c, '2026-03-29T21:00Z');
  rest(c, '2026-03-31T18:00Z');
  span(c, '2026-04-06T18:00Z');
  rest(c, '2026-04-08T15:00Z');
  span(c, '2026-04-10T04:00Z');
  const r = c.run();
  t.equal(r.violations.length, 1, brief(r));
  const [v] = weekly(r);
  t.same([v!.status, v!.start, v!.end], ['VIOLATION', '2026-03-09T00:00:00Z', '2026-03-23T00:00:00Z']);
  // the second weekly rest is missing: measured against the 24 h of a reduced weekly rest
  t.same([v!.value, v!.limit, v!.excess], [0, 24 * H, 24 * H]);
  t.match(v!.description, /Only 1 weekly rest in the two consecutive weeks from Mon 9 Mar 2026 00:00 UTC/);
  t.match(
    v!.description,
    /1 d 21 h from Sat 14 Mar 2026 06:00 UTC \(crosses Monday 00:00, counted in the week from Mon 16 Mar 2026/,
  );
  t.match(
    v!.description,
    /from Sun 22 Mar 2026 00:00 UTC \(crosses Monday 00:00, counted in the week from Mon 23 Mar 2026 00:00 UTC, not in these two weeks\)/,
  );
  t.match(v!.description, /not in both \(Art\. 8\(9\)\)/);
});

t.test(
  'drifting rota with a reduced rest in the middle: the same pair, and its compensation counted in its week',
  async (t) => {
    // As above with R2 Sun 22 Mar 00:00 -> Mon 23 Mar 06:00 (30 h, reduced), R3 Sun 29 Mar 06:00 -> Tue 31 Mar 03:00,
    // R4 Mon 6 Apr 03:00 -> Wed 8 Apr 00:00, data to Thu 9 Apr 13:00. Counting R2 in W12 leaves W13+W14 with R3
    // alone; in W13, W11+W12 with R1 alone: one finding either way, the later week is used. R2 then owes 15 h by the
    // end of the third week after W13 (Mon 20 Apr 00:00), after the data: not evaluated.
    const c = new Clock('2026-03-02T06:00Z');
    span(c, '2026-03-06T09:00Z');
    rest(c, '2026-03-08T06:00Z');
    span(c, '2026-03-14T06:00Z');
    rest(c, '2026-03-16T03:00Z');
    span(c, '2026-03-22T00:00Z');
    rest(c, '2026-03-23T06:00Z');
    span(c, '2026-03-29T06:00Z');
    rest(c, '2026-03-31T03:00Z');
    span(c, '2026-04-06T03:00Z');
    rest(c, '2026-04-08T00:00Z');
    span(c, '2026-04-09T13:00Z');
    const r = c.run();
    t.equal(r.violations.length, 1, brief(r));
    t.same(
      weekly(r).map((v) => [v.status, v.start]),
      [['VIOLATION', '2026-03-09T00:00:00Z']],
    );
    const note = r.not_evaluated.find((n) => n.rule === 'reduced_weekly_rest_compensation');
    t.match(
      note?.reason,
      /6 h from Sun 22 Mar 2026 00:00 UTC must be compensated \(15 h\) before Mon 20 Apr 2026 00:00 UTC/,
    );
  },
);

t.test('a reduced rest crossing a Monday that is lawful whichever week takes it: no finding', async (t) => {
  // A Tue 3 Mar 18:00 -> Thu 5 Mar 15:00 (45 h, W10); R Sun 8 Mar 18:00 -> Mon 9 Mar 20:00 (26 h, crosses Mon 9 Mar);
  // B Fri 13 Mar 04:00 -> Sun 15 Mar 20:00 (64 h, W11: 45 h + the 19 h R owes); C Fri 20 -> Sun 22 Mar 13:00 (45 h,
  // W12); D Fri 27 -> Sun 29 Mar 13:00 (W13); data to Wed 1 Apr 12:00 (pairs W11, W12). R in W10: W11+W12 hold B, C;
  // R in W11: R, B, C. B pays R's compensation before either deadline (Mon 6 or 13 Apr).
  const c = new Clock('2026-03-02T06:00Z');
  span(c, '2026-03-03T18:00Z');
  rest(c, '2026-03-05T15:00Z');
  span(c, '2026-03-08T18:00Z');
  rest(c, '2026-03-09T20:00Z');
  span(c, '2026-03-13T04:00Z');
  rest(c, '2026-03-15T20:00Z');
  span(c, '2026-03-20T16:00Z');
  rest(c, '2026-03-22T13:00Z');
  span(c, '2026-03-27T16:00Z');
  rest(c, '2026-03-29T13:00Z');
  span(c, '2026-04-01T12:00Z');
  const r = c.run();
  t.same(r.violations, [], brief(r));
  t.notOk(
    r.not_evaluated.some((n) => n.rule === 'reduced_weekly_rest_compensation'),
    'the debt is paid',
  );
  t.notOk(r.warnings.some((w) => w.code === 'LONG_REST_READING'));
});

/** Data Mon 9 Mar 00:00 (work): A Sat 14 Mar 03:00 -> Mon 16 Mar 00:00 (45 h, W11); R Sun 22 Mar 00:00 -> Mon 23
 * Mar 06:00 (30 h, crosses Mon 23 Mar: W12 or W13, owes 15 h); B Fri 27 -> Sun 29 Mar 15:00, C Fri 3 -> Sun 5 Apr
 * 15:00 (45 h each); then `d` (W15), E (W16) ending by Mon 20 Apr 00:00; data to Thu 23 Apr 12:00. W11+W12 need R
 * in W12 (A alone otherwise); the compensation deadline is Mon 13 Apr for R counted in W12, Mon 20 Apr in W13. */
function compensationRota(d: [string, string], e: [string, string]) {
  const c = new Clock('2026-03-09T00:00Z');
  span(c, '2026-03-14T03:00Z');
  rest(c, '2026-03-16T00:00Z');
  span(c, '2026-03-22T00:00Z');
  rest(c, '2026-03-23T06:00Z');
  span(c, '2026-03-27T18:00Z');
  rest(c, '2026-03-29T15:00Z');
  span(c, '2026-04-03T18:00Z');
  rest(c, '2026-04-05T15:00Z');
  span(c, d[0]);
  rest(c, d[1]);
  span(c, e[0]);
  rest(c, e[1]);
  return span(c, '2026-04-23T12:00Z').run();
}

t.test(
  'compensation paid in W15: the reduced rest counts in W12, where the pair needs it, and nothing is reported',
  async (t) => {
    // d Fri 10 Apr 03:00 -> Sun 12 Apr 15:00 (60 h: 15 h beyond 45 h) pays R before Mon 13 Apr.
    const r = compensationRota(['2026-04-10T03:00Z', '2026-04-12T15:00Z'], ['2026-04-17T18:00Z', '2026-04-19T15:00Z']);
    t.same(r.violations, [], brief(r));
  },
);

t.test(
  'compensation only in W16: one finding, never two, and the compensation follows the counting used',
  async (t) => {
    // d Fri 10 Apr 18:00 -> Sun 12 Apr 15:00 (45 h), E Fri 17 Apr 12:00 -> Mon 20 Apr 00:00 (60 h) pays R only by the
    // W13 deadline. R in W12: the compensation is late (Mon 13 Apr); R in W13: W11+W12 hold A alone. One finding
    // either way; the later week is used, so the pair is reported and the compensation counts as paid.
    const r = compensationRota(['2026-04-10T18:00Z', '2026-04-12T15:00Z'], ['2026-04-17T12:00Z', '2026-04-20T00:00Z']);
    t.equal(r.violations.length, 1, brief(r));
    t.same(
      weekly(r).map((v) => [v.status, v.start]),
      [['VIOLATION', '2026-03-09T00:00:00Z']],
    );
    t.match(
      weekly(r)[0]!.description,
      /1 d 6 h from Sun 22 Mar 2026 00:00 UTC \(crosses Monday 00:00, counted in the week from Mon 23 Mar/,
    );
    // and without E's surplus neither counting pays: R counts in W12 (the pair is lawful), the compensation is late
    const late = compensationRota(
      ['2026-04-10T18:00Z', '2026-04-12T15:00Z'],
      ['2026-04-17T18:00Z', '2026-04-19T15:00Z'],
    );
    t.equal(late.violations.length, 1, brief(late));
    const [comp] = only(late, 'reduced_weekly_rest_compensation');
    t.same([comp!.start, comp!.end, comp!.limit], ['2026-03-22T00:00:00Z', '2026-04-13T00:00:00Z', 15 * H]);
    t.match(comp!.description, /counted in the week from Mon 16 Mar 2026 00:00 UTC/);
  },
);

t.test(
  'four-week condition: a rest crossing into the window counts there only if the counting puts it there',
  async (t) => {
    // Data Mon 23 Feb 00:00 (work). V Fri 27 Feb 12:00 -> Sun 1 Mar 09:00 (45 h, W9); X Sat 7 Mar 09:00 -> Mon 9 Mar
    // 06:00 (45 h, W10 or W11); Q Fri 13 Mar 06:00 -> Sat 14 Mar 17:00 (35 h reduced, W11); Y Fri 20 Mar 12:00 -> Sun
    // 22 Mar 19:00 (55 h, W12, pays Q's 10 h); r1 Fri 27 -> Sun 29 Mar 00:00, r2 Fri 3 -> Sun 5 Apr 00:00 (30 h each,
    // W13, W14); data to Thu 9 Apr 12:00 (pairs W9-W13, four-week windows W9-W11). W13+W14 hold r1, r2 only: the
    // 2020/1054 derogation needs four weekly rests, two regular, in W11-W14. X in W10: W9+W10 hold V, X, but W11-W14
    // hold Q, Y, r1, r2 (one regular): VIOLATION. X in W11: the window holds, but W9+W10 hold V alone (another
    // VIOLATION). So one VIOLATION. (Before: X counted in both, W9+W10 lawful and the pair POTENTIAL.)
    const c = new Clock('2026-02-23T00:00Z');
    span(c, '2026-02-27T12:00Z');
    rest(c, '2026-03-01T09:00Z');
    span(c, '2026-03-07T09:00Z');
    rest(c, '2026-03-09T06:00Z');
    span(c, '2026-03-13T06:00Z');
    rest(c, '2026-03-14T17:00Z');
    span(c, '2026-03-20T12:00Z');
    rest(c, '2026-03-22T19:00Z');
    span(c, '2026-03-27T18:00Z');
    rest(c, '2026-03-29T00:00Z');
    span(c, '2026-04-03T18:00Z');
    rest(c, '2026-04-05T00:00Z');
    span(c, '2026-04-09T12:00Z');
    const r = c.run();
    t.equal(r.violations.length, 1, brief(r));
    const [v] = weekly(r);
    t.same([v!.status, v!.start, v!.value, v!.severity], ['VIOLATION', '2026-03-23T00:00:00Z', 30 * H, 'VSI']);
    t.match(v!.description, /four-week condition of the 2020\/1054 derogation is not met/);
    t.notOk(r.warnings.some((w) => w.code === 'DEROGATION_POSSIBLE'));
  },
);

/** Data Mon 2 Mar 06:00: A Fri 6 Mar 12:00 -> Sun 8 Mar 09:00 (45 h, W10); L crossing Mon 16 Mar; B (45 h, W13)
 * from `b`; data to Fri 27 Mar 12:00: only the pair W11+W12 is checked, and L is its only weekly rest. */
function longRest(from: string, to: string, b: string) {
  const c = new Clock('2026-03-02T06:00Z');
  span(c, '2026-03-06T12:00Z');
  rest(c, '2026-03-08T09:00Z');
  span(c, from);
  rest(c, to);
  span(c, b);
  c.add('REST', '45h');
  return span(c, '2026-03-27T12:00Z').run();
}

t.test('long rest, 90 h: two regular weekly rests, one in each week (the pre-check reading)', async (t) => {
  const r = longRest('2026-03-13T12:00Z', '2026-03-17T06:00Z', '2026-03-23T03:00Z');
  t.same(r.violations, [], brief(r));
});

t.test(
  'long rest, 80 h with 50 h before Monday and 30 h after: reading-dependent (69 h guidance), POTENTIAL',
  async (t) => {
    const r = longRest('2026-03-13T22:00Z', '2026-03-17T06:00Z', '2026-03-23T03:00Z');
    t.equal(r.violations.length, 1, brief(r));
    const [v] = weekly(r);
    t.same([v!.status, v!.start, v!.end], ['POTENTIAL', '2026-03-09T00:00:00Z', '2026-03-23T00:00:00Z']);
    t.match(v!.description, /69 h or more/);
    t.same(v!.readings, ['long_rest_two_weekly_rests']);
    t.ok(r.warnings.some((w) => w.code === 'LONG_REST_READING' && w.start === '2026-03-09T00:00:00Z'));
  },
);

t.test('long rest, 68 h (44 h + 24 h): below both readings, a VIOLATION', async (t) => {
  const r = longRest('2026-03-14T04:00Z', '2026-03-17T00:00Z', '2026-03-23T00:00Z');
  t.equal(r.violations.length, 1, brief(r));
  t.same(
    weekly(r).map((v) => [v.status, v.start]),
    [['VIOLATION', '2026-03-09T00:00:00Z']],
  );
  t.notOk(r.warnings.some((w) => w.code === 'LONG_REST_READING'));
});

t.test('a year of weekend rests crossing Monday: no finding, and the search stays small', async (t) => {
  // Every weekly rest Fri 16:00 -> Mon 06:00 (62 h) crosses Monday; counted all in the week before (or all after),
  // each pair holds two regular rests. 52 weeks: the states kept per Monday are measured.
  const c = new Clock('2026-01-05T06:00Z');
  for (let w = 0; w < 52; w++) {
    const monday = sec('2026-01-05T06:00Z') + w * 7 * 24 * H;
    const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16) + 'Z';
    span(c, iso(monday + 4 * 24 * H + 10 * H));
    rest(c, iso(monday + 7 * 24 * H));
  }
  span(c, '2027-01-06T12:00Z');
  const r = c.run();
  t.same(r.violations, [], brief(r));
  const rows = timeline('2026-01-05T06:00Z', c.steps);
  const tl = buildTimeline(input(rows).intervals, null, null);
  const a = analyse(periodsOf(tl, 'rest'), tl.knownStart!, tl.knownEnd!);
  const result = assignWeeklyRests(a, []);
  t.equal(result.placements.filter((p) => p.chosen).length, 52);
  t.ok(result.peakStates <= 64, `peak states ${result.peakStates}`);
});

t.test(
  'a year of alternating reduced and regular weekend rests crossing Monday: the ledger keeps the search small',
  async (t) => {
    // Odd weeks a reduced rest Sat 18:00 -> Mon 06:00 (36 h, owes 9 h), even weeks Fri 07:00 -> Mon 06:00 (71 h: 45 h +
    // the 9 h owed + 17 h). Each pair holds a regular and a reduced rest; each debt is paid the next weekend.
    const c = new Clock('2026-01-05T06:00Z');
    const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16) + 'Z';
    for (let w = 0; w < 52; w++) {
      const monday = sec('2026-01-05T06:00Z') + w * 7 * 24 * H;
      span(c, iso(monday + (w % 2 ? 4 * 24 + 1 : 5 * 24 + 12) * H));
      rest(c, iso(monday + 7 * 24 * H));
    }
    span(c, '2027-01-06T12:00Z');
    const r = c.run();
    t.same(r.violations, [], brief(r));
    const rows = timeline('2026-01-05T06:00Z', c.steps);
    const tl = buildTimeline(input(rows).intervals, null, null);
    const result = assignWeeklyRests(analyse(periodsOf(tl, 'rest'), tl.knownStart!, tl.knownEnd!), []);
    t.equal(result.debts.length, 26);
    t.ok(result.debts.every((d) => d.paid));
    t.ok(result.peakStates <= 64, `peak states ${result.peakStates}`);
    t.comment(`peak states ${result.peakStates}`);
  },
);

t.test('the search equals the best of every counting, on generated rotas (exhaustive check)', async (t) => {
  // 60 rotas from a fixed seed: duty spans of 96-144 h and rests of 24-84 h, so that the rota drifts and rests
  // cross Mondays, some reduced (with compensation debts), some long enough to read both ways. For each, every counting of the crossing rests is evaluated
  // alone; the search must find the least (violations, potentials) of them, and its own counting must score that.
  let seed = 20261124;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 16) + 'Z';
  let checked = 0;
  for (let k = 0; k < 60; k++) {
    const c = new Clock('2026-03-02T06:00Z');
    let now = sec('2026-03-02T06:00Z');
    for (let cycle = 0; cycle < 9; cycle++) {
      now += Math.round(96 + rnd() * 48) * H;
      span(c, iso(now));
      now += Math.round(24 + rnd() * 60) * H;
      rest(c, iso(now));
    }
    span(c, iso(now + 62 * H));
    const tl = buildTimeline(timeline('2026-03-02T06:00Z', c.steps), null, null);
    const a = analyse(periodsOf(tl, 'rest'), tl.knownStart!, tl.knownEnd!);
    const best = assignWeeklyRests(a, []);
    const crossing = best.placements
      .map((p, index) => ({ p, index }))
      .filter((x) => x.p.chosen)
      .map((x) => x.index);
    let least: [number, number] = [Infinity, Infinity];
    for (let mask = 0; mask < 2 ** crossing.length; mask++) {
      const fixed = new Map(crossing.map((index, bit) => [index, (mask >> bit) & 1] as const));
      const one = assignWeeklyRests(a, [], 'TWO_REGULAR_FROM_90H', fixed);
      if (one.violations < least[0] || (one.violations === least[0] && one.potentials < least[1]))
        least = [one.violations, one.potentials];
    }
    t.same([best.violations, best.potentials], least, `rota ${k}: ${crossing.length} crossing rests`);
    const chosen = new Map(
      best.placements.flatMap((p, index) => (p.chosen ? [[index, p.overlaps.indexOf(p.weeks[0]!)] as const] : [])),
    );
    const replay = assignWeeklyRests(a, [], 'TWO_REGULAR_FROM_90H', chosen);
    t.same([replay.violations, replay.potentials], least, `rota ${k}: the counting used scores the optimum`);
    if (crossing.length >= 3 && least[0] > 0) checked++;
  }
  t.ok(checked >= 10, `${checked} rotas with three or more crossing rests and a finding`);
});
