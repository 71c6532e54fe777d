import t from 'tap';
import { benchFastPath } from './fast-path.bench.js';

t.test('the fast-path benchmark prints every row of the issue-9 table next to its baseline', async (t) => {
  const lines: string[] = [];
  const result = await benchFastPath({
    cards: 2,
    downloads: 2,
    imports: 3,
    requests: 6,
    print: (line) => lines.push(line),
  });
  const text = lines.join('\n');
  for (const row of [
    /import, 28-day gen1 card, 1 \/ 8 clients: \d+ \/ \d+ files\/s \| baseline \(same run\): insert loop \d+ files\/s/,
    /import, dense .*: (\d+\.\d ms\/file, \d+\.\d+ µs\/interval \| baseline \(same run\): insert loop|skipped)/,
    /week-overview, one card, p50 \/ p99: [\d.]+ \/ [\d.]+ ms \| baseline \(same run\): bare h3/,
    /activities, one card, one month, p50: [\d.]+ ms .*bare h3/,
    /EU 561 pre-check, one card-year .*: [\d.]+ ms \(p99 [\d.]+, [\d.]+× p50\).*rule engine alone [\d.]+ ms .*× bare p50 [\d.]+/,
    /each request another range \(computed, not from the memo\), HTTP p50: [\d.]+ ms \(p99 [\d.]+\) \| baseline \(same run\): rule engine alone [\d.]+ ms .*× bare p50 [\d.]+/,
    /pre-check through HTTP, p50: ([\d.]+ ms .*rule engine alone .*× bare p50 [\d.]+|skipped)/,
    /RSS peak .*: \d+ MB/,
    /week-overview while 8 clients import \(clients in the same process\), p50 \/ p99: [\d.]+ \/ [\d.]+ ms \| baseline \(same run\): the same query alone/,
    /service process: week-overview while 8 clients import, p50 \/ p99: [\d.]+ \/ [\d.]+ ms \(\d+ queries, imports at \d+ files\/s\) \| baseline \(same run\): the same query alone/,
    /service RSS peak \(child process: .*\): \d+ MB \(now \d+ MB\) \| baseline \(same run\): just started \d+ MB/,
    /database size per 28-day import: [\d.]+ KiB \([\d.]+× the file\) \| baseline \(same run\): file/,
  ])
    t.match(text, row);
  t.equal(result.rows.length, 12);
  t.ok(result.rssPeakMb > 0);
});
