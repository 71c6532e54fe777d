/**
 * A card's history in a range read together with the activities of the days it serves, in one statement: each
 * `card_day` row names the one import serving its day, so joining its `activity_day` row (at most one: the key is
 * import and day) gives the packed intervals beside the day record. The same rows, in the same order, as
 * `cardHistory` followed by `activities` of its served days (days in date order, each day's intervals in seq
 * order; a card's history never serves a day from two imports), in one round trip instead of two.
 */
import type { CardHistoryActivities } from '../../../core/ports/import-store.js';
import type { ActivityIntervalRow, UtcDay } from '../../../core/domain/rows.js';
import type { DateRange, Served } from '../../../core/use-cases/contracts.js';
import type { SqlValue } from '../database/dialect.js';
import { packedHasCardData, unpackDay } from './activity-pack.js';
import type { Database } from '../database/database.js';
import type { DayReader } from './day-reader.js';

export async function cardHistoryActivities(
  handle: Database,
  dayReader: DayReader,
  cardNumber: string,
  range: DateRange,
): Promise<CardHistoryActivities> {
  const where = ['c.card_number = ?'];
  const params: SqlValue[] = [cardNumber];
  withinDays('c.day', range, where, params);
  const rows = await handle.query(
    `SELECT c.day, c.conflict, d.fingerprint, d.distance_km, i.card_number, i.import_id, i.pk, i.status, ad.packed
       FROM card_day c
       JOIN day_record d ON d.import_pk = c.import_pk AND d.day = c.day
       JOIN imports i ON i.pk = c.import_pk
       LEFT JOIN activity_day ad ON ad.import_pk = c.import_pk AND ad.day = c.day
      WHERE ${where.join(' AND ')} ORDER BY c.day`,
    params,
  );
  const conflicts: UtcDay[] = [];
  const activities: Array<Served<ActivityIntervalRow>> = [];
  const served = rows.map((raw) => {
    const record = dayReader.storedDayRecord(raw);
    if (Number(raw.conflict) === 1) conflicts.push(record.date);
    if (raw.packed !== null && raw.packed !== undefined) {
      const owner = { import_id: record.import_id, card_number: record.card_number, quarantined: record.quarantined };
      unpackDay(raw.packed as Uint8Array, record.date, owner, activities);
    }
    return record;
  });
  return { served, conflicts, activities };
}

/**
 * The days of a card's history in a range whose served intervals hold card data: the same `card_day` rows as
 * `cardHistoryActivities`, joined to their packed intervals only (a served day always has its day record and its
 * import: both are written with it, and withdrawals and purges rebuild the history), each day's intervals tested
 * where they lie. On PostgreSQL two index lookups a day instead of four.
 */
export async function cardDataDays(handle: Database, cardNumber: string, range: DateRange): Promise<UtcDay[]> {
  const where = ['c.card_number = ?'];
  const params: SqlValue[] = [cardNumber];
  withinDays('c.day', range, where, params);
  const rows = await handle.query(
    `SELECT c.day, ad.packed
       FROM card_day c
       JOIN activity_day ad ON ad.import_pk = c.import_pk AND ad.day = c.day
      WHERE ${where.join(' AND ')} ORDER BY c.day`,
    params,
  );
  return rows.filter((raw) => packedHasCardData(raw.packed as Uint8Array)).map((raw) => Number(raw.day));
}

/** Adds the inclusive day range (open ends: no bound) on `column` to a WHERE list and its parameters. */
export function withinDays(column: string, range: DateRange, where: string[], params: SqlValue[]): void {
  if (range.from !== null) {
    where.push(`${column} >= ?`);
    params.push(range.from);
  }
  if (range.to !== null) {
    where.push(`${column} <= ?`);
    params.push(range.to);
  }
}
