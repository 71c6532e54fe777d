/**
 * Art. 9(1): rests interrupted by a recorded ferry/train crossing (./ferry-rests.ts), hand-computed timelines at the
 * edges of the reading, each with and without the crossing.
 */
import t from 'tap';
import { H, M, only, run, type Step } from './testing/run.js';
import { joinFerryRests, type JoinableRest } from './ferry-rests.js';
import type { ConditionEntry } from './specific-conditions.js';

const MON = '2026-03-02T06:00Z';
const at = (iso: string) => Date.parse(iso) / 1000;
const begin = (iso: string): ConditionEntry => ({ at: at(iso), condition: 'FERRY_TRAIN_BEGIN' });
const end = (iso: string): ConditionEntry => ({ at: at(iso), condition: 'FERRY_TRAIN_END' });

/**
 * Mon 06:00 D 4h30 (10:30) R 45m (11:15) D 4h (15:15) W 45m (16:00) R 2h on the quay (18:00) D `embark` (embarking)
 * R 8h on board, D `disembark`, R 1h, then Tue D 4h30, R 45m, D 3h and a 12 h rest. Daily driving Mon 8h30.
 * Without Art. 9 no rest of 9 h starts within 24 h of Mon 06:00: a daily_rest finding, the longest rest 8 h.
 */
function crossingDay(embark: string, disembark: string): Step[] {
  return [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h'],
    ['WORK', '45m'],
    ['REST', '2h'],
    ['DRIVING', embark],
    ['REST', '8h'],
    ['DRIVING', disembark],
    ['REST', '1h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '3h'],
    ['REST', '12h'],
  ];
}

t.test('a regular daily rest interrupted twice for one hour in total around a crossing is one rest', async (t) => {
  // rests 2 h + 8 h + 1 h = 11 h; interruptions 30 min + 30 min = 1 h; on board 18:30 Mon to 02:30 Tue
  const steps = crossingDay('30m', '30m');
  const without = run(MON, steps);
  const d = only(without, 'daily_rest');
  t.equal(d.length, 1, 'card-only reading: the daily rest is missing');
  t.equal(d[0]!.value, 8 * H);
  t.equal(d[0]!.status, 'VIOLATION');

  const gen2 = run(MON, steps, { specific_conditions: [begin('2026-03-02T18:30Z'), end('2026-03-03T02:30Z')] });
  t.same(gen2.violations, [], 'Art. 9(1): 11 h accumulated, a regular daily rest; no other finding');
  const w = gen2.warnings.filter((x) => x.code === 'FERRY_TRAIN_REST');
  t.equal(w.length, 1);
  t.equal(w[0]!.start, '2026-03-02T16:00:00Z');
  t.equal(w[0]!.end, '2026-03-03T04:00:00Z');
  t.match(w[0]!.message, /interrupted 2 time\(s\) \(1 h.*one daily rest of 11 h/);

  const gen1 = run(MON, steps, { specific_conditions: [begin('2026-03-02T18:30Z')] });
  t.same(gen1.violations, [], 'generation 1 records the begin only: the same reading');
  const embarking = run(MON, steps, { specific_conditions: [begin('2026-03-02T18:10Z')] });
  t.same(embarking.violations, [], 'the flag entered while embarking (in the hour before the rest on board)');
});

t.test('interruptions of 61 minutes in total: the derogation does not apply', async (t) => {
  // 31 min + 30 min: joining two parts gives 2 h + 8 h = 10 h or 8 h + 1 h = 9 h, under 11 h
  const r = run(MON, crossingDay('31m', '30m'), { specific_conditions: [begin('2026-03-02T18:31Z')] });
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 8 * H);
  t.equal(d[0]!.status, 'VIOLATION');
  t.same(
    r.warnings.filter((x) => x.code === 'FERRY_TRAIN_REST'),
    [],
  );
});

t.test('a crossing that does not touch the broken rest changes nothing', async (t) => {
  // begin Tue 07:00 (in the driving after the rest, more than an hour before the next rest)
  const r = run(MON, crossingDay('30m', '30m'), { specific_conditions: [begin('2026-03-03T07:00Z')] });
  t.equal(only(r, 'daily_rest').length, 1);
});

t.test('at most two interruptions: a third is not allowed', async (t) => {
  // R 2h, D 10m, R 2h, D 10m, R 6h (on board from 20:50), D 10m, R 2h: 12 h of rest, 30 min of interruptions, but any
  // two interruptions join at most 2 + 2 + 6 = 10 h or 2 + 6 + 2 = 10 h: under 11 h, not joined
  const steps: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h'],
    ['WORK', '45m'],
    ['REST', '2h'],
    ['DRIVING', '10m'],
    ['REST', '2h'],
    ['DRIVING', '10m'],
    ['REST', '6h'],
    ['DRIVING', '10m'],
    ['REST', '2h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '3h'],
    ['REST', '12h'],
  ];
  const r = run(MON, steps, { specific_conditions: [begin('2026-03-02T20:20Z')] });
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1, 'three interruptions: judged as ordinary rests');
  t.equal(d[0]!.value, 6 * H);
  // the same with the first rest on the quay 3 h: 3 + 2 + 6 = 11 h over two interruptions: joined
  const longer = steps.map((s, k) => (k === 4 ? (['REST', '3h'] as Step) : s));
  const ok = run(MON, longer, { specific_conditions: [begin('2026-03-02T21:20Z')] });
  t.same(only(ok, 'daily_rest'), [], 'two interruptions with 11 h of rest: joined');
});

