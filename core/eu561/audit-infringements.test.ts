/**
 * Independent audit, part 2: INFRINGING timelines, hand-computed from Regulation (EC) No 561/2006 (Art. 6, 7, 8 as
 * amended by 2020/1054) with the seriousness band of Regulation (EU) 2016/403 Annex I as amended by 2022/694
 * (SI / VSI / MSI) and of Annex III to Directive 2006/22/EC (MI, the minor band below SI). Each test expects the
 * complete list of findings, so a cascade (one fault reported twice) fails it too.
 *
 * value = the measured quantity, limit = what it was compared with, excess = |value - limit|, all in seconds.
 */
import t, { type Test } from 'tap';
import {
  Clock,
  DAY8,
  EXT,
  LIGHT,
  LONG15,
  NINE,
  STD,
  brief,
  project,
  sortExpected,
  type Expect,
} from './testing/clock.js';
import type { PrecheckResult } from './types.js';

const H = 3600;
const M = 60;
const SAT = '2026-02-28T00:00Z';
const weekStart = (start = '2026-03-02T06:00Z') => new Clock(SAT).until('REST', start);
const W10 = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const W11 = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];

function days(
  c: Clock,
  dates: string[],
  hhmm: string,
  shapes: Parameters<Clock['seq']>[0][],
  thenRestUntil: string,
): Clock {
  dates.forEach((d, i) => {
    c.at(`${d}T${hhmm}Z`).seq(shapes[Math.min(i, shapes.length - 1)]!);
    const next = dates[i + 1];
    c.until('REST', next ? `${next}T${hhmm}Z` : thenRestUntil);
  });
  return c;
}

function findings(t: Test, r: PrecheckResult, expected: Expect[]): void {
  const exp = sortExpected(expected);
  t.same(project(r.violations, exp), exp, r.violations.map(brief).join('\n') || 'no findings');
}

// ---------------------------------------------------------------- daily driving (Art. 6(1))

t.test('I1 third 10 h day in one fixed week: 10 h against 9 h -> SI', async (t) => {
  // Mon, Tue, Wed EXT (10 h each), Thu, Fri STD. Two extensions per week are used up on Mon and Tue, so Wed is
  // compared with 9 h: value 10 h, excess 1 h; 2016/403 "9 h, extension not allowed": 10h <= .. < 11h -> SI.
  const c = days(weekStart(), W10, '06:00', [EXT, EXT, EXT, STD], '2026-03-09T06:00Z');
  findings(t, c.run(), [
    {
      rule: 'daily_driving',
      status: 'VIOLATION',
      value: 10 * H,
      limit: 9 * H,
      excess: 1 * H,
      severity: 'SI',
      start: '2026-03-04T06:00:00Z',
    },
  ]);
});

t.test('I2 third extended day of 9h30 -> MI', async (t) => {
  // Mon, Tue EXT; Wed D4h30 R45 D4h30 R45 D30 W30 = 9h30 driving > 9 h (no extension left): excess 30 min,
  // 9h < .. < 10h -> MI (Directive 2006/22 Annex III).
  const wed: Parameters<Clock['seq']>[0] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '30m'],
    ['WORK', '30m'],
  ];
  const c = days(weekStart(), W10, '06:00', [EXT, EXT, wed, STD], '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'daily_driving', status: 'VIOLATION', value: 9.5 * H, limit: 9 * H, excess: 30 * M, severity: 'MI' },
  ]);
});

t.test('I3 10h30 on the first day of the week (extension available): against 10 h -> MI', async (t) => {
  // D4h30 R45 D4h30 R45 D1h30 W30: 10h30 > 10 h; "10 h, extension allowed": 10h < .. < 11h -> MI.
  const mon: Parameters<Clock['seq']>[0] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h30'],
    ['WORK', '30m'],
  ];
  const c = days(weekStart(), W10, '06:00', [mon, STD], '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'daily_driving', status: 'VIOLATION', value: 10.5 * H, limit: 10 * H, excess: 30 * M, severity: 'MI' },
  ]);
});

