/**
 * The import path next to the bare request, measured in the same run on processes of their own:
 * - the service (`drivercard serve`, a child process) and a bare h3 handler (a child process too) that parses the
 *   same JSON bodies (base64 decoded) and answers a small JSON object, each fed by the same clients of this
 *   process: imports of 28-day cards with 1 and 8 clients (files/s), a week-overview's p50 / p99 alone and while 8
 *   clients import (the bare handler's GET answers a small JSON object; alone, each service's GETs are timed in
 *   turn with those of an idle bare handler, so both see the same moments of this shared machine), and each
 *   process's resident-memory peak over its whole run (VmHWM, the kernel's high-water mark);
 * - on PostgreSQL (a throwaway cluster with the durable defaults, conformance/postgres-server.ts): the same figures for one process and for
 *   `serve --workers N` (N processes on one port and one database), next to the bare handler of the same run.
 * Every figure is printed beside its same-run baseline, the ratio and the goal: imports ≤ 4× the bare handler and
 * ≤ 2.5× the durable floor (./durable-floor.bench.ts; absolute files/s on a shared machine are no yardstick), RSS
 * ≤ 150 MB, week p99 ≤ 1.5× bare alone, ≤ 2× bare under the 8-client import load.
 * The child processes are started by ./bench-processes.bench.ts.
 * The soak (`soakImportPath`, `npm run bench:soak`) runs mixed imports and queries for a given time and fails
 * when the service's resident memory grows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { startPostgres } from '../../conformance/postgres-server.js';
import { LAST_DAY, addDays, latency, percentile } from './service.bench.js';
import { bodyOf, latencyWhile, postAll, type BenchRow } from './service-process.bench.js';
import { DURABLE_FLOOR_SOURCE, floorThroughput, type Listening } from './durable-floor.bench.js';
import { peakRss, startBare, startScript, startService } from './bench-processes.bench.js';

export const GOALS = {
  timesBare: 4,
  /** the import's yardstick: files/s within this factor of the durable floor's (./durable-floor.bench.ts) */
  timesFloor: 2.5,
  rssMb: 150,
  weekAlone: 1.5,
  weekLoaded: 2,
} as const;

/** What one server gives under the bench's load. */
export interface Figures {
  one: number;
  eight: number;
  alone: { p50: number; p99: number };
  loaded: { p50: number; p99: number };
  rssPeak: number;
  /** the bare handler's week GET timed in turn with the service's `alone` ones (same moments, same machine load) */
  aloneBare?: { p50: number; p99: number };
  /**
   * the service's first fleet read after each import phase (it computes the fleet rows the imports marked and the
   * service had not computed yet, ms): the work the imports' answers no longer wait for; null for the bare handler
   */
  fleetRead: { afterOne: number; afterEight: number } | null;
}

let fileSeed = 2_000_000;
export function files(count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = fileSeed++;
    return bodyOf(twentyEightDayCard(n, cardNumberOf(n), LAST_DAY), `${tag}-${i}.ddd`);
  });
}

/** One GET's time (ms); its answer must be 200. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * p50 / p99 of GETs of `url` and of `bareUrl` taken in turn (after 20 of each as a warm-up), so that both see the
 * same moments of the machine: a quiet latency's p99 on a shared machine moves with its load more than with the code.
 */
export async function pairedLatency(
  url: string,
  bareUrl: string,
  count: number,
): Promise<{ service: { p50: number; p99: number }; bare: { p50: number; p99: number } }> {
  const service: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 20 + count; i++) {
    // the order alternates, so that neither always follows the other's request
    const first = i % 2 === 0;
    const a = await timedGet(first ? url : bareUrl);
    const b = await timedGet(first ? bareUrl : url);
    if (i < 20) continue;
    service.push(first ? a : b);
    bare.push(first ? b : a);
  }
  return { service: figuresOf(service), bare: figuresOf(bare) };
}

