/**
 * Brings the schema up to date at start through MikroORM's Migrator (the migrations of ./migrations/, recorded in
 * its table, so a second start runs none). The names recorded are read first with one SELECT and compared with
 * migrations/names.ts: the Migrator (migrator.ts, with umzug and @rushstack, ~3 MB of heap) is loaded only when one
 * is missing — a new database, one from before versioned migrations, or one written by an older version. Runs
 * under the schema lock of index.ts on PostgreSQL.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { SqlValue, StorageDialect } from '../database/dialect.js';
import { ensureFleetSearch } from '../fleet/fleet-search.js';
import { ensureFleetCounts } from '../fleet/fleet-counts.js';
import { knexOf } from '../database/sql-runner.js';
import { MIGRATIONS_TABLE, MIGRATION_NAMES } from './migrations/names.js';

/** What the start did to the schema: `legacy` when a database from before migrations was brought up to date. */
export interface SchemaMigrationResult {
  legacy: boolean;
  /** the migrations run now, in order (none on a database already up to date) */
  applied: string[];
}

export async function migrateSchema(orm: MikroORM<any>, dialect: StorageDialect): Promise<SchemaMigrationResult> {
  const run = async (sql: string, params: readonly SqlValue[] = []) =>
    dialect.rows(await knexOf(orm).raw(sql, params as SqlValue[]));
  const hasImports = await tableExists(orm, dialect, 'imports');
  const recorded = (await tableExists(orm, dialect, MIGRATIONS_TABLE))
    ? new Set((await run(`SELECT name FROM ${MIGRATIONS_TABLE}`)).map((row) => String(row.name)))
    : new Set<string>();
  let result: SchemaMigrationResult = { legacy: false, applied: [] };
  if (MIGRATION_NAMES.some((name) => !recorded.has(name))) {
    const { runMigrator } = await import('./migrator.js');
    result = await runMigrator(orm, dialect, hasImports);
  }
  // the fleet search's FTS5 table / trigram index and the fleet counters' triggers (not in the entity schemas)
  await ensureFleetSearch(run, dialect);
  await ensureFleetCounts(run, dialect);
  return result;
}

async function tableExists(orm: MikroORM<any>, dialect: StorageDialect, table: string): Promise<boolean> {
  const [row] = (await orm.em.getConnection().execute(dialect.tableExistsSql, [table])) as Array<{ n: unknown }>;
  return Number(row?.n ?? 0) > 0;
}
