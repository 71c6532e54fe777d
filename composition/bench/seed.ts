/**
 * Fast bulk seeding for benchmarks: `cards` driver cards × `downloadsPerCard` overlapping downloads of
 * `daysPerDownload` days each, written straight as stored rows (no decoding, no ParsedCard objects),
 * many imports per transaction. Overlapping days of one card are generated identically (same rows, same
 * fingerprint), so card-history queries de-duplicate them like real consecutive downloads.
 * Card numbers: `SEED` + 12-digit card index (16 characters). Import/archive ids: `seed-<card>-<download>`.
 */
import { createHash } from 'node:crypto';
import type { MikroOrmImportStore } from '../../adapters/storage/imports/import-store.js';
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

export async function seedStore(store: MikroOrmImportStore, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const downloads = options.downloadsPerCard ?? 12;
  const days = options.daysPerDownload ?? 28;
  const overlap = Math.min(options.overlapDays ?? 7, days - 1);
  const changes = Math.max(2, options.changesPerDay ?? 24);
  const firstDay = parseIsoDay(options.startDate ?? '2024-01-01')!;
  const batchSize = options.batchSize ?? 200;
  const firstCard = options.firstCard ?? 0;
  const cardNumbers = Array.from({ length: options.cards }, (_, i) => seedCardNumber(firstCard + i));
  const importedAt = Math.floor(Date.now() / 1000);
  const [{ next }] = (await store.query('SELECT COALESCE(MAX(pk), 0) + 1 AS next FROM imports')) as [{ next: number }];
  let pk: number = next;
  const jobs: Array<{ card: number; download: number }> = [];
  for (let card = firstCard; card < firstCard + options.cards; card++)
    for (let download = 0; download < downloads; download++) jobs.push({ card, download });
  let activityRows = 0;
  let dayRecords = 0;
  for (let start = 0; start < jobs.length; start += batchSize) {
    const batch = jobs.slice(start, start + batchSize);
    const imports: SqlValue[][] = [];
    const contents: SqlValue[][] = [];
    const dayRows: SqlValue[][] = [];
    const activityDays: SqlValue[][] = [];
    const events: SqlValue[][] = [];
    const vehicles: SqlValue[][] = [];
    const positions: SqlValue[][] = [];
    for (const { card, download } of batch) {
      const cardNumber = cardNumbers[card - firstCard]!;
      const from = firstDay + download * (days - overlap);
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
      imports.push([
        pk,
        id,
        id,
        sha,
        cardNumber,
        `${id}.ddd`,
        4096,
        importedAt,
        'GEN1',
        'OK',
        from,
        from + days - 1,
        days,
        meta,
      ]);
      contents.push([pk, Buffer.from(id)]);
      for (let day = from; day < from + days; day++) {
        const distance = 100 + ((card * 7 + day) % 400);
        dayRows.push([pk, day, cardNumber, `seed:${card}:${day}`, distance]);
        activityDays.push([pk, day, changes, packDay(day, seedDay(card, day, changes))]);
        activityRows += changes;
        dayRecords++;
      }
      // one event shared by consecutive downloads (identical copies), vehicles and positions per download
      events.push([
        pk,
        0,
        5,
        'CARD_INSERTION_WHILE_DRIVING',
        'Card insertion while driving',
        from * 86_400 + 3600,
        from * 86_400 + 3660,
        'FI',
        'SEED-1',
        1,
      ]);
      vehicles.push([
        pk,
        0,
        'FI',
        `SEED-${card}`,
        null,
        from * 86_400,
        (from + days) * 86_400 - 1,
        1000 * download,
        1000 * download + 900,
        900,
        download,
      ]);
      positions.push([pk, 0, from * 86_400 + 21_600, 60.1, 24.9, 'PLACE', 'BEGIN', 'FI', null, 1000 * download, null]);
      pk++;
    }
    await store.runner.transaction(async (trx) => {
      await trx.insertMany('imports', ['pk', ...IMPORT_COLUMNS], imports);
      await store.dialect.afterExplicitKeys(trx, 'imports', 'pk');
      await trx.insertMany('import_content', ['import_pk', 'content'], contents);
      await trx.insertMany('day_record', DAY_COLUMNS, dayRows);
      await trx.insertMany('activity_day', ACTIVITY_DAY_COLUMNS, activityDays);
      await trx.insertMany('card_event', EVENT_FAULT_COLUMNS, events);
      await trx.insertMany('vehicle_used', VEHICLE_COLUMNS, vehicles);
      await trx.insertMany('position', POSITION_COLUMNS, positions);
    });
  }
  await buildMissingCardHistories(store);
  return { imports: jobs.length, activityRows, dayRecords, ms: performance.now() - started, cardNumbers };
}
