/**
 * VehicleUnitStore (core/ports/vehicle-unit-store.ts) over the shared database handle: VU imports are rows of
 * `imports` (`kind` VEHICLE_UNIT, with `vin`, `reg_nation`, `reg_number`, `downloaded_at`), their rows are in
 * `vu_row` (./vu-row-kinds.ts). A VIN's rows of one kind are read through the index (vin, row_kind, day) and merged
 * here: of each identity (`ident`) the copy of the newest import holding it (largest pk) is kept, so successive
 * downloads that overlap give each day, insertion, event… once. WITHDRAWN imports are left out of every read.
 * Rows are ordered in memory (time, nulls last; then slot; then identity; then import and record order), so both
 * databases answer the same order whatever their collation.
 */
import type { ImportRow } from '../../../core/domain/rows.js';
import type {
  OverspeedControlRow,
  Quarantinable,
  VehicleUnitRecord,
  VehicleUnitStore,
  VuDayRow,
  VuRowList,
  VuRowOf,
  VuRowPage,
  VuRowQuery,
  VuSpeedRow,
} from '../../../core/ports/vehicle-unit-store.js';
import type { VuActivityRow } from '../../../core/rows/vu-activities.js';
import type { OverspeedingRow, VuEventRow } from '../../../core/rows/vu-events.js';
import type { CardInsertionRow } from '../../../core/rows/vu-insertions.js';
import type { CalibrationRow, VuPositionRow } from '../../../core/rows/vu-technical.js';
import { parseIsoDay } from '../../../core/time.js';
import type { Database } from '../database/database.js';
import type { Raw, SqlValue } from '../database/dialect.js';
import { importFromRaw } from '../imports/row-mappers.js';
import type { VuRowKind } from './vu-row-kinds.js';
import type { Page } from '../../../core/use-cases/contracts.js';

/** The kind of rows each list of the port reads. */
const LIST_KINDS: Record<VuRowList, VuRowKind> = {
  activities: 'activity',
  cardInsertions: 'insertion',
  events: 'event',
  faults: 'fault',
  overspeeding: 'overspeeding',
  calibrations: 'calibration',
  positions: 'position',
  speed: 'speed',
};

const ACTIVE_VU = "i.kind = 'VEHICLE_UNIT' AND i.status <> 'WITHDRAWN'";
const SLOT_RANK: Record<string, number> = { DRIVER: 0, CO_DRIVER: 1 };

interface StoredRow {
  pk: number;
  seq: number;
  start: number | null;
  ident: string;
  row: Record<string, unknown> & { quarantined: boolean };
}

function storedRow(raw: Raw): StoredRow {
  const vin = raw.vin === '' ? null : (raw.vin as string);
  const body = JSON.parse(raw.body as string) as Record<string, unknown>;
  return {
    pk: Number(raw.import_pk),
    seq: Number(raw.seq),
    start: raw.start_s === null ? null : Number(raw.start_s),
    ident: raw.ident as string,
    row: { import_id: raw.i_import_id as string, vin, ...body, quarantined: raw.i_status === 'QUARANTINED' },
  };
}

/** Of each identity, the rows of the newest import holding it (several rows of one import with it are all kept). */
function newestPerIdent(rows: readonly StoredRow[]): StoredRow[] {
  const newest = new Map<string, number>();
  for (const r of rows) if ((newest.get(r.ident) ?? -1) < r.pk) newest.set(r.ident, r.pk);
  return rows.filter((r) => newest.get(r.ident) === r.pk);
}

function byTime(a: StoredRow, b: StoredRow): number {
  if (a.start !== b.start) {
    if (a.start === null) return 1;
    if (b.start === null) return -1;
    return a.start - b.start;
  }
  const slot = (SLOT_RANK[String(a.row.slot)] ?? 2) - (SLOT_RANK[String(b.row.slot)] ?? 2);
  if (slot !== 0) return slot;
  if (a.ident !== b.ident) return a.ident < b.ident ? -1 : 1;
  return a.pk - b.pk || a.seq - b.seq;
}

