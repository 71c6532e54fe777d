/**
 * FleetStore (core/ports/fleet-store.ts) on the MikroORM adapter's connection: the `fleet_card` table of
 * ./fleet-schema.ts, upserted with `INSERT … ON CONFLICT DO UPDATE` (SQLite ≥ 3.24 and PostgreSQL alike) and
 * read with one filtered, sorted, paged SELECT plus a COUNT (unfiltered: the counters of ./fleet-counts.ts, which
 * also answer the summary; `q` through the trigram index of ./fleet-search.ts). Rows without a value sort last in
 * both orders; equal keys are ordered by card number. Text sorts compare bytes (`COLLATE "C"` on PostgreSQL, SQLite's
 * default) so both databases page identically.
 */
import {
  AUTHENTICITY_STATUSES,
  DOWNLOAD_INTERVAL_SECONDS,
  RECORDED_DAYS_KEPT,
  epochDayOf,
  findingRank,
  lastDownloadOf,
  NOT_EVALUATED_REASONS,
  type NotEvaluatedReason,
  type AuthenticityStatus,
  emptyFindingCounts,
  type FindingCounts,
  type FleetCardRecord,
  type FleetCounts,
  type FleetFilter,
  type FleetSort,
} from '../../../core/fleet/fleet-card.js';
import { READINESS_PAST_DAYS } from '../../../core/fleet/readiness.js';
import type { FleetListQuery, FleetStore, PendingMark } from '../../../core/ports/fleet-store.js';
import type { Slice } from '../../../core/ports/import-store.js';
import { fleetLockKey, type Raw, type SqlValue } from '../database/dialect.js';
import { FLEET_CARD_COLUMNS } from '../mikro-orm-schema/fleet-schema.js';
import { searchCondition } from './fleet-search.js';
import { CARDS_SQL, summarySql } from './fleet-counts.js';
import type { Database } from '../database/database.js';

const lower = (value: string | null): string => (value ?? '').toLowerCase();

export function fleetValues(record: FleetCardRecord): SqlValue[] {
  const nameKey =
    record.surname === null && record.first_names === null
      ? null
      : `${lower(record.surname)} ${lower(record.first_names)}`.trim();
  return [
    record.card_number,
    recordJson(record),
    [lower(record.surname), lower(record.first_names), lower(record.card_number)].join('\n'),
    nameKey,
    record.expiry_day,
    lastDownloadOf(record).seconds,
    record.findings.VIOLATION,
    record.findings.POTENTIAL,
    record.findings.INCOMPLETE_DATA,
    findingRank(record),
    record.findings_evaluated ? 0 : 1,
  ];
}

/**
 * `record_json` is a JSON array in the order below, tagged with RECORD_FORMAT (a listing of 1,000 cards parses
 * ~130 characters a row instead of ~460 for an object with its keys, and sorts shorter rows). Rows written by
 * an older version hold the record as a JSON object; both forms read back (./fleet-record-form.test.ts).
 */
export const RECORD_FORMAT = 3;
const FINDING_KEYS = [
  'VIOLATION',
  'POTENTIAL',
  'INCOMPLETE_DATA',
  'MI',
  'SI',
  'VSI',
  'MSI',
] as const satisfies readonly (keyof FindingCounts)[];

export function recordJson(record: FleetCardRecord): string {
  const days = recordedBits(record.recorded_days);
  const cardData =
    record.card_data_days === undefined ? undefined : recordedBits(record.card_data_days, READINESS_PAST_DAYS + 1);
  const f = record.findings;
  return JSON.stringify([
    RECORD_FORMAT,
    record.surname,
    record.first_names,
    record.issuing_member_state,
    record.expiry_day,
    record.card_download_s,
    record.activity_end_s,
    days?.until ?? null,
    days?.bits ?? null,
    record.imports,
    record.quarantined_imports,
    record.conflicting_days,
    record.authenticity_status,
    f.VIOLATION,
    f.POTENTIAL,
    f.INCOMPLETE_DATA,
    f.MI,
    f.SI,
    f.VSI,
    f.MSI,
    record.findings_evaluated,
    record.findings_not_evaluated_reason,
    // absent: written without roadside readiness; null: no card data in the window
    ...(cardData === undefined ? [] : [cardData?.until ?? null, cardData?.bits ?? null]),
    // absent: written before the most serious finding's day was kept (then after the readiness pair only)
    ...(cardData === undefined || record.most_serious_day === undefined ? [] : [record.most_serious_day]),
  ]);
}

function authenticityOf(value: unknown): AuthenticityStatus | null {
  return typeof value === 'string' && (AUTHENTICITY_STATUSES as readonly string[]).includes(value)
    ? (value as AuthenticityStatus)
    : null;
}

