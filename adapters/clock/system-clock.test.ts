import t from 'tap';
import { SystemClock } from './system-clock.js';

t.test('system clock follows the system time', async (t) => {
  const before = Date.now();
  const now = new SystemClock().now().getTime();
  t.ok(now >= before && now <= Date.now());
});
