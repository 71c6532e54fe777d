/**
 * Table definitions (MikroORM EntitySchema, no decorators). Designed for the queries of the storage port:
 * - every row table is keyed by (import_pk, ...) so one import's rows, or one (import, day), are an index range;
 * - `day_record` holds one fingerprint per (import, UTC day) with an index on (card_number, day), so a card's
 *   whole history is resolved from small rows without touching the interval tables;
 * - times are epoch seconds, dates epoch days (integers); ISO strings are produced on output;
 * - the original bytes live in their own table and are never read by a query.
 * Tables are created or updated at start by the schema generator (safe mode: nothing is dropped).
 */
import { EntitySchema } from '@mikro-orm/core';

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
}

export const ImportSchema = new EntitySchema<ImportEntity>({
  name: 'ImportEntity',
  tableName: 'imports',
  properties: {
    pk: { type: 'integer', primary: true, autoincrement: true },
    import_id: { type: 'string', unique: 'imports_import_id_unique' },
    archive_id: { type: 'string', unique: 'imports_archive_id_unique' },
    content_sha256: { type: 'string', unique: 'imports_content_sha256_unique' },
    card_number: { type: 'string', nullable: true, index: 'imports_card_number_index' },
    file_name: { type: 'string', nullable: true },
    size_bytes: { type: 'integer' },
    imported_at: { type: 'integer' },
    generation: { type: 'string' },
    status: { type: 'string', index: 'imports_status_index' },
    activity_from: { type: 'integer', nullable: true },
    activity_to: { type: 'integer', nullable: true },
    activity_days: { type: 'integer' },
    meta: { type: 'text' },
  },
});

export interface ImportContentEntity {
  import_pk: number;
  content: Buffer;
}

export const ImportContentSchema = new EntitySchema<ImportContentEntity>({
  name: 'ImportContentEntity',
  tableName: 'import_content',
  properties: {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    content: { type: 'blob' },
  },
});

export interface DayRecordEntity {
  import_pk: number;
  day: number;
  card_number: string | null;
  fingerprint: string;
  distance_km: number;
}

export const DayRecordSchema = new EntitySchema<DayRecordEntity>({
  name: 'DayRecordEntity',
  tableName: 'day_record',
  properties: {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    day: { type: 'integer', primary: true, autoincrement: false },
    card_number: { type: 'string', nullable: true },
    fingerprint: { type: 'string' },
    distance_km: { type: 'integer' },
  },
  indexes: [{ name: 'day_record_card_day_index', properties: ['card_number', 'day'] }],
});

export interface ActivityEntity {
  import_pk: number;
  day: number;
  seq: number;
  start_s: number;
  end_s: number;
  duration: number;
  /** 0 DRIVING, 1 WORK, 2 AVAILABILITY, 3 REST */
  activity: number;
  /** 0 DRIVER, 1 CO_DRIVER */
  slot: number;
  crew: number;
  card_inserted: number;
  manual_entry: number;
}

export const ActivitySchema = new EntitySchema<ActivityEntity>({
  name: 'ActivityEntity',
  tableName: 'activity',
  properties: {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    day: { type: 'integer', primary: true, autoincrement: false },
    seq: { type: 'integer', primary: true, autoincrement: false },
    start_s: { type: 'integer' },
    end_s: { type: 'integer' },
    duration: { type: 'integer' },
    activity: { type: 'integer' },
    slot: { type: 'integer' },
    crew: { type: 'integer' },
    card_inserted: { type: 'integer' },
    manual_entry: { type: 'integer' },
  },
});

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

const eventFaultProperties = {
  import_pk: { type: 'integer', primary: true, autoincrement: false },
  seq: { type: 'integer', primary: true, autoincrement: false },
  code: { type: 'integer' },
  type: { type: 'string', nullable: true },
  description: { type: 'string', nullable: true },
  start_s: { type: 'integer', nullable: true },
  end_s: { type: 'integer', nullable: true },
  reg_nation: { type: 'string', nullable: true },
  reg_number: { type: 'string', nullable: true },
  has_reg: { type: 'integer' },
} as const;

export const EventSchema = new EntitySchema<EventFaultEntity>({
  name: 'EventEntity',
  tableName: 'card_event',
  properties: { ...eventFaultProperties },
});

export const FaultSchema = new EntitySchema<EventFaultEntity>({
  name: 'FaultEntity',
  tableName: 'card_fault',
  properties: { ...eventFaultProperties },
});

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

export const VehicleUsedSchema = new EntitySchema<VehicleUsedEntity>({
  name: 'VehicleUsedEntity',
  tableName: 'vehicle_used',
  properties: {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    seq: { type: 'integer', primary: true, autoincrement: false },
    reg_nation: { type: 'string', nullable: true },
    reg_number: { type: 'string', nullable: true },
    vin: { type: 'string', nullable: true },
    first_s: { type: 'integer', nullable: true },
    last_s: { type: 'integer', nullable: true },
    odometer_begin_km: { type: 'integer', nullable: true },
    odometer_end_km: { type: 'integer', nullable: true },
    distance_km: { type: 'integer', nullable: true },
    vu_data_block_counter: { type: 'integer', nullable: true },
  },
});

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

export const PositionSchema = new EntitySchema<PositionEntity>({
  name: 'PositionEntity',
  tableName: 'position',
  properties: {
    import_pk: { type: 'integer', primary: true, autoincrement: false },
    seq: { type: 'integer', primary: true, autoincrement: false },
    ts_s: { type: 'integer', nullable: true },
    latitude: { type: 'double', nullable: true },
    longitude: { type: 'double', nullable: true },
    source: { type: 'string' },
    type: { type: 'string', nullable: true },
    country_code: { type: 'string', nullable: true },
    region_code: { type: 'string', nullable: true },
    odometer_km: { type: 'integer', nullable: true },
    gnss_accuracy: { type: 'integer', nullable: true },
  },
});

export const allSchemas = [
  ImportSchema,
  ImportContentSchema,
  DayRecordSchema,
  ActivitySchema,
  EventSchema,
  FaultSchema,
  VehicleUsedSchema,
  PositionSchema,
];
