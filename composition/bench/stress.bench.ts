/**
 * Stress benchmark: CLIENTS parallel clients mixing imports and queries against the real service
 * (SQLite in a temp folder, loopback socket) for a fixed time; prints throughput, p99 per endpoint and the
 * peak RSS of this process, next to the same load on a bare h3 handler in the same run (which reads the
 * bodies and answers small JSON). Every answer must be 200 (or 503 service_busy, counted); anything else
 * is counted as an error and printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H3, toNodeHandler } from 'h3';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { Prng } from '../../fixtures/encoder/prng.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { startServer } from '../server.js';
import { percentile } from './service.bench.js';

export interface StressOptions {
  print?: (line: string) => void;
  /** parallel clients (default 8) */
  clients?: number;
  /** load time per target in ms (default 5000) */
  durationMs?: number;
}

interface Tally {
  times: Map<string, number[]>;
  statuses: Map<number, number>;
  peakRssMb: number;
  seconds: number;
}

const LAST_DAY = '2026-06-28';
/** share of requests that are imports */
const IMPORT_SHARE = 0.2;

// the stress imports are unsigned test files, quarantined since verification exists: the pre-check is asked to include them
function queryPaths(card: string): Array<[string, string]> {
  return [
    ['activities', `/api/drivercard/activities?card_number=${card}&date_from=2026-06-01&date_to=2026-06-28`],
    ['week-overview', `/api/drivercard/week-overview?card_number=${card}&week=2026-W25`],
    ['time-summary', `/api/drivercard/time-summary?card_number=${card}`],
    ['eu561', `/api/drivercard/eu561/violations?card_number=${card}`],
  ];
}

async function load(baseUrl: string, clients: number, durationMs: number, bodies: () => string): Promise<Tally> {
  const tally: Tally = { times: new Map(), statuses: new Map(), peakRssMb: 0, seconds: 0 };
  const sample = () => (tally.peakRssMb = Math.max(tally.peakRssMb, process.memoryUsage().rss / 1048576));
  const timer = setInterval(sample, 25);
  const started = performance.now();
  const end = started + durationMs;
  const card = cardNumberOf(900_000);
  const client = async (seed: number) => {
    const rng = new Prng(seed);
    while (performance.now() < end) {
      const isImport = rng.bool(IMPORT_SHARE);
      const [name, path] = isImport ? ['parse', '/api/drivercard/parse'] : rng.pick(queryPaths(card));
      const t0 = performance.now();
      const response = await fetch(
        baseUrl + path,
        isImport ? { method: 'POST', body: bodies(), headers: { 'content-type': 'application/json' } } : undefined,
      );
      await response.arrayBuffer();
      const list = tally.times.get(name) ?? [];
      list.push(performance.now() - t0);
      tally.times.set(name, list);
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(1000 + i)));
  clearInterval(timer);
  sample();
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

function bareServer(): Promise<{ url: string; server: Server }> {
  const app = new H3();
  app.get('/**', () => ({ items: [], total: 0 }));
  app.post('/**', async (event) => {
    const body = await event.req.arrayBuffer();
    return { bytes: body.byteLength };
  });
  const server = createServer(toNodeHandler(app));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, server });
    }),
  );
}

function report(print: (line: string) => void, label: string, tally: Tally): void {
  const total = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
  const statuses = [...tally.statuses]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  print(
    `   ${label}: ${(total / tally.seconds).toFixed(0)} req/s over ${tally.seconds.toFixed(1)} s (${statuses}); peak RSS ${tally.peakRssMb.toFixed(0)} MiB`,
  );
  for (const [name, times] of [...tally.times].sort()) {
    times.sort((a, b) => a - b);
    print(
      `     ${name.padEnd(14)} n=${String(times.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
}

export async function benchStress(options: StressOptions = {}): Promise<{ service: Tally; bare: Tally }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const clients = options.clients ?? 8;
  const durationMs = options.durationMs ?? 5000;
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-stress-'));
  // one card of history (so queries have data), then every import is a new download of another card
  let n = 0;
  const body = () => {
    n++;
    const file = signDdd(twentyEightDayCard(70_000 + n, cardNumberOf(910_000 + n), LAST_DAY));
    return JSON.stringify({ file_name: `stress-${n}.ddd`, content_base64: Buffer.from(file).toString('base64') });
  };
  // files signed by the test PKI and verified against its roots: genuine imports, not quarantined ones
  const trustDir = join(dataDir, 'trust');
  mkdirSync(trustDir);
  for (const f of testTrustFiles()) writeFileSync(join(trustDir, f.name), f.bytes);
  const server = await startServer({ port: 0, dataDir, host: '127.0.0.1', trustDir }, { env: {} });
  let service: Tally;
  try {
    const seed = signDdd(twentyEightDayCard(69_999, cardNumberOf(900_000), LAST_DAY));
    const seeded = await fetch(`${server.url}/api/drivercard/parse`, {
      method: 'POST',
      body: JSON.stringify({ file_name: 'seed.ddd', content_base64: Buffer.from(seed).toString('base64') }),
      headers: { 'content-type': 'application/json' },
    });
    if (seeded.status !== 200) throw new Error(`seeding answered ${seeded.status}`);
    service = await load(server.url, clients, durationMs, body);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bare = await bareServer();
  let baseline: Tally;
  try {
    baseline = await load(bare.url, clients, durationMs, body);
  } finally {
    await new Promise((resolve) => bare.server.close(resolve));
  }
  print(
    `   ${clients} clients, ${durationMs / 1000} s each, ${IMPORT_SHARE * 100} % imports (28-day cards), the rest card queries`,
  );
  report(print, 'service (SQLite)', service);
  report(print, 'bare h3 handler ', baseline);
  const rate = (t: Tally) => [...t.statuses.values()].reduce((a, b) => a + b, 0) / t.seconds;
  print(`   throughput ratio service / bare: ${(rate(service) / rate(baseline)).toFixed(3)}`);
  return { service, bare: baseline };
}
