/**
 * The names of the schema's migrations, in order, and MikroORM's table that records them — apart from the migration
 * classes (index.ts), which load MikroORM's Migrator: the store reads the recorded names with one SELECT at start
 * and loads the Migrator only when one of these is missing (schema-migrations.ts).
 */

/** MikroORM's table of executed migrations (its default name): one row per migration applied or recorded. */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export const INITIAL_SCHEMA = '0001-initial-schema';
export const HOME_COUNTRIES_FLEET_ORDER = '0002-home-countries-fleet-order';
export const FLEET_SEARCH_COUNTS = '0003-fleet-search-counts';
export const SPECIFIC_CONDITIONS = '0004-specific-conditions';
export const OPEN_FINDINGS = '0006-open-findings';
export const FLEET_PENDING = '0007-fleet-pending';
export const FLEET_PENDING_CARD_ORDER = '0008-fleet-pending-card-order';
export const VEHICLE_UNIT_DOWNLOADS = '0009-vehicle-unit-downloads';
export const CHANGE_NUMBERS_IDEMPOTENCY_KEYS = '0010-change-numbers-idempotency-keys';
export const OFFICE_RECORD_CHANGE_NUMBERS = '0011-office-record-change-numbers';

/** Every migration's name, in the order they run (the same on SQLite and PostgreSQL; the classes differ). */
export const MIGRATION_NAMES: readonly string[] = [
  INITIAL_SCHEMA,
  HOME_COUNTRIES_FLEET_ORDER,
  FLEET_SEARCH_COUNTS,
  SPECIFIC_CONDITIONS,
  OPEN_FINDINGS,
  FLEET_PENDING,
  FLEET_PENDING_CARD_ORDER,
  VEHICLE_UNIT_DOWNLOADS,
  CHANGE_NUMBERS_IDEMPOTENCY_KEYS,
  OFFICE_RECORD_CHANGE_NUMBERS,
];
