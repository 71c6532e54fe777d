import t from 'tap';
import { activityName, dayLabels, formatClock, formatDateTime, formatHm, formatKm, ruleName } from './format.js';

t.test('h:mm durations', async (t) => {
  t.equal(formatHm(0), '0:00');
  t.equal(formatHm(9000), '2:30');
  t.equal(formatHm(59), '0:01', 'rounded to the minute');
  t.equal(formatHm(56 * 3600 + 300), '56:05', 'hours beyond a day');
  t.equal(formatHm(-1800), '-0:30');
  t.equal(formatHm(null), '–');
  t.equal(formatHm(Number.NaN), '–');
});

t.test('clock times in UTC, 24:00 at the end of the day', async (t) => {
  t.equal(formatClock('2026-03-02T06:15:00Z'), '06:15');
  t.equal(formatClock('2026-03-03T00:00:00Z', '2026-03-02'), '24:00');
  t.equal(formatClock('2026-03-02T00:00:00Z', '2026-03-02'), '00:00');
  t.equal(formatClock('nonsense'), '–');
  t.equal(formatDateTime('2026-03-02T06:15:00Z'), '2026-03-02 06:15');
  t.equal(formatDateTime(null), '–');
  t.equal(formatDateTime('later'), 'later');
});

t.test('labels and names', async (t) => {
  t.same(dayLabels('2026-02-23'), { long: 'Mon 23 Feb', short: 'Mo 23' });
  t.same(dayLabels('2026-03-01'), { long: 'Sun 01 Mar', short: 'Su 01' });
  t.equal(activityName('AVAILABILITY'), 'Availability');
  t.equal(activityName('OTHER'), 'OTHER');
  t.equal(ruleName('daily_driving'), 'Daily driving time');
  t.equal(ruleName('some_new_rule'), 'some new rule');
  t.equal(formatKm(412.4), '412 km');
  t.equal(formatKm(null), '–');
});
