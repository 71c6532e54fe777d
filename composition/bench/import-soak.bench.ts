/**
 * Entry of `npm run bench:import` and `npm run bench:soak` (through tsx, after `npm run build`: the service runs
 * from dist/ as `drivercard serve` does).
 * - `bench:import`: ./import-path.bench.ts, every figure beside the bare handler of the same run and the goal.
 * - `bench:soak [seconds]` (default BENCH_SOAK_SECONDS or 3600): `drivercard serve` on a new SQLite folder under
 *   mixed load — 2 clients importing new 28-day cards, 2 clients querying (week-overview, activities of a month,
 *   the pre-check of a card, the fleet list) — its resident memory (VmRSS) sampled every few seconds. After the
 *   first fifth (warm-up: the heap grows to its working size) the least-squares slope of the samples is printed in
 *   MB per hour; the soak fails (exit code 1) when it exceeds BENCH_SOAK_MAX_SLOPE (default 5 MB/h) or when the
 *   resident set ends above the 150 MB goal.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { LAST_DAY, addDays } from './service.bench.js';
import { bodyOf } from './service-process.bench.js';
import { GOALS, benchImportPath } from './import-path.bench.js';
import { rssOf, startService, type Listening } from './bench-processes.bench.js';

export interface SoakResult {
  samples: Array<{ at: number; rssMb: number }>;
  slopeMbPerHour: number;
  imports: number;
  queries: number;
  ok: boolean;
}

/** Least-squares slope of y over x. */
export function slopeOf(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

async function get(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
}

/** Mixed load until `until` (ms since the epoch): counts of imports and queries done. */
const FIRST = 3_000_000;

async function mixedLoad(server: Listening, until: number): Promise<{ imports: number; queries: number }> {
  let imports = 0;
  let queries = 0;
  let seed = FIRST;
  const importer = async () => {
    while (Date.now() < until) {
      const n = seed++;
      const response = await fetch(`${server.url}/api/drivercard/parse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodyOf(twentyEightDayCard(n, cardNumberOf(n), LAST_DAY), `soak-${n}.ddd`),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`import answered ${response.status}`);
      imports++;
    }
  };
  const querier = async () => {
    let k = 0;
    while (Date.now() < until) {
      const card = cardNumberOf(FIRST + (k++ % Math.max(1, imports)));
      const base = `${server.url}/api/drivercard`;
      await get(
        `${base}/week-overview?card_number=${card}&date_from=${addDays(LAST_DAY, -6)}&date_to=${LAST_DAY}`,
      ).catch(
        () => undefined, // a card not imported yet answers 404
      );
      await get(`${base}/activities?card_number=${card}&date_from=${addDays(LAST_DAY, -30)}&date_to=${LAST_DAY}`).catch(
        () => undefined,
      );
      await get(`${base}/eu561/violations?card_number=${card}`).catch(() => undefined);
      await get(`${base}/drivers?limit=100`);
      queries += 4;
    }
  };
  await Promise.all([importer(), importer(), querier(), querier()]);
  return { imports, queries };
}

export async function soakImportPath(
  seconds: number,
  print: (line: string) => void = (line) => console.log(line),
): Promise<SoakResult> {
  const maxSlope = Number(process.env.BENCH_SOAK_MAX_SLOPE ?? 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-soak-'));
  const server = await startService({ DRIVERCARD_DATA_DIR: dataDir });
  const samples: SoakResult['samples'] = [];
  const started = Date.now();
  const every = Math.max(1, Math.min(10, seconds / 60)) * 1000;
  const timer = setInterval(() => {
    samples.push({ at: (Date.now() - started) / 1000, rssMb: rssOf(server.child.pid!).now });
  }, every);
  let load: { imports: number; queries: number };
  try {
    load = await mixedLoad(server, started + seconds * 1000);
  } finally {
    clearInterval(timer);
    await server.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const settled = samples.filter((s) => s.at >= seconds / 5);
  const slope = slopeOf(settled.map((s) => ({ x: s.at / 3600, y: s.rssMb }))); // MB per hour
  const last = samples[samples.length - 1]?.rssMb ?? 0;
  const ok = slope <= maxSlope && last <= GOALS.rssMb;
  print(
    `  soak ${seconds} s: ${load.imports} imports, ${load.queries} queries; RSS ${settled[0]?.rssMb.toFixed(0)} MB after the warm-up → ${last.toFixed(0)} MB at the end, ` +
      `peak ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} MB; slope ${slope.toFixed(1)} MB/h over ${settled.length} samples | goal ≤ ${maxSlope} MB/h, ≤ ${GOALS.rssMb} MB: ${ok ? 'ok' : 'FAILED'}`,
  );
  return { samples, slopeMbPerHour: slope, ...load, ok };
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  const [mode, arg] = process.argv.slice(2);
  const run =
    mode === 'soak'
      ? soakImportPath(Number(arg ?? process.env.BENCH_SOAK_SECONDS ?? 3600)).then((r) => r.ok)
      : benchImportPath().then(() => true);
  run.then(
    (ok) => (process.exitCode = ok ? 0 : 1),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
