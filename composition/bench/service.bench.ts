/**
 * Service benchmark, over a real loopback socket:
 * - import of a 28-day driver card end to end (POST /parse → decoded → stored), imports per second;
 * - p50 / p99 latency of `activities` for one card and of week-sized queries (activities of one week,
 *   week-overview) for one card among CARDS stored cards × DOWNLOADS downloads each;
 * - the same latencies of a bare h3 handler measured in the same run, as ratios.
 * The store is seeded through its port (saveImport) with decoded cards re-filed under other card numbers,
 * which is much faster than POSTing every download. Loops are bounded by counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H3, toNodeHandler } from 'h3';
import { cardNumberOf, DAYS_PER_DOWNLOAD, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { decodeCardFile } from '../../core/use-cases/decode-card-file.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import type { ImportRow, ParsedCard } from '../../core/domain/rows.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { startServer } from '../server.js';

export interface ServiceBenchOptions {
  print?: (line: string) => void;
  /** stored cards for the query latencies (default 1000) */
  cards?: number;
  /** downloads per card (default 12) */
  downloads?: number;
  /** imports timed end to end (default 30) */
  imports?: number;
  /** requests per latency measurement (default 300) */
  requests?: number;
}

export const LAST_DAY = '2026-12-27';

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50 / p99 (ms) of `count` sequential GETs of `url` after a short warm-up; every answer must be 200. */
export async function latency(url: string, count: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(20, count); i++) await (await fetch(url)).arrayBuffer();
  return timedGets(url, (done) => done < count);
}

/** Latencies of GETs to `url`, one after another, while `more(requests done)`; every answer must be 200. */
export async function timedGets(
  url: string,
  more: (done: number) => boolean,
): Promise<{ p50: number; p99: number; count: number }> {
  const times: number[] = [];
  while (more(times.length)) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length };
}

