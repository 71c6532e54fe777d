/**
 * Table definitions (MikroORM EntitySchema, no decorators). Designed for the queries of the storage port:
 * - every row table is keyed by (import_pk, ...) so one import's rows, or one (import, day), are an index range;
 * - `day_record` holds one fingerprint per (import, UTC day) with an index on (card_number, day), so a card's
 *   whole history is resolved from small rows without touching the interval tables;
 * - times are epoch seconds, dates epoch days (integers); ISO strings are produced on output;
 * - a day's activity intervals are one packed value in `activity_day` (activity-pack.ts): every query reads whole
 *   days, so one row per (import, day) replaced one row per interval (the former `activity` table is migrated
 *   and dropped at start, migrate.ts);
 * - `card_day` keeps each card's history (the import serving each day, conflicts flagged), updated in the
 *   transaction of every import, so a card query is one primary-key range scan (built at start for databases
 *   from before it, migrate.ts);
 * - the original bytes live in their own table and are never read by a query.
 * Tables are created at start by the versioned migrations of ./migrations/ (schema-migrations.ts): a change here
 * needs a new migration, which `conformance/schema-migrations.test.ts` asks for.
 * The same tables serve SQLite and PostgreSQL; `entitySchemas(columnTypes)` applies the few column types a
 * database needs besides MikroORM's defaults (see dialect.ts). Original bytes: `blob` (SQLite), `bytea` (PostgreSQL).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export type { ColumnTypes };
import { fleetEntitySchemas } from './fleet-schema.js';
import { officeRecordSchemas } from './office-records-schema.js';
import { homeCountriesSchemas } from './home-countries-schema.js';
import { specificConditionSchemas } from './specific-conditions-schema.js';
import { fleetPendingSchemas } from './fleet-pending-schema.js';
import { openFindingsSchemas } from './open-findings-schema.js';
import { vuRowSchemas } from './vu-row-schema.js';
import { changesSchemas } from './changes-schema.js';

/** The column type override, if any, as property options. */
function column(type: string | undefined): { columnType?: string } {
  return type === undefined ? {} : { columnType: type };
}

export interface ImportEntity {
  pk: number;
  import_id: string;
  archive_id: string;
  content_sha256: string;
  card_number: string | null;
  file_name: string | null;
  size_bytes: number;
  imported_at: number;
  generation: string;
  status: string;
  activity_from: number | null;
  activity_to: number | null;
  activity_days: number;
  /** JSON of { card, driver, warnings } */
  meta: string;
  /** the latest withdrawal (import-lifecycle.ts): kept after a restore; null when never withdrawn */
  withdrawn_at: number | null;
  withdrawal_reason: string | null;
  status_before_withdrawal: string | null;
  restored_at: number | null;
  /** DRIVER_CARD or VEHICLE_UNIT (../vehicle-units/); the vehicle's columns are null on card imports */
  kind: string;
  vin: string | null;
  reg_nation: string | null;
  reg_number: string | null;
  /** a VU download's CurrentDateTime (TREP 01), epoch seconds */
  downloaded_at: number | null;
  /** the import's latest change number (./changes-schema.ts): its save, withdrawal or restore */
  change_number: number | null;
}

export interface ImportContentEntity {
  import_pk: number;
  content: Buffer;
  /** how `content` holds the original bytes (./content-codec.ts); null: as received */
  encoding: string | null;
}

export interface DayRecordEntity {
  import_pk: number;
  day: number;
  card_number: string | null;
  fingerprint: string;
  distance_km: number;
}

/** One UTC day of one import's activity intervals, packed (activity-pack.ts): the queries read whole days. */
export interface ActivityDayEntity {
  import_pk: number;
  day: number;
  /** intervals in `packed` */
  n: number;
  packed: Buffer;
}

/** A card's history kept at import time: the import serving each UTC day, and whether the day is a conflict. */
export interface CardDayEntity {
  card_number: string;
  day: number;
  import_pk: number;
  /** 1 when the card's imports disagree about the day (served from the newest) */
  conflict: number;
}

export interface EventFaultEntity {
  import_pk: number;
  seq: number;
  code: number;
  type: string | null;
  description: string | null;
  start_s: number | null;
  end_s: number | null;
  reg_nation: string | null;
  reg_number: string | null;
  /** 1 when the row has a vehicle_registration object (even with null fields) */
  has_reg: number;
}

