/**
 * FleetStore (core/ports/fleet-store.ts) on the MikroORM adapter's connection: the `fleet_card` table of
 * ./fleet-schema.ts, upserted with `INSERT … ON CONFLICT DO UPDATE` (SQLite ≥ 3.24 and PostgreSQL alike) and
 * read with one filtered, sorted, paged SELECT plus a COUNT. Rows without a value sort last in both orders;
 * equal keys are ordered by card number. Text sorts compare bytes (`COLLATE "C"` on PostgreSQL, SQLite's
 * default) so both databases page identically.
 */
import {
  AUTHENTICITY_STATUSES,
  DOWNLOAD_INTERVAL_SECONDS,
  epochDayOf,
  lastDownloadOf,
  type AuthenticityStatus,
  type FleetCardRecord,
  type FleetCounts,
  type FleetFilter,
  type FleetSort,
} from '../../../core/fleet/fleet-card.js';
import type { FleetListQuery, FleetStore } from '../../../core/ports/fleet-store.js';
import type { Slice } from '../../../core/ports/import-store.js';
import type { Raw, SqlValue } from './dialect.js';
import { FLEET_CARD_COLUMNS } from './fleet-schema.js';
import type { MikroOrmImportStore } from './mikro-orm-import-store.js';

const lower = (value: string | null): string => (value ?? '').toLowerCase();

export function fleetValues(record: FleetCardRecord): SqlValue[] {
  const f = record.findings;
  const nameKey = record.surname === null && record.first_names === null ? null : `${lower(record.surname)} ${lower(record.first_names)}`.trim();
  return [
    record.card_number, record.surname, record.first_names, record.issuing_member_state,
    [lower(record.surname), lower(record.first_names), lower(record.card_number)].join('\n'), nameKey, record.expiry_day,
    record.card_download_s, record.activity_end_s, lastDownloadOf(record).seconds, JSON.stringify(record.recorded_days),
    record.imports, record.quarantined_imports, record.conflicting_days, record.authenticity_status,
    f.VIOLATION, f.POTENTIAL, f.INCOMPLETE_DATA, f.MI, f.SI, f.VSI, f.MSI, record.findings_evaluated ? 1 : 0,
  ];
}

function authenticityOf(value: unknown): AuthenticityStatus | null {
  return typeof value === 'string' && (AUTHENTICITY_STATUSES as readonly string[]).includes(value) ? (value as AuthenticityStatus) : null;
}

export function fleetRecordFromRaw(raw: Raw): FleetCardRecord {
  return {
    card_number: raw.card_number as string,
    surname: raw.surname as string | null,
    first_names: raw.first_names as string | null,
    issuing_member_state: raw.issuing_member_state as string | null,
    expiry_day: raw.expiry_day as number | null,
    card_download_s: raw.card_download_s as number | null,
    activity_end_s: raw.activity_end_s as number | null,
    recorded_days: JSON.parse(raw.recorded_days as string) as number[],
    imports: raw.imports as number,
    quarantined_imports: raw.quarantined_imports as number,
    conflicting_days: raw.conflicting_days as number,
    authenticity_status: authenticityOf(raw.authenticity_status),
    findings: {
      VIOLATION: raw.f_violation as number,
      POTENTIAL: raw.f_potential as number,
      INCOMPLETE_DATA: raw.f_incomplete as number,
      MI: raw.f_mi as number,
      SI: raw.f_si as number,
      VSI: raw.f_vsi as number,
      MSI: raw.f_msi as number,
    },
    findings_evaluated: raw.findings_evaluated === 1,
  };
}

/** `LIKE` pattern matching `text` anywhere, with the pattern characters escaped (ESCAPE '!'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export class MikroOrmFleetStore implements FleetStore {
  constructor(private readonly store: MikroOrmImportStore) {}

  private get collate(): string {
    return this.store.dialect.name === 'postgres' ? ' COLLATE "C"' : '';
  }

  async saveFleetCard(record: FleetCardRecord): Promise<void> {
    const columns = FLEET_CARD_COLUMNS.join(', ');
    const updates = FLEET_CARD_COLUMNS.filter((c) => c !== 'card_number').map((c) => `${c} = excluded.${c}`).join(', ');
    await this.store.query(
      `INSERT INTO fleet_card (${columns}) VALUES (${FLEET_CARD_COLUMNS.map(() => '?').join(', ')})
       ON CONFLICT (card_number) DO UPDATE SET ${updates}`,
      fleetValues(record),
    );
  }

  async fleetCard(cardNumber: string): Promise<FleetCardRecord | null> {
    const rows = await this.store.query('SELECT * FROM fleet_card WHERE card_number = ?', [cardNumber]);
    return rows.length === 0 ? null : fleetRecordFromRaw(rows[0]!);
  }

  async listFleetCards(query: FleetListQuery): Promise<Slice<FleetCardRecord>> {
    const { sql, params } = whereOf(query.filter, query.now_s);
    const [count] = await this.store.query(`SELECT COUNT(*) AS n FROM fleet_card ${sql}`, params);
    const rows = await this.store.query(
      `SELECT * FROM fleet_card ${sql} ORDER BY ${this.orderBy(query.sort, query.order)} LIMIT ? OFFSET ?`,
      [...params, query.page.limit, query.page.offset],
    );
    return { items: rows.map(fleetRecordFromRaw), total: count!.n as number };
  }

  async fleetCounts(nowS: number): Promise<FleetCounts> {
    const [row] = await this.store.query(
      `SELECT COUNT(*) AS drivers,
              SUM(CASE WHEN last_download_s < ? THEN 1 ELSE 0 END) AS overdue,
              SUM(CASE WHEN expiry_day <= ? THEN 1 ELSE 0 END) AS expiring,
              SUM(CASE WHEN f_violation > 0 THEN 1 ELSE 0 END) AS infringements
         FROM fleet_card`,
      [nowS - DOWNLOAD_INTERVAL_SECONDS, epochDayOf(nowS) + 30],
    );
    return {
      drivers: Number(row!.drivers),
      overdue: Number(row!.overdue ?? 0),
      expiring_30d: Number(row!.expiring ?? 0),
      with_infringements: Number(row!.infringements ?? 0),
    };
  }

  async cardsWithoutFleetRow(): Promise<string[]> {
    const rows = await this.store.query(
      `SELECT DISTINCT i.card_number FROM imports i
         LEFT JOIN fleet_card f ON f.card_number = i.card_number
        WHERE i.card_number IS NOT NULL AND f.card_number IS NULL
        ORDER BY i.card_number`,
    );
    return rows.map((r) => r.card_number as string);
  }

  private orderBy(sort: FleetSort, order: 'asc' | 'desc'): string {
    const dir = order === 'desc' ? 'DESC' : 'ASC';
    const nullsLast = (column: string, collate = '') => `CASE WHEN ${column} IS NULL THEN 1 ELSE 0 END, ${column}${collate} ${dir}`;
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
        return `f_violation ${dir}, f_potential ${dir}, f_incomplete ${dir}, ${tail}`;
    }
  }
}

function whereOf(filter: FleetFilter, nowS: number): { sql: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.q !== null && filter.q.trim() !== '') {
    where.push(`search_text LIKE ? ESCAPE '!'`);
    params.push(containsPattern(filter.q.trim()));
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
