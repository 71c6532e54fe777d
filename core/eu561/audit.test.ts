/**
 * Independent audit, part 1: COMPLIANT timelines a transport company sees every week, hand-computed from the
 * text of Regulation (EC) No 561/2006 Art. 4, 6, 7, 8 as amended by Regulation (EU) 2020/1054 (not from the
 * implementation). Every one must come back with no finding at all (a false positive here costs as much as a
 * missed infringement), unless the test says why an INCOMPLETE_DATA notice is legitimate.
 *
 * Calendar: 2026-02-28 is a Saturday; 2026-03-02 is Monday of ISO week 2026-W10 (fixed week, Art. 4(i): Monday
 * 00:00 to Sunday 24:00 UTC). Most timelines open with the weekend rest that precedes that Monday, so the data
 * starts inside a known rest of at least 45 h (a regular weekly rest).
 */
import t, { type Test } from 'tap';
import { Clock, DAY8, EXT, LIGHT, LONG15, NINE, STD, brief } from './testing/clock.js';
import type { PrecheckResult } from './types.js';

const SAT = '2026-02-28T00:00Z';
/** The data opens with a weekend rest Sat 00:00 -> Mon 2026-03-02 06:00 (54 h, a regular weekly rest). */
const weekStart = (start = '2026-03-02T06:00Z') => new Clock(SAT).until('REST', start);

function none(t: Test, r: PrecheckResult): void {
  t.same(r.violations.map(brief), [], 'no finding');
}
function noViolation(t: Test, r: PrecheckResult): void {
  t.same(r.violations.filter((v) => v.status !== 'INCOMPLETE_DATA').map(brief), [], 'no VIOLATION / POTENTIAL');
}
/** Daily cycles: `shape` starting at `HH:MM` on each date, rest until the next start. */
function days(
  c: Clock,
  dates: string[],
  hhmm: string,
  shape: Parameters<Clock['seq']>[0],
  thenRestUntil: string,
): Clock {
  dates.forEach((d, i) => {
    c.at(`${d}T${hhmm}Z`).seq(shape);
    const next = dates[i + 1];
    c.until('REST', next ? `${next}T${hhmm}Z` : thenRestUntil);
  });
  return c;
}
const W10 = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const W11 = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];

