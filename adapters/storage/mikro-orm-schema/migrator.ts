/**
 * MikroORM's Migrator on the store's ORM (loaded by schema-migrations.ts only when a migration is pending: it
 * brings umzug and @rushstack with it). A database written before versioned migrations (its `imports` table
 * exists, no migration is recorded) is first brought to the entity schemas by the schema generator in safe mode —
 * it adds tables, columns and indexes and drops nothing — and every migration is then recorded as executed: the
 * entity schemas are what the migrations build.
 */
import type { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { StorageDialect } from '../database/dialect.js';
import { knexOf } from '../database/sql-runner.js';
import { MIGRATIONS_TABLE, migrationNames, migrationsOptions } from './migrations/index.js';

/** Runs the pending migrations; `legacy`: a database from before migrations was brought up to date first. */
export async function runMigrator(
  orm: MikroORM<any>,
  dialect: StorageDialect,
  hasImports: boolean,
): Promise<{ legacy: boolean; applied: string[] }> {
  withMigrationClasses(orm, dialect);
  const migrator = new Migrator(orm.em);
  // creates the migrations table when missing
  const executed = await migrator.getExecutedMigrations();
  const legacy = hasImports && executed.length === 0;
  if (legacy) {
    await orm.schema.updateSchema({ safe: true });
    // one statement: every migration recorded, or none (then the next start does this again)
    await knexOf(orm)
      .insert(migrationNames(dialect).map((name) => ({ name })))
      .into(MIGRATIONS_TABLE);
  }
  const applied = await migrator.up();
  return { legacy, applied: applied.map((m) => m.name) };
}

/** The ORM's migration options with the migration classes (the store opens its ORM without them). */
export function withMigrationClasses(orm: MikroORM<any>, dialect: StorageDialect): void {
  Object.assign(orm.config.get('migrations'), migrationsOptions(dialect));
}
