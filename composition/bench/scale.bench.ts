/**
 * A fleet ten times larger: the same queries of one card, and the fleet list, on a database holding CARDS × 12
 * imports and then, after 9 × CARDS more cards are stored into the same database, on 10 × as many (default 1,000
 * → 10,000 cards: 12,000 → 120,000 imports), on SQLite and on PostgreSQL (a throwaway cluster, or
 * BENCH_POSTGRES_URL; skipped with a line when neither exists). Each answer's p50 / p99 at the larger set is
 * printed as a ratio of the smaller set's in the same run; goal: no answer grows more than 1.5×. The card queried
 * is the same one in both sets, so only the stored set changes. Data are seeded in bulk (seed.ts: 28-day downloads
 * overlapping by 7 days, 24 changes a day); the fleet rows of seeded cards are built by the service's first fleet
 * query (cardsToRefresh), outside the timing; on PostgreSQL each seed is followed by VACUUM ANALYZE (see seedMore).
 * Loops are bounded by counts. Smaller sets for quick iterations:
 * `--cards=N` or BENCH_SCALE_CARDS (cards of the smaller set).
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { seedCardNumber, seedStore } from './seed.js';
import { startPostgres } from '../../conformance/postgres-server.js';
import { startServer } from '../server.js';
import { latency } from './service.bench.js';

export interface ScaleBenchOptions {
  print?: (line: string) => void;
  /** cards of the smaller set (× 12 imports); the larger set has 10 × as many */
  cards?: number;
  requests?: number;
}

const GOAL = 1.5;
/**
 * A query of fewer than 3 characters holds no trigram: answered by reading every fleet row (fleet-search.ts), so it
 * grows with the fleet by decision; printed without a goal (`zq` matches no seeded card: the whole scan).
 */
const SHORT_SEARCH = 'fleet list (search 2 characters, no match)';
type Timing = { p50: number; p99: number };

/** The card queried, its week and month: inside the seeded history (2024-01-01 + 12 downloads of 21 new days). */
function queries(cards: number): Array<[string, string]> {
  const card = seedCardNumber(Math.floor(cards / 2));
  const basis = `card_number=${card}`;
  return [
    ['week-overview (one ISO week)', `/api/drivercard/week-overview?${basis}&week=2024-W20`],
    ['activities (one month)', `/api/drivercard/activities?${basis}&date_from=2024-05-01&date_to=2024-05-31`],
    ['EU 561 pre-check (4 weeks)', `/api/drivercard/eu561/violations?${basis}&date_from=2024-05-06&date_to=2024-06-02`],
    ['fleet list (first page, default order)', '/api/drivercard/drivers?limit=100'],
    ['fleet list (search one driver)', `/api/drivercard/drivers?q=${card}`],
    [SHORT_SEARCH, '/api/drivercard/drivers?q=zq'],
    ['fleet summary', '/api/drivercard/drivers/summary'],
  ];
}

async function measure(
  databaseUrl: string,
  dataDir: string,
  cards: number,
  requests: number,
): Promise<Map<string, Timing>> {
  const server = await startServer({ port: 0, dataDir, databaseUrl }, { env: {} });
  try {
    await (await fetch(`${server.url}/api/drivercard/drivers?limit=1`)).arrayBuffer(); // builds the fleet rows
    // every query once untimed as often as timed: the first set is measured in a process (server and client) whose
    // code is not yet optimised, which made the larger set look faster than the smaller one
    for (const [, path] of queries(cards)) await latency(`${server.url}${path}`, requests);
    const out = new Map<string, Timing>();
    for (const [name, path] of queries(cards)) out.set(name, await latency(`${server.url}${path}`, requests));
    return out;
  } finally {
    await server.close();
  }
}

async function seedMore(databaseUrl: string, dataDir: string, cards: number, firstCard: number): Promise<number> {
  const store = await createSqlStore({ databaseUrl, dataDir, synchronous: 'NORMAL' });
  try {
    const { imports } = await seedStore(store.db, store.dayReader, { cards, firstCard, batchSize: 500 });
    // PostgreSQL: the upkeep a fleet grown over the years has had from the autovacuum daemon, done before the
    // timings; after a bulk seed the daemon would do it during them (VACUUM ANALYZE of activity_day for 40 s and
    // more after 108,000 imports, on one of the two cores), and the first answers timed paid for it
    if (store.dialect.name === 'postgres') await store.query('VACUUM ANALYZE');
    return imports;
  } finally {
    await store.close();
  }
}

async function benchOne(
  label: string,
  databaseUrl: string,
  dataDir: string,
  cards: number,
  requests: number,
  print: (line: string) => void,
) {
  const t0 = performance.now();
  const small = await seedMore(databaseUrl, dataDir, cards, 0);
  print(`${label}: ${small} imports stored in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const before = await measure(databaseUrl, dataDir, cards, requests);
  const t1 = performance.now();
  const large = small + (await seedMore(databaseUrl, dataDir, cards * 9, cards));
  print(`${label}: ${large} imports stored (+${((performance.now() - t1) / 1000).toFixed(0)} s)`);
  const after = await measure(databaseUrl, dataDir, cards, requests);
  for (const [name, b] of before) {
    const a = after.get(name)!;
    const ratio = a.p50 / b.p50;
    const goal =
      name === SHORT_SEARCH
        ? 'no goal: a scan by decision'
        : `goal p50 ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'MISSED'}`;
    print(
      `  ${name}: ${small} → ${large} imports: p50 ${b.p50.toFixed(2)} → ${a.p50.toFixed(2)} ms (× ${ratio.toFixed(2)}), ` +
        `p99 ${b.p99.toFixed(2)} → ${a.p99.toFixed(2)} ms (× ${(a.p99 / b.p99).toFixed(2)}); ${goal}`,
    );
  }
}

/** `--name=value` of the command line (`npm run bench:scale -- --cards=100` for a quick run: 1,200 → 12,000). */
function argument(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

export async function benchScale(options: ScaleBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const cards = options.cards ?? Number(argument('--cards') ?? process.env.BENCH_SCALE_CARDS ?? 1000);
  const requests = options.requests ?? Number(process.env.BENCH_REQUESTS ?? 200);
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-scale-'));
  try {
    await benchOne('SQLite', join(dataDir, 'scale.sqlite'), dataDir, cards, requests, print);
    const postgres = await startPostgres();
    if (!postgres.available) {
      print(`PostgreSQL: not measured (${postgres.missing})`);
      return;
    }
    try {
      await benchOne('PostgreSQL', postgres.server.freshDatabaseUrl(), dataDir, cards, requests, print);
    } finally {
      await postgres.server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  benchScale().catch((error: unknown) => {
    console.error(`benchScale failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
