/**
 * The import rows of the fast-path table (./fast-path.bench.ts), each next to its baseline measured in the same run:
 * - import of a 28-day gen1 card through HTTP (1 client, 8 clients) vs a plain prepared-statement insert loop
 *   of the same rows on the raw better-sqlite3 connection (one prepared INSERT per table reused across files,
 *   one transaction per file), and the week-overview while the 8 clients import vs the same query alone;
 * - import of a dense real card (../shared/samples/gen1-real-activity.ddd when present, else the densest
 *   fixture): decode + store per file and per interval, vs the same insert loop.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { decodeCardFile } from '../../core/use-cases/decode-card-file.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import type { ImportRow, ParsedCard } from '../../core/domain/rows.js';
import type { DayRecord } from '../../core/ports/import-store.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import type { SqlImportStore } from '../../adapters/storage/imports/import-store.js';
import type { BetterSqliteStatement, SqliteRunner } from '../../adapters/storage/database/sql-runner.js';
import {
  ACTIVITY_DAY_COLUMNS,
  DAY_COLUMNS,
  EVENT_FAULT_COLUMNS,
  IMPORT_COLUMNS,
  POSITION_COLUMNS,
  VEHICLE_COLUMNS,
  activityDayValues,
  dayValues,
  eventFaultValues,
  importValues,
  positionValues,
  vehicleValues,
} from '../../adapters/storage/imports/row-mappers.js';
import type { SqlValue } from '../../adapters/storage/database/dialect.js';
import { startServer } from '../server.js';
import { LAST_DAY, addDays, latency, percentile } from './service.bench.js';
import { bodyOf, latencyWhile, postAll, type BenchRow } from './service-process.bench.js';

interface Template {
  bytes: Uint8Array;
  card: ParsedCard;
  days: DayRecord[];
}

const HERE = dirname(fileURLToPath(import.meta.url));
const hasher = new NodeCryptoHasher();

function median(xs: readonly number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/** The densest DDD file at hand: the real 145-day card when the shared samples exist, else the largest fixture. */
export function denseCardFile(): string | null {
  // DRIVERCARD_SAMPLES_DIR (as the recorded answers read it) first: a worktree's relative path misses the samples
  const samples = process.env.DRIVERCARD_SAMPLES_DIR;
  if (samples && existsSync(join(samples, 'gen1-real-activity.ddd'))) return join(samples, 'gen1-real-activity.ddd');
  for (const up of ['../../../shared/samples', '../../../../shared/samples']) {
    const file = resolve(HERE, up, 'gen1-real-activity.ddd');
    if (existsSync(file)) return file;
  }
  for (const up of ['../../fixtures/ddd', '../../../fixtures/ddd']) {
    const dir = resolve(HERE, up);
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ddd'))
      .map((f) => join(dir, f));
    files.sort((a, b) => statSync(b).size - statSync(a).size);
    if (files[0]) return files[0];
  }
  return null;
}

function importRowOf(template: Template, n: number, cardNumber: string): ImportRow {
  return {
    ...template.card.metadata,
    card: { ...template.card.metadata.card, card_number: cardNumber },
    import_id: `imp_fast${String(n).padStart(8, '0')}`,
    archive_id: `fast-${n}`,
    file_name: `fast-${n}.ddd`,
    content_sha256: hasher.sha256Hex(new TextEncoder().encode(`fast/${n}/${cardNumber}`)),
    size_bytes: template.bytes.byteLength,
    imported_at: Date.UTC(2026, 11, 28) / 1000,
    status: 'OK',
  };
}

/**
 * The baseline of an import: the same rows written by one prepared INSERT per table (prepared once, reused for
 * every file) on the raw better-sqlite3 connection, one transaction per file. Returns ms per file.
 */
