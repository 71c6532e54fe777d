/**
 * The import store's cache of import pks and the two reads that use it: a day record row as the port answers it
 * (its import's pk cached) and the packed activity days of served (import, day)s, unpacked in the served order.
 * The store holds one; the save, an import's life, the card history's activities and the data migrations take it
 * beside the database handle, so every one of them fills and reads the same cache.
 */
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import type { ServedDay, StoredDayRecord } from '../../../core/ports/import-store.js';
import type { Served } from '../../../core/use-cases/contracts.js';
import type { Database } from '../database/database.js';
import type { DayKey, Raw } from '../database/dialect.js';
import type { SqlRunner } from '../database/sql-runner.js';
import { unpackDay } from './activity-pack.js';
import { IMPORT_JOIN_COLUMNS } from './row-mappers.js';

/** entries of the import_id -> pk cache at most (~100 bytes each) */
const PK_CACHE_SIZE = 20_000;

export class DayReader {
  /**
   * import_id -> pk; both never change once written (pks are never reused), so the cache never goes stale. Bounded:
   * emptied when it reaches PK_CACHE_SIZE entries (a long-running service sees every import it stores here).
   */
  private readonly pkCache = new Map<string, number>();

  constructor(private readonly db: Database) {}

  /** A day record row (day, fingerprint, distance_km, card_number, import_id, pk, status) as the port answers it. */
  storedDayRecord(raw: Raw): StoredDayRecord {
    this.cachePk(raw.import_id, raw.pk);
    return {
      date: Number(raw.day),
      fingerprint: raw.fingerprint,
      distance_km: raw.distance_km,
      import_id: raw.import_id,
      card_number: raw.card_number,
      sequence: raw.pk,
      quarantined: raw.status === 'QUARANTINED',
    };
  }

  /**
   * The intervals of the selected (import, day)s in the served order: day, start, import, seq, read through `db`
   * (a transaction's, or the runner). Each packed day is in seq order already; days served by more than one import
   * (never from a card's merged history) are merged by a stable sort on the start.
   */
  async unpackedActivities(
    days: ServedDay[],
    db: SqlRunner = this.db.runner,
  ): Promise<Array<Served<ActivityIntervalRow>>> {
    const keys = await this.dayKeys(days, db);
    if (keys.length === 0) return [];
    const selection = this.db.dialect.activityDays(keys);
    const packedDays = await this.db.query(
      `SELECT ad.day, ad.packed, ${IMPORT_JOIN_COLUMNS} FROM ${selection.sql} JOIN imports i ON i.pk = ad.import_pk
        ORDER BY ad.day, ad.import_pk`,
      selection.params,
      db,
    );
    const rows: Array<Served<ActivityIntervalRow>> = [];
    for (let k = 0; k < packedDays.length; k++) {
      const raw = packedDays[k]!;
      const first = rows.length;
      const owner = {
        import_id: raw.i_import_id as string,
        card_number: raw.i_card_number as string | null,
        quarantined: raw.i_status === 'QUARANTINED',
      };
      unpackDay(raw.packed as Uint8Array, Number(raw.day), owner, rows);
      if (k > 0 && Number(packedDays[k - 1]!.day) === Number(raw.day)) mergeDay(rows, first);
    }
    return rows;
  }

  private cachePk(importId: string, pk: number): void {
    if (this.pkCache.size >= PK_CACHE_SIZE && !this.pkCache.has(importId)) this.pkCache.clear();
    this.pkCache.set(importId, pk);
  }

  /** The (import pk, epoch day) keys of a day selection; days of unknown imports are left out. */
  private async dayKeys(days: ServedDay[], db: SqlRunner): Promise<DayKey[]> {
    // the pks are taken out of the cache before any await: another request may empty the cache meanwhile
    const pks = new Map<string, number>();
    const unknown = new Set<string>();
    for (const { import_id } of days) {
      const cached = this.pkCache.get(import_id);
      if (cached === undefined) unknown.add(import_id);
      else pks.set(import_id, cached);
    }
    const missing = [...unknown];
    if (missing.length > 0) {
      const rows = await this.db.query(
        `SELECT pk, import_id FROM imports WHERE import_id IN (${missing.map(() => '?').join(', ')})`,
        missing,
        db,
      );
      for (const row of rows) {
        pks.set(row.import_id, row.pk);
        this.cachePk(row.import_id, row.pk);
      }
    }
    const keys: DayKey[] = [];
    for (const day of days) {
      const pk = pks.get(day.import_id);
      if (pk !== undefined) keys.push({ pk, day: day.date });
    }
    return keys;
  }
}

/** Re-sorts (stably, by start) the rows of the day that ends the list, from the day's first row before `appended`. */
function mergeDay(rows: Array<Served<ActivityIntervalRow>>, appended: number): void {
  const day = rows[appended]!.date;
  let from = appended;
  while (from > 0 && rows[from - 1]!.date === day) from--;
  const merged = rows.slice(from).sort((a, b) => a.start - b.start);
  for (let i = 0; i < merged.length; i++) rows[from + i] = merged[i]!;
}
