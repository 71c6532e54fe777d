/**
 * Fast bulk seeding for benchmarks: `cards` driver cards × `downloadsPerCard` overlapping downloads of
 * `daysPerDownload` days each, written straight as stored rows (no decoding, no ParsedCard objects),
 * many imports per transaction. Overlapping days of one card are generated identically (same rows, same
 * fingerprint), so card-history queries de-duplicate them like real consecutive downloads.
 * Card numbers: `SEED` + 12-digit card index (16 characters). Import/archive ids: `seed-<card>-<download>`.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../adapters/storage/database/database.js';
import type { DayReader } from '../../adapters/storage/imports/day-reader.js';
import type { SqlValue } from '../../adapters/storage/database/dialect.js';
import {
  ACTIVITY_DAY_COLUMNS,
  DAY_COLUMNS,
  EVENT_FAULT_COLUMNS,
  IMPORT_COLUMNS,
  POSITION_COLUMNS,
  VEHICLE_COLUMNS,
} from '../../adapters/storage/imports/row-mappers.js';
import { DAY_SECONDS, parseIsoDay } from '../../core/time.js';
import type { ActivityIntervalRow } from '../../core/domain/rows.js';
import { packDay } from '../../adapters/storage/imports/activity-pack.js';
import { buildMissingCardHistories } from '../../adapters/storage/mikro-orm-schema/migrate.js';
import { ACTIVITY_CODES } from '../../adapters/storage/imports/codec.js';

export interface SeedOptions {
  cards: number;
  /** default 12 */
  downloadsPerCard?: number;
  /** default 28 */
  daysPerDownload?: number;
  /** days shared by consecutive downloads; default 7 */
  overlapDays?: number;
  /** activity changes per day (>= 2); default 24 */
  changesPerDay?: number;
  /** first day of every card's history; default 2024-01-01 */
  startDate?: string;
  /** index of the first card (card numbers and ids derive from it); default 0 */
  firstCard?: number;
  /** imports per transaction; default 200 */
  batchSize?: number;
}

export interface SeedResult {
  imports: number;
  activityRows: number;
  dayRecords: number;
  ms: number;
  /** card numbers seeded, in order */
  cardNumbers: string[];
}

const ACTIVITY_CYCLE = [3, 1, 0, 3, 0, 1, 2, 0]; // REST WORK DRIVING REST DRIVING WORK AVAILABILITY DRIVING

export function seedCardNumber(index: number): string {
  return `SEED${String(index).padStart(12, '0')}`;
}

/**
 * One seeded day: `changes` equal slices, the last one running to 24:00, activities cycling through
 * ACTIVITY_CYCLE (shifted per card and day); the same for every download covering the day.
 */
function seedDay(card: number, day: number, changes: number): ActivityIntervalRow[] {
  const step = Math.floor(DAY_SECONDS / changes);
  const base = day * DAY_SECONDS;
  return Array.from({ length: changes }, (_, k) => {
    const start = base + k * step;
    const end = k === changes - 1 ? base + DAY_SECONDS : start + step;
    return {
      import_id: null,
      card_number: null,
      date: day,
      start,
      end,
      duration: end - start,
      activity: ACTIVITY_CODES[ACTIVITY_CYCLE[(day + k + card) % ACTIVITY_CYCLE.length]!]!,
      slot: 'DRIVER',
      crew: false,
      card_inserted: true,
      manual_entry: false,
    };
  });
}

/** The rows of one batch of seeded imports, table by table. */
interface SeedBatch {
  imports: SqlValue[][];
  contents: SqlValue[][];
  dayRows: SqlValue[][];
  activityDays: SqlValue[][];
  events: SqlValue[][];
  vehicles: SqlValue[][];
  positions: SqlValue[][];
}

/** The shape of every seeded download: its length, the overlap with the next, the activity changes a day. */
interface SeedShape {
  days: number;
  overlap: number;
  changes: number;
  firstDay: number;
  importedAt: number;
}