t.test('I4 night duty across midnight with 11 h driving -> SI (per duty, not per calendar day)', async (t) => {
  // Mon 20:00: D4h30 R45 D4h30 R45 D2h W15 -> Tue 08:45; rest 11h15 -> Tue 20:00 (regular in its window).
  // Monday holds 4 h of it and Tuesday 7 h: per calendar day nothing exceeds, per duty 11 h > 10 h:
  // "10 h, extension allowed": 11h <= .. < 12h -> SI.
  const night: Parameters<Clock['seq']>[0] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '2h'],
    ['WORK', '15m'],
  ];
  const c = weekStart('2026-03-02T20:00Z')
    .seq(night)
    .at('2026-03-03T08:45Z')
    .add('REST', '11h15')
    .seq(NINE)
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'daily_driving', status: 'VIOLATION', value: 11 * H, limit: 10 * H, excess: 1 * H, severity: 'SI' },
  ]);
});

t.test('I5 15 h driving in one duty -> MSI (10 h exceeded by 50 % or more)', async (t) => {
  // D4h30 R45 x3 + D1h30 W15 = 17h30 duty, 15 h driving; then rest 11 h: only 6h30 of it lies inside the 24 h
  // window (a separate daily-rest fault, checked for the daily_driving band only here). 15h <= .. -> MSI.
  const c = weekStart()
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '1h30'],
      ['WORK', '15m'],
    ])
    .add('REST', '11h')
    .seq(STD)
    .until('REST', '2026-03-09T06:00Z');
  const r = c.run();
  findings(t, { ...r, violations: r.violations.filter((v) => v.rule === 'daily_driving') }, [
    { rule: 'daily_driving', status: 'VIOLATION', value: 15 * H, limit: 10 * H, excess: 5 * H, severity: 'MSI' },
  ]);
  t.ok(
    r.violations.some((v) => v.rule === 'daily_rest' && v.status === 'VIOLATION' && v.value === 6.5 * H),
    'daily rest 6h30 in the window',
  );
});

// ---------------------------------------------------------------- weekly / fortnightly driving (Art. 6(2), 6(3))

t.test('I6 weekly driving 64 h in one fixed week -> SI', async (t) => {
  // Weekly rest ends Mon 05:00. Mon, Tue EXT (05:00-17:00), Wed-Sat NINE (05:00-15:15): 20 + 36 = 56 h.
  // Reduced weekly rest Sat 15:15 -> Sun 15:15 (24 h). Sun 15:15: D4h30 R45 D3h30 W15 -> Mon 00:15: 8 h more in
  // W10 -> 64 h. Weekly rest Mon 00:15 -> Wed 18:15 = 66 h (45 + 21 compensation). W10 = 64 h: 60h <= .. < 65h -> SI.
  const c = weekStart('2026-03-02T05:00Z');
  days(c, [...W10, '2026-03-07'], '05:00', [EXT, EXT, NINE], '2026-03-08T15:15Z');
  c.seq([
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '3h30'],
    ['WORK', '15m'],
  ])
    .at('2026-03-09T00:15Z')
    .add('REST', '66h');
  findings(t, c.run(), [
    { rule: 'weekly_driving', status: 'VIOLATION', value: 64 * H, limit: 56 * H, excess: 8 * H, severity: 'SI' },
  ]);
});

t.test('I7 two consecutive weeks 56 h + 40 h = 96 h -> MI', async (t) => {
  // W10 as in the 56 h week (Mon EXT, Tue-Wed NINE, Thu EXT, Fri-Sat NINE; ends Sat 16:15), weekly rest
  // -> Tue 06:00 (61h45), W11 Tue-Sat DAY8 (5 x 8 h = 40 h), final rest. 96 h > 90 h: 90h < .. < 100h -> MI.
  const c = weekStart();
  days(c, [...W10, '2026-03-07'], '06:00', [EXT, NINE, NINE, EXT, NINE, NINE], '2026-03-10T06:00Z');
  days(c, [...W11.slice(1), '2026-03-14'], '06:00', [DAY8], '2026-03-16T18:00Z');
  findings(t, c.run(), [
    { rule: 'fortnightly_driving', status: 'VIOLATION', value: 96 * H, limit: 90 * H, excess: 6 * H, severity: 'MI' },
  ]);
});