export interface VehicleUsedEntity {
  import_pk: number;
  seq: number;
  reg_nation: string | null;
  reg_number: string | null;
  vin: string | null;
  first_s: number | null;
  last_s: number | null;
  odometer_begin_km: number | null;
  odometer_end_km: number | null;
  distance_km: number | null;
  vu_data_block_counter: number | null;
}

export interface PositionEntity {
  import_pk: number;
  seq: number;
  ts_s: number | null;
  latitude: number | null;
  longitude: number | null;
  source: string;
  type: string | null;
  country_code: string | null;
  region_code: string | null;
  odometer_km: number | null;
  gnss_accuracy: number | null;
}

/** The tables as MikroORM entity schemas, with the column types of one database. */
export function entitySchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  return [
    ...importSchemas(types),
    ...daySchemas(types),
    ...cardRowSchemas(types),
    ...fleetEntitySchemas(types),
    ...officeRecordSchemas(types),
    ...homeCountriesSchemas(types),
    ...specificConditionSchemas(types),
    ...openFindingsSchemas(types),
    ...fleetPendingSchemas(types),
    ...vuRowSchemas(types),
    ...changesSchemas(types),
  ];
}

/** An import and its original bytes. */
function importSchemas(types: ColumnTypes): EntitySchema<any>[] {
  const ImportSchema = new EntitySchema<ImportEntity>({
    name: 'ImportEntity',
    tableName: 'imports',
    properties: {
      pk: { type: 'integer', primary: true, autoincrement: true },
      import_id: { type: 'string', ...column(types.string), unique: 'imports_import_id_unique' },
      archive_id: { type: 'string', ...column(types.string), unique: 'imports_archive_id_unique' },
      content_sha256: { type: 'string', ...column(types.string), unique: 'imports_content_sha256_unique' },
      card_number: { type: 'string', ...column(types.string), nullable: true, index: 'imports_card_number_index' },
      file_name: { type: 'string', ...column(types.string), nullable: true },
      size_bytes: { type: 'integer' },
      imported_at: { type: 'integer', ...column(types.seconds) },
      generation: { type: 'string', ...column(types.string) },
      status: { type: 'string', ...column(types.string), index: 'imports_status_index' },
      activity_from: { type: 'integer', nullable: true },
      activity_to: { type: 'integer', nullable: true },
      activity_days: { type: 'integer' },
      meta: { type: 'text' },
      withdrawn_at: { type: 'integer', ...column(types.seconds), nullable: true },
      withdrawal_reason: { type: 'text', nullable: true },
      status_before_withdrawal: { type: 'string', ...column(types.string), nullable: true },
      restored_at: { type: 'integer', ...column(types.seconds), nullable: true },
      kind: { type: 'string', ...column(types.string), default: 'DRIVER_CARD' },
      vin: { type: 'string', ...column(types.string), nullable: true, index: 'imports_vin_index' },
      reg_nation: { type: 'string', ...column(types.string), nullable: true },
      reg_number: { type: 'string', ...column(types.string), nullable: true },
      downloaded_at: { type: 'integer', ...column(types.seconds), nullable: true },
      change_number: { type: 'integer', nullable: true, unique: 'imports_change_number_unique' },
    },
    // a card's quarantined imports (every card query reads their day records): without it SQLite walks every
    // quarantined import of the fleet through imports_status_index
    indexes: [{ name: 'imports_card_status_index', properties: ['card_number', 'status'] }],
  });

  const ImportContentSchema = new EntitySchema<ImportContentEntity>({
    name: 'ImportContentEntity',
    tableName: 'import_content',
    properties: {
      import_pk: { type: 'integer', primary: true, autoincrement: false },
      content: { type: 'blob' },
      encoding: { type: 'string', ...column(types.string), nullable: true },
    },
  });

  return [ImportSchema, ImportContentSchema];
}