export async function seedStore(handle: Database, dayReader: DayReader, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const downloads = options.downloadsPerCard ?? 12;
  const days = options.daysPerDownload ?? 28;
  const shape: SeedShape = {
    days,
    overlap: Math.min(options.overlapDays ?? 7, days - 1),
    changes: Math.max(2, options.changesPerDay ?? 24),
    firstDay: parseIsoDay(options.startDate ?? '2024-01-01')!,
    importedAt: Math.floor(Date.now() / 1000),
  };
  const batchSize = options.batchSize ?? 200;
  const firstCard = options.firstCard ?? 0;
  const cardNumbers = Array.from({ length: options.cards }, (_, i) => seedCardNumber(firstCard + i));
  const [{ next }] = (await handle.query('SELECT COALESCE(MAX(pk), 0) + 1 AS next FROM imports')) as [{ next: number }];
  let pk: number = next;
  const jobs: Array<{ card: number; download: number }> = [];
  for (let card = firstCard; card < firstCard + options.cards; card++)
    for (let download = 0; download < downloads; download++) jobs.push({ card, download });
  let dayRecords = 0;
  for (let start = 0; start < jobs.length; start += batchSize) {
    const batch: SeedBatch = {
      imports: [],
      contents: [],
      dayRows: [],
      activityDays: [],
      events: [],
      vehicles: [],
      positions: [],
    };
    for (const { card, download } of jobs.slice(start, start + batchSize))
      dayRecords += seedDownload(batch, shape, pk++, card, cardNumbers[card - firstCard]!, download);
    await writeBatch(handle, batch);
  }
  await buildMissingCardHistories(handle, dayReader);
  const activityRows = dayRecords * shape.changes;
  return { imports: jobs.length, activityRows, dayRecords, ms: performance.now() - started, cardNumbers };
}

/** One seeded download's rows added to the batch; answers its number of days. */
function seedDownload(
  batch: SeedBatch,
  shape: SeedShape,
  pk: number,
  card: number,
  cardNumber: string,
  download: number,
): number {
  const { days, overlap, changes } = shape;
  const from = shape.firstDay + download * (days - overlap);
  const id = `seed-${card}-${download}`;
  const sha = createHash('sha256').update(id).digest('hex');
  const meta = JSON.stringify({
    card: {
      card_number: cardNumber,
      issuing_member_state: 'FI',
      issuing_authority: 'SEED',
      issue_date: null,
      validity_begin: null,
      expiry_date: null,
    },
    driver: {
      surname: `SURNAME${card}`,
      first_names: 'SEED',
      birth_date: null,
      preferred_language: null,
      licence_issuing_nation: null,
      licence_number: null,
    },
    warnings: [],
  });
  const range = [from, from + days - 1, days];
  // a driver card's import: no vehicle columns (kind, vin, registration, VU download time)
  const cardKind = ['DRIVER_CARD', null, null, null, null];
  batch.imports.push([
    pk,
    id,
    id,
    sha,
    cardNumber,
    `${id}.ddd`,
    4096,
    shape.importedAt,
    'GEN1',
    'OK',
    ...range,
    meta,
    ...cardKind,
  ]);
  batch.contents.push([pk, Buffer.from(id)]);
  for (let day = from; day < from + days; day++) {
    const distance = 100 + ((card * 7 + day) % 400);
    batch.dayRows.push([pk, day, cardNumber, `seed:${card}:${day}`, distance]);
    batch.activityDays.push([pk, day, changes, packDay(day, seedDay(card, day, changes))]);
  }
  // one event shared by consecutive downloads (identical copies), vehicles and positions per download
  const begin = from * 86_400;
  const event = ['CARD_INSERTION_WHILE_DRIVING', 'Card insertion while driving', begin + 3600, begin + 3660];
  batch.events.push([pk, 0, 5, ...event, 'FI', 'SEED-1', 1]);
  const odometer = [1000 * download, 1000 * download + 900, 900];
  batch.vehicles.push([pk, 0, 'FI', `SEED-${card}`, null, begin, (from + days) * 86_400 - 1, ...odometer, download]);
  batch.positions.push([pk, 0, begin + 21_600, 60.1, 24.9, 'PLACE', 'BEGIN', 'FI', null, 1000 * download, null]);
  return days;
}

/** One batch written in one transaction, the imports with their pks given. */
async function writeBatch(handle: Database, batch: SeedBatch): Promise<void> {
  await handle.runner.transaction(async (trx) => {
    await trx.insertMany('imports', ['pk', ...IMPORT_COLUMNS], batch.imports);
    await handle.dialect.afterExplicitKeys(trx, 'imports', 'pk');
    await trx.insertMany('import_content', ['import_pk', 'content'], batch.contents);
    await trx.insertMany('day_record', DAY_COLUMNS, batch.dayRows);
    await trx.insertMany('activity_day', ACTIVITY_DAY_COLUMNS, batch.activityDays);
    await trx.insertMany('card_event', EVENT_FAULT_COLUMNS, batch.events);
    await trx.insertMany('vehicle_used', VEHICLE_COLUMNS, batch.vehicles);
    await trx.insertMany('position', POSITION_COLUMNS, batch.positions);
  });
}