export async function bareH3Latency(count: number): Promise<{ p50: number; p99: number }> {
  const app = new H3();
  app.get('/bare', () => ({ items: [], total: 0, limit: 500, offset: 0, conflicts: [] }));
  const server = createServer(toNodeHandler(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  try {
    return await latency(`http://127.0.0.1:${address.port}/bare`, count);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function benchImports(count: number, print: (line: string) => void): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-import-'));
  const server = await startServer({ port: 0, dataDir }, { env: {} });
  try {
    const bodies = Array.from({ length: count }, (_, i) =>
      JSON.stringify({
        file_name: `card-${i}.ddd`,
        content_base64: Buffer.from(twentyEightDayCard(1000 + i, cardNumberOf(900000 + i), LAST_DAY)).toString(
          'base64',
        ),
      }),
    );
    const post = async (body: string) => {
      const response = await fetch(`${server.url}/api/drivercard/parse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const result = (await response.json()) as { reused?: boolean };
      if (response.status !== 200 || result.reused !== false) throw new Error(`import answered ${response.status}`);
    };
    await post(
      JSON.stringify({
        file_name: 'warm.ddd',
        content_base64: Buffer.from(twentyEightDayCard(999, cardNumberOf(899999), LAST_DAY)).toString('base64'),
      }),
    );
    const started = performance.now();
    for (const body of bodies) await post(body);
    const seconds = (performance.now() - started) / 1000;
    print(
      `service import (28-day gen1 card, POST → stored): ${(count / seconds).toFixed(1)} imports/s (${((seconds * 1000) / count).toFixed(1)} ms each, ${count} imports)`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seeds cards × downloads imports through the store port; returns the seeding time in seconds. */
export async function seed(
  dataDir: string,
  cards: number,
  downloads: number,
  print: (line: string) => void,
): Promise<number> {
  const hasher = new NodeCryptoHasher();
  const templates: Array<{ card: ParsedCard; bytes: Uint8Array; days: ReturnType<typeof dayRecordsOf> }> = [];
  for (let d = 0; d < downloads; d++) {
    const lastDate = addDays(LAST_DAY, -(downloads - 1 - d) * DAYS_PER_DOWNLOAD);
    const bytes = twentyEightDayCard(5000 + d, cardNumberOf(0), lastDate);
    const card = await decodeCardFile(bytes);
    templates.push({ card, bytes, days: dayRecordsOf(card, hasher) });
  }
  const store = await createSqlStore({ dataDir });
  const started = performance.now();
  try {
    let n = 0;
    for (let c = 0; c < cards; c++) {
      const cardNumber = cardNumberOf(c);
      for (const [d, template] of templates.entries()) {
        n++;
        const sha = hasher.sha256Hex(new TextEncoder().encode(`${cardNumber}/${d}`));
        const row: ImportRow = {
          ...template.card.metadata,
          card: { ...template.card.metadata.card, card_number: cardNumber },
          import_id: `imp_seed${String(n).padStart(8, '0')}`,
          archive_id: `seed-${cardNumber}-${d}`,
          file_name: `${cardNumber}-${d}.ddd`,
          content_sha256: sha,
          size_bytes: template.bytes.byteLength,
          imported_at: Date.UTC(2026, 11, 28) / 1000,
          status: 'OK',
        };
        const outcome = await store.saveImport({
          import: row,
          content: template.bytes,
          card: template.card,
          days: template.days,
        });
        if (outcome.outcome !== 'created') throw new Error(`seeding: ${outcome.outcome}`);
      }
      if ((c + 1) % 100 === 0 && c + 1 < cards) print(`  seeding: ${c + 1}/${cards} cards stored`);
    }
  } finally {
    await store.close();
  }
  return (performance.now() - started) / 1000;
}

export async function benchService(options: ServiceBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const cards = options.cards ?? Number(process.env.BENCH_CARDS ?? 1000);
  const downloads = options.downloads ?? Number(process.env.BENCH_DOWNLOADS ?? 12);
  const requests = options.requests ?? 300;
  await benchImports(options.imports ?? 30, print);

  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-query-'));
  try {
    const seconds = await seed(dataDir, cards, downloads, print);
    print(
      `service seed: ${cards} cards × ${downloads} downloads (${DAYS_PER_DOWNLOAD} days each) stored in ${seconds.toFixed(1)} s`,
    );
    const server = await startServer({ port: 0, dataDir }, { env: {} });
    try {
      const card = cardNumberOf(Math.floor(cards / 2));
      const weekEnd = addDays(LAST_DAY, -14);
      const weekStart = addDays(weekEnd, -6);
      const bare = await bareH3Latency(requests);
      const fmt = (name: string, r: { p50: number; p99: number }) =>
        `${name}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (× bare h3: p50 ${(r.p50 / bare.p50).toFixed(1)}, p99 ${(r.p99 / bare.p99).toFixed(1)})`;
      print(`bare h3 handler (same run, baseline): p50 ${bare.p50.toFixed(3)} ms, p99 ${bare.p99.toFixed(3)} ms`);
      print(
        fmt(
          'activities, one card, whole history (first page of 500)',
          await latency(`${server.url}/api/drivercard/activities?card_number=${card}`, requests),
        ),
      );
      print(
        fmt(
          'activities, one card, one week',
          await latency(
            `${server.url}/api/drivercard/activities?card_number=${card}&date_from=${weekStart}&date_to=${weekEnd}`,
            requests,
          ),
        ),
      );
      const isoWeek = (await (
        await fetch(
          `${server.url}/api/drivercard/week-overview?card_number=${card}&date_from=${weekEnd}&date_to=${weekEnd}`,
        )
      ).json()) as { items: Array<{ week: string }> };
      print(
        fmt(
          `week-overview, one card, ${isoWeek.items[0]?.week}`,
          await latency(
            `${server.url}/api/drivercard/week-overview?card_number=${card}&week=${isoWeek.items[0]?.week}`,
            requests,
          ),
        ),
      );
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
