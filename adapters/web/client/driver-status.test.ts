import t from 'tap';
import { statusLines } from './status-lines.js';

t.test('driver status in words a driver reads', async (t) => {
  const lines = statusLines({
    at: '2026-03-08T18:00:00Z',
    driving_today: 4.5 * 3600,
    driving_left_today: 4.5 * 3600,
    daily_driving_limit: 9 * 3600,
    extended_days_left_this_week: 2,
    driving_since_break: 3600,
    driving_left_before_break: 3.5 * 3600,
    weekly_driving: 30 * 3600,
    weekly_driving_left: 26 * 3600,
    fortnightly_driving: 70 * 3600 + 1800,
    fortnightly_driving_left: 19 * 3600 + 1800,
    reduced_daily_rests_left: 3,
    next_daily_rest_latest_start: '2026-03-09T05:00:00Z',
    next_weekly_rest_latest_start: null,
    compensation_owed: [{ week: '2026-W09', seconds: 9 * 3600, due_by: '2026-03-29T23:59:59Z' }],
  });
  t.same(lines, [
    ['Driving today', '4:30 of 9:00 · 4:30 left'],
    ['10 h days left this week', '2'],
    ['Driving since the last break', '1:00 · break due after 3:30 more driving'],
    ['Driving this week', '30:00 of 56:00 · 26:00 left'],
    ['Driving in two weeks', '70:30 of 90:00 · 19:30 left'],
    ['Reduced daily rests left', '3'],
    ['Next daily rest must start by', '2026-03-09 05:00 UTC'],
    ['Next weekly rest must start by', '–'],
    ['Compensation owed for 2026-W09', '9:00 by 2026-03-29 23:59 UTC'],
  ]);
});

t.test('unknown figures stay unknown', async (t) => {
  const lines = statusLines({
    at: '2026-03-09T05:00:00Z',
    driving_today: null,
    driving_left_today: null,
    daily_driving_limit: null,
    extended_days_left_this_week: null,
    driving_since_break: null,
    driving_left_before_break: null,
    weekly_driving: null,
    weekly_driving_left: null,
    fortnightly_driving: null,
    fortnightly_driving_left: null,
    reduced_daily_rests_left: null,
    next_daily_rest_latest_start: null,
    next_weekly_rest_latest_start: null,
    compensation_owed: [{ week: '2026-W09', seconds: 3600, due_by: '2026-03-29T23:59:59Z' }],
  });
  t.same(
    lines.map((l) => l[1]),
    [
      '–',
      '–',
      '– · break due after – more driving',
      '– of 56:00',
      '– of 90:00',
      '–',
      '–',
      '–',
      '1:00 by 2026-03-29 23:59 UTC',
    ],
  );
  t.equal(
    statusLines({ compensation_owed: null } as unknown as Parameters<typeof statusLines>[0]).length,
    8,
    'no compensation line without compensation',
  );
});
