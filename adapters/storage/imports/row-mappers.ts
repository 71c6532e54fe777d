/**
 * Mapping between the core's rows and stored rows (column lists, value tuples for inserts, result rows back to
 * core rows). Both sides are numeric (epoch seconds, UTC day numbers): no conversion. Column order here is the
 * order of the INSERT statements.
 */
import type {
  ActivityIntervalRow,
  EventFaultRow,
  ImportRow,
  ImportWithdrawal,
  PositionRow,
  PositionSource,
  VehicleUsedRow,
} from '../../../core/domain/rows.js';
import type { Served } from '../../../core/use-cases/contracts.js';
import type { DayRecord } from '../../../core/ports/import-store.js';
import type { SqlValue } from '../database/dialect.js';
import { bit } from './codec.js';
import { packedDays } from './activity-pack.js';
import { parseIsoTimestamp } from '../../../core/time.js';

type Raw = Record<string, any>;

/** Columns every row query selects from the `imports` table alongside the row. */
export const IMPORT_JOIN_COLUMNS = 'i.import_id AS i_import_id, i.card_number AS i_card_number, i.status AS i_status';

// Row objects are written as literals, owner fields included: a spread (`{ ...owner(raw), ... }`) made V8 build
// dictionary-mode objects, ~10 µs a row to build and slow to read afterwards (measured by the bench).

function quarantined(raw: Raw): boolean {
  return raw.i_status === 'QUARANTINED';
}

// ---- imports -------------------------------------------------------------------------------------

export const IMPORT_COLUMNS = [
  'import_id',
  'archive_id',
  'content_sha256',
  'card_number',
  'file_name',
  'size_bytes',
  'imported_at',
  'generation',
  'status',
  'activity_from',
  'activity_to',
  'activity_days',
  'meta',
  'kind',
  'vin',
  'reg_nation',
  'reg_number',
  'downloaded_at',
] as const;

/**
 * `cardDownloadS`: the EF Card_Download time of a card's file (not an import row field), kept in `meta` so the
 * fleet row takes it again from the imports in use after one is withdrawn or restored (SqlFleetStore.cardDownload).
 */
export function importValues(row: ImportRow, cardDownloadS: number | null = null): SqlValue[] {
  const vu = row.vehicle_unit ?? null;
  const meta = JSON.stringify({
    card: row.card,
    driver: row.driver,
    warnings: row.warnings,
    authenticity: row.authenticity,
    // a VU import's facts (the vehicle's columns below are what queries select on)
    ...(vu === null ? {} : { vehicle_unit: vu }),
    ...(cardDownloadS === null ? {} : { card_download_s: cardDownloadS }),
  });
  const registration = vu?.vehicle.registration ?? null;
  const downloadedAt = vu?.downloaded_at ?? null;
  return [
    row.import_id,
    row.archive_id,
    row.content_sha256,
    row.card.card_number,
    row.file_name,
    row.size_bytes,
    row.imported_at,
    row.generation,
    row.status,
    row.activity_range.from,
    row.activity_range.to,
    row.activity_range.days,
    meta,
    row.kind ?? 'DRIVER_CARD',
    vu?.vehicle.vin ?? null,
    registration?.nation ?? null,
    registration?.number ?? null,
    downloadedAt === null ? null : parseIsoTimestamp(downloadedAt),
  ];
}

export function importFromRaw(raw: Raw): ImportRow {
  const meta = JSON.parse(raw.meta) as Pick<
    ImportRow,
    'card' | 'driver' | 'warnings' | 'authenticity' | 'vehicle_unit'
  >;
  return {
    import_id: raw.import_id,
    archive_id: raw.archive_id,
    file_name: raw.file_name,
    content_sha256: raw.content_sha256,
    size_bytes: raw.size_bytes,
    imported_at: Number(raw.imported_at),
    generation: raw.generation,
    status: raw.status,
    // a card import's row reads back as it was saved (no `kind`: absent means a driver card)
    ...(raw.kind === 'VEHICLE_UNIT' ? { kind: 'VEHICLE_UNIT' as const } : {}),
    card: meta.card,
    driver: meta.driver,
    activity_range: {
      from: raw.activity_from,
      to: raw.activity_to,
      days: raw.activity_days,
    },
    warnings: meta.warnings,
    // the row as saved: imports stored before verification existed (or saved without it) have none; the HTTP
    // mapper answers null for them
    ...(meta.authenticity === undefined ? {} : { authenticity: meta.authenticity }),
    ...(meta.vehicle_unit === undefined ? {} : { vehicle_unit: meta.vehicle_unit }),
    // only on imports ever withdrawn (the row of every other import reads back as it was saved)
    ...(raw.withdrawn_at === null || raw.withdrawn_at === undefined ? {} : { withdrawal: withdrawalFromRaw(raw) }),
  };
}

function withdrawalFromRaw(raw: Raw): ImportWithdrawal {
  return {
    reason: raw.withdrawal_reason ?? '',
    withdrawn_at: Number(raw.withdrawn_at),
    previous_status: raw.status_before_withdrawal,
    restored_at: raw.restored_at === null || raw.restored_at === undefined ? null : Number(raw.restored_at),
  };
}

