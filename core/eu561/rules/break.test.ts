import t from 'tap';
import { H, M, only, run } from '../testing/run.js';

// Monday 2 March 2026. Every timeline ends in a long rest so no other rule interferes.
const START = '2026-03-02T06:00Z';

t.test('exactly 4 h 30 then 45 min is compliant', async (t) => {
  // 4h30 driving is not MORE than 4h30 (Art. 7 "after a driving period of 4.5 h"); 45 min resets.
  const r = run(START, [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '14h15'],
  ]);
  t.same(only(r, 'break'), []);
});

t.test('4 h 31 before a 45 min break is MI', async (t) => {
  // 4h31 > 4h30 by 1 min; band MI is 4h30 < x < 5h.
  const r = run(START, [
    ['DRIVING', '4h31'],
    ['REST', '45m'],
    ['DRIVING', '2h'],
    ['REST', '16h44'],
  ]);
  const b = only(r, 'break');
  t.equal(b.length, 1);
  t.equal(b[0]!.value, 4 * H + 31 * M);
  t.equal(b[0]!.excess, 1 * M);
  t.equal(b[0]!.severity, 'MI');
  t.equal(b[0]!.status, 'VIOLATION');
  t.equal(b[0]!.start, '2026-03-02T06:00:00Z');
  t.equal(b[0]!.end, '2026-03-02T10:31:00Z');
});

t.test('15 min then 30 min is a valid split break', async (t) => {
  // 2h + 2h30 = 4h30 driving, interrupted by 15 min (first part) and closed by 30 min (second part).
  const r = run(START, [
    ['DRIVING', '2h'],
    ['REST', '15m'],
    ['DRIVING', '2h30'],
    ['REST', '30m'],
    ['DRIVING', '4h'],
    ['REST', '14h45'],
  ]);
  t.same(only(r, 'break'), []);
});

t.test('30 min then 15 min is NOT a valid split', async (t) => {
  // The 30 min counts only as a first part; the 15 min after it cannot be the (>= 30 min) second part.
  // Driving 2h + 2h30 + 1h = 5h30 accumulates until the 45 min break: SI band (5h <= x < 6h).
  const r = run(START, [
    ['DRIVING', '2h'],
    ['REST', '30m'],
    ['DRIVING', '2h30'],
    ['REST', '15m'],
    ['DRIVING', '1h'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['REST', '16h'],
  ]);
  const b = only(r, 'break');
  t.equal(b.length, 1);
  t.equal(b[0]!.value, 5.5 * H);
  t.equal(b[0]!.severity, 'SI');
  t.ok(
    b[0]!.evidence.some((e) => e.activity === 'REST'),
    'evidence shows the short breaks',
  );
});

t.test('14 min is too short to be the first part', async (t) => {
  // 2h + 2h30 + 1h = 5h30: the 14 min does not count; the 30 min becomes the first part; the 45 min closes.
  const r = run(START, [
    ['DRIVING', '2h'],
    ['REST', '14m'],
    ['DRIVING', '2h30'],
    ['REST', '30m'],
    ['DRIVING', '1h'],
    ['REST', '45m'],
    ['REST', '0m'],
    ['DRIVING', '1h'],
    ['REST', '16h'],
  ]);
  t.equal(only(r, 'break')[0]!.value, 5.5 * H);
});

t.test('availability is not a break (Art. 4(d))', async (t) => {
  // 3h driving, 1h AVAILABILITY (does not reset), 2h driving: 5h before the 45 min rest -> SI (5h <= x < 6h).
  const r = run(START, [
    ['DRIVING', '3h'],
    ['AVAILABILITY', '1h'],
    ['DRIVING', '2h'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['REST', '16h15'],
  ]);
  const b = only(r, 'break');
  t.equal(b.length, 1);
  t.equal(b[0]!.value, 5 * H);
  t.equal(b[0]!.severity, 'SI');
});

t.test('work neither counts nor resets', async (t) => {
  // 2h30 driving, 2h work, 2h driving = 4h30 of driving: compliant.
  const r = run(START, [
    ['DRIVING', '2h30'],
    ['WORK', '2h'],
    ['DRIVING', '2h'],
    ['REST', '45m'],
    ['DRIVING', '1h'],
    ['REST', '15h45'],
  ]);
  t.same(only(r, 'break'), []);
});

t.test('6 h without break is VSI', async (t) => {
  // 6h >= 6h: VSI band.
  const r = run(START, [
    ['DRIVING', '6h'],
    ['REST', '18h'],
  ]);
  const b = only(r, 'break');
  t.equal(b[0]!.value, 6 * H);
  t.equal(b[0]!.severity, 'VSI');
});

t.test('a daily rest is also a break', async (t) => {
  // 4h30 driving, 11 h rest, 4h30 driving: the rest resets the count.
  const r = run(START, [
    ['DRIVING', '4h30'],
    ['REST', '11h'],
    ['DRIVING', '4h30'],
    ['REST', '11h'],
  ]);
  t.same(only(r, 'break'), []);
});

t.test('driving still running at the end of the data is counted', async (t) => {
  // 5h of driving and the data ends: already more than 4h30 -> SI.
  const r = run(START, [
    ['REST', '1h'],
    ['DRIVING', '5h'],
  ]);
  t.equal(only(r, 'break')[0]!.value, 5 * H);
});

t.test('a break finding over co-driver availability in crew mode names the co_driver_break reading', async (t) => {
  // Crew: D3h, 30 min riding as co-driver (a break part under Art. 7 third paragraph, but 30 min alone is no full
  // break and no valid first part of 15 + 30), D2h: 5 h of driving without a break -> the finding; its verdict reads
  // the riding as break time, so it lists co_driver_break. The same day without crew mode names no reading.
  const crew = { crew: true } as const;
  const r = run(START, [
    ['DRIVING', '3h', crew],
    ['AVAILABILITY', '30m', { crew: true, slot: 'CO_DRIVER' }],
    ['DRIVING', '2h', crew],
    ['REST', '18h30'],
  ]);
  const b = only(r, 'break');
  t.equal(b.length, 1);
  t.equal(b[0]!.value, 5 * H);
  t.same(b[0]!.readings, ['co_driver_break']);
  const solo = run(START, [
    ['DRIVING', '3h'],
    ['AVAILABILITY', '30m'],
    ['DRIVING', '2h'],
    ['REST', '18h30'],
  ]);
  t.same(
    only(solo, 'break').map((v) => [v.value, v.readings]),
    [[5 * H, []]],
  );
});
