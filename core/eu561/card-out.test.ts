import t from 'tap';
import { CARD_OUT_REST_MAX_SECONDS } from './card-out.js';
import { EVIDENCE_SUMMARY_OVER } from './evidence.js';
import { Clock } from './testing/clock.js';
import { H, M, only } from './testing/run.js';
import type { Step } from './testing/timeline.js';

// A 14 h 30 duty with 8 h 30 of driving and compliant breaks: W1h D4h30 R45 D4h R45 W3h30 (06:00 -> 20:30).
const DUTY: Step[] = [
  ['WORK', '1h'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h'],
  ['REST', '45m'],
  ['WORK', '3h30'],
];

/**
 * A week with overnight withdrawals: Mon 2 Mar 2026 to Fri 6 Mar, duty 06:00-20:30, the card taken out every night
 * 20:30-06:00 (9 h 30 of unknown time), and out over the weekend Fri 20:30 -> Mon 9 Mar 06:00 (57 h 30); Monday
 * duty, then 11 h of recorded rest (the end of the data).
 */
function weekWithWithdrawals(): Clock {
  const c = new Clock('2026-03-02T06:00Z');
  for (let d = 0; d < 4; d++) c.seq(DUTY).add('UNKNOWN', '9h30');
  c.at('2026-03-06T06:00Z').seq(DUTY).at('2026-03-06T20:30Z').until('UNKNOWN', '2026-03-09T06:00Z');
  return c.seq(DUTY).add('REST', '11h');
}

t.test('card-out as rest on a week with overnight withdrawals (hand-computed)', async (t) => {
  // unknown_as=unknown: every night is unknown, so no daily rest can be judged: nothing is a VIOLATION.
  const strict = weekWithWithdrawals().run({ unknown_as: 'unknown' });
  t.notOk(
    strict.violations.some((v) => v.status === 'VIOLATION'),
    'no verdict without the assumption',
  );
  t.ok(only(strict, 'daily_rest').some((v) => v.status === 'INCOMPLETE_DATA'));
  t.same(strict.assumptions.unknown_as, 'unknown');
  t.equal(strict.assumptions.card_out_rest_max_seconds, null);

  // unknown_as=rest: the four nights are 9 h 30 rests = reduced daily rests (9 h <= 9h30 < 11 h inside each 24 h
  // window, which starts at 06:00). Art. 8(4) allows three between two weekly rests: Mon, Tue, Wed nights; the
  // fourth (Thu 5 Mar 20:30 -> Fri 06:00) needed 11 h: value 9h30, excess 1h30. 9h30 lies in the 8h30..10h band
  // of row 16 (SI), a row marked UNSURE -> severity_verified false. The weekend (57 h 30 >= 45 h) is a regular
  // weekly rest: it resets the count; Monday's shift ends in the recorded rest. Nothing else.
  const r = weekWithWithdrawals().run({ unknown_as: 'rest' });
  t.same(
    r.violations.map((v) => [
      v.rule,
      v.status,
      v.start,
      v.value,
      v.limit,
      v.excess,
      v.severity,
      v.severity_verified,
      v.assumption_dependent,
    ]),
    [['daily_rest', 'VIOLATION', '2026-03-05T20:30:00Z', 9.5 * H, 11 * H, 1.5 * H, 'SI', false, true]],
  );
  t.match(r.violations[0]!.description, /9 h 30 min/);
  t.equal(r.assumptions.unknown_as, 'rest');
  t.equal(r.assumptions.card_out_rest_max_seconds, CARD_OUT_REST_MAX_SECONDS);
  // 4 nights x 9h30 + 57h30 = 95h30 counted as rest, in 5 periods
  t.match(r.assumptions.text[0]!, /5 period\(s\), 3 d 23 h 30 min in total/);
  t.match(r.assumptions.text.join(' '), /assumption_dependent/);
  // the gaps are still gaps of the card data, and say they were counted as rest
  t.equal(r.data_gaps.length, 5);
  t.ok(r.warnings.filter((w) => w.code === 'DATA_GAP').every((w) => /Counted as rest/.test(w.message)));
  // evidence shows what the card holds: the night is UNKNOWN
  t.ok(r.violations[0]!.evidence.every((e) => e.activity === 'UNKNOWN'));
});

t.test(
  'the default (unknown_as=gap): the same week gives the verdict, marked as resting on card-out time',
  async (t) => {
    const r = weekWithWithdrawals().run();
    t.same(
      r.violations.map((v) => [v.rule, v.status, v.start, v.value, v.assumption_dependent, v.readings]),
      [['daily_rest', 'VIOLATION', '2026-03-05T20:30:00Z', 9.5 * H, true, ['card_out_time']]],
    );
    t.equal(r.assumptions.unknown_as, 'gap');
    t.equal(r.assumptions.card_out_rest_max_seconds, null);
    t.match(r.assumptions.text[0]!, /gap to explain: 5 period\(s\), 3 d 23 h 30 min in total/);
    // each gap listed once, as a question for the office
    t.equal(r.data_gaps.length, 5);
    t.ok(r.warnings.filter((w) => w.code === 'DATA_GAP').every((w) => /a gap to explain/.test(w.message)));
  },
);

t.test('a long absence without card data: one gap to explain, no finding spanning it', async (t) => {
  // Mon 2 Mar: two duties with an 11 h rest between, then 64 days with the card out (leave not entered), then two
  // duties and a regular weekly rest. unknown_as=unknown: the absence is undecided, with a weekly rest finding over it;
  // unknown_as=rest: longer than 5 days, it stays unknown. The default lists it once and reads it as rest: no finding.
  const c = new Clock('2026-03-02T06:00Z')
    .seq(DUTY)
    .add('REST', '11h')
    .seq(DUTY)
    .add('UNKNOWN', '64d')
    .seq(DUTY)
    .add('REST', '11h')
    .seq(DUTY)
    .add('REST', '45h');
  const strict = c.run({ unknown_as: 'unknown' });
  const longest = (r: ReturnType<typeof c.run>) =>
    Math.max(0, ...only(r, 'weekly_rest').map((v) => (Date.parse(v.end) - Date.parse(v.start)) / 1000));
  t.ok(longest(strict) >= 60 * 24 * H, 'the strict reading has a weekly rest finding across the absence');
  t.ok(strict.violations.every((v) => v.status === 'INCOMPLETE_DATA'));
  t.ok(c.run({ unknown_as: 'rest' }).violations.some((v) => v.status === 'INCOMPLETE_DATA'));
  const r = c.run();
  t.same(r.violations, []);
  t.same(r.data_gaps, [{ start: '2026-03-03T22:00:00Z', end: '2026-05-06T22:00:00Z', duration: 64 * 24 * H }]);
});

t.test('time before the first and after the last record is never counted as rest', async (t) => {
  // 3 h unknown before the first record and 6 h unknown after the last: outside the evaluated span either way.
  const c = new Clock('2026-03-02T03:00Z')
    .add('UNKNOWN', '3h')
    .seq(DUTY)
    .add('REST', '11h')
    .seq(DUTY)
    .add('UNKNOWN', '6h');
  const r = c.run({ unknown_as: 'rest' });
  t.same(r.violations, []);
  t.match(r.assumptions.text[0]!, /0 period\(s\), 0 min in total/);
  t.ok(r.warnings.some((w) => /before the first/.test(w.message)));
  t.ok(r.warnings.some((w) => /after the last/.test(w.message)));
});

t.test('a card-out period longer than the bound stays unknown', async (t) => {
  // Duty, then 6 days (144 h > 120 h) without the card, then duty: the gap is not counted as rest, so the daily
  // rest after the first duty and the weekly rest stay INCOMPLETE_DATA, never VIOLATION.
  const c = new Clock('2026-03-02T06:00Z').seq(DUTY).add('UNKNOWN', '6d').seq(DUTY).add('REST', '11h');
  const r = c.run({ unknown_as: 'rest' });
  t.ok(r.violations.length > 0);
  t.ok(r.violations.every((v) => v.status === 'INCOMPLETE_DATA' && v.assumption_dependent === false));
  t.match(r.assumptions.text[1]!, /1 longer period\(s\) stay unknown/);
  t.ok(r.warnings.some((w) => w.code === 'DATA_MISSING' || /longer than the 5 d/.test(w.message)));
  // the same with the card out for exactly 5 d: counted as rest, a regular weekly rest, no finding at all
  const ok = new Clock('2026-03-02T06:00Z')
    .seq(DUTY)
    .add('UNKNOWN', '5d')
    .seq(DUTY)
    .add('REST', '11h')
    .run({ unknown_as: 'rest' });
  t.same(ok.violations, []);
});

t.test('a finding shown by the data is not assumption_dependent', async (t) => {
  // 11 h of driving (D4h30 R45 D4h30 R45 D2h = 12h30) before a card-out night: > 10 h whatever the night was.
  const c = new Clock('2026-03-02T06:00Z')
    .seq([
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '4h30'],
      ['REST', '45m'],
      ['DRIVING', '2h'],
    ])
    .add('UNKNOWN', '11h30')
    .seq(DUTY)
    .add('REST', '11h');
  const r = c.run({ unknown_as: 'rest' });
  const d = only(r, 'daily_driving');
  t.equal(d.length, 1);
  t.equal(d[0]!.value, 11 * H);
  t.equal(d[0]!.severity, 'SI', '11 h on the 10 h regime: row 5, 11h <= ... < 12h');
  t.equal(d[0]!.severity_verified, true, 'row 5 is VERIFIED');
  t.equal(d[0]!.assumption_dependent, false);
});