t.test('C1 five standard days Mon-Fri, every daily rest crosses midnight', async (t) => {
  // Each day 06:00-16:15 (10h15 duty, 8h30 driving), rest 16:15 -> 06:00 = 13h45 (>= 11 h, regular, Art. 4(g)).
  // Week driving 5 x 8h30 = 42h30. Weekly rest Fri 16:15 -> Mon 06:00 = 61h45.
  const c = days(weekStart(), W10, '06:00', STD, '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C2 three 9 h reduced daily rests plus split 3 h + 9 h rests in the same week', async (t) => {
  // Mon, Tue, Wed: 06:00-21:00 duty (15 h, 9 h driving) + 9 h rest 21:00 -> 06:00: reduced daily rests 1, 2, 3
  // (Art. 8(4): at most three between two weekly rests).
  // Thu 06:00: D4h30 W30 | R3h 11:00-14:00 | D4h30 W30 | R9h 19:00 -> Fri 04:00. 3 h then 9 h inside the 24 h
  // window Thu 06:00 -> Fri 06:00 is a REGULAR daily rest taken in two parts (Art. 4(g)), not a 4th reduced one.
  // Fri 04:00 the same split day, the second part being the weekly rest from Fri 17:00.
  // Daily driving on the split days = 4h30 + 4h30 = 9 h (the 3 h part does not end the daily driving period).
  const c = weekStart();
  for (const d of ['2026-03-02', '2026-03-03', '2026-03-04']) c.at(`${d}T06:00Z`).seq(LONG15).add('REST', '9h');
  c.at('2026-03-05T06:00Z')
    .seq([
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
      ['REST', '3h'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .add('REST', '9h')
    .at('2026-03-06T04:00Z')
    .seq([
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
      ['REST', '3h'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .at('2026-03-06T17:00Z')
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C3 three reduced daily rests in each of two weeks, a weekly rest in between resets the count', async (t) => {
  // Mon-Wed of W10 and of W11: LONG15 (06:00-21:00) + 9 h rest; Thu, Fri standard days. 6 reduced rests in all,
  // but three between each pair of weekly rests (Art. 8(4)).
  const c = weekStart();
  for (const week of [W10, W11]) {
    for (const d of week.slice(0, 3)) c.at(`${d}T06:00Z`).seq(LONG15).add('REST', '9h');
    c.at(`${week[3]}T06:00Z`).seq(STD).until('REST', `${week[4]}T06:00Z`).seq(STD);
    c.add('REST', '61h45');
  }
  c.at('2026-03-16T06:00Z');
  none(t, c.run());
});

t.test('C4 13 h duty + 11 h rest every day: each rest is exactly regular inside its 24 h window', async (t) => {
  // 06:00-19:00 duty (W1h D4h30 R45 D4h30 W2h15), rest 19:00 -> 06:00 = 11 h: the portion of the rest inside the
  // window [end of previous rest, +24 h) is 11 h, so regular (Art. 8(2)); five of them are no reduced rests.
  const shape: Parameters<Clock['seq']>[0] = [
    ['WORK', '1h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['WORK', '2h15'],
  ];
  const c = weekStart();
  for (const d of W10) c.at(`${d}T06:00Z`).seq(shape).add('REST', '11h');
  c.until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C5 night shifts: daily driving counted between daily rests, not per calendar day', async (t) => {
  // Mon 16:00: D4h30 (->20:30) R45 D4h30 (->Tue 01:45) W15 (->02:00); rest 11 h -> Tue 13:00.
  // Tue 13:00: D4h30 R45 D4h30 (->22:45) W1h15 (->Wed 00:00); rest 11 h -> Wed 11:00.
  // Wed 11:00: NINE -> 21:15. Each duty: 9 h driving. Calendar Tuesday holds 1h45 + 9 h = 10h45 of driving: a
  // per-calendar-day count would wrongly see an extended (or excessive) day. Art. 4(j): between two daily rests.
  const c = weekStart('2026-03-02T16:00Z')
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '15m'],
    ])
    .at('2026-03-03T02:00Z')
    .add('REST', '11h')
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '1h15'],
    ])
    .at('2026-03-04T00:00Z')
    .add('REST', '11h')
    .seq(NINE)
    .at('2026-03-04T21:15Z')
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

/** W10 with exactly 56 h: Mon EXT, Tue-Wed NINE, Thu EXT, Fri-Sat NINE (2 x 10 + 4 x 9); ends Sat 16:15. */
function week56(): Clock {
  const c = weekStart();
  const shapes = [EXT, NINE, NINE, EXT, NINE, NINE];
  const dates = [...W10, '2026-03-07'];
  dates.forEach((d, i) => {
    c.at(`${d}T06:00Z`).seq(shapes[i]!);
    if (i < dates.length - 1) c.until('REST', `${dates[i + 1]}T06:00Z`);
  });
  return c.at('2026-03-07T16:15Z');
}

t.test('C6 two 10 h days in one fixed week and weekly driving exactly 56 h', async (t) => {
  // Art. 6(1): 10 h allowed twice in the week; Art. 6(2): 56 h is the limit, not an infringement.
  // Six duties Mon 06:00 .. Sat 16:15 start within six 24 h periods of the weekly rest that ended Mon 06:00.
  // Weekly rest Sat 16:15 -> Mon 18:00 (49h45).
  const c = week56().until('REST', '2026-03-09T18:00Z');
  const r = c.run();
  none(t, r);
  t.same(
    r.summary.weeks.filter((w) => w.driving > 0),
    [{ week: '2026-W10', driving: 56 * 3600 }],
  );
});

t.test('C7 90 h over two consecutive weeks exactly (56 + 34)', async (t) => {
  // W10 as C6 (56 h). Weekly rest Sat 16:15 -> Tue 06:00 (61h45). W11 Tue-Fri STD: 4 x 8h30 = 34 h -> 90 h
  // (Art. 6(3) limit, not exceeded). W11 + W12 = 34 h.
  const c = week56().until('REST', '2026-03-10T06:00Z');
  days(c, W11.slice(1), '06:00', STD, '2026-03-16T06:00Z');
  const r = c.run();
  none(t, r);
  t.same(
    r.summary.weeks.filter((w) => w.driving > 0),
    [
      { week: '2026-W10', driving: 56 * 3600 },
      { week: '2026-W11', driving: 34 * 3600 },
    ],
  );
});

t.test('C8 regular weekly rest of exactly 45 h', async (t) => {
  // W10 Mon-Fri STD (Fri ends 16:15), rest -> Sat 06:00, Sat W1h D3h W15 -> 10:15, weekly rest exactly 45 h
  // -> Mon 07:15 (Art. 4(h): at least 45 h), W11 Mon-Fri STD from 07:15, final rest.
  const c = days(weekStart(), W10, '06:00', STD, '2026-03-07T06:00Z')
    .seq([
      ['WORK', '1h'],
      ['DRIVING', '3h'],
      ['WORK', '15m'],
    ])
    .at('2026-03-07T10:15Z')
    .add('REST', '45h')
    .at('2026-03-09T07:15Z');
  days(c, W11, '07:15', STD, '2026-03-16T07:15Z');
  none(t, c.run());
});

t.test(
  'C9 reduced weekly rest (24 h) compensated en bloc with the next regular weekly rest (45 + 21 = 66 h)',
  async (t) => {
    // W10 Mon-Sat LIGHT (6h30 driving), Sat ends 16:15. Reduced weekly rest A: Sat 16:15 -> Sun 16:15 = 24 h,
    // reduction 21 h (Art. 8(6)). Sun 16:15: W15 D4h30 R45 D1h W15 -> 23:00, rest 13 h -> Mon 12:00.
    // W11 Mon-Fri DAY8 at 12:00 (8 h driving), Fri ends 22:15. Regular weekly rest B Fri 22:15 -> Mon 16:15 = 66 h:
    // 45 h + 21 h compensation en bloc attached to it, before the end of the third week after W10 (Art. 8(6), 8(7)).
    // Mon 16:15 STD -> Tue 02:30, final rest 48 h.
    // Driving W10 = 6 x 6h30 + 5h30 = 44h30, W11 = 40 h, W12 = 8h30. Two-week pairs: W9/W10 regular + A,
    // W10/W11 A + B (B counted in W11), W11/W12 B + final (Art. 8(9): counted in one week only).
    const c = weekStart();
    days(c, [...W10, '2026-03-07'], '06:00', LIGHT, '2026-03-08T16:15Z');
    c.seq([
      ['WORK', '15m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '1h'],
      ['WORK', '15m'],
    ])
      .at('2026-03-08T23:00Z')
      .until('REST', '2026-03-09T12:00Z');
    days(c, W11, '12:00', DAY8, '2026-03-16T16:15Z');
    c.seq(STD).at('2026-03-17T02:30Z').add('REST', '48h');
    none(t, c.run());
  },
);

t.test('C10 weekly rests spanning two fixed weeks, each counted in the week that needs it', async (t) => {
  // W10: Mon-Sat LIGHT; reduced weekly rest A Sat 16:15 -> Sun 16:15 (W10, reduction 21 h).
  // Sun duty -> 23:00, rest -> Mon 12:00; W11 Mon-Fri DAY8 at 12:00 (Fri ends 22:15), rest 11 h -> Sat 09:15,
  // Sat W45 -> 10:00. Regular weekly rest B Sat 10:00 -> Tue 04:00 = 66 h (45 + 21 compensation for A), spanning
  // W11/W12: it must be counted in W11 (W10/W11 need a regular one), not in W12 where it ends.
  // W12 Tue-Sat STD at 04:00 (Sat ends 14:15); reduced weekly rest C Sat 14:15 -> Sun 14:15 (W12, reduction 21 h).
  // Sun 14:15: W15 D4h30 R45 D1h W15 -> 21:00, rest -> Mon 08:15; W13 Mon-Thu STD at 08:15 (Thu ends 18:30);
  // regular weekly rest D Thu 18:30 -> Sun 12:30 = 66 h (45 + 21 compensation for C), W13.
  // Six 24 h periods: A ends Sun 03-08 16:15, B starts Sat 03-14 10:00 (< Sat 16:15); B ends Tue 04:00, C starts
  // Sat 14:15; C ends Sun 14:15, D starts Thu 18:30. Two-week pairs: W10/W11 A + B, W11/W12 B + C, W12/W13 C + D.
  // Driving: W10 44h30, W11 40 h, W12 5 x 8h30 + 5h30 = 48 h, W13 34 h (pairs <= 88 h).
  const c = weekStart();
  days(c, [...W10, '2026-03-07'], '06:00', LIGHT, '2026-03-08T16:15Z');
  c.seq([
    ['WORK', '15m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['WORK', '15m'],
  ])
    .at('2026-03-08T23:00Z')
    .until('REST', '2026-03-09T12:00Z');
  days(c, W11, '12:00', DAY8, '2026-03-14T09:15Z');
  c.add('WORK', '45m').at('2026-03-14T10:00Z').add('REST', '66h').at('2026-03-17T04:00Z');
  days(c, ['2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21'], '04:00', STD, '2026-03-22T14:15Z');
  c.seq([
    ['WORK', '15m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['WORK', '15m'],
  ])
    .at('2026-03-22T21:00Z')
    .until('REST', '2026-03-23T08:15Z');
  days(c, ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26'], '08:15', STD, '2026-03-29T12:30Z');
  none(t, c.run());
});

t.test('C11 next weekly rest starts exactly at the end of six 24 h periods', async (t) => {
  // Weekly rest ends Mon 06:00. Mon-Fri STD with 16h30 rests (26h45 cycles): starts Mon 06:00, Tue 08:45,
  // Wed 11:30, Thu 14:15, Fri 17:00, Sat 19:45; the Sat duty ends Sun 06:00 = Mon 06:00 + 144 h exactly, where
  // the weekly rest starts (Art. 8(6): "no later than at the end of six 24-hour periods"). 45 h weekly rest.
  // Daily rests 16h30 (13h45 inside each 24 h window); driving 6 x 8h30 = 51 h.
  const c = weekStart();
  for (let k = 0; k < 5; k++) c.seq(STD).add('REST', '16h30');
  c.at('2026-03-07T19:45Z').seq(STD).at('2026-03-08T06:00Z').add('REST', '45h');
  none(t, c.run());
});

t.test('C12 multi-manning: 21 h duties with 9 h daily rest within 30 h', async (t) => {
  // Art. 8(5): a crew driver must have a new daily rest of at least 9 h within 30 h of the end of the previous one.
  // Duty: D4h30 | R45 + AV4h15 in the co-driver seat | D4h30 | R45 + AV6h15 co-driver = 21 h; rest 9 h ends
  // exactly 30 h after the previous rest. Mon 06:00 -> Tue 03:00, rest -> Tue 12:00 -> Wed 09:00, rest -> 18:00.
  // Each driver drives 9 h per duty with a 45 min break after every 4h30 (Art. 7).
  const crew = { crew: true } as const;
  const co = { crew: true, slot: 'CO_DRIVER' } as const;
  const duty = (c: Clock) =>
    c
      .add('DRIVING', '4h30', crew)
      .add('REST', '45m', co)
      .add('AVAILABILITY', '4h15', co)
      .add('DRIVING', '4h30', crew)
      .add('REST', '45m', co)
      .add('AVAILABILITY', '6h15', co);
  const c = weekStart();
  duty(c).at('2026-03-03T03:00Z').add('REST', '9h');
  duty(c).at('2026-03-04T09:00Z').add('REST', '9h').at('2026-03-04T18:00Z').add('REST', '50h');
  none(t, c.run());
});

t.test('C13 break split 15 min + 30 min', async (t) => {
  // Mon 06:00: D2h R15 D2h30 R30 D4h30 W30 -> 16:15. Art. 7 second paragraph: 15 min then 30 min, the 4h30 of
  // driving before the 30 min part is exactly the limit. Daily driving 9 h.
  const c = weekStart()
    .seq([
      ['DRIVING', '2h'],
      ['REST', '15m'],
      ['DRIVING', '2h30'],
      ['REST', '30m'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .at('2026-03-02T16:15Z')
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C14 break of exactly 45 min after exactly 4h30 driving, with work right before and after it', async (t) => {
  // W30 D4h30 W15 R45 W15 D4h30 W30: work neither counts as driving nor interrupts the break (Art. 4(d), 7).
  const c = weekStart()
    .seq([
      ['WORK', '30m'],
      ['DRIVING', '4h30'],
      ['WORK', '15m'],
      ['REST', '45m'],
      ['WORK', '15m'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C15 a daily rest resets the 4h30 driving count', async (t) => {
  // Mon 06:00: W30 D4h30 R45 D3h W15 -> 15:00, daily rest 11 h -> Tue 02:00, D3h R45 D4h30 W30 -> 10:45.
  // The 3 h before and the 3 h after the rest are in different driving periods (Art. 7: "unless he takes a rest").
  const c = weekStart()
    .seq([
      ['WORK', '30m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '3h'],
      ['WORK', '15m'],
    ])
    .at('2026-03-02T15:00Z')
    .add('REST', '11h')
    .seq([
      ['DRIVING', '3h'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .at('2026-03-03T10:45Z')
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C16 first and last days of the data are partial (download mid-week, mid-duty)', async (t) => {
  // Data starts Wed 10:00 in the middle of a duty (what came before is not in the basis) and stops Fri 08:30 in the
  // middle of the next one. Nothing known exceeds a limit: no VIOLATION / POTENTIAL. (An INCOMPLETE_DATA notice
  // would be defensible only where unknown time could tip a limit; it is not asserted either way.)
  const c = new Clock('2026-03-04T10:00Z')
    .seq([
      ['DRIVING', '3h'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .at('2026-03-04T18:45Z')
    .until('REST', '2026-03-05T06:00Z')
    .seq(STD)
    .until('REST', '2026-03-06T06:00Z')
    .seq([
      ['WORK', '30m'],
      ['DRIVING', '2h'],
    ]);
  noViolation(t, c.run());
});

t.test('C17 data ends inside a daily rest that has lasted only 5 h so far', async (t) => {
  // Mon, Tue STD; the data ends Tue 21:15, 5 h into the rest. Not an insufficient rest: the rest goes on past the data.
  const c = days(weekStart(), ['2026-03-02'], '06:00', STD, '2026-03-03T06:00Z').seq(STD).add('REST', '5h');
  noViolation(t, c.run());
});

t.test('C18 a driver on holiday for a week: no data is a data gap, never a violation', async (t) => {
  // W10 Mon-Fri STD, rest Fri 16:15 -> Sat 00:00, then no rows until Mon 03-16 00:00 (holiday, card not used),
  // rest -> 06:00, W12 Mon-Fri STD, final rest.
  const c = days(weekStart(), W10, '06:00', STD, '2026-03-07T00:00Z')
    .until('SKIP', '2026-03-16T00:00Z')
    .until('REST', '2026-03-16T06:00Z');
  days(c, ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'], '06:00', STD, '2026-03-23T06:00Z');
  const r = c.run();
  noViolation(t, r);
  t.ok(
    r.data_gaps.some((g) => g.start <= '2026-03-07T00:00:00Z' && g.end >= '2026-03-16T00:00:00Z'),
    `the holiday is reported as a data gap: ${JSON.stringify(r.data_gaps)}`,
  );
});

t.test('C19 card withdrawn overnight with manual REST entries: manual rest counts as known rest', async (t) => {
  // Same week as C1, but each night's rest (13h45) was entered by hand (card not inserted, manual_entry = true).
  const c = weekStart();
  W10.forEach((d, i) => {
    c.at(`${d}T06:00Z`).seq(STD);
    if (i < 4) c.until('MANUAL_REST', `${W10[i + 1]}T06:00Z`);
  });
  c.until('MANUAL_REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C20 extended 10 h days in different fixed weeks (four within seven calendar days)', async (t) => {
  // W10: Mon-Wed STD, Thu EXT, Fri EXT (ends 18:00), weekly rest -> Mon 06:00 (60 h).
  // W11: Mon EXT, Tue EXT, Wed-Fri LIGHT. Two extensions per fixed week (Art. 6(1)), not per rolling 7 days.
  // Driving W10 = 3 x 8h30 + 20 = 45h30, W11 = 20 + 3 x 6h30 = 39h30, sum 85 h.
  const c = weekStart();
  const w10 = [STD, STD, STD, EXT, EXT];
  W10.forEach((d, i) => {
    c.at(`${d}T06:00Z`).seq(w10[i]!);
    c.until('REST', i < 4 ? `${W10[i + 1]}T06:00Z` : '2026-03-09T06:00Z');
  });
  const w11 = [EXT, EXT, LIGHT, LIGHT, LIGHT];
  W11.forEach((d, i) => {
    c.at(`${d}T06:00Z`).seq(w11[i]!);
    c.until('REST', i < 4 ? `${W11[i + 1]}T06:00Z` : '2026-03-16T06:00Z');
  });
  none(t, c.run());
});

t.test('C21 split daily rest 3 h + 9 h filling the 24 h window exactly, five days running', async (t) => {
  // 06:00 D4h30 W30 | R3h 11:00-14:00 | D4h30 W2h30 -> 21:00 | R9h -> 06:00. 3 h + 9 h inside the window:
  // regular daily rests (Art. 4(g)); none of them is reduced, so five in a row are fine.
  const c = weekStart();
  for (const d of W10) {
    c.at(`${d}T06:00Z`)
      .seq([
        ['DRIVING', '4h30'],
        ['WORK', '30m'],
        ['REST', '3h'],
        ['DRIVING', '4h30'],
        ['WORK', '2h30'],
      ])
      .add('REST', '9h');
  }
  c.until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C22 a 20 h rest mid-week followed in time by a regular weekly rest is just a long daily rest', async (t) => {
  // W10 Mon-Fri STD (Fri ends 16:15), rest 20 h -> Sat 12:15, Sat W2h -> 14:15, weekly rest 45 h -> Mon 11:15.
  // The weekly rest starts Sat 14:15, within six 24 h periods of Mon 06:00; the 20 h rest is not a weekly rest
  // and needs none of the weekly-rest conditions.
  const c = days(weekStart(), W10, '06:00', STD, '2026-03-07T12:15Z')
    .add('WORK', '2h')
    .add('REST', '45h')
    .at('2026-03-09T11:15Z');
  days(c, W11, '11:15', STD, '2026-03-16T11:15Z');
  none(t, c.run());
});

t.test('C23 availability during the duty neither breaks nor extends anything', async (t) => {
  // Mon 06:00: D4h30 R45 AV2h (waiting at the dock) D4h30 W30 -> 18:15; rest 11h45 -> Tue 06:00; Tue STD.
  // Driving periods 4h30 / 4h30, daily driving 9 h, rest 11h45 in the window (24 - 12h15).
  const c = weekStart()
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['AVAILABILITY', '2h'],
      ['DRIVING', '4h30'],
      ['WORK', '30m'],
    ])
    .until('REST', '2026-03-03T06:00Z')
    .seq(STD)
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test(
  'C24 multi-manning: the co-driver ride (availability, slot 2, crew) is a break under Art. 7 third paragraph',
  async (t) => {
    // Crew of two alternating every 4h30: D4h30 | AV4h30 riding as co-driver | D4h30 | AV4h30 | W3h = 21 h, then a
    // 9 h rest (30 h window, Art. 8(5)). 2020/1054 added to Art. 7: a driver in multi-manning may take a 45 min
    // break in a vehicle driven by another driver (if not assisting). The tachograph records the co-driver's card
    // as AVAILABILITY while the vehicle moves, so this ride is the break: no finding, but a warning says what was
    // assumed.
    const crew = { crew: true } as const;
    const co = { crew: true, slot: 'CO_DRIVER' } as const;
    const c = weekStart()
      .add('DRIVING', '4h30', crew)
      .add('AVAILABILITY', '4h30', co)
      .add('DRIVING', '4h30', crew)
      .add('AVAILABILITY', '4h30', co)
      .add('WORK', '3h', crew)
      .at('2026-03-03T03:00Z')
      .add('REST', '9h')
      .add('DRIVING', '4h30', crew)
      .add('AVAILABILITY', '4h30', co)
      .add('DRIVING', '4h30', crew)
      .add('AVAILABILITY', '4h30', co)
      .add('WORK', '3h', crew)
      .add('REST', '50h');
    const r = c.run();
    none(t, r);
    t.ok(
      r.warnings.some((w) => w.code === 'MULTI_MANNING_BREAK' && w.start === '2026-03-02T10:30:00Z'),
      JSON.stringify(r.warnings),
    );
  },
);

t.test(
  'C25 a weekly rest started with only 9 h of it inside the 24 h window is not a 4th reduced daily rest',
  async (t) => {
    // Mon-Wed LONG15 + 9 h (three reduced rests); Thu STD; Fri LONG15 06:00-21:00, then the weekly rest: 9 h of it
    // fall inside Fri 06:00 -> Sat 06:00. It is the weekly rest itself (Art. 8(3)), not a reduced daily rest
    // "between two weekly rests" (Art. 8(4)).
    const c = weekStart();
    for (const d of W10.slice(0, 3)) c.at(`${d}T06:00Z`).seq(LONG15).add('REST', '9h');
    c.seq(STD).until('REST', '2026-03-06T06:00Z').seq(LONG15).until('REST', '2026-03-09T06:00Z');
    none(t, c.run());
  },
);

t.test('C26 a 10 h duty starting Sunday evening belongs to the week it starts in', async (t) => {
  // Weekly rest until Sun 03-01 14:00 (W09). Sun 14:00 EXT -> Mon 02:00 (10 h, the extension of W09), rest 12 h,
  // Mon 14:00 EXT, Tue 14:00 EXT (W10's two extensions), Wed NINE. Attributing the Sunday duty to W10 would make
  // Tuesday a third extension.
  const c = new Clock(SAT)
    .until('REST', '2026-03-01T14:00Z')
    .seq(EXT)
    .at('2026-03-02T02:00Z')
    .until('REST', '2026-03-02T14:00Z')
    .seq(EXT)
    .until('REST', '2026-03-03T14:00Z')
    .seq(EXT)
    .until('REST', '2026-03-04T14:00Z')
    .seq(NINE)
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});

t.test('C27 a 45 min break crossing midnight (card rows split at 00:00) is one break', async (t) => {
  // Mon 19:15 D4h30 -> 23:45, R45 23:45 -> Tue 00:30 (two card rows), D4h30, W30, rest.
  const c = new Clock(SAT)
    .until('REST', '2026-03-02T19:15Z')
    .add('DRIVING', '4h30')
    .add('REST', '45m')
    .at('2026-03-03T00:30Z')
    .add('DRIVING', '4h30')
    .add('WORK', '30m')
    .until('REST', '2026-03-09T06:00Z');
  none(t, c.run());
});