// ---------------------------------------------------------------- breaks (Art. 7)

t.test('I8 work is not a break: 4h30 driving, 45 min work, 30 min driving -> 5 h, SI', async (t) => {
  // D4h30 W45 D30 R45 D3h W30: 5 h of driving before the first break; 5h <= .. < 6h -> SI, excess 30 min.
  const c = weekStart()
    .seq([
      ['DRIVING', '4h30'],
      ['WORK', '45m'],
      ['DRIVING', '30m'],
      ['REST', '45m'],
      ['DRIVING', '3h'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 5 * H, limit: 4.5 * H, excess: 30 * M, severity: 'SI' },
  ]);
});

t.test('I9 availability is not a break: D3h AV1h D2h -> 5 h, SI', async (t) => {
  const c = weekStart()
    .seq([
      ['DRIVING', '3h'],
      ['AVAILABILITY', '1h'],
      ['DRIVING', '2h'],
      ['REST', '45m'],
      ['DRIVING', '3h'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 5 * H, limit: 4.5 * H, excess: 30 * M, severity: 'SI' },
  ]);
});

t.test('I10 a 10 min pause is not a break part: D4h R10 D40 -> 4h40, MI', async (t) => {
  // Parts shorter than 15 min do not count (Art. 7). 4h40: 4h30 < .. < 5h -> MI.
  const c = weekStart()
    .seq([
      ['DRIVING', '4h'],
      ['REST', '10m'],
      ['DRIVING', '40m'],
      ['REST', '45m'],
      ['DRIVING', '3h'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 4 * H + 40 * M, limit: 4.5 * H, excess: 10 * M, severity: 'MI' },
  ]);
});

t.test('I11 6 h without a break -> VSI', async (t) => {
  const c = weekStart()
    .seq([
      ['DRIVING', '6h'],
      ['REST', '45m'],
      ['DRIVING', '3h'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 6 * H, limit: 4.5 * H, excess: 1.5 * H, severity: 'VSI' },
  ]);
});

t.test('I12 split break in the wrong order (30 min, then 15 min) -> 5h30, SI', async (t) => {
  // D2h R30 D2h30 R15 D1h R45 D1h W30: the 30 min is a first part (>= 15 min), the 15 min is no second part
  // (>= 30 min needed); the 45 min ends the period at 2 + 2h30 + 1 = 5h30 of driving: 5h <= .. < 6h -> SI.
  const c = weekStart()
    .seq([
      ['DRIVING', '2h'],
      ['REST', '30m'],
      ['DRIVING', '2h30'],
      ['REST', '15m'],
      ['DRIVING', '1h'],
      ['REST', '45m'],
      ['DRIVING', '1h'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 5.5 * H, limit: 4.5 * H, excess: 1 * H, severity: 'SI' },
  ]);
});

t.test('I13 44 min is not a full break: D4h30 R44 D1h -> 5h30, SI', async (t) => {
  // The 44 min counts only as a first part of a split break; the next 30+ min part comes after 5h30 of driving.
  const c = weekStart()
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '44m'],
      ['DRIVING', '1h'],
      ['REST', '45m'],
      ['DRIVING', '2h'],
      ['WORK', '31m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 5.5 * H, limit: 4.5 * H, excess: 1 * H, severity: 'SI' },
  ]);
});

// ---------------------------------------------------------------- daily rest (Art. 8(2), 8(4))

