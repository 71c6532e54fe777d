/** The today bench runs end to end on a small fleet and prints its line (no timing is asserted). */
import t from 'tap';
import { benchToday } from './today.bench.js';

t.test('the today bench prints the cost per card beside the fleet page, with the same counts', async (t) => {
  const lines: string[] = [];
  await benchToday({ print: (line) => lines.push(line), sizes: [6], requests: 3 });
  t.equal(lines.length, 1, lines.join('\n'));
  t.match(lines[0], /^today, 6 cards: findings drawn per request [\d.]+ ms .* fleet page of 100 p50 [\d.]+ ms/);
  t.match(lines[0], /same counts: true$/);
});
