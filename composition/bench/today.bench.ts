/**
 * The today view's cost next to the fleet page, in process (store → use case), on SQLite, for 100 and 1,000 cards
 * (each one decoded 28-day download, its fleet row computed as at import time):
 * - GET /today's counts drawing every card's findings and paging through every import per request (the cost before
 *   open_findings_card);
 * - the first request with kept ids (draws every card's findings once and keeps their ids), then p50 of the
 *   following ones (one statement reads every card's kept OPEN count, one the imports needing attention);
 * - the fleet list's first page (100 cards), the same run.
 * Loops are bounded by counts; `npm run bench` prints it, `tsx composition/bench/today.bench.ts` alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { decodeCardFile } from '../../core/use-cases/decode-card-file.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import { OverviewQueries } from '../../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../../core/use-cases/refresh-fleet-card.js';
import { fleetUseCases } from '../../core/use-cases/fleet-overview.js';
import { FindingsOfPeriodQuery } from '../../core/use-cases/findings-of-period.js';
import { TodayView } from '../../core/use-cases/today.js';
import type { ImportRow } from '../../core/domain/rows.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import type { Database } from '../../adapters/storage/database/database.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../../adapters/storage/fleet/fleet-store.js';
import { SqlOfficeRecords } from '../../adapters/storage/office-records/office-records-store.js';
import { SqlOpenFindings } from '../../adapters/storage/open-findings/open-findings-store.js';
import { SqlImportAttention } from '../../adapters/storage/attention/import-attention.js';
import { percentile } from './service.bench.js';

export interface TodayBenchOptions {
  print?: (line: string) => void;
  sizes?: readonly number[];
  requests?: number;
}

const LAST_DAY = '2026-12-27';
const PAGE = 100;

async function seed(store: ImportStore, db: Database, cards: number): Promise<void> {
  const hasher = new NodeCryptoHasher();
  const bytes = twentyEightDayCard(7000, cardNumberOf(0), LAST_DAY);
  const card = await decodeCardFile(bytes);
  const days = dayRecordsOf(card, hasher);
  const records = new SqlOfficeRecords(db);
  const refresh = new RefreshFleetCard({
    store,
    fleet: new SqlFleetStore(db),
    overviews: new OverviewQueries(store, records),
    openFindings: new SqlOpenFindings(db),
  });
  for (let c = 0; c < cards; c++) {
    const cardNumber = cardNumberOf(c);
    const row: ImportRow = {
      ...card.metadata,
      card: { ...card.metadata.card, card_number: cardNumber },
      import_id: `imp_today${String(c).padStart(6, '0')}`,
      archive_id: `today-${cardNumber}`,
      file_name: `${cardNumber}.ddd`,
      content_sha256: hasher.sha256Hex(new TextEncoder().encode(`today/${cardNumber}`)),
      size_bytes: bytes.byteLength,
      imported_at: Date.parse('2026-12-28T00:00:00Z') / 1000,
      status: 'OK',
    };
    const outcome = await store.saveImport({ import: row, content: bytes, card, days });
    if (outcome.outcome !== 'created') throw new Error(`seeding: ${outcome.outcome}`);
    await refresh.refresh(cardNumber);
  }
}

async function p50(requests: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function benchSize(cards: number, requests: number, print: (line: string) => void): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-today-'));
  const store = await createSqlStore({ dataDir, synchronous: 'NORMAL' });
  try {
    await seed(store, store.db, cards);
    const fleet = new SqlFleetStore(store.db);
    const clock = { now: () => new Date('2027-01-05T12:00:00Z') };
    const records = new SqlOfficeRecords(store.db);
    const findings = new FindingsOfPeriodQuery(new OverviewQueries(store, records), records);
    const perRequest = new TodayView({ fleet, store, clock, findings });
    const kept = new TodayView({
      fleet,
      store,
      clock,
      findings,
      openFindings: new SqlOpenFindings(store.db),
      attention: new SqlImportAttention(store.db),
    });
    const list = fleetUseCases(fleet, clock);
    const page = () =>
      list.list({
        filter: { q: null, overdue: null, expiring_within_days: null },
        sort: 'due',
        order: 'asc',
        page: { limit: PAGE, offset: 0 },
      });
    await page();
    const fleetMs = await p50(requests, page);
    const drawnMs = await p50(Math.max(1, Math.ceil(requests / 10)), () => perRequest.counts());
    const firstMs = await p50(1, () => kept.counts());
    const keptMs = await p50(requests, () => kept.counts());
    const same = JSON.stringify(await perRequest.counts()) === JSON.stringify(await kept.counts());
    const per = (ms: number) => `${ms.toFixed(1)} ms (${((ms * 1000) / cards).toFixed(1)} µs a card)`;
    print(
      `today, ${cards} cards: findings drawn per request ${per(drawnMs)}; kept ids: first request ${per(firstMs)}, ` +
        `then p50 ${per(keptMs)}; fleet page of ${PAGE} p50 ${fleetMs.toFixed(2)} ms; ` +
        `kept / fleet page ${(keptMs / fleetMs).toFixed(1)}×, drawn / kept ${(drawnMs / keptMs).toFixed(0)}×; same counts: ${same}`,
    );
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchToday(options: TodayBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  for (const cards of options.sizes ?? [100, 1000]) await benchSize(cards, options.requests ?? 20, print);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchToday();
