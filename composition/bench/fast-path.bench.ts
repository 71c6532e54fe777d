/**
 * The fast-path table, every row next to its baseline measured in the same run:
 * - import of a 28-day gen1 card through HTTP (1 client, 8 clients) vs a plain prepared-statement insert loop
 *   of the same rows on the raw better-sqlite3 connection (one prepared INSERT per table reused across files,
 *   one transaction per file);
 * - import of a dense real card (../shared/samples/gen1-real-activity.ddd when present, else the densest
 *   fixture): decode + store per file and per interval, vs the same insert loop;
 * - week-overview p50 / p99 and activities of one month p50 vs a bare h3 handler;
 * - the EU 561 pre-check over one card-year through HTTP vs the rule engine alone on the same intervals: the same
 *   request repeated (answered from the pre-check's memo once computed), and each request another range (computed);
 * - the pre-check of the real 145-day card through HTTP (vs the rule engine alone);
 * - the RSS peak of this process (service and clients) over the whole run, and of the service alone (a child
 *   `drivercard serve` on the same database, VmHWM after imports and queries);
 * - the database size per 28-day import vs the file size.
 * The import rows are ./fast-path-import.bench.ts's, the pre-check rows ./fast-path-precheck.bench.ts's; this module
 * seeds the store, runs them in turn and prints every row.
 * Data are generated at run time: BENCH_CARDS (default 1000) × BENCH_DOWNLOADS (default 12) stored imports,
 * BENCH_IMPORTS timed imports (default 64), BENCH_REQUESTS requests per latency (default 300).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { createSqlStore, DEFAULT_DATABASE_FILE } from '../../adapters/storage/open-storage.js';
import { startServer } from '../server.js';
import { LAST_DAY, addDays, bareH3Latency, latency, seed } from './service.bench.js';
import { benchServiceRss, type BenchRow } from './service-process.bench.js';
import { benchDense, benchImport, denseCardFile } from './fast-path-import.bench.js';
import { benchRealPrecheck, benchYearPrecheck, ruleEngineMs } from './fast-path-precheck.bench.js';

export interface FastPathOptions {
  print?: (line: string) => void;
  cards?: number;
  downloads?: number;
  imports?: number;
  requests?: number;
  /** the dense card file (default ../shared/samples/gen1-real-activity.ddd, else the densest fixture) */
  denseFile?: string | null;
}

export interface FastPathResult {
  rows: BenchRow[];
  rssPeakMb: number;
}

function databaseBytes(dataDir: string): number {
  const file = join(dataDir, DEFAULT_DATABASE_FILE);
  let size = 0;
  for (const suffix of ['', '-wal', '-journal']) if (existsSync(file + suffix)) size += statSync(file + suffix).size;
  return size;
}