t.test('short gaps are merged into one warning; long evidence lists are summarised', async (t) => {
  // Six 2-minute card-outs inside driving (a card moved between vehicles): one SHORT_DATA_GAPS warning, six
  // data_gaps entries, no DATA_GAP warning for them.
  const c = new Clock('2026-03-02T06:00Z');
  for (let k = 0; k < 6; k++) c.add('DRIVING', '40m').add('UNKNOWN', '2m');
  c.add('REST', '11h');
  const r = c.run();
  t.equal(r.data_gaps.length, 6);
  t.notOk(r.warnings.some((w) => w.code === 'DATA_GAP'));
  const short = r.warnings.filter((w) => w.code === 'SHORT_DATA_GAPS');
  t.equal(short.length, 1);
  t.match(short[0]!.message, /6 short period\(s\).*12 min in total/);
  // 6 x 40 min = 4 h of driving, the 2 min gaps are no break: no break finding either way
  t.same(only(r, 'break'), []);

  // a break finding over 12 driving slots separated by 1 min of unknown time: 23 evidence intervals (12 driving,
  // 11 unknown) > EVIDENCE_SUMMARY_OVER: summarised to the first and last, totals 12 x 25 min driving, 11 min unknown
  const b = new Clock('2026-03-02T06:00Z');
  for (let k = 0; k < 12; k++) {
    b.add('DRIVING', '25m');
    if (k < 11) b.add('UNKNOWN', '1m');
  }
  b.add('REST', '11h');
  const full = b.run({ evidence: 'full' });
  const summary = b.run();
  const fb = only(full, 'break')[0]!;
  const sb = only(summary, 'break')[0]!;
  t.equal(fb.value, 5 * H, '12 x 25 min = 5 h of driving without a break');
  t.equal(fb.evidence.length, 23);
  t.ok(fb.evidence.length > EVIDENCE_SUMMARY_OVER);
  t.equal(fb.evidence_summary, undefined);
  t.equal(sb.evidence.length, 2);
  t.same(sb.evidence_summary, {
    count: 23,
    first: fb.evidence[0],
    last: fb.evidence[22],
    totals: { DRIVING: 5 * H, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 11 * M },
  });
});
