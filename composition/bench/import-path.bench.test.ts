import t from 'tap';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { BetterSqliteDatabase } from '../../adapters/storage/database/sql-runner.js';
import { floorRow, GOALS, rowsOf, type Figures } from './import-path.bench.js';
import { slopeOf } from './import-soak.bench.js';

/** better-sqlite3 as the storage adapter sees it (the package ships no types) */
const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  options: { readonly: boolean },
) => BetterSqliteDatabase & { close(): void };

const figures = (scale: number, rss: number, fleetRead: Figures['fleetRead'] = null): Figures => ({
  one: 100 * scale,
  eight: 200 * scale,
  alone: { p50: 1 / scale, p99: 2 / scale },
  loaded: { p50: 3 / scale, p99: 6 / scale },
  rssPeak: rss,
  fleetRead,
});

t.test('each row prints the figure, the bare handler of the same run, their ratio and the goal', async (t) => {
  const rows = rowsOf('SQLite, 1 process', figures(1, 140), figures(4, 60));
  t.equal(rows.length, 4);
  t.match(rows[0], {
    path: 'SQLite, 1 process: import, 28-day card, 1 / 8 clients',
    measured: '100 / 200 files/s',
    baseline: 'bare h3 parsing the same bodies 400 / 800 files/s (bare ÷ service 4.00× / 4.00×)',
    goal: `≤ 4× bare, ≤ ${GOALS.timesFloor}× the durable floor`,
  });
  const withFloor = rowsOf('SQLite, 1 process', figures(1, 140), figures(4, 60), { one: 200, eight: 250 });
  t.equal(
    withFloor[0]!.baseline,
    'bare h3 parsing the same bodies 400 / 800 files/s (bare ÷ service 4.00× / 4.00×); durable floor 200 / 250 files/s (floor ÷ service 2.00× / 1.25×)',
    'beside the durable floor of the same run, with the ratio the goal names',
  );
  t.match(rows[1], { measured: '1.00 / 2.00 ms', baseline: /bare h3 0\.25 \/ 0\.50 ms \(p99 4\.00× bare\)/ });
  t.match(rows[2], { baseline: /under its 8-client import load 0\.75 \/ 1\.50 ms \(p99 4\.00× bare\)/ });
  t.match(rows[3], { measured: '140 MB', baseline: 'bare h3 60 MB (2.33×)', goal: '≤ 150 MB' });
});

t.test("the service's first fleet reads after the imports are a row of their own", async (t) => {
  const rows = rowsOf('PostgreSQL, 1 process', figures(1, 140, { afterOne: 12.4, afterEight: 830.6 }), figures(4, 60));
  t.equal(rows.length, 5);
  t.match(rows[3], { path: /first fleet read after the 1-client \/ 8-client imports/, measured: '12 / 831 ms' });
  t.match(rows[4], { measured: '140 MB' });
});

t.test('the soak slope is the least-squares slope', async (t) => {
  t.equal(slopeOf([]), 0);
  t.equal(slopeOf([{ x: 1, y: 5 }]), 0);
  t.equal(
    slopeOf([
      { x: 0, y: 1 },
      { x: 1, y: 3 },
      { x: 2, y: 5 },
    ]),
    2,
  );
  t.equal(
    slopeOf([
      { x: 0, y: 4 },
      { x: 1, y: 4 },
      { x: 2, y: 4 },
    ]),
    0,
    'flat',
  );
  t.equal(
    slopeOf([
      { x: 0, y: 0 },
      { x: 1, y: 2 },
      { x: 2, y: 0 },
    ]),
    0,
    'up and down again',
  );
});

t.test('a quiet latency timed in turn with the bare handler is compared with that bare handler', async (t) => {
  const service = { ...figures(1, 140), aloneBare: { p50: 0.5, p99: 1.25 } };
  const rows = rowsOf('SQLite, 1 process', service, figures(4, 60));
  t.match(rows[1], { baseline: 'bare h3 timed in turn with it 0.50 / 1.25 ms (p99 1.60× bare)' });
});

t.test('the durable floor answers imports as the service does and keeps every file it answered for', async (t) => {
  // it runs core's decoder from dist/ (npm test builds first)
  const dir = t.testdir();
  const plan = { imports: 3, requests: 0, warmUp: 2, bareWeekUrl: null };
  const [row] = await floorRow(join(dir, 'floor.sqlite'), plan, figures(10, 60));
  t.match(row, {
    path: /^durable floor \(bare h3 \+ SHA-256 \+ decode \+ one fsync-ed INSERT of the file\)/,
    measured: /^\d+ \/ \d+ files\/s$/,
    baseline: /^bare h3 1000 \/ 2000 files\/s \(bare ÷ floor [\d.]+× \/ [\d.]+×\)$/,
  });
  const db = new Database(join(dir, 'floor.sqlite'), { readonly: true });
  t.teardown(() => db.close());
  const [stored] = db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT card_number) AS cards FROM file').all();
  t.same(stored, { n: 2 + 3 + 6, cards: 2 + 3 + 6 }, 'warm-up, one client and eight: every file, each its own card');
});
