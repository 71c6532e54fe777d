import t from 'tap';
import { H, M, only, run } from './testing/run.js';
import { parseIsoDay } from '../time.js';

// Friday 6 March 2026. The day 06:00-24:00 is built like a card's newest daily record: rest, then driving,
// a break, and driving again from 11:15 with no later change (the card was downloaded during that day).
const FRI = '2026-03-06T00:00Z';
const steps: [string, string][] = [
  ['REST', '6h'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '12h45m'], // 11:15 -> 24:00 on the card: runs to 24:00 only because the record is unfinished
];

t.test('the unfinished last day is not read as 12 h 45 min of driving', async (t) => {
  // Known driving is 4 h 30 (06:00-10:30) + 0 after 11:15 (open end): no daily-driving or break finding.
  const r = run(FRI, steps, { open_end_date: parseIsoDay('2026-03-06') });
  t.same(only(r, 'daily_driving'), []);
  t.same(only(r, 'break'), []);
  const w = r.warnings.find((x) => x.code === 'OPEN_END');
  t.ok(w, 'an OPEN_END warning names the open interval');
  t.equal(w!.start, '2026-03-06T11:15:00Z');
  t.equal(w!.end, '2026-03-07T00:00:00Z');
  t.equal(r.summary.driving, 4.5 * H + 12 * H + 45 * M, 'the summary still reports what the card recorded');
});

t.test('the same day is evaluated literally when it is not the end of the data', async (t) => {
  // Without open_end_date (e.g. a complete day in the middle of the data) the 17 h 15 min of driving count:
  // daily driving 17 h 15 min > 10 h, break rule broken after 11:15 + 4 h 30.
  const r = run(FRI, steps);
  t.equal(only(r, 'daily_driving').length, 1);
  t.equal(only(r, 'daily_driving')[0]!.value, 17 * H + 15 * M);
  t.ok(only(r, 'break').length >= 1);
  t.notOk(r.warnings.some((x) => x.code === 'OPEN_END'));
});

t.test('a final REST is kept as recorded', async (t) => {
  const r = run(FRI, [['REST', '6h'], ['DRIVING', '4h'], ['REST', '14h']], { open_end_date: parseIsoDay('2026-03-06') });
  t.notOk(r.warnings.some((x) => x.code === 'OPEN_END'));
  t.same(r.violations, []);
});
