/**
 * FleetStore (core/ports/fleet-store.ts) on the MikroORM adapter's connection: the `fleet_card` table of
 * ./fleet-schema.ts, upserted with `INSERT … ON CONFLICT DO UPDATE` (SQLite ≥ 3.24 and PostgreSQL alike) and
 * read with one filtered, sorted, paged SELECT plus a COUNT (unfiltered: the counters of ./fleet-counts.ts, which
 * also answer the summary; `q` through the trigram index of ./fleet-search.ts). Rows without a value sort last in
 * both orders; equal keys are ordered by card number. Text sorts compare bytes (`COLLATE "C"` on PostgreSQL, SQLite's
 * default) so both databases page identically.
 */
import {
  DOWNLOAD_INTERVAL_SECONDS,
  epochDayOf,
  findingRank,
  lastDownloadOf,
  type FleetCounts,
  type FleetFilter,
  type FleetSort,
} from '../../../core/fleet/fleet-card.js';
import { FLEET_RECORD_ENTRIES, type FleetCardRecord, type FleetFieldColumn } from '../../../core/fleet/fleet-record.js';
import type { FleetListQuery, FleetStore, PendingMark } from '../../../core/ports/fleet-store.js';
import type { Slice } from '../../../core/ports/import-store.js';
import { fleetLockKey, type SqlValue } from '../database/dialect.js';
import { FLEET_CARD_COLUMNS } from '../mikro-orm-schema/fleet-schema.js';
import { searchCondition } from './fleet-search.js';
import { CARDS_SQL, summarySql } from './fleet-counts.js';
import type { Database } from '../database/database.js';
import { currentFormat, fleetRecordFromRaw, recordJson } from './fleet-record-json.js';

// the stored form's helpers, where the report's tests and older callers find them
export {
  currentFormat,
  fleetRecordFromRaw,
  RECORD_FORMAT,
  recordedBits,
  recordedDaysOf,
  recordJson,
} from './fleet-record-json.js';

const lower = (value: string | null): string => (value ?? '').toLowerCase();

type FleetCardColumn = (typeof FLEET_CARD_COLUMNS)[number];

/** The columns derived from the record for the database to filter, sort and count by; the others hold a field. */
const DERIVED_COLUMNS: {
  [C in Exclude<FleetCardColumn, FleetFieldColumn>]: (record: FleetCardRecord) => SqlValue;
} = {
  record_json: recordJson,
  search_text: (r) => [lower(r.surname), lower(r.first_names), lower(r.card_number)].join('\n'),
  name_key: (r) =>
    r.surname === null && r.first_names === null ? null : `${lower(r.surname)} ${lower(r.first_names)}`.trim(),
  last_download_s: (r) => lastDownloadOf(r).seconds,
  f_rank: findingRank,
  f_unevaluated: (r) => (r.findings_evaluated ? 0 : 1),
};

/** A column the declaration names but the table lacks fails to compile. */
export const DECLARED_COLUMNS_EXIST: Exclude<FleetFieldColumn, FleetCardColumn> extends never ? true : never = true;

/** The columns holding a declared field (or one of its counts) as it is (core/fleet/fleet-record.ts). */
const FIELD_COLUMNS = new Map<string, (record: FleetCardRecord) => SqlValue>();
for (const [name, spec] of FLEET_RECORD_ENTRIES) {
  const field = (r: FleetCardRecord) => (r as unknown as Record<string, unknown>)[name];
  if (spec.kind === 'counts')
    for (const [key, column] of Object.entries(spec.columns))
      FIELD_COLUMNS.set(column, (r) => (field(r) as Record<string, number>)[key]!);
  else if ('column' in spec && spec.column !== undefined) FIELD_COLUMNS.set(spec.column, (r) => field(r) as SqlValue);
}

const COLUMN_VALUES = FLEET_CARD_COLUMNS.map(
  (column) =>
    (DERIVED_COLUMNS as Partial<Record<string, (r: FleetCardRecord) => SqlValue>>)[column] ??
    FIELD_COLUMNS.get(column)!,
);