/** The WHERE condition of one kind of rows of a query (an import's, or a VIN's) within its range. */
function selectionOf(kind: VuRowKind, query: VuRowQuery): { where: string; params: SqlValue[] } {
  const where = ['r.row_kind = ?', ACTIVE_VU];
  const params: SqlValue[] = [kind];
  if (query.import_id !== null) {
    where.push('i.import_id = ?');
    params.push(query.import_id);
  } else {
    where.push('r.vin = ?');
    params.push(query.vin ?? '');
  }
  if (query.range.from !== null) {
    where.push('r.day >= ?');
    params.push(query.range.from);
  }
  if (query.range.to !== null) {
    where.push('r.day <= ?');
    params.push(query.range.to);
  }
  return { where: where.join(' AND '), params };
}

export class SqlVehicleUnitStore implements VehicleUnitStore {
  constructor(private readonly db: Database) {}

  /** The rows of one kind of the query: one import's as stored, or a VIN's merged. */
  private async rows<T>(kind: VuRowKind, query: VuRowQuery): Promise<Array<Quarantinable<T>>> {
    const { where, params } = selectionOf(kind, query);
    const raws = await this.db.query(
      `SELECT r.import_pk, r.seq, r.vin, r.start_s, r.ident, r.body, i.import_id AS i_import_id, i.status AS i_status
         FROM vu_row r JOIN imports i ON i.pk = r.import_pk WHERE ${where}`,
      params,
    );
    const stored = raws.map(storedRow);
    const kept = query.import_id !== null ? stored : newestPerIdent(stored);
    return kept.sort(byTime).map((r) => r.row as Quarantinable<T>);
  }