t.test('the second part of a split daily rest interrupted around a crossing (Annex IC Addendum 2(j))', async (t) => {
  // Mon 06:00 D 4h30 (10:30) R 3h (13:30) D 4h (17:30) R 5h on board (22:30) D 20m (22:50) R 4h (Tue 02:50), then
  // D 4h30, R 45m, D 3h and 12 h of rest: 3 h, then 5 h + 4 h = 9 h over one interruption: a split daily rest
  const split = (first: Step): Step[] => [
    ['DRIVING', '4h30'],
    first,
    ['DRIVING', '4h'],
    ['REST', '5h'],
    ['DRIVING', '20m'],
    ['REST', '4h'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '3h'],
    ['REST', '12h'],
  ];
  const ferry = { specific_conditions: [begin('2026-03-02T17:30Z')] };
  t.same(only(run(MON, split(['REST', '3h']), ferry), 'daily_rest'), [], 'joined: 3 h then 9 h');
  const card = only(run(MON, split(['REST', '3h'])), 'daily_rest');
  t.equal(card.length, 1, 'without the crossing no rest of 9 h: missing');
  t.equal(card[0]!.value, 5 * H);
  // without the first part of 3 h (work instead), 9 h accumulated is a reduced daily rest, which may not be
  // interrupted: not joined, judged as ordinary rests
  const reduced = only(run(MON, split(['WORK', '3h']), ferry), 'daily_rest');
  t.equal(reduced.length, 1);
  t.equal(reduced[0]!.value, 5 * H);
  t.equal(reduced[0]!.status, 'VIOLATION');
});

t.test('driving in the interruptions stays out of the daily driving and in the weekly driving', async (t) => {
  // Mon shift 06:00 -> 16:00 with 8 h 30 driving; the interruption driving (1 h) would make it 9 h 30 if counted:
  // no daily_driving finding either way here, so the weekly total is read from the summary (8h30 + 1h + 7h30 = 17 h)
  const r = run(MON, crossingDay('30m', '30m'), { specific_conditions: [begin('2026-03-02T18:30Z')] });
  t.equal(r.summary.weeks[0]!.driving, 17 * H);
  t.same(only(r, 'daily_driving'), []);
});

// ---- joinFerryRests on rest lists ----------------------------------------------------------------------------

const rest = (start: number, hours: number): JoinableRest => ({
  start,
  end: start + hours * H,
  duration: hours * H,
  leftOpen: false,
  rightOpen: false,
  filled: false,
});

t.test('joinFerryRests: weekly rests need a recorded crossing of 8 h (Art. 9(1) second subparagraph)', async (t) => {
  // R 20 h, 30 min interruption, R 26 h: 46 h accumulated, a regular weekly rest
  const a = rest(0, 20);
  const b = rest(20 * H + 30 * M, 26);
  const short = joinFerryRests([a, b], [{ begin: b.start, end: b.start + 7 * H + 59 * M }]);
  t.equal(short.rests.length, 2, 'crossing of 7 h 59: not joined');
  t.same(short.unproven, [
    { crossing: { begin: b.start, end: b.start + 7 * H + 59 * M }, start: 0, end: b.end, accumulated: 46 * H },
  ]);
  const gen1 = joinFerryRests([a, b], [{ begin: b.start, end: null }]);
  t.equal(gen1.unproven.length, 1, 'no recorded end: the length is not shown');
  const long = joinFerryRests([a, b], [{ begin: b.start, end: b.start + 8 * H }]);
  t.equal(long.rests.length, 1, 'crossing of 8 h: joined');
  t.equal(long.rests[0]!.duration, 46 * H);
  t.equal(long.rests[0]!.end - long.rests[0]!.start, 46 * H + 30 * M);
  t.same(long.unproven, []);
});

t.test('joinFerryRests: a reduced weekly rest joins without the 8 h condition', async (t) => {
  // R 10 h, 20 min, R 20 h: 30 h accumulated (24 h .. 45 h)
  const a = rest(0, 10);
  const b = rest(10 * H + 20 * M, 20);
  const r = joinFerryRests([a, b], [{ begin: b.start + H, end: b.start + 2 * H }]);
  t.equal(r.rests.length, 1);
  t.equal(r.rests[0]!.duration, 30 * H);
  t.same(r.rests[0]!.ferry!.interrupted, 20 * M);
});

t.test('joinFerryRests: exactly one hour and the most rest among the allowed joins', async (t) => {
  // R 1 h, 40 min, R 6 h (crossing), 20 min, R 4 h, 1 min, R 3 h: joins of two interruptions within 1 h:
  // 1 + 6 + 4 = 11 h (40 + 20 = 60 min) or 6 + 4 + 3 = 13 h (20 + 1 = 21 min): the latter
  const p0 = rest(0, 1);
  const p1 = rest(p0.end + 40 * M, 6);
  const p2 = rest(p1.end + 20 * M, 4);
  const p3 = rest(p2.end + M, 3);
  const r = joinFerryRests([p0, p1, p2, p3], [{ begin: p1.start, end: null }]);
  t.equal(r.rests.length, 2);
  t.equal(r.rests[1]!.duration, 13 * H);
  t.equal(r.rests[1]!.start, p1.start);
  t.equal(r.rests[1]!.end, p3.end);
  const hour = joinFerryRests([p0, p1, p2], [{ begin: p1.start, end: null }]);
  t.equal(hour.rests[0]!.duration, 11 * H, 'exactly 60 minutes of interruptions are allowed');
});
