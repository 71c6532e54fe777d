/** The fleet bench runs end to end on a small fleet and prints every line (no timing is asserted). */
import t from 'tap';
import { benchFleet } from './fleet.bench.js';

t.test('the fleet bench prints the seed, the in-process list, the baseline and every list line', async (t) => {
  const lines: string[] = [];
  await benchFleet({ print: (line) => lines.push(line), cards: 12, requests: 5 });
  t.equal(lines.length, 8, lines.join('\n'));
  t.match(lines[0], /^fleet seed: 12 cards/);
  t.match(lines[1], /^fleet list of all 12 cards in process .* p50 [\d.]+ ms, p99 [\d.]+ ms \([\d.]+ MB of JSON\)$/);
  t.match(lines[2], /^bare h3 handler/);
  t.match(
    lines[3],
    /^fleet list, all 12 cards \(limit=12, sort=due\): p50 [\d.]+ ms, p99 [\d.]+ ms \(× bare h3: p50 [\d.]+, p99 [\d.]+\)$/,
  );
  t.match(lines[7], /^fleet summary counts: p50/);
});
