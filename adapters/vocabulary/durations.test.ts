import t from 'tap';
import { hoursMinutes } from './durations.js';

t.test('durations read as hours and minutes, hours past 24', async (t) => {
  t.equal(hoursMinutes(333_720), '92:42', 'three days and more: 92:42, not days');
  t.equal(hoursMinutes(16_200), '4:30');
  t.equal(hoursMinutes(300), '0:05', 'minutes padded');
  t.equal(hoursMinutes(-900), '-0:15', 'a negative amount keeps its sign');
  t.equal(hoursMinutes(59), '0:00', 'whole minutes: seconds are dropped, never rounded up to a limit');
  t.equal(hoursMinutes(null), '–');
  t.equal(hoursMinutes(undefined), '–');
  t.equal(hoursMinutes(Number.NaN), '–');
});