// ---- day records -----------------------------------------------------------------------------------

export const DAY_COLUMNS = ['import_pk', 'day', 'card_number', 'fingerprint', 'distance_km'] as const;

export function dayValues(importPk: number, cardNumber: string | null, day: DayRecord): SqlValue[] {
  return [importPk, day.date, cardNumber, day.fingerprint, day.distance_km];
}

// ---- activities ------------------------------------------------------------------------------------

export const CARD_DAY_COLUMNS = ['card_number', 'day', 'import_pk', 'conflict'] as const;

export const ACTIVITY_DAY_COLUMNS = ['import_pk', 'day', 'n', 'packed'] as const;

/** One row per UTC day of the import: its intervals packed in seq order (activity-pack.ts). */
export function activityDayValues(importPk: number, rows: readonly ActivityIntervalRow[]): SqlValue[][] {
  return packedDays(rows).map((d) => [importPk, d.day, d.count, d.packed]);
}

// ---- events and faults -------------------------------------------------------------------------------

export const EVENT_FAULT_COLUMNS = [
  'import_pk',
  'seq',
  'code',
  'type',
  'description',
  'start_s',
  'end_s',
  'reg_nation',
  'reg_number',
  'has_reg',
] as const;
export const EVENT_FAULT_CONTENT = [
  'code',
  'type',
  'description',
  'start_s',
  'end_s',
  'reg_nation',
  'reg_number',
  'has_reg',
];

export function eventFaultValues(importPk: number, rows: readonly EventFaultRow[]): SqlValue[][] {
  return rows.map((row, seq) => [
    importPk,
    seq,
    row.code,
    row.type,
    row.description,
    row.start,
    row.end,
    row.vehicle_registration?.nation ?? null,
    row.vehicle_registration?.number ?? null,
    bit(row.vehicle_registration !== null),
  ]);
}

export function eventFaultFromRaw(raw: Raw): Served<EventFaultRow> {
  return {
    import_id: raw.i_import_id,
    card_number: raw.i_card_number,
    code: raw.code,
    type: raw.type,
    description: raw.description,
    start: raw.start_s,
    end: raw.end_s,
    vehicle_registration: raw.has_reg === 1 ? { nation: raw.reg_nation, number: raw.reg_number } : null,
    quarantined: quarantined(raw),
  };
}

// ---- vehicles used -------------------------------------------------------------------------------------

export const VEHICLE_COLUMNS = [
  'import_pk',
  'seq',
  'reg_nation',
  'reg_number',
  'vin',
  'first_s',
  'last_s',
  'odometer_begin_km',
  'odometer_end_km',
  'distance_km',
  'vu_data_block_counter',
] as const;
export const VEHICLE_CONTENT = VEHICLE_COLUMNS.slice(2) as string[];

export function vehicleValues(importPk: number, rows: readonly VehicleUsedRow[]): SqlValue[][] {
  return rows.map((row, seq) => [
    importPk,
    seq,
    row.registration.nation,
    row.registration.number,
    row.vin,
    row.first_use,
    row.last_use,
    row.odometer_begin_km,
    row.odometer_end_km,
    row.distance_km,
    row.vu_data_block_counter,
  ]);
}

export function vehicleFromRaw(raw: Raw): Served<VehicleUsedRow> {
  return {
    import_id: raw.i_import_id,
    card_number: raw.i_card_number,
    registration: { nation: raw.reg_nation, number: raw.reg_number },
    vin: raw.vin,
    first_use: raw.first_s,
    last_use: raw.last_s,
    odometer_begin_km: raw.odometer_begin_km,
    odometer_end_km: raw.odometer_end_km,
    distance_km: raw.distance_km,
    vu_data_block_counter: raw.vu_data_block_counter,
    quarantined: quarantined(raw),
  };
}

// ---- positions -------------------------------------------------------------------------------------------

export const POSITION_COLUMNS = [
  'import_pk',
  'seq',
  'ts_s',
  'latitude',
  'longitude',
  'source',
  'type',
  'country_code',
  'region_code',
  'odometer_km',
  'gnss_accuracy',
] as const;
export const POSITION_CONTENT = POSITION_COLUMNS.slice(2) as string[];

export function positionValues(importPk: number, rows: readonly PositionRow[]): SqlValue[][] {
  return rows.map((row, seq) => [
    importPk,
    seq,
    row.timestamp,
    row.latitude,
    row.longitude,
    row.source,
    row.type,
    row.country_code,
    row.region_code,
    row.odometer_km,
    row.gnss_accuracy,
  ]);
}

export function positionFromRaw(raw: Raw): Served<PositionRow> {
  return {
    import_id: raw.i_import_id,
    card_number: raw.i_card_number,
    timestamp: raw.ts_s,
    latitude: raw.latitude,
    longitude: raw.longitude,
    source: raw.source as PositionSource,
    type: raw.type,
    country_code: raw.country_code,
    region_code: raw.region_code,
    odometer_km: raw.odometer_km,
    gnss_accuracy: raw.gnss_accuracy,
    quarantined: quarantined(raw),
  };
}
