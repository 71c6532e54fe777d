/**
 * Brings the schema up to date at start through MikroORM's Migrator (the migrations of ./migrations/, recorded in
 * its table, so a second start runs none). A database written before versioned migrations (its `imports` table
 * exists, no migration is recorded) is first brought to the entity schemas by the schema generator in safe mode —
 * it adds tables, columns and indexes and drops nothing — and every migration is then recorded as executed: the
 * entity schemas are what the migrations build. Runs under the schema lock of index.ts on PostgreSQL.
 */
import type { MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { SqlValue, StorageDialect } from './dialect.js';
import { ensureFleetSearch } from './fleet-search.js';
import { ensureFleetCounts } from './fleet-counts.js';
import { knexOf } from './sql-runner.js';
import { MIGRATIONS_TABLE, migrationNames } from './migrations/index.js';

/** What the start did to the schema: `legacy` when a database from before migrations was brought up to date. */
export interface SchemaMigrationResult {
  legacy: boolean;
  /** the migrations run now, in order (none on a database already up to date) */
  applied: string[];
}

export async function migrateSchema(orm: MikroORM<any>, dialect: StorageDialect): Promise<SchemaMigrationResult> {
  const migrator = new Migrator(orm.em);
  const hasImports = await tableExists(orm, dialect, 'imports');
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
  // the fleet search's FTS5 table / trigram index and the fleet counters' triggers (not in the entity schemas)
  const run = async (sql: string, params: readonly SqlValue[] = []) =>
    dialect.rows(await knexOf(orm).raw(sql, params as SqlValue[]));
  await ensureFleetSearch(run, dialect);
  await ensureFleetCounts(run, dialect);
  return { legacy, applied: applied.map((m) => m.name) };
}

async function tableExists(orm: MikroORM<any>, dialect: StorageDialect, table: string): Promise<boolean> {
  const [row] = (await orm.em.getConnection().execute(dialect.tableExistsSql, [table])) as Array<{ n: unknown }>;
  return Number(row?.n ?? 0) > 0;
}
