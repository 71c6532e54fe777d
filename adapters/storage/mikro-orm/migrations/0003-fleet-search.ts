/**
 * The fleet search's trigram index (../fleet-search.ts): on SQLite an FTS5 table with the `trigram` tokenizer kept
 * in step with `fleet_card` by triggers and filled from the rows stored; on PostgreSQL `pg_trgm` and a GIN index on
 * `search_text` (left out with a WARNING where the extension cannot be installed: the search then scans). MikroORM's
 * entity schemas cannot declare an FTS5 table or triggers: SQLite's are outside the schema generator's view
 * (`skipTables`), and `ensureFleetSearch` brings them to a database whose migrations were recorded without them.
 */
import { Migration } from '@mikro-orm/migrations';
import { POSTGRES_SEARCH, SQLITE_SEARCH } from '../fleet-search.js';

export const FLEET_SEARCH = '0003-fleet-search';

export class FleetSearchSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE_SEARCH) this.addSql(sql);
  }
}

export class FleetSearchPostgres extends Migration {
  override up(): void {
    this.addSql(POSTGRES_SEARCH);
  }
}