export async function insertLoopMs(templates: readonly Template[], files: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-loop-'));
  const store = (await createSqlStore({ dataDir })) as SqlImportStore;
  const db = (store.runner as SqliteRunner).connection;
  const prepare = (table: string, columns: readonly string[]) =>
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const statements = {
    imports: db.prepare(
      `INSERT INTO imports (${IMPORT_COLUMNS.join(', ')}) VALUES (${IMPORT_COLUMNS.map(() => '?').join(', ')}) RETURNING pk`,
    ),
    content: prepare('import_content', ['import_pk', 'content']),
    day: prepare('day_record', DAY_COLUMNS),
    activity: prepare('activity_day', ACTIVITY_DAY_COLUMNS),
    event: prepare('card_event', EVENT_FAULT_COLUMNS),
    fault: prepare('card_fault', EVENT_FAULT_COLUMNS),
    vehicle: prepare('vehicle_used', VEHICLE_COLUMNS),
    position: prepare('position', POSITION_COLUMNS),
  };
  const runAll = (statement: BetterSqliteStatement, rows: SqlValue[][]) => {
    for (const values of rows) statement.run(...values);
  };
  try {
    const started = performance.now();
    for (let n = 0; n < files; n++) {
      const template = templates[n % templates.length]!;
      const row = importRowOf(template, n, cardNumberOf(700_000 + n));
      db.exec('BEGIN IMMEDIATE');
      const pk = statements.imports.all(...importValues(row))[0]!.pk as number;
      statements.content.run(pk, Buffer.from(template.bytes));
      runAll(
        statements.day,
        template.days.map((day) => dayValues(pk, row.card.card_number, day)),
      );
      runAll(statements.activity, activityDayValues(pk, template.card.activities));
      runAll(statements.event, eventFaultValues(pk, template.card.events));
      runAll(statements.fault, eventFaultValues(pk, template.card.faults));
      runAll(statements.vehicle, vehicleValues(pk, template.card.vehicles_used));
      runAll(statements.position, positionValues(pk, template.card.positions));
      db.exec('COMMIT');
      // one file at a time, as the service does: let the event loop turn between files
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return (performance.now() - started) / files;
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function templateOf(bytes: Uint8Array): Promise<Template> {
  const card = await decodeCardFile(bytes);
  return { bytes, card, days: dayRecordsOf(card, hasher) };
}

/** Imports through HTTP with 1 and 8 clients, next to the insert loop of the same rows. */
export async function benchImport(count: number, add: (row: BenchRow) => void): Promise<void> {
  const files = (base: number) =>
    Array.from({ length: count }, (_, i) => twentyEightDayCard(base + i, cardNumberOf(base + i), LAST_DAY));
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-fast-import-'));
  const server = await startServer({ port: 0, dataDir }, { env: {} });
  let one: number;
  let eight: number;
  let quiet: { p50: number; p99: number };
  let busy: { p50: number; p99: number };
  try {
    await postAll(server.url, [bodyOf(twentyEightDayCard(1, cardNumberOf(1), LAST_DAY), 'warm.ddd')], 1);
    one = await postAll(
      server.url,
      files(910_000).map((b, i) => bodyOf(b, `one-${i}.ddd`)),
      1,
    );
    // a query of one card's week, alone and while 8 clients import
    const weekUrl = `${server.url}/api/drivercard/week-overview?card_number=${cardNumberOf(910_000)}&date_from=${addDays(LAST_DAY, -6)}&date_to=${LAST_DAY}`;
    quiet = await latency(weekUrl, Math.max(20, count));
    const importing = postAll(
      server.url,
      files(920_000).map((b, i) => bodyOf(b, `eight-${i}.ddd`)),
      8,
    );
    let done = false;
    void importing.finally(() => (done = true)).catch(() => undefined);
    busy = await latencyWhile(weekUrl, () => !done);
    eight = await importing;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const templates = await Promise.all(files(930_000).slice(0, 8).map(templateOf));
  const loop = 1000 / (await insertLoopMs(templates, count));
  add({
    path: 'import, 28-day gen1 card, 1 / 8 clients',
    measured: `${one.toFixed(0)} / ${eight.toFixed(0)} files/s`,
    baseline: `insert loop ${loop.toFixed(0)} files/s (× loop: ${(one / loop).toFixed(2)} / ${(eight / loop).toFixed(2)})`,
    goal: 'none here: the ratios to the bare handler and the durable floor are npm run bench:import’s',
  });
  add({
    path: 'week-overview while 8 clients import (clients in the same process), p50 / p99',
    measured: `${busy.p50.toFixed(2)} / ${busy.p99.toFixed(2)} ms`,
    baseline: `the same query alone p50 ${quiet.p50.toFixed(2)} / p99 ${quiet.p99.toFixed(2)} ms`,
    goal: 'none here: p99 within 2× the bare handler under the same load is npm run bench:import’s',
  });
}

/** Decode + store of the dense card per file, next to the insert loop of the same rows. */
export async function benchDense(file: string | null, runs: number, add: (row: BenchRow) => void): Promise<void> {
  if (file === null) {
    add({
      path: 'import, dense real card',
      measured: 'skipped: no dense card file',
      baseline: '-',
      goal: '≤ 15 ms (≤ 2 µs/interval)',
    });
    return;
  }
  const bytes = new Uint8Array(readFileSync(file));
  const template = await templateOf(bytes);
  const intervals = template.card.activities.length;
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-bench-dense-'));
  const store = await createSqlStore({ dataDir });
  const times: number[] = [];
  try {
    for (let n = 0; n <= runs; n++) {
      const started = performance.now();
      const card = await decodeCardFile(bytes);
      const days = dayRecordsOf(card, hasher);
      const outcome = await store.saveImport({
        import: importRowOf({ bytes, card, days }, n, cardNumberOf(800_000 + n)),
        content: bytes,
        card,
        days,
      });
      if (outcome.outcome !== 'created') throw new Error(`dense import: ${outcome.outcome}`);
      if (n > 0) times.push(performance.now() - started); // the first run warms up
    }
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = median(times);
  const loop = await insertLoopMs([template], Math.max(3, runs));
  add({
    path: `import, dense card (${file.split('/').pop()}, ${intervals} intervals), decode + store`,
    measured: `${ms.toFixed(1)} ms/file, ${((ms * 1000) / intervals).toFixed(2)} µs/interval`,
    baseline: `insert loop ${loop.toFixed(1)} ms/file, ${((loop * 1000) / intervals).toFixed(2)} µs/interval`,
    goal: '≤ 15 ms (≤ 2 µs/interval)',
  });
}