function figuresOf(times: number[]): { p50: number; p99: number } {
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * Imports with 1 then 8 clients, a week-overview alone and under an 8-client import load. Each server first imports
 * `warmUp` files with 4 clients, so that the figures are those of a process that has run a while (the first few
 * hundred imports run partly unoptimised code, in the service, the bare handler and the clients alike). The
 * 8-client throughput is timed on its own; the loaded week-overview then runs beside another 8-client import of as
 * many files. The service's fleet is read once after each import phase (`fleet`: the bare handler has none), so
 * that the week-overview alone runs with no fleet row left to compute.
 */
export async function measure(
  server: Listening,
  plan: { imports: number; requests: number; warmUp: number },
  fleet = true,
  /** the bare handler's week URL: the quiet latency is then timed in turn with it (pairedLatency) */
  bareWeekUrl: string | null = null,
): Promise<Figures> {
  const { imports, requests } = plan;
  await postAll(server.url, files(Math.max(1, plan.warmUp), 'warm'), 4);
  const card = cardNumberOf(fileSeed - 1);
  const weekUrl = `${server.url}/api/drivercard/week-overview?card_number=${card}&date_from=${addDays(LAST_DAY, -6)}&date_to=${LAST_DAY}`;
  const fleetUrl = `${server.url}/api/drivercard/drivers?limit=1`;
  const one = await postAll(server.url, files(imports, 'one'), 1);
  const afterOne = fleet ? await timedGet(fleetUrl) : 0;
  const eight = await postAll(server.url, files(imports * 2, 'eight'), 8);
  const afterEight = fleet ? await timedGet(fleetUrl) : 0;
  const paired = bareWeekUrl === null ? null : await pairedLatency(weekUrl, bareWeekUrl, requests);
  const alone = paired?.service ?? (await latency(weekUrl, requests));
  const importing = postAll(server.url, files(imports * 2, 'loaded'), 8);
  let done = false;
  void importing.finally(() => (done = true)).catch(() => undefined);
  const loaded = await latencyWhile(weekUrl, () => !done);
  await importing;
  const fleetRead = fleet ? { afterOne, afterEight } : null;
  return { one, eight, alone, loaded, rssPeak: peakRss(server), fleetRead, ...(paired && { aloneBare: paired.bare }) };
}

const f0 = (x: number) => x.toFixed(0);
const f2 = (x: number) => x.toFixed(2);

/** Files/s with 1 and 8 clients. */
export interface Throughput {
  one: number;
  eight: number;
}

/** The rows of one service's figures beside the bare handler's and the durable floor's (when measured) of the same run. */
export function rowsOf(label: string, s: Figures, bare: Figures, floor: Throughput | null = null): BenchRow[] {
  const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const quiet = s.aloneBare ?? bare.alone;
  const floorText =
    floor === null
      ? ''
      : `; durable floor ${f0(floor.one)} / ${f0(floor.eight)} files/s (floor ÷ service ${times(floor.one, s.one)} / ${times(floor.eight, s.eight)})`;
  return [
    {
      path: `${label}: import, 28-day card, 1 / 8 clients`,
      measured: `${f0(s.one)} / ${f0(s.eight)} files/s`,
      baseline: `bare h3 parsing the same bodies ${f0(bare.one)} / ${f0(bare.eight)} files/s (bare ÷ service ${times(bare.one, s.one)} / ${times(bare.eight, s.eight)})${floorText}`,
      goal: `≤ ${GOALS.timesBare}× bare, ≤ ${GOALS.timesFloor}× the durable floor`,
    },
    {
      path: `${label}: week-overview alone, p50 / p99`,
      measured: `${f2(s.alone.p50)} / ${f2(s.alone.p99)} ms`,
      baseline: `bare h3${s.aloneBare ? ' timed in turn with it' : ''} ${f2(quiet.p50)} / ${f2(quiet.p99)} ms (p99 ${times(s.alone.p99, quiet.p99)} bare)`,
      goal: `p99 ≤ ${GOALS.weekAlone}× bare`,
    },
    {
      path: `${label}: week-overview while 8 clients import, p50 / p99`,
      measured: `${f2(s.loaded.p50)} / ${f2(s.loaded.p99)} ms`,
      baseline: `bare h3 under its 8-client import load ${f2(bare.loaded.p50)} / ${f2(bare.loaded.p99)} ms (p99 ${times(s.loaded.p99, bare.loaded.p99)} bare)`,
      goal: `p99 ≤ ${GOALS.weekLoaded}× bare`,
    },
    ...(s.fleetRead === null
      ? []
      : [
          {
            path: `${label}: first fleet read after the 1-client / 8-client imports (computes the rows still marked)`,
            measured: `${f0(s.fleetRead.afterOne)} / ${f0(s.fleetRead.afterEight)} ms`,
            baseline: 'none: the work the imports before it no longer wait for',
            goal: 'none of its own (the fleet list with nothing marked: npm run bench:scale)',
          },
        ]),
    {
      path: `${label}: RSS peak over the whole run (per process)`,
      measured: `${f0(s.rssPeak)} MB`,
      baseline: `bare h3 ${f0(bare.rssPeak)} MB (${times(s.rssPeak, bare.rssPeak)})`,
      goal: `≤ ${GOALS.rssMb} MB`,
    },
  ];
}

export interface ImportPathOptions {
  print?: (line: string) => void;
  /** timed imports with one client (twice as many with eight; default BENCH_IMPORTS or 500) */
  imports?: number;
  /** imports of each server before anything is timed (default BENCH_WARMUP or 500) */
  warmUp?: number;
  /** requests of a quiet latency (default BENCH_REQUESTS or 300) */
  requests?: number;
  /** service processes of the PostgreSQL row (default BENCH_WORKERS or 2); 0 skips PostgreSQL */
  workers?: number;
}

/** How each service is measured: the counts, and the quiet bare handler its week GETs are timed in turn with. */
interface Plan {
  imports: number;
  requests: number;
  warmUp: number;
  bareWeekUrl: string | null;
}

async function measured(start: () => Promise<Listening>, plan: Plan, fleet = true): Promise<Figures> {
  const server = await start();
  try {
    return await measure(server, plan, fleet, plan.bareWeekUrl);
  } finally {
    await server.stop();
  }
}

/** The SQLite service, then (when PostgreSQL is at hand) one and N processes on PostgreSQL, each beside the bare handler. */
export async function benchImportPath(options: ImportPathOptions = {}): Promise<BenchRow[]> {
  const print = options.print ?? ((line: string) => console.log(line));
  const imports = options.imports ?? Number(process.env.BENCH_IMPORTS ?? 500);
  const warmUp = options.warmUp ?? Number(process.env.BENCH_WARMUP ?? 500);
  const requests = options.requests ?? Number(process.env.BENCH_REQUESTS ?? 300);
  const workers = options.workers ?? Number(process.env.BENCH_WORKERS ?? 2);
  const rows: BenchRow[] = [];
  const add = (list: BenchRow[]) => {
    for (const row of list) {
      rows.push(row);
      print(`  ${row.path}: ${row.measured} | baseline (same run): ${row.baseline} | goal ${row.goal}`);
    }
  };
  const bare = await measured(startBare, { imports, requests, warmUp, bareWeekUrl: null }, false);
  // a second bare handler, idle, answers in turn with each service's quiet week GETs (pairedLatency)
  const quiet = await startBare();
  const plan = { imports, requests, warmUp, bareWeekUrl: `${quiet.url}/api/drivercard/week-overview` };
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-import-path-'));
  try {
    const floor = await floorThroughputOf(join(dataDir, 'floor.sqlite'), plan);
    add(floorRowOf(floor, bare));
    const sqlite = await measured(() => startService({ DRIVERCARD_DATA_DIR: dataDir }), plan);
    add(rowsOf('SQLite, 1 process', sqlite, bare, floor));
    if (workers > 0) await benchPostgres(workers, plan, bare, floor, add, print);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await quiet.stop();
  }
  return rows;
}

/** The durable floor's files/s (durable-floor.bench.ts) beside the bare handler's and the goals. */
export async function floorRow(dbPath: string, plan: Plan, bare: Figures): Promise<BenchRow[]> {
  return floorRowOf(await floorThroughputOf(dbPath, plan), bare);
}

/** The durable floor's files/s with 1 and 8 clients (durable-floor.bench.ts), on its own database file. */
async function floorThroughputOf(dbPath: string, plan: Plan): Promise<Throughput> {
  const floor = await startScript(DURABLE_FLOOR_SOURCE, [dbPath]);
  try {
    return await floorThroughput(floor, files, plan);
  } finally {
    await floor.stop();
  }
}

function floorRowOf({ one, eight }: Throughput, bare: Figures): BenchRow[] {
  return [
    {
      path: 'durable floor (bare h3 + SHA-256 + decode + one fsync-ed INSERT of the file): import, 1 / 8 clients',
      measured: `${f0(one)} / ${f0(eight)} files/s`,
      baseline: `bare h3 ${f0(bare.one)} / ${f0(bare.eight)} files/s (bare ÷ floor ${(bare.one / one).toFixed(2)}× / ${(bare.eight / eight).toFixed(2)}×)`,
      goal: `none of its own: the least a durable import costs (the service's import: ≤ ${GOALS.timesFloor}× it)`,
    },
  ];
}

async function benchPostgres(
  workers: number,
  plan: Plan,
  bare: Figures,
  floor: Throughput,
  add: (rows: BenchRow[]) => void,
  print: (line: string) => void,
): Promise<void> {
  // a throwaway cluster with PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes on;
  // wal_sync_method fdatasync, commit_delay 0): an import's COMMIT costs its WAL flush as in production
  const pg = await startPostgres({ durable: true });
  if (!pg.available) {
    print(`  PostgreSQL rows skipped: ${pg.missing}`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-import-pg-'));
  try {
    const env = () => ({ DRIVERCARD_DATA_DIR: dataDir, DRIVERCARD_DATABASE_URL: pg.server.freshDatabaseUrl() });
    add(rowsOf('PostgreSQL, 1 process', await measured(() => startService(env()), plan), bare, floor));
    add(
      rowsOf(
        `PostgreSQL, ${workers} processes (serve --workers ${workers})`,
        await measured(() => startService(env(), workers), plan),
        bare,
        floor,
      ),
    );
  } finally {
    await pg.server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
