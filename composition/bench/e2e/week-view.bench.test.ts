import t from 'tap';
import { chromiumMissing } from '../../../adapters/web/e2e/browser.js';
import {
  benchWeekView,
  formatStatsLine,
  INSTANT_MS,
  segmentSummary,
  summarize,
  weeksOfRange,
} from './week-view.bench.js';

t.test('weeksOfRange lists the ISO weeks of a date range, bounded', async (t) => {
  t.same(weeksOfRange('2026-01-07', '2026-02-28'), [
    '2026-W02',
    '2026-W03',
    '2026-W04',
    '2026-W05',
    '2026-W06',
    '2026-W07',
    '2026-W08',
    '2026-W09',
  ]);
  t.same(weeksOfRange('2026-12-27', '2027-01-04'), ['2026-W52', '2026-W53', '2027-W01'], 'across a 53-week year');
  t.same(weeksOfRange('2026-03-02', '2026-03-08'), ['2026-W10'], 'one week');
  t.same(weeksOfRange('2026-03-09', '2026-03-02'), [], 'an empty range');
  t.equal(weeksOfRange('2020-01-01', '2026-01-01', 10).length, 10, 'at most max weeks');
});

t.test('summarize gives p50 / p95 / max', async (t) => {
  const times = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
  t.same(summarize(times), { n: 100, p50: 50, p95: 95, max: 100 });
  t.same(summarize([7]), { n: 1, p50: 7, p95: 7, max: 7 });
  const empty = summarize([]);
  t.equal(empty.n, 0);
  t.ok(Number.isNaN(empty.p50) && Number.isNaN(empty.max));
});

t.test('formatStatsLine: times, ratios to the baseline and the 100 ms target', async (t) => {
  const baseline = { n: 3, p50: 10, p95: 20, max: 30 };
  const fast = formatStatsLine('render', { n: 3, p50: 40, p95: 60, max: 90 }, baseline);
  t.match(fast, /^ {2}render +p50 +40\.0 ms {2}p95 +60\.0 ms {2}max +90\.0 ms/);
  t.match(fast, /4\.0x \/ +3\.0x baseline/);
  t.match(fast, `target ${INSTANT_MS} ms: p95 within`);
  t.match(formatStatsLine('render', { n: 3, p50: 90, p95: 150, max: 200 }, baseline), 'p95 OVER');
  const plain = formatStatsLine('baseline', baseline);
  t.notMatch(plain, 'target');
  t.notMatch(plain, 'x baseline');
  t.match(formatStatsLine('none', summarize([]), baseline), /p50 +n\/a ms.* n\/a \/ +n\/a baseline/);
  t.equal(
    formatStatsLine('a', baseline).indexOf('p50'),
    formatStatsLine('a much longer label', baseline).indexOf('p50'),
    'aligned',
  );
});

t.test('segmentSummary', async (t) => {
  t.equal(segmentSummary([5, 1, 9]), 'segments/week min 1 / p50 5 / max 9');
  t.equal(segmentSummary([]), 'no weeks');
});

t.test('without Chromium the bench says it is skipped', async (t) => {
  const lines: string[] = [];
  await benchWeekView({ print: (l) => lines.push(l), chromiumMissing: () => '/usr/bin/chromium is not installed' });
  t.same(lines, ['week view: skipped: /usr/bin/chromium is not installed']);
});

const missing = chromiumMissing();
t.test('one short pass through a real card in Chromium', { skip: missing ?? false }, async (t) => {
  const lines: string[] = [];
  const fixtures = ['fixtures/ddd/gen1-full.ddd', 'fixtures/ddd/gen1-basic.ddd', 'fixtures/ddd/corrupt-random.ddd'];
  await t.rejects(
    benchWeekView({ print: (l) => lines.push(l), fixtures, passes: 1, warmupPasses: 0 }),
    /importing corrupt-random\.ddd answered 4\d\d/,
    'a file the service refuses stops the bench',
  );
  t.match(lines[0], /^week view: Chromium .* 1 passes after 0 warm-up/);
  t.match(lines[1], /^gen1-full\.ddd: card \S+, .*\(8 weeks, 7 switches × 1 passes = 7\), segments\/week min \d+/);
  for (const label of [
    'click → rendered (in page)',
    'click → next frame (in page)',
    'click → findings (in page)',
    'click → waitForWeek (driver)',
  ]) {
    t.ok(
      lines.some((l) => l.startsWith(`  ${label}`) && /p50 +\d+\.\d ms.*x baseline.*target 100 ms/.test(l)),
      label,
    );
  }
  t.ok(
    lines.some((l) => /^ {2}baseline: fetch week-overview +p50 +\d+\.\d ms/.test(l)),
    'the baseline line',
  );
  t.match(
    lines[lines.length - 1],
    /^gen1-basic\.ddd: skipped \(only 1 week/,
    'a one-week card has nothing to step through',
  );
});
