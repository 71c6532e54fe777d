import t from 'tap';
import { Clock, EXT, LIGHT, STD } from './testing/clock.js';
import { H, M } from './testing/run.js';

// STD = W30 D4h30 R45 D4h W30 (8 h 30 driving, 10 h 15 duty); EXT = D4h30 R45 D4h30 R45 D1h W30 (10 h driving,
// 12 h duty). All times UTC.
function twoWeeks(): Clock {
  const c = new Clock('2026-02-22T12:00Z').add('REST', '18h').at('2026-02-23T06:00Z');
  // week 23 Feb (W09): Mon..Sat STD days 06:00-16:15, 13 h 45 rests; 6 x 8h30 = 51 h of driving
  for (let d = 0; d < 6; d++) {
    c.seq(STD);
    if (d < 5) c.add('REST', '13h45');
  }
  // reduced weekly rest Sat 28 Feb 16:15 -> Mon 2 Mar 06:00 = 37 h 45 (owes 45 h - 37h45 = 7 h 15)
  c.at('2026-02-28T16:15Z').until('REST', '2026-03-02T06:00Z');
  // week 2 Mar (W10): Mon EXT 06:00-18:00, rest 12 h; Tue EXT 06:00-18:00, rest 9 h 30 (reduced) to Wed 03:30
  c.seq(EXT).add('REST', '12h').seq(EXT).add('REST', '9h30').at('2026-03-04T03:30Z');
  // Wed: D3h, R15 (first part of a split break), D1h -> 07:45 (the chosen minute), then W1h, R12h
  return c
    .add('DRIVING', '3h')
    .add('REST', '15m')
    .add('DRIVING', '1h')
    .at('2026-03-04T07:45Z')
    .add('WORK', '1h')
    .add('REST', '12h');
}

t.test('driver status at a chosen minute (Wed 4 Mar 2026 07:45 UTC), every figure hand-computed', async (t) => {
  const r = twoWeeks().run({ at: '2026-03-04T07:45:00Z' });
  t.same(r.violations, [], 'the timeline itself is compliant');
  t.same(r.driver_status, {
    at: '2026-03-04T07:45:00Z',
    // the shift began at the end of the last rest >= 9 h (Wed 03:30): D3h + D1h
    driving_today: 4 * H,
    // Mon and Tue of this week drove 10 h each (two extensions used) -> 9 h today; 9 h - 4 h
    driving_left_today: 5 * H,
    daily_driving_limit: 9 * H,
    extended_days_left_this_week: 0,
    // since the 9h30 rest: 3 h + (15 min is only the first part of a split break) + 1 h
    driving_since_break: 4 * H,
    driving_left_before_break: 30 * M,
    // week from Mon 2 Mar 00:00: 10 h + 10 h + 4 h; 56 h - 24 h
    weekly_driving: 24 * H,
    weekly_driving_left: 32 * H,
    // plus the week from Mon 23 Feb (inside the data, which starts Sun 22 Feb 12:00): 51 h + 24 h; 90 h - 75 h
    fortnightly_driving: 75 * H,
    fortnightly_driving_left: 15 * H,
    // since the weekly rest that ended Mon 2 Mar 06:00: Mon night 12 h regular, Tue night 9h30 reduced -> 3 - 1
    reduced_daily_rests_left: 2,
    // Wed 03:30 + 24 h - 9 h (a reduced rest is still allowed)
    next_daily_rest_latest_start: '2026-03-04T18:30:00Z',
    // Mon 2 Mar 06:00 + 144 h
    next_weekly_rest_latest_start: '2026-03-08T06:00:00Z',
    // the 37h45 weekly rest ended in W10 (Mon 2 Mar 06:00): 7 h 15 owed before Mon 30 Mar 00:00 (end of the third
    // following week); the later 12 h / 9h30 rests hold 3 h / 30 min beyond their 9 h base: not paid
    compensation_owed: [{ week: '2026-W10', seconds: 7.25 * H, due_by: '2026-03-30T00:00:00Z' }],
  });
});

t.test('driver status defaults to the end of the data; a running rest means a new shift now', async (t) => {
  // default at = end of the last known activity: 07:45 + W1h + R12h = Wed 4 Mar 20:45 (the 12 h rest runs to the
  // end). A rest >= 9 h is running: the shift starts at `at`, nothing driven today, the next daily rest is due
  // 24 h - 9 h later = Thu 5 Mar 11:45.
  const r = twoWeeks().run();
  const s = r.driver_status!;
  t.equal(s.at, '2026-03-04T20:45:00Z');
  t.equal(s.driving_today, 0);
  t.equal(s.driving_left_today, 9 * H);
  t.equal(s.driving_since_break, 0);
  t.equal(s.next_daily_rest_latest_start, '2026-03-05T11:45:00Z');
});

t.test(
  'data starting with activity: it starts after a rest, as the vehicle unit assumes; outside the data no status',
  async (t) => {
    // Data from Wed 4 Mar 06:00: LIGHT (W30 D4h30 R45 D2h W2h30 -> 16:15) and 2 h of rest -> at = 18:15. Nothing
    // before the data is known: the shift and the weekly-rest period are taken to start at 06:00 (Annex IC
    // Addendum point 1; the rules read it the same way), the week and the fortnight hold only the known driving.
    const c = new Clock('2026-03-04T06:00Z').seq(LIGHT).add('REST', '2h').at('2026-03-04T18:15Z');
    const s = c.run().driver_status!;
    t.same(s, {
      at: '2026-03-04T18:15:00Z',
      driving_today: 6.5 * H, // 4h30 + 2h
      driving_left_today: 3.5 * H, // 10 h (no extension used yet) - 6h30
      daily_driving_limit: 10 * H,
      extended_days_left_this_week: 2,
      driving_since_break: 0, // the 2 h of rest at the end is a qualifying break
      driving_left_before_break: 4.5 * H,
      weekly_driving: 6.5 * H,
      weekly_driving_left: 49.5 * H, // 56 h - 6h30
      fortnightly_driving: 6.5 * H,
      fortnightly_driving_left: 83.5 * H, // 90 h - 6h30
      reduced_daily_rests_left: 3,
      next_daily_rest_latest_start: '2026-03-04T21:00:00Z', // 06:00 + 24 h - 9 h
      next_weekly_rest_latest_start: '2026-03-10T06:00:00Z', // 06:00 + 144 h
      compensation_owed: [],
    });
    // at 13:30, inside the second driving block: D2h started 11:45 after the 45 min break -> 1 h 45 since
    const mid = c.run({ at: '2026-03-04T13:30:00Z' }).driver_status!;
    t.equal(mid.driving_since_break, 1.75 * H);
    t.equal(mid.driving_left_before_break, 2.75 * H);
    t.equal(mid.driving_today, 4.5 * H + 1.75 * H);
    t.equal(c.run({ at: '2026-03-01T00:00:00Z' }).driver_status, null);
    t.equal(new Clock('2026-03-04T06:00Z').add('UNKNOWN', '2h').run().driver_status, null, 'no known activity');
    // data of rest only: a new shift starts at `at`
    const rest = new Clock('2026-03-04T06:00Z').add('REST', '5h').run().driver_status!;
    t.same(
      [rest.at, rest.driving_today, rest.next_daily_rest_latest_start],
      ['2026-03-04T11:00:00Z', 0, '2026-03-05T02:00:00Z'],
    );
  },
);