function reasonOf(value: unknown): NotEvaluatedReason | null {
  return typeof value === 'string' && (NOT_EVALUATED_REASONS as readonly string[]).includes(value)
    ? (value as NotEvaluatedReason)
    : null;
}

/** Whether a stored row was written in the current RECORD_FORMAT (older rows lack the rank and the reason). */
export function currentFormat(raw: Raw): boolean {
  const parsed = JSON.parse(raw.record_json as string) as unknown;
  return Array.isArray(parsed) && parsed[0] === RECORD_FORMAT;
}

const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The stored JSON back to a record, every field checked (nothing untyped leaves the storage boundary). */
export function fleetRecordFromRaw(raw: Raw): FleetCardRecord {
  const parsed = JSON.parse(raw.record_json as string) as unknown;
  const cardNumber = raw.card_number as string;
  return Array.isArray(parsed)
    ? recordFromArray(cardNumber, parsed)
    : recordFromObject(cardNumber, (parsed ?? {}) as Record<string, unknown>);
}

function recordFromArray(cardNumber: string, a: readonly unknown[]): FleetCardRecord {
  return {
    card_number: cardNumber,
    surname: text(a[1]),
    first_names: text(a[2]),
    issuing_member_state: text(a[3]),
    expiry_day: numberOr(a[4], null),
    card_download_s: numberOr(a[5], null),
    activity_end_s: numberOr(a[6], null),
    recorded_days: recordedDaysOf({ until: a[7], bits: a[8] }),
    imports: numberOr(a[9], 0),
    quarantined_imports: numberOr(a[10], 0),
    conflicting_days: numberOr(a[11], 0),
    authenticity_status: authenticityOf(a[12]),
    findings: {
      VIOLATION: numberOr(a[13], 0),
      POTENTIAL: numberOr(a[14], 0),
      INCOMPLETE_DATA: numberOr(a[15], 0),
      MI: numberOr(a[16], 0),
      SI: numberOr(a[17], 0),
      VSI: numberOr(a[18], 0),
      MSI: numberOr(a[19], 0),
    },
    findings_evaluated: a[20] === true,
    findings_not_evaluated_reason: reasonOf(a[21]),
    ...(a.length > 22 ? { card_data_days: recordedDaysOf({ until: a[22], bits: a[23] }) } : {}),
    ...(a.length > 24 ? { most_serious_day: numberOr(a[24], null) } : {}),
  };
}

/** The object form written before RECORD_FORMAT 2 (the record's own keys, recorded days as recordedBits). */
function recordFromObject(cardNumber: string, r: Record<string, unknown>): FleetCardRecord {
  const f = (r.findings ?? {}) as Record<string, unknown>;
  const counts = emptyFindingCounts();
  for (const key of FINDING_KEYS) counts[key] = numberOr(f[key], 0);
  return {
    card_number: cardNumber,
    surname: text(r.surname),
    first_names: text(r.first_names),
    issuing_member_state: text(r.issuing_member_state),
    expiry_day: numberOr(r.expiry_day, null),
    card_download_s: numberOr(r.card_download_s, null),
    activity_end_s: numberOr(r.activity_end_s, null),
    recorded_days: recordedDaysOf(r.recorded_days),
    imports: numberOr(r.imports, 0),
    quarantined_imports: numberOr(r.quarantined_imports, 0),
    conflicting_days: numberOr(r.conflicting_days, 0),
    authenticity_status: authenticityOf(r.authenticity_status),
    findings: counts,
    findings_evaluated: r.findings_evaluated === true,
    findings_not_evaluated_reason: reasonOf(r.findings_not_evaluated_reason),
  };
}

/**
 * Recorded days stored compactly: the last day and one character per day before it ('1' = recorded), so a
 * listed row parses one short string instead of an array of numbers.
 */
export function recordedBits(
  days: readonly number[],
  kept = RECORDED_DAYS_KEPT,
): { until: number; bits: string } | null {
  if (days.length === 0) return null;
  const until = Math.max(...days);
  const set = new Set(days);
  let bits = '';
  for (let d = until; d > until - kept; d--) bits += set.has(d) ? '1' : '0';
  return { until, bits: bits.replace(/0+$/, '') };
}

export function recordedDaysOf(value: unknown): number[] {
  if (value === null || typeof value !== 'object') return [];
  const { until, bits } = value as { until?: unknown; bits?: unknown };
  if (typeof until !== 'number' || typeof bits !== 'string') return [];
  const days: number[] = [];
  for (let i = bits.length - 1; i >= 0; i--) if (bits.charCodeAt(i) === 49) days.push(until - i);
  return days;
}

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
