import t from 'tap';
import { GOALS, rowsOf, type Figures } from './import-path.bench.js';
import { slopeOf } from './import-soak.bench.js';

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
    goal: `≥ ${GOALS.oneClient} / ≥ ${GOALS.eightClients} files/s, ≤ 4× bare`,
  });
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
