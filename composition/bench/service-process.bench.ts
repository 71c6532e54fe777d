/**
 * The bench's HTTP clients (imports from parallel clients, timed GETs while they run) and the service measured
 * alone: `drivercard serve` as a child process, its memory and its answers while clients import.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { LAST_DAY, addDays, latency, timedGets } from './service.bench.js';
import { SERVE_NODE_FLAGS } from '../commands/serve.js';

/** One row of a bench table: what was measured, next to its same-run baseline and the goal. */
export interface BenchRow {
  path: string;
  measured: string;
  baseline: string;
  goal: string;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** POSTs every body with `clients` parallel clients; files per second. */
export async function postAll(url: string, bodies: readonly string[], clients: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const response = await fetch(`${url}/api/drivercard/parse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const result = (await response.json()) as { reused?: boolean };
      if (response.status !== 200 || result.reused !== false) throw new Error(`import answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return bodies.length / ((performance.now() - started) / 1000);
}

export function bodyOf(bytes: Uint8Array, name: string): string {
  return JSON.stringify({ file_name: name, content_base64: Buffer.from(bytes).toString('base64') });
}

/** Latencies of GETs to `url` while `running()` (at least 5 requests). */
export function latencyWhile(
  url: string,
  running: () => boolean,
): Promise<{ p50: number; p99: number; count: number }> {
  return timedGets(url, (done) => running() || done < 5);
}

/** Peak (VmHWM) and current (VmRSS) resident set of a process in MB, from /proc (Linux). */
function rssOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/**
 * The service's own memory: `drivercard serve` as a child process on the bench's database (cards × downloads
 * stored), imports from 8 clients and queries of every kind, then its peak resident set (VmHWM, the kernel's
 * high-water mark) next to its resident set when it had just started.
 */
export async function benchServiceRss(
  dataDir: string,
  card: string,
  count: number,
  add: (row: BenchRow) => void,
): Promise<void> {
  if (!existsSync('/proc/self/status')) {
    add({
      path: 'service RSS peak (child process)',
      measured: 'skipped: no /proc',
      baseline: '-',
      goal: '≤ 150 MB peak',
    });
    return;
  }
  const child = startServe(dataDir);
  try {
    const url = await listeningUrl(child);
    const started = rssOf(child.pid!);
    const files = Array.from({ length: count }, (_, i) =>
      bodyOf(twentyEightDayCard(960_000 + i, cardNumberOf(960_000 + i), LAST_DAY), `rss-${i}.ddd`),
    );
    const weekEnd = addDays(LAST_DAY, -14);
    const weekUrl = `${url}/api/drivercard/week-overview?card_number=${card}&date_from=${weekEnd}&date_to=${weekEnd}`;
    const quiet = await latency(weekUrl, Math.max(20, count));
    // the service alone in its process (the clients are here): a query while 8 clients import
    const importing = postAll(url, files, 8);
    let done = false;
    void importing.finally(() => (done = true)).catch(() => undefined);
    const busy = await latencyWhile(weekUrl, () => !done);
    const rate = await importing;
    add({
      path: 'service process: week-overview while 8 clients import, p50 / p99',
      measured: `${busy.p50.toFixed(2)} / ${busy.p99.toFixed(2)} ms (${busy.count} queries, imports at ${rate.toFixed(0)} files/s)`,
      baseline: `the same query alone p50 ${quiet.p50.toFixed(2)} / p99 ${quiet.p99.toFixed(2)} ms`,
      goal: 'none here: p99 within 2× the bare handler under the same load is npm run bench:import’s',
    });
    for (let i = 0; i < count; i++) {
      await (
        await fetch(`${url}/api/drivercard/week-overview?card_number=${card}&date_from=${weekEnd}&date_to=${weekEnd}`)
      ).arrayBuffer();
      await (
        await fetch(
          `${url}/api/drivercard/activities?card_number=${card}&date_from=${addDays(LAST_DAY, -30)}&date_to=${LAST_DAY}`,
        )
      ).arrayBuffer();
      await (await fetch(`${url}/api/drivercard/eu561/violations?card_number=${card}`)).arrayBuffer();
      await (await fetch(`${url}/api/drivercard/drivers?limit=1000`)).arrayBuffer();
    }
    const rss = rssOf(child.pid!);
    add({
      path: `service RSS peak (child process: ${count} imports from 8 clients, ${count * 4} queries)`,
      measured: `${rss.peak.toFixed(0)} MB (now ${rss.now.toFixed(0)} MB)`,
      baseline: `just started ${started.now.toFixed(0)} MB`,
      goal: '≤ 150 MB peak',
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
  }
}

/** `drivercard serve` as a child on the database of `dataDir`: the built CLI, or its sources under tsx (tests). */
function startServe(dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DRIVERCARD_DATA_DIR: dataDir,
    DRIVERCARD_HOST: '127.0.0.1',
    DRIVERCARD_PORT: '0',
  };
  // a bench child records no coverage: under tap (the bench test) its process tracking re-injects itself into
  // children, and a child running the sources through tsx would report coverage under another line mapping,
  // which the merged report shows as half-untested files (as conformance/child-env.ts explains)
  delete env.NODE_V8_COVERAGE;
  env._TAPJS_PROCESSINFO_COV_EXCLUDE_ = '/./';
  // the built CLI under `npm run bench`; its TypeScript source when the bench runs from the sources (tests)
  const built = resolve(HERE, '../cli.js');
  // with the heap limits `drivercard serve` runs with (the bin's shebang, npm start): started without them, the
  // child's V8 defaults (16 MB semi-spaces, 4 background threads) measured ~100 MB more resident set than the
  // service has; BENCH_SERVICE_NODE_FLAGS: others, to compare (as ./import-path.bench.ts)
  const flags = process.env.BENCH_SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? [...SERVE_NODE_FLAGS];
  const args = existsSync(built)
    ? [...flags, built, 'serve']
    : [...flags, '--import', 'tsx', resolve(HERE, '../cli.ts'), 'serve'];
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The URL the child says it listens on; fails when it exits first. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((ok, fail) => {
    let output = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (m) ok(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', () => fail(new Error(`the service exited before listening: ${output.slice(-500)}`)));
  });
}