t.test('I14 fourth reduced daily rest between two weekly rests (9 h against 11 h) -> SI', async (t) => {
  // Mon-Thu LONG15 (06:00-21:00) + 9 h rest; Fri STD. The 4th 9 h rest (Thu night) has no reduction left:
  // compared with 11 h, short by 2 h; "less than 11 h, reduced rest not allowed": 8h30 <= .. < 10h -> SI.
  const c = weekStart();
  for (const d of W10.slice(0, 4)) c.at(`${d}T06:00Z`).seq(LONG15).add('REST', '9h');
  c.at('2026-03-06T06:00Z').seq(STD).until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    {
      rule: 'daily_rest',
      status: 'VIOLATION',
      value: 9 * H,
      limit: 11 * H,
      excess: 2 * H,
      severity: 'SI',
      start: '2026-03-05T21:00:00Z',
    },
  ]);
});

t.test('I15 fourth reduced daily rest of 10 h -> MI', async (t) => {
  // Mon-Wed LONG15 + 9 h; Thu 06:00-20:00 (14 h duty) + 10 h rest: 10h <= .. < 11h -> MI.
  const c = weekStart();
  for (const d of W10.slice(0, 3)) c.at(`${d}T06:00Z`).seq(LONG15).add('REST', '9h');
  c.at('2026-03-05T06:00Z')
    .seq([
      ['WORK', '1h'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '3h15'],
    ])
    .add('REST', '10h')
    .seq(STD)
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'daily_rest', status: 'VIOLATION', value: 10 * H, limit: 11 * H, excess: 1 * H, severity: 'MI' },
  ]);
});

