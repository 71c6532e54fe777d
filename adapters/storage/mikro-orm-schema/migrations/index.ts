/**
 * The schema's versioned migrations, in order, for each database (one class per dialect where the SQL differs).
 * A schema change is one new file in this folder — its SQL from MikroORM's schema generator
 * (`orm.schema.getUpdateSchemaSQL()` on a database migrated to the previous one, see README "Schema at start") — and
 * one line in each list below, under a new name that sorts after the others, also listed in names.ts (the start
 * compares the recorded names with that list before it loads the Migrator). Classes are listed, never globbed
 * from the disk, so the built service finds them wherever it runs.
 */
import type { MigrationObject, MigrationsOptions } from '@mikro-orm/core';
import type { StorageDialect } from '../../database/dialect.js';
import { InitialSchemaPostgres, InitialSchemaSqlite } from './0001-initial-schema.js';
import { HomeCountriesFleetOrderPostgres, HomeCountriesFleetOrderSqlite } from './0002-home-countries-fleet-order.js';
import { FleetSearchCountsPostgres, FleetSearchCountsSqlite } from './0003-fleet-search-counts.js';
import { SpecificConditionsPostgres, SpecificConditionsSqlite } from './0004-specific-conditions.js';
import { OpenFindingsPostgres, OpenFindingsSqlite } from './0006-open-findings.js';
import { FleetPendingPostgres, FleetPendingSqlite } from './0007-fleet-pending.js';
import { FleetPendingCardOrderPostgres, FleetPendingCardOrderSqlite } from './0008-fleet-pending-card-order.js';
import { VehicleUnitDownloadsPostgres, VehicleUnitDownloadsSqlite } from './0009-vehicle-unit-downloads.js';
import {
  ChangeNumbersIdempotencyKeysPostgres,
  ChangeNumbersIdempotencyKeysSqlite,
} from './0010-change-numbers-idempotency-keys.js';
import {
  OfficeRecordChangeNumbersPostgres,
  OfficeRecordChangeNumbersSqlite,
} from './0011-office-record-change-numbers.js';
import {
  CHANGE_NUMBERS_IDEMPOTENCY_KEYS,
  FLEET_PENDING,
  FLEET_PENDING_CARD_ORDER,
  FLEET_SEARCH_COUNTS,
  HOME_COUNTRIES_FLEET_ORDER,
  INITIAL_SCHEMA,
  MIGRATIONS_TABLE,
  OFFICE_RECORD_CHANGE_NUMBERS,
  OPEN_FINDINGS,
  SPECIFIC_CONDITIONS,
  VEHICLE_UNIT_DOWNLOADS,
} from './names.js';

export { MIGRATIONS_TABLE };

const MIGRATIONS: Record<StorageDialect['name'], MigrationObject[]> = {
  sqlite: [
    { name: INITIAL_SCHEMA, class: InitialSchemaSqlite },
    { name: HOME_COUNTRIES_FLEET_ORDER, class: HomeCountriesFleetOrderSqlite },
    { name: FLEET_SEARCH_COUNTS, class: FleetSearchCountsSqlite },
    { name: SPECIFIC_CONDITIONS, class: SpecificConditionsSqlite },
    { name: OPEN_FINDINGS, class: OpenFindingsSqlite },
    { name: FLEET_PENDING, class: FleetPendingSqlite },
    { name: FLEET_PENDING_CARD_ORDER, class: FleetPendingCardOrderSqlite },
    { name: VEHICLE_UNIT_DOWNLOADS, class: VehicleUnitDownloadsSqlite },
    { name: CHANGE_NUMBERS_IDEMPOTENCY_KEYS, class: ChangeNumbersIdempotencyKeysSqlite },
    { name: OFFICE_RECORD_CHANGE_NUMBERS, class: OfficeRecordChangeNumbersSqlite },
  ],
  postgres: [
    { name: INITIAL_SCHEMA, class: InitialSchemaPostgres },
    { name: HOME_COUNTRIES_FLEET_ORDER, class: HomeCountriesFleetOrderPostgres },
    { name: FLEET_SEARCH_COUNTS, class: FleetSearchCountsPostgres },
    { name: SPECIFIC_CONDITIONS, class: SpecificConditionsPostgres },
    { name: OPEN_FINDINGS, class: OpenFindingsPostgres },
    { name: FLEET_PENDING, class: FleetPendingPostgres },
    { name: FLEET_PENDING_CARD_ORDER, class: FleetPendingCardOrderPostgres },
    { name: VEHICLE_UNIT_DOWNLOADS, class: VehicleUnitDownloadsPostgres },
    { name: CHANGE_NUMBERS_IDEMPOTENCY_KEYS, class: ChangeNumbersIdempotencyKeysPostgres },
    { name: OFFICE_RECORD_CHANGE_NUMBERS, class: OfficeRecordChangeNumbersPostgres },
  ],
};

/** The names of the migrations of a dialect, in order. */
export function migrationNames(dialect: StorageDialect): string[] {
  return MIGRATIONS[dialect.name].map((m) => m.name);
}

/**
 * The Migrator's options: the listed classes; all pending migrations in one transaction (a process killed while
 * migrating leaves the schema as it was); no snapshot file written beside the code; no log lines of its own.
 */
export function migrationsOptions(dialect: StorageDialect): MigrationsOptions {
  return {
    tableName: MIGRATIONS_TABLE,
    migrationsList: MIGRATIONS[dialect.name],
    transactional: true,
    allOrNothing: true,
    snapshot: false,
    silent: true,
  };
}
