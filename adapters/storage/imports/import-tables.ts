/**
 * The import store as the modules that read and write its tables beside it take it (./import-save.ts,
 * ./import-lifecycle.ts, ./card-history-activities.ts, the data migrations): the database handle's calls, and the
 * three steps that need the store's cache of import pks (day records, packed activities, the card history's merge).
 * Declared apart from the store's class, so those modules and the class do not import each other.
 */
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import type { ServedDay, StoredDayRecord } from '../../../core/ports/import-store.js';
import type { Served } from '../../../core/use-cases/contracts.js';
import type { Raw, SqlValue, StorageDialect } from '../database/dialect.js';
import type { SqlRunner } from '../database/sql-runner.js';

export interface ImportTables {
  readonly dialect: StorageDialect;
  readonly runner: SqlRunner;
  query(sql: string, params?: readonly SqlValue[], db?: SqlRunner): Promise<Raw[]>;
  /** a day record row as the port answers it (its import's pk cached) */
  storedDayRecord(raw: Raw): StoredDayRecord;
  /** the activity rows of the given served days, read through `db` (a transaction's, or the runner) */
  unpackedActivities(days: ServedDay[], db?: SqlRunner): Promise<Array<Served<ActivityIntervalRow>>>;
  /** the card's history merged again over the days given (inside the caller's transaction `tx`) */
  keepCardHistory(tx: SqlRunner, cardNumber: string | null, dates: readonly number[]): Promise<void>;
}
