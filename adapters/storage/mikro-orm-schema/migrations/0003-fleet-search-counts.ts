/**
 * The fleet list at ten times the cards. The search's trigram index (../fleet-search.ts): on SQLite an FTS5 table
 * with the `trigram` tokenizer kept in step with `fleet_card` by triggers and filled from the rows stored; on
 * PostgreSQL `pg_trgm` and a GIN index on `search_text` (left out with a WARNING where the extension cannot be
 * installed: the search then scans). The fleet's counters (`fleet_count`, ../fleet-counts.ts; its table SQL from
 * MikroORM's schema generator on a database migrated to 0002), their triggers, and the counters computed from the
 * rows stored. MikroORM's entity schemas cannot declare an FTS5 table, triggers or functions: SQLite's FTS5 tables
 * are outside the schema generator's view (`skipTables`), and `ensureFleetSearch` / `ensureFleetCounts` bring them
 * to a database whose migrations were recorded without them.
 */
import { Migration } from '@mikro-orm/migrations';
import { POSTGRES_SEARCH, SQLITE_SEARCH } from '../../fleet/fleet-search.js';
import { POSTGRES_COUNTS, SQLITE_COUNTS } from '../../fleet/fleet-counts.js';

export class FleetSearchCountsSqlite extends Migration {
  override up(): void {
    this.addSql(
      'create table `fleet_count` (`kind` integer not null, `bucket` integer not null, `n` integer not null, primary key (`kind`, `bucket`))',
    );
    for (const sql of [...SQLITE_SEARCH, ...SQLITE_COUNTS]) this.addSql(sql);
  }
}

export class FleetSearchCountsPostgres extends Migration {
  override up(): void {
    this.addSql(
      'create table "fleet_count" ("kind" int not null, "bucket" int not null, "n" int not null, constraint "fleet_count_pkey" primary key ("kind", "bucket"))',
    );
    for (const sql of [POSTGRES_SEARCH, ...POSTGRES_COUNTS]) this.addSql(sql);
  }
}