t.test('I16 an 11 h rest starting 16 h into the window leaves only 8 h in it -> MI', async (t) => {
  // Mon 06:00-22:00 duty (W1h D4h30 R45 D4h30 W5h15), rest 22:00 -> Tue 09:00 (11 h long). Art. 8(2): only the
  // portion inside Mon 06:00 -> Tue 06:00 counts: 8 h < 9 h (reduction still available): 8h <= .. < 9h -> MI.
  const c = weekStart()
    .seq([
      ['WORK', '1h'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '5h15'],
    ])
    .at('2026-03-02T22:00Z')
    .add('REST', '11h');
  days(c, ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'], '09:00', [STD], '2026-03-09T09:00Z');
  findings(t, c.run(), [
    { rule: 'daily_rest', status: 'VIOLATION', value: 8 * H, limit: 9 * H, excess: 1 * H, severity: 'MI' },
  ]);
});

t.test('I17 daily rest 7h30 -> SI; 6 h -> VSI (and no daily-driving cascade)', async (t) => {
  // a) Mon 06:00-22:30 (16h30 duty), rest 7h30 -> Tue 06:00: 7h <= .. < 8h (reduced allowed) -> SI.
  const a = weekStart()
    .seq([
      ['WORK', '1h'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '5h45'],
    ])
    .add('REST', '7h30');
  days(a, W10.slice(1), '06:00', [STD], '2026-03-09T06:00Z');
  findings(t, a.run(), [
    { rule: 'daily_rest', status: 'VIOLATION', value: 7.5 * H, limit: 9 * H, excess: 1.5 * H, severity: 'SI' },
  ]);
  // b) Mon 06:00-24:00 (18 h duty, 9 h driving), rest 6 h -> Tue 06:00, Tue NINE: < 7h -> VSI. The 6 h rest is
  // the (insufficient) daily rest: Tuesday's 9 h is a new daily driving period, not 18 h with Monday's.
  const b = weekStart()
    .seq([
      ['WORK', '1h'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '7h15'],
    ])
    .add('REST', '6h');
  days(b, W10.slice(1), '06:00', [NINE], '2026-03-09T06:00Z');
  findings(t, b.run(), [
    { rule: 'daily_rest', status: 'VIOLATION', value: 6 * H, limit: 9 * H, excess: 3 * H, severity: 'VSI' },
  ]);
});

t.test('I18 split daily rest 3 h + 8 h -> MI', async (t) => {
  // Mon 06:00: D4h30 W30 R3h D4h30 W30 -> 19:00, rest 8 h -> Tue 03:00. Neither 3 + 9 nor a 9 h reduced rest:
  // the longer part is 8 h: 3h + [8h <= .. < 9h] -> MI. Tue 03:00 STD, rest -> Wed 06:00, Wed-Fri STD.
  const c = weekStart()
    .seq([
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
      ['REST', '3h'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .add('REST', '8h')
    .at('2026-03-03T03:00Z')
    .seq(STD)
    .until('REST', '2026-03-04T06:00Z');
  days(c, W10.slice(2), '06:00', [STD], '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'daily_rest', status: 'VIOLATION', value: 8 * H, limit: 9 * H, excess: 1 * H, severity: 'MI' },
  ]);
});

t.test('I19 card withdrawn overnight without manual entry: INCOMPLETE_DATA, never a violation', async (t) => {
  // Mon STD, 13h45 unknown (card not inserted), Tue-Fri STD. If the unknown time was rest, all is compliant: the
  // default reads it so (a gap to explain); unknown_as=unknown leaves it undecided.
  const c = weekStart().seq(STD).until('UNKNOWN', '2026-03-03T06:00Z');
  days(c, W10.slice(1), '06:00', [STD], '2026-03-09T06:00Z');
  t.same(c.run().violations, []);
  const r = c.run({ unknown_as: 'unknown' });
  t.same(r.violations.filter((v) => v.status !== 'INCOMPLETE_DATA').map(brief), []);
  t.ok(
    r.violations.some((v) => v.rule === 'daily_rest' && v.status === 'INCOMPLETE_DATA' && v.severity === null),
    r.violations.map(brief).join('\n'),
  );
});

// ---------------------------------------------------------------- multi-manning (Art. 8(5))

t.test('I20 multi-manning: 22 h duty then only 8 h rest within 30 h -> MI', async (t) => {
  // Crew duty Mon 06:00: D4h30 | R45 AV4h15 (co-driver) | D4h30 | R45 AV7h15 = 22 h -> Tue 04:00, rest 8 h ->
  // Tue 12:00 (30 h after the previous rest). 9 h needed: 8h <= .. < 9h -> MI. Second crew duty 21 h, 9 h rest.
  const crew = { crew: true } as const;
  const co = { crew: true, slot: 'CO_DRIVER' } as const;
  const c = weekStart()
    .add('DRIVING', '4h30', crew)
    .add('REST', '45m', co)
    .add('AVAILABILITY', '4h15', co)
    .add('DRIVING', '4h30', crew)
    .add('REST', '45m', co)
    .add('AVAILABILITY', '7h15', co)
    .at('2026-03-03T04:00Z')
    .add('REST', '8h')
    .add('DRIVING', '4h30', crew)
    .add('REST', '45m', co)
    .add('AVAILABILITY', '4h15', co)
    .add('DRIVING', '4h30', crew)
    .add('REST', '45m', co)
    .add('AVAILABILITY', '6h15', co)
    .at('2026-03-04T09:00Z')
    .add('REST', '50h');
  findings(t, c.run(), [
    {
      rule: 'daily_rest_multi_manning',
      status: 'VIOLATION',
      value: 8 * H,
      limit: 9 * H,
      excess: 1 * H,
      severity: 'MI',
    },
  ]);
});

// ---------------------------------------------------------------- weekly rest (Art. 8(6))

t.test('I21 weekly rest starts 2 h after the end of six 24 h periods -> MI', async (t) => {
  // As the compliant "exactly six 24 h periods" week, but the last duty starts with 2 h more work and ends Sun
  // 08:00 = previous weekly rest end (Mon 06:00) + 146 h: 2 h late, < 3h -> MI.
  const c = weekStart();
  for (let k = 0; k < 5; k++) c.seq(STD).add('REST', '16h30');
  c.at('2026-03-07T19:45Z').add('WORK', '2h').seq(STD).at('2026-03-08T08:00Z').add('REST', '45h');
  findings(t, c.run(), [{ rule: 'weekly_rest', status: 'VIOLATION', excess: 2 * H, severity: 'MI' }]);
});

t.test(
  'I22 two consecutive reduced weekly rests (24 h, 40 h): POTENTIAL, 2020/1054 derogation undecided',
  async (t) => {
    // W10 Mon-Fri LIGHT (Fri ends 16:15); regular weekly rest R Fri 16:15 -> Sun 03-08 16:15 (48 h, all in W10).
    // Sun 16:15 SUN duty -> 23:00, rest -> Mon 10:00; W11 Mon-Fri LIGHT at 10:00 (Fri ends 20:15);
    // A: Fri 20:15 -> Sat 20:15 (24 h, W11); Sat 20:15 SUN -> Sun 03:00, rest -> 14:00, Sun 14:00 SUN -> 20:45,
    // rest -> Mon 08:00; W12 Mon-Fri DAY8 at 08:00 (Fri ends 18:15); B: Fri 18:15 -> Sun 03-22 10:15 (40 h, W12);
    // Sun 10:15 SUN -> 17:00, rest -> Mon 06:00; W13 Mon-Thu STD (Thu ends 16:15); C: 71 h = 45 + 21 + 5
    // compensation for A and B -> Sun 03-29 15:15 (W13).
    // W11/W12 hold A and B only, both reduced: Art. 8(6) infringed unless the international-goods derogation
    // (two consecutive reduced rests outside the Member State; in W10-W13 four weekly rests, two regular) applies,
    // which card data cannot tell -> POTENTIAL. The rest that should have been regular is B: 40 h against 45 h;
    // "less than 45 h, reduction not allowed": 36h <= .. < 42h -> SI.
    // (The first version of this test put A in W10 right after the data's opening rest Sat 02-28 -> Mon 03-02
    // 06:00; that rest may be counted in W10 (Art. 8(9)), which makes W10/W11 compliant: the test was wrong.)
    const SUN: Parameters<Clock['seq']>[0] = [
      ['WORK', '15m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '1h'],
      ['WORK', '15m'],
    ];
    const c = weekStart();
    days(c, W10, '06:00', [LIGHT], '2026-03-08T16:15Z');
    c.seq(SUN).at('2026-03-08T23:00Z').until('REST', '2026-03-09T10:00Z');
    days(c, W11, '10:00', [LIGHT], '2026-03-14T20:15Z');
    c.seq(SUN).at('2026-03-15T03:00Z').until('REST', '2026-03-15T14:00Z').seq(SUN).until('REST', '2026-03-16T08:00Z');
    days(
      c,
      ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'],
      '08:00',
      [DAY8],
      '2026-03-22T10:15Z',
    );
    c.seq(SUN).at('2026-03-22T17:00Z').until('REST', '2026-03-23T06:00Z');
    days(c, ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26'], '06:00', [STD], '2026-03-29T15:15Z');
    findings(t, c.run(), [
      { rule: 'weekly_rest', status: 'POTENTIAL', value: 40 * H, limit: 45 * H, excess: 5 * H, severity: 'SI' },
    ]);
  },
);

t.test('I23 reduced weekly rest never compensated before the end of the third following week', async (t) => {
  // W10 Mon-Sat LIGHT; A: Sat 16:15 -> Sun 16:15 (24 h, owes 21 h). Sun duty -> 23:00, rest -> Mon 12:00;
  // W11 Mon-Fri DAY8 at 12:00; B Fri 22:15 -> Mon 06:00 (55h45: only 10h45 beyond 45 h); W12 Mon-Fri STD,
  // C Fri 16:15 -> Mon 06:00 (61h45: 16h45 beyond 45 h); W13 the same, D ends Mon 03-30 06:00. No rest carries
  // 21 h en bloc beyond its own minimum before the end of W13 (Art. 8(6) third subparagraph, 8(7)).
  const c = weekStart();
  days(c, [...W10, '2026-03-07'], '06:00', [LIGHT], '2026-03-08T16:15Z');
  c.seq([
    ['WORK', '15m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['WORK', '15m'],
  ]).until('REST', '2026-03-09T12:00Z');
  days(c, W11, '12:00', [DAY8], '2026-03-16T06:00Z');
  days(c, ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'], '06:00', [STD], '2026-03-23T06:00Z');
  days(c, ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27'], '06:00', [STD], '2026-03-30T06:00Z');
  findings(t, c.run(), [{ rule: 'reduced_weekly_rest_compensation', status: 'VIOLATION', limit: 21 * H }]);
});

t.test(
  'I24 a 22 h rest where a weekly rest is due: an insufficient reduced weekly rest, 22 h against 24 h -> MI (one finding)',
  async (t) => {
    // W10 Mon-Sat LIGHT (Sat ends 16:15; 6 x 6h30 + 8h30 on Sunday = 47h30); next weekly rest due by Sun 06:00
    // (Mon 06:00 + 144 h). The driver rests only 22 h (Sat 16:15 -> Sun 14:15), works Sun 14:15 STD -> Mon 00:30,
    // then rests 68 h (45 h + 23 h) from Mon 00:30.
    // Reading (rule version 2026.3, after an independent checker's "the driver took only 22 h as weekly rest"):
    // no rest of 24 h starts within the six 24 h periods, but the 22 h one does (>= 20 h): it is the weekly rest,
    // too short. 2016/403 Annex I "insufficient reduced weekly rest": 22h <= .. < 24h -> MI; value 22 h, limit
    // 24 h, excess 2 h. It ends the weekly period, so the 68 h rest from Mon 00:30 (10h15 after its end) is in
    // time: no late-weekly-rest finding, and no two-week or compensation finding (a 22 h rest is no reduced weekly
    // rest, Art. 4(h)). (Before 2026.3 this was read as a weekly rest 18h30 late, value 162h30, VSI.)
    const c = weekStart();
    days(c, [...W10, '2026-03-07'], '06:00', [LIGHT], '2026-03-08T14:15Z');
    c.seq(STD).at('2026-03-09T00:30Z').add('REST', '68h');
    findings(t, c.run(), [
      {
        rule: 'weekly_rest',
        status: 'VIOLATION',
        value: 22 * H,
        limit: 24 * H,
        excess: 2 * H,
        severity: 'MI',
        start: '2026-03-07T16:15:00Z',
      },
    ]);
  },
);

t.test('I25 the six 24 h periods count from the end of the weekly rest, the value is the whole span', async (t) => {
  // Same as I21 (2 h late, MI) with the value checked: previous weekly rest ended Mon 06:00, the next one starts
  // Sun 08:00: value 146 h against 144 h.
  const c = weekStart();
  for (let k = 0; k < 5; k++) c.seq(STD).add('REST', '16h30');
  c.at('2026-03-07T19:45Z').add('WORK', '2h').seq(STD).at('2026-03-08T08:00Z').add('REST', '45h');
  findings(t, c.run(), [
    {
      rule: 'weekly_rest',
      status: 'VIOLATION',
      value: 146 * H,
      limit: 144 * H,
      excess: 2 * H,
      severity: 'MI',
      start: '2026-03-02T06:00:00Z',
    },
  ]);
});

t.test('I26 availability of the driver in the DRIVER slot of a crew is still not a break', async (t) => {
  // Crew mode, but the 1 h of availability is the driver's own (slot DRIVER, e.g. waiting at a border in the
  // driver's seat): D3h AV1h D2h -> 5 h without a break, SI. Only riding as co-driver may be a break.
  const crew = { crew: true } as const;
  const c = weekStart()
    .add('DRIVING', '3h', crew)
    .add('AVAILABILITY', '1h', crew)
    .add('DRIVING', '2h', crew)
    .add('REST', '45m', crew)
    .add('DRIVING', '3h', crew)
    .add('WORK', '30m', crew)
    .until('REST', '2026-03-09T06:00Z');
  findings(t, c.run(), [
    { rule: 'break', status: 'VIOLATION', value: 5 * H, limit: 4.5 * H, excess: 30 * M, severity: 'SI' },
  ]);
});