  /**
   * One page of a list, merged, ordered and cut in the database: of each identity the rows of the newest import
   * holding it (MAX(import_pk) over the identity's rows; an identity's copies all lie on one day, so the range
   * selects all of them or none), in byTime's order — time with nulls last, the slot's rank read from the row's
   * JSON, identity in byte order, import, record — and the list's size beside each row (COUNT over the merged rows;
   * counted on its own when the page is past the end).
   */
  async listPage<L extends VuRowList>(list: L, query: VuRowQuery, page: Page): Promise<VuRowPage<VuRowOf<L>>> {
    const { where, params } = selectionOf(LIST_KINDS[list], query);
    const dialect = this.db.dialect.name;
    const newest = query.import_id !== null ? 'r.import_pk' : 'MAX(r.import_pk) OVER (PARTITION BY r.ident)';
    const merged = `SELECT r.import_pk, r.seq, r.vin, r.start_s, r.ident, r.body, i.import_id AS i_import_id,
        i.status AS i_status, ${newest} AS newest_pk
        FROM vu_row r JOIN imports i ON i.pk = r.import_pk WHERE ${where}`;
    const slot = dialect === 'postgres' ? `(m.body::json ->> 'slot')` : `json_extract(m.body, '$.slot')`;
    const collate = dialect === 'postgres' ? ' COLLATE "C"' : '';
    const raws = await this.db.query(
      `SELECT m.*, COUNT(*) OVER () AS list_total FROM (${merged}) m WHERE m.import_pk = m.newest_pk
        ORDER BY CASE WHEN m.start_s IS NULL THEN 1 ELSE 0 END, m.start_s,
          CASE ${slot} WHEN 'DRIVER' THEN 0 WHEN 'CO_DRIVER' THEN 1 ELSE 2 END, m.ident${collate}, m.import_pk, m.seq
        LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset],
    );
    const items = raws.map((raw) => storedRow(raw).row as unknown as VuRowOf<L>);
    if (raws.length > 0) return { items, total: Number(raws[0]!.list_total) };
    const [count] = await this.db.query(
      `SELECT COUNT(*) AS n FROM (${merged}) m WHERE m.import_pk = m.newest_pk`,
      params,
    );
    return { items, total: Number(count!.n) };
  }

  async vehicleUnits(): Promise<VehicleUnitRecord[]> {
    const imports = await this.db.query(
      `SELECT i.* FROM imports i WHERE ${ACTIVE_VU} AND i.vin IS NOT NULL AND i.vin <> '' ORDER BY i.pk`,
    );
    const calibrations = await this.db.query(
      `SELECT r.vin, r.start_s, r.body FROM vu_row r JOIN imports i ON i.pk = r.import_pk
        WHERE r.row_kind = 'calibration' AND ${ACTIVE_VU} ORDER BY r.import_pk, r.seq`,
    );
    const perVin = new Map<string, Raw[]>();
    for (const raw of imports) perVin.set(raw.vin as string, [...(perVin.get(raw.vin as string) ?? []), raw]);
    return [...perVin.keys()]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((vin) => vehicleUnitRecord(vin, perVin.get(vin)!, nextCalibration(vin, calibrations)));
  }

  async vinsOfRegistration(number: string, nation: string | null): Promise<string[]> {
    const where = [ACTIVE_VU, 'i.reg_number = ?'];
    const params: SqlValue[] = [number];
    if (nation !== null) {
      where.push('i.reg_nation = ?');
      params.push(nation);
    }
    const rows = await this.db.query(`SELECT DISTINCT i.vin FROM imports i WHERE ${where.join(' AND ')}`, params);
    return rows
      .map((r) => r.vin as string | null)
      .filter((v): v is string => v !== null && v !== '')
      .sort();
  }

  days(query: VuRowQuery): Promise<Array<Quarantinable<VuDayRow>>> {
    return this.rows('day', query);
  }
  activities(query: VuRowQuery): Promise<Array<Quarantinable<VuActivityRow>>> {
    return this.rows('activity', query);
  }
  cardInsertions(query: VuRowQuery): Promise<Array<Quarantinable<CardInsertionRow>>> {
    return this.rows('insertion', query);
  }
  events(query: VuRowQuery): Promise<Array<Quarantinable<VuEventRow>>> {
    return this.rows('event', query);
  }
  faults(query: VuRowQuery): Promise<Array<Quarantinable<VuEventRow>>> {
    return this.rows('fault', query);
  }
  overspeeding(query: VuRowQuery): Promise<Array<Quarantinable<OverspeedingRow>>> {
    return this.rows('overspeeding', query);
  }
  calibrations(query: VuRowQuery): Promise<Array<Quarantinable<CalibrationRow>>> {
    return this.rows('calibration', query);
  }
  positions(query: VuRowQuery): Promise<Array<Quarantinable<VuPositionRow>>> {
    return this.rows('position', query);
  }
  speed(query: VuRowQuery): Promise<Array<Quarantinable<VuSpeedRow>>> {
    return this.rows('speed', query);
  }
}

/**
 * The next calibration date of the VIN's newest calibration, as a UTC day; null: none. Newest by its time; a record
 * without one (VUs write newTimeValue 0 when the calibration set no time: the real sample's three records) ranks
 * below every timed one, and among equals the one read last (newer import, later in the VU's record list) wins.
 */
function nextCalibration(vin: string, calibrations: readonly Raw[]): number | null {
  const time = (c: Raw) => (c.start_s === null ? -Infinity : Number(c.start_s));
  let newest: Raw | null = null;
  for (const c of calibrations) {
    if (c.vin !== vin) continue;
    if (newest === null || time(c) >= time(newest)) newest = c;
  }
  if (newest === null) return null;
  const date = (JSON.parse(newest.body as string) as { next_calibration_date: string | null }).next_calibration_date;
  return date === null ? null : parseIsoDay(date);
}

/** The VIN's record: its newest import by the VU's clock at the download, then by pk (imports come in pk order). */
function vehicleUnitRecord(vin: string, imports: readonly Raw[], next: number | null): VehicleUnitRecord {
  let newest = imports[0]!;
  for (const raw of imports) {
    const at = raw.downloaded_at === null ? -Infinity : Number(raw.downloaded_at);
    const best = newest.downloaded_at === null ? -Infinity : Number(newest.downloaded_at);
    if (at >= best) newest = raw;
  }
  const row: ImportRow = importFromRaw(newest);
  const facts = row.vehicle_unit ?? null;
  const control = facts?.overspeed_control ?? null;
  const overspeed: OverspeedControlRow | null = control;
  return {
    vin,
    registration: facts?.vehicle.registration ?? null,
    vu: facts?.vu ?? null,
    newest_import: row,
    downloaded_at: newest.downloaded_at === null ? null : Number(newest.downloaded_at),
    next_calibration: next,
    overspeed_control: overspeed,
    imports: imports.length,
  };
}
