/**
 * Fleet overview benchmark, over a real loopback socket:
 * - CARDS cards (default 1000), each with one decoded 28-day download stored through the store port, and its
 *   fleet summary computed by the same use case an import runs (RefreshFleetCard): the import-time cost;
 * - the same list's work in process (store → use case → the route's JSON writer, no socket): what the
 *   service spends per answer apart from sending ~0.55 MB over HTTP;
 * - p50 / p99 of GET /api/drivercard/drivers answering all CARDS cards (limit=CARDS), of the default first
 *   page, of a filtered and a re-sorted list and of /drivers/summary, next to a bare h3 handler of the same run.
 * Goal: 1,000 cards answer with p50 ≤ 20 ms. Loops are bounded by counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { decodeCardFile } from '../../core/use-cases/decode-card-file.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import { OverviewQueries } from '../../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../../core/use-cases/refresh-fleet-card.js';
import { fleetUseCases, type FleetListRequest } from '../../core/use-cases/fleet-overview.js';
import { FleetListWriter } from '../../adapters/http/fleet/fleet.mapper.js';
import type { ImportRow } from '../../core/domain/rows.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../../adapters/storage/fleet/fleet-store.js';
import { startServer } from '../server.js';
import { bareH3Latency, latency, percentile } from './service.bench.js';

export interface FleetBenchOptions {
  print?: (line: string) => void;
  cards?: number;
  requests?: number;
}

const LAST_DAY = '2026-12-27';

const ALL_CARDS = (cards: number): FleetListRequest => ({
  filter: { q: null, overdue: null, expiring_within_days: null },
  sort: 'due',
  order: 'asc',
  page: { limit: cards, offset: 0 },
});

/** Stores one download per card and refreshes each card's fleet summary; returns seconds (store, refresh). */
async function seedFleet(dataDir: string, cards: number): Promise<{ store: number; refresh: number }> {
  const hasher = new NodeCryptoHasher();
  const bytes = twentyEightDayCard(7000, cardNumberOf(0), LAST_DAY);
  const card = await decodeCardFile(bytes);
  const days = dayRecordsOf(card, hasher);
  const store = await createSqlStore({ dataDir, synchronous: 'NORMAL' });
  try {
    const t0 = performance.now();
    for (let c = 0; c < cards; c++) {
      const cardNumber = cardNumberOf(c);
      const row: ImportRow = {
        ...card.metadata,
        card: {
          ...card.metadata.card,
          card_number: cardNumber,
          expiry_date: `2027-${String(1 + (c % 12)).padStart(2, '0')}-15`,
        },
        driver: { ...card.metadata.driver, surname: `Driver ${String(c).padStart(4, '0')}` },
        import_id: `imp_fleet${String(c).padStart(6, '0')}`,
        archive_id: `fleet-${cardNumber}`,
        file_name: `${cardNumber}.ddd`,
        content_sha256: hasher.sha256Hex(new TextEncoder().encode(`fleet/${cardNumber}`)),
        size_bytes: bytes.byteLength,
        imported_at: Date.parse('2026-12-28T00:00:00Z') / 1000,
        status: 'OK',
      };
      const outcome = await store.saveImport({ import: row, content: bytes, card, days });
      if (outcome.outcome !== 'created') throw new Error(`seeding: ${outcome.outcome}`);
    }
    const t1 = performance.now();
    const fleet = new SqlFleetStore(store.db);
    const refresh = new RefreshFleetCard({ store, fleet, overviews: new OverviewQueries(store) });
    for (let c = 0; c < cards; c++)
      await refresh.refresh(
        cardNumberOf(c),
        Date.parse(`2026-12-${String(1 + (c % 27)).padStart(2, '0')}T12:00:00Z`) / 1000,
      );
    return { store: (t1 - t0) / 1000, refresh: (performance.now() - t1) / 1000 };
  } finally {
    await store.close();
  }
}

/** The list of every card in process, on the database as the service opens it: p50 / p99 in ms and the JSON length. */
async function listInProcess(
  dataDir: string,
  cards: number,
  requests: number,
): Promise<{ p50: number; p99: number; bytes: number }> {
  const store = await createSqlStore({ dataDir });
  try {
    const list = fleetUseCases(new SqlFleetStore(store.db), { now: () => new Date() });
    const writer = new FleetListWriter();
    const answer = async () => writer.listText(await list.list(ALL_CARDS(cards)));
    for (let i = 0; i < Math.min(20, requests); i++) await answer();
    const times: number[] = [];
    let jsonLength = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      jsonLength = (await answer()).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), bytes: jsonLength };
  } finally {
    await store.close();
  }
}

export async function benchFleet(options: FleetBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const cards = options.cards ?? Number(process.env.BENCH_FLEET_CARDS ?? 1000);
  const requests = options.requests ?? 300;
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-fleet-'));
  try {
    const seeded = await seedFleet(dataDir, cards);
    const inProcess = await listInProcess(dataDir, cards, requests);
    print(
      `fleet seed: ${cards} cards (one 28-day download each) stored in ${seeded.store.toFixed(1)} s; ` +
        `fleet summaries computed as at import time in ${seeded.refresh.toFixed(1)} s (${((seeded.refresh * 1000) / cards).toFixed(1)} ms per card)`,
    );
    print(
      `fleet list of all ${cards} cards in process (store → use case → JSON writer, no socket): ` +
        `p50 ${inProcess.p50.toFixed(2)} ms, p99 ${inProcess.p99.toFixed(2)} ms (${(inProcess.bytes / 1e6).toFixed(2)} MB of JSON)`,
    );
    const server = await startServer({ port: 0, dataDir }, { env: {} });
    try {
      const bare = await bareH3Latency(requests);
      const fmt = (name: string, r: { p50: number; p99: number }) =>
        `${name}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (× bare h3: p50 ${(r.p50 / bare.p50).toFixed(1)}, p99 ${(r.p99 / bare.p99).toFixed(1)})`;
      print(`bare h3 handler (same run, baseline): p50 ${bare.p50.toFixed(3)} ms, p99 ${bare.p99.toFixed(3)} ms`);
      const api = `${server.url}/api/drivercard/drivers`;
      print(
        fmt(
          `fleet list, all ${cards} cards (limit=${cards}, sort=due)`,
          await latency(`${api}?limit=${cards}`, requests),
        ),
      );
      print(fmt('fleet list, first page of 500 (defaults)', await latency(api, requests)));
      print(
        fmt(
          'fleet list, q=driver 05 & sort=surname desc',
          await latency(`${api}?q=driver%2005&sort=surname&order=desc`, requests),
        ),
      );
      print(
        fmt(
          'fleet list, overdue=true & expiring_within_days=60',
          await latency(`${api}?overdue=true&expiring_within_days=60`, requests),
        ),
      );
      print(fmt('fleet summary counts', await latency(`${api}/summary`, requests)));
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