/** The values of a card's `fleet_card` row, in FLEET_CARD_COLUMNS order. */
export const fleetValues = (record: FleetCardRecord): SqlValue[] => COLUMN_VALUES.map((value) => value(record));

/** The card's row written (inserted or replaced); values in FLEET_CARD_COLUMNS order. */
const SAVE_ROW = `INSERT INTO fleet_card (${FLEET_CARD_COLUMNS.join(', ')}) VALUES (${FLEET_CARD_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (card_number) DO UPDATE SET ${FLEET_CARD_COLUMNS.filter((c) => c !== 'card_number')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

/** The card's marks up to one removed: card number, mark. */
const MARKS_DONE = 'DELETE FROM fleet_pending WHERE card_number = ? AND import_pk <= ?';

export class SqlFleetStore implements FleetStore {
  constructor(private readonly db: Database) {}

  private get collate(): string {
    return this.db.dialect.name === 'postgres' ? ' COLLATE "C"' : '';
  }

  exclusively<T>(cardNumber: string, work: () => Promise<T>): Promise<T> {
    return this.db.runner.exclusively(fleetLockKey(cardNumber), work);
  }

  async saveFleetCard(record: FleetCardRecord, marksUpTo: number | null = null): Promise<void> {
    // derived from the imports: written without waiting for the disk; a row a power cut lost lags behind its
    // imports and is rebuilt (cardsToRefresh), so an import pays one fsync, not two. The marks it covers go in
    // the same write (one round trip, one commit): lost with it or kept with it
    const row = { sql: SAVE_ROW, params: fleetValues(record) };
    await this.db.writeDerivedAll(
      marksUpTo === null ? [row] : [row, { sql: MARKS_DONE, params: [record.card_number, marksUpTo] }],
    );
  }

  async removeFleetCard(cardNumber: string): Promise<void> {
    await this.db.writeDerived('DELETE FROM fleet_card WHERE card_number = ?', [cardNumber]);
  }

  async fleetCard(cardNumber: string): Promise<FleetCardRecord | null> {
    const rows = await this.db.query('SELECT card_number, record_json FROM fleet_card WHERE card_number = ?', [
      cardNumber,
    ]);
    return rows.length === 0 ? null : fleetRecordFromRaw(rows[0]!);
  }

  async listFleetCards(query: FleetListQuery): Promise<Slice<FleetCardRecord>> {
    const { sql, params } = await whereOf(query.filter, query.now_s, this.db);
    // unfiltered: the cards' counter (fleet-counts.ts) instead of counting every row
    const [count] = await this.db.query(sql === '' ? CARDS_SQL : `SELECT COUNT(*) AS n FROM fleet_card ${sql}`, params);
    const rows = await this.db.query(
      `SELECT card_number, record_json FROM fleet_card ${sql} ORDER BY ${this.orderBy(query.sort, query.order)} LIMIT ? OFFSET ?`,
      [...params, query.page.limit, query.page.offset],
    );
    return { items: rows.map(fleetRecordFromRaw), total: Number(count!.n) };
  }

  async fleetCounts(nowS: number): Promise<FleetCounts> {
    // the counters of fleet-counts.ts: a few rows per figure (one per calendar day at most), not one per card
    const { sql, params } = summarySql(nowS - DOWNLOAD_INTERVAL_SECONDS, epochDayOf(nowS));
    const [row] = await this.db.query(sql, params);
    return {
      drivers: Number(row!.drivers),
      overdue: Number(row!.overdue ?? 0),
      expiring_30d: Number(row!.expiring ?? 0),
      expired: Number(row!.expired ?? 0),
      with_infringements: Number(row!.infringements ?? 0),
      not_evaluated: Number(row!.unevaluated ?? 0),
    };
  }

  async pendingMarks(cardNumber?: string): Promise<PendingMark[]> {
    const rows = await this.db.query(
      `SELECT import_pk, card_number, card_download_s FROM fleet_pending${cardNumber === undefined ? '' : ' WHERE card_number = ?'} ORDER BY import_pk`,
      cardNumber === undefined ? [] : [cardNumber],
    );
    return rows.map((raw) => ({
      card_number: raw.card_number as string,
      mark: Number(raw.import_pk),
      card_download_s: raw.card_download_s === null ? null : Number(raw.card_download_s),
    }));
  }

  async cardDownload(cardNumber: string): Promise<number | null> {
    // kept in the import's meta by the import's save (../imports/row-mappers.ts importValues)
    const value =
      this.db.dialect.name === 'postgres'
        ? "(meta::jsonb ->> 'card_download_s')::bigint"
        : "json_extract(meta, '$.card_download_s')";
    const [row] = await this.db.query(
      `SELECT MAX(${value}) AS s FROM imports WHERE card_number = ? AND status <> 'WITHDRAWN'`,
      [cardNumber],
    );
    return row!.s === null ? null : Number(row!.s);
  }

  async pendingDone(cardNumber: string, mark: number): Promise<void> {
    // derived bookkeeping as the row itself: a mark a power cut keeps costs one more computation
    await this.db.writeDerived(MARKS_DONE, [cardNumber, mark]);
  }

  async cardsToRefresh(): Promise<string[]> {
    const [counts, rows] = await Promise.all([
      this.db.query(
        "SELECT card_number, COUNT(*) AS n FROM imports WHERE card_number IS NOT NULL AND status <> 'WITHDRAWN' GROUP BY card_number ORDER BY card_number",
      ),
      this.db.query('SELECT card_number, record_json FROM fleet_card'),
    ]);
    // a row of an older RECORD_FORMAT (no rank, no reason) is rebuilt as if it were missing
    const summarised = new Map(
      rows.map((raw) => [raw.card_number as string, currentFormat(raw) ? fleetRecordFromRaw(raw).imports : -1]),
    );
    const stored = new Set(counts.map((c) => c.card_number as string));
    const lagging = counts
      .filter((c) => (summarised.get(c.card_number as string) ?? -1) !== Number(c.n))
      .map((c) => c.card_number as string);
    // rows left for cards whose imports were all withdrawn or purged (the refresh removes them)
    const orphans = [...summarised.keys()].filter((card) => !stored.has(card));
    return [...lagging, ...orphans].sort();
  }

  private orderBy(sort: FleetSort, order: 'asc' | 'desc'): string {
    const dir = order === 'desc' ? 'DESC' : 'ASC';
    const nullsLast = (column: string, collate = '') =>
      `CASE WHEN ${column} IS NULL THEN 1 ELSE 0 END, ${column}${collate} ${dir}`;
    const tail = `card_number${this.collate} ASC`;
    switch (sort) {
      case 'due':
        return `${nullsLast('last_download_s')}, ${nullsLast('expiry_day')}, ${tail}`;
      case 'card_number':
        return `card_number${this.collate} ${dir}`;
      case 'surname':
        return `${nullsLast('name_key', this.collate)}, ${tail}`;
      case 'expiry_date':
        return `${nullsLast('expiry_day')}, ${tail}`;
      case 'last_download':
        return `${nullsLast('last_download_s')}, ${tail}`;
      case 'findings':
        // the most serious finding first, then not evaluated before evaluated-clean, then the counts
        return `f_rank ${dir}, f_unevaluated ${dir}, f_violation ${dir}, f_potential ${dir}, f_incomplete ${dir}, ${tail}`;
    }
  }
}

async function whereOf(filter: FleetFilter, nowS: number, db: Database): Promise<{ sql: string; params: SqlValue[] }> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.q !== null && filter.q.trim() !== '') {
    const search = await searchCondition(filter.q.trim(), db.dialect, (sql, values) => db.query(sql, values));
    where.push(search.sql);
    params.push(...search.params);
  }
  if (filter.overdue !== null) {
    where.push(filter.overdue ? 'last_download_s < ?' : '(last_download_s IS NULL OR last_download_s >= ?)');
    params.push(nowS - DOWNLOAD_INTERVAL_SECONDS);
  }
  if (filter.expiring_within_days !== null) {
    where.push('expiry_day <= ?');
    params.push(epochDayOf(nowS) + filter.expiring_within_days);
  }
  return { sql: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
}