/** Seeded store: query latencies, pre-checks, database size. */
async function benchQueries(
  options: Required<Omit<FastPathOptions, 'print' | 'denseFile'>> & { denseFile: string | null },
  print: (line: string) => void,
  add: (row: BenchRow) => void,
): Promise<void> {
  const { cards, downloads, requests } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-fast-query-'));
  try {
    const seconds = await seed(dataDir, cards, downloads, print);
    print(`  seed: ${cards} cards × ${downloads} downloads stored in ${seconds.toFixed(1)} s`);
    const fileBytes = twentyEightDayCard(5000, cardNumberOf(0), LAST_DAY).byteLength;
    const perImport = databaseBytes(dataDir) / (cards * downloads);
    add({
      path: 'database size per 28-day import',
      measured: `${(perImport / 1024).toFixed(1)} KiB (${(perImport / fileBytes).toFixed(2)}× the file)`,
      baseline: `file ${(fileBytes / 1024).toFixed(1)} KiB`,
      goal: '≤ 1× the file',
    });
    const card = cardNumberOf(Math.floor(cards / 2));
    const engine = await (async () => {
      const store = await createSqlStore({ dataDir });
      try {
        return await ruleEngineMs(store, { kind: 'card_number', value: card }, 15);
      } finally {
        await store.close();
      }
    })();
    const server = await startServer({ port: 0, dataDir }, { env: {} });
    try {
      const bare = await bareH3Latency(requests);
      const weekEnd = addDays(LAST_DAY, -14);
      const week = (await (
        await fetch(
          `${server.url}/api/drivercard/week-overview?card_number=${card}&date_from=${weekEnd}&date_to=${weekEnd}`,
        )
      ).json()) as { items: Array<{ week: string }> };
      const wk = await latency(
        `${server.url}/api/drivercard/week-overview?card_number=${card}&week=${week.items[0]?.week}`,
        requests,
      );
      const bareText = `bare h3 p50 ${bare.p50.toFixed(2)} / p99 ${bare.p99.toFixed(2)} ms`;
      add({
        path: 'week-overview, one card, p50 / p99',
        measured: `${wk.p50.toFixed(2)} / ${wk.p99.toFixed(2)} ms`,
        baseline: `${bareText} (× bare p50 ${(wk.p50 / bare.p50).toFixed(1)})`,
        goal: '≤ 1 / ≤ 4 ms (≤ 3× bare at p50)',
      });
      const month = await latency(
        `${server.url}/api/drivercard/activities?card_number=${card}&date_from=${addDays(LAST_DAY, -30)}&date_to=${LAST_DAY}`,
        requests,
      );
      add({
        path: 'activities, one card, one month, p50',
        measured: `${month.p50.toFixed(2)} ms (p99 ${month.p99.toFixed(2)})`,
        baseline: `${bareText} (× bare p50 ${(month.p50 / bare.p50).toFixed(1)})`,
        goal: '≤ 1.5 ms',
      });
      const precheckRequests = Math.max(5, Math.floor(requests / 10));
      const year = { url: server.url, card, days: downloads * 28, requests: precheckRequests };
      await benchYearPrecheck(year, engine, { p50: bare.p50, text: bareText }, add);
      await benchRealPrecheck(server.url, dataDir, options.denseFile, precheckRequests, add, bare.p50);
    } finally {
      await server.close();
    }
    await benchServiceRss(dataDir, card, Math.max(8, Math.floor(requests / 3)), add);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchFastPath(options: FastPathOptions = {}): Promise<FastPathResult> {
  const print = options.print ?? ((line: string) => console.log(line));
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const settings = {
    cards: options.cards ?? env('BENCH_CARDS', 1000),
    downloads: options.downloads ?? env('BENCH_DOWNLOADS', 12),
    imports: options.imports ?? env('BENCH_IMPORTS', 64),
    requests: options.requests ?? env('BENCH_REQUESTS', 300),
    denseFile: options.denseFile === undefined ? denseCardFile() : options.denseFile,
  };
  const result: FastPathResult = { rows: [], rssPeakMb: 0 };
  const add = (row: FastPathResult['rows'][number]) => {
    result.rows.push(row);
    print(`  ${row.path}: ${row.measured} | baseline (same run): ${row.baseline} | goal ${row.goal}`);
  };
  const sample = () => (result.rssPeakMb = Math.max(result.rssPeakMb, process.memoryUsage().rss / 1048576));
  const timer = setInterval(sample, 25);
  try {
    print(
      `fast path: ${settings.cards} cards × ${settings.downloads} downloads, ${settings.imports} timed imports, ${settings.requests} requests per latency`,
    );
    await benchImport(settings.imports, add);
    await benchDense(settings.denseFile, Math.max(3, Math.min(10, settings.imports)), add);
    await benchQueries(settings, print, add);
  } finally {
    clearInterval(timer);
    sample();
  }
  add({
    path: 'RSS peak (this process: service and its bench clients)',
    measured: `${result.rssPeakMb.toFixed(0)} MB`,
    baseline: `at exit ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
    goal: '≤ 150 MB peak',
  });
  return result;
}