/** A card's days: each import's day records and packed activities, and the import each day is read from. */
function daySchemas(types: ColumnTypes): EntitySchema<any>[] {
  const DayRecordSchema = new EntitySchema<DayRecordEntity>({
    name: 'DayRecordEntity',
    tableName: 'day_record',
    properties: {
      import_pk: { type: 'integer', primary: true, autoincrement: false },
      day: { type: 'integer', primary: true, autoincrement: false },
      card_number: { type: 'string', ...column(types.string), nullable: true },
      fingerprint: { type: 'string', ...column(types.string) },
      distance_km: { type: 'integer' },
    },
    indexes: [{ name: 'day_record_card_day_index', properties: ['card_number', 'day'] }],
  });

  const ActivityDaySchema = new EntitySchema<ActivityDayEntity>({
    name: 'ActivityDayEntity',
    tableName: 'activity_day',
    properties: {
      import_pk: { type: 'integer', primary: true, autoincrement: false },
      day: { type: 'integer', primary: true, autoincrement: false },
      n: { type: 'integer' },
      packed: { type: 'blob' },
    },
  });

  const CardDaySchema = new EntitySchema<CardDayEntity>({
    name: 'CardDayEntity',
    tableName: 'card_day',
    properties: {
      card_number: { type: 'string', ...column(types.string), primary: true },
      day: { type: 'integer', primary: true, autoincrement: false },
      import_pk: { type: 'integer' },
      conflict: { type: 'integer' },
    },
  });

  return [DayRecordSchema, ActivityDaySchema, CardDaySchema];
}

/** The card's rows beside its activities: events, faults, vehicles used, positions (one row per decoded record). */
function cardRowSchemas(types: ColumnTypes): EntitySchema<any>[] {
  const eventFaultProperties = {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    seq: { type: 'integer', primary: true, autoincrement: false },
    code: { type: 'integer' },
    type: { type: 'string', ...column(types.string), nullable: true },
    description: { type: 'string', ...column(types.string), nullable: true },
    start_s: { type: 'integer', ...column(types.seconds), nullable: true },
    end_s: { type: 'integer', ...column(types.seconds), nullable: true },
    reg_nation: { type: 'string', ...column(types.string), nullable: true },
    reg_number: { type: 'string', ...column(types.string), nullable: true },
    has_reg: { type: 'integer' },
  };

  const EventSchema = new EntitySchema<EventFaultEntity>({
    name: 'EventEntity',
    tableName: 'card_event',
    properties: { ...eventFaultProperties },
  });

  const FaultSchema = new EntitySchema<EventFaultEntity>({
    name: 'FaultEntity',
    tableName: 'card_fault',
    properties: { ...eventFaultProperties },
  });

  const VehicleUsedSchema = new EntitySchema<VehicleUsedEntity>({
    name: 'VehicleUsedEntity',
    tableName: 'vehicle_used',
    properties: {
      import_pk: { type: 'integer', primary: true, autoincrement: false },
      seq: { type: 'integer', primary: true, autoincrement: false },
      reg_nation: { type: 'string', ...column(types.string), nullable: true },
      reg_number: { type: 'string', ...column(types.string), nullable: true },
      vin: { type: 'string', ...column(types.string), nullable: true },
      first_s: { type: 'integer', ...column(types.seconds), nullable: true },
      last_s: { type: 'integer', ...column(types.seconds), nullable: true },
      odometer_begin_km: { type: 'integer', nullable: true },
      odometer_end_km: { type: 'integer', nullable: true },
      distance_km: { type: 'integer', nullable: true },
      vu_data_block_counter: { type: 'integer', nullable: true },
    },
    // one vehicle's rows of every card (vehicle-queries.ts)
    indexes: [
      { name: 'vehicle_used_registration_index', properties: ['reg_number', 'reg_nation'] },
      { name: 'vehicle_used_vin_index', properties: ['vin'] },
    ],
  });

  const PositionSchema = new EntitySchema<PositionEntity>({
    name: 'PositionEntity',
    tableName: 'position',
    properties: {
      import_pk: { type: 'integer', primary: true, autoincrement: false },
      seq: { type: 'integer', primary: true, autoincrement: false },
      ts_s: { type: 'integer', ...column(types.seconds), nullable: true },
      latitude: { type: 'double', nullable: true },
      longitude: { type: 'double', nullable: true },
      source: { type: 'string', ...column(types.string) },
      type: { type: 'string', ...column(types.string), nullable: true },
      country_code: { type: 'string', ...column(types.string), nullable: true },
      region_code: { type: 'string', ...column(types.string), nullable: true },
      odometer_km: { type: 'integer', nullable: true },
      gnss_accuracy: { type: 'double', nullable: true }, // a decimal: GNSSAccuracy (2.77) / 10
    },
  });

  return [EventSchema, FaultSchema, VehicleUsedSchema, PositionSchema];
}

/** The SQLite tables (MikroORM's default column types). */
export const allSchemas = entitySchemas();
