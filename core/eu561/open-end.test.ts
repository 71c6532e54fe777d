import t from 'tap';
import { H, M, only, run } from './testing/run.js';
import { input, timeline } from './testing/timeline.js';
import { openEndOf } from './open-end.js';
import { runPrecheck, timelineOf } from './precheck.js';
import { parseIsoDay } from '../time.js';

// Friday 6 March 2026. The day 06:00-24:00 is built like a card's newest daily record as stored before the decoder
// ended it at the download: rest, then driving, a break, and driving again from 11:15 running to 24:00 (the card
// was downloaded during that day, at an unknown time after 11:15).
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
  const r = run(
    FRI,
    [
      ['REST', '6h'],
      ['DRIVING', '4h'],
      ['REST', '14h'],
    ],
    { open_end_date: parseIsoDay('2026-03-06') },
  );
  t.notOk(r.warnings.some((x) => x.code === 'OPEN_END'));
  t.same(r.violations, []);
});

// Rows as the decoder writes them today: the newest day ends at the download (core/decoder/download-time.ts).
const DAY_FRI = parseIsoDay('2026-03-06');
const cut: [string, string][] = [
  ['REST', '6h'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h45m'], // 11:15 -> 16:00, the download: the card recorded nothing after it
];

t.test('rows ending at the download: what was recorded is evaluated, nothing after the download', async (t) => {
  const r = run(FRI, cut, { open_end_date: DAY_FRI, date_from: DAY_FRI, date_to: DAY_FRI });
  // 4 h 45 min of driving after the 45 min break, before the download: a recorded break finding, ending by 16:00
  const breaks = only(r, 'break');
  t.equal(breaks.length, 1, 'the break rule broken by the recorded driving');
  t.ok(breaks[0]!.end <= '2026-03-06T16:00:00Z', `the finding ends by the download (${breaks[0]!.end})`);
  t.ok(
    r.violations.every((v) => v.end <= '2026-03-06T16:00:00Z'),
    'no finding covers time after the download',
  );
  t.same(only(r, 'daily_driving'), [], '9 h 15 min: within the extended daily driving time');
  t.equal(r.summary.driving, 4.5 * H + 4.75 * H, 'the summary counts the recorded driving, up to the download');
  const w = r.warnings.find((x) => x.code === 'OPEN_END');
  t.ok(w, 'OPEN_END names the download');
  t.equal(w!.start, '2026-03-06T16:00:00Z');
  t.equal(w!.end, '2026-03-07T00:00:00Z');
  t.match(w!.message, /download of the card, .*16:00/);
});

t.test(
  'a final interval of 0 s (the card read in the minute of its last change) and a download at 00:00',
  async (t) => {
    const rows = timeline(FRI, cut.slice(0, 3)); // up to 11:15
    const at = Date.parse('2026-03-06T11:15:00Z') / 1000;
    rows.push({ ...rows[1]!, start: at, end: at, duration: 0 }); // DRIVING from 11:15, downloaded at 11:15
    const r = runPrecheck(input(rows, { open_end_date: DAY_FRI }));
    t.same(r.violations, [], 'nothing is drawn from the driving that began at the download');
    t.equal(r.summary.driving, 4.5 * H);
    t.equal(r.warnings.find((x) => x.code === 'OPEN_END')?.start, '2026-03-06T11:15:00Z');

    // the previous day complete, the newest day holding only its 00:00 status: downloaded at 00:00
    const midnight = Date.parse('2026-03-07T00:00:00Z') / 1000;
    const before = timeline('2026-03-06T00:00Z', [
      ['REST', '8h'],
      ['DRIVING', '4h'],
      ['REST', '12h'],
    ]);
    before.push({ ...before[1]!, date: parseIsoDay('2026-03-07')!, start: midnight, end: midnight, duration: 0 });
    const m = runPrecheck(input(before, { open_end_date: parseIsoDay('2026-03-07') }));
    const open = m.warnings.find((x) => x.code === 'OPEN_END');
    t.equal(open?.start, '2026-03-07T00:00:00Z');
    t.equal(open?.end, '2026-03-08T00:00:00Z');
    t.same(m.violations, []);
  },
);

t.test('the same open end for the working-time timeline (one definition)', async (t) => {
  const rows = timeline(FRI, cut);
  const { openEnd, t0 } = timelineOf(input(rows, { open_end_date: DAY_FRI }));
  t.equal(openEnd?.at, Date.parse('2026-03-06T16:00:00Z') / 1000);
  t.equal(openEnd?.unknownRow, null, 'rows cut at the download are evaluated as recorded');
  t.equal(t0.knownEnd, openEnd?.at, 'the known activity ends at the download');
  t.equal(openEndOf(rows, parseIsoDay('2026-03-05')), null, 'no open end on a day that is not the newest');
});
