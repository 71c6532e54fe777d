/**
 * ImportStore on MikroORM's SQL layer (SQLite or PostgreSQL; the few differences live in dialect.ts).
 * Writes go through the SqlRunner (sql-runner.ts: statements prepared once on SQLite) in one transaction;
 * reads are hand-written SQL shaped after the port's queries (see schema.ts for the table design).
 * A card's history (the import serving each day, the conflicts) is merged by the core's rule when an import is
 * saved and kept in `card_day` (./import-save.ts); reads serve exact (import, day) selections. Event, fault,
 * vehicle and position rows are read by ./row-tables.ts, an import's life after its save by ./import-lifecycle.ts,
 * the day records and packed activity days by ./day-reader.ts (which holds the cache of import pks).
 */
import type { MikroORM } from '@mikro-orm/core';
import type {
  ActivityTotals,
  CardHistory,
  CardHistoryActivities,
  ChangedImport,
  ImportFilter,
  ImportLookup,
  ImportStore,
  NewImport,
  RowScope,
  SaveOutcome,
  ServedDay,
  Slice,
  StoredDayRecord,
  VehicleKey,
} from '../../../core/ports/import-store.js';
import type { ImportRow, UtcDay } from '../../../core/domain/rows.js';
import type { DateRange, Page, Served } from '../../../core/use-cases/contracts.js';
import type { Raw, SqlValue, StorageDialect } from '../database/dialect.js';
import type { SqlRunner } from '../database/sql-runner.js';
import { decodeContent } from './content-codec.js';
import { saveImport } from './import-save.js';
import { EVENTS, FAULTS, POSITIONS, SPECIFIC_CONDITIONS, VEHICLES, selectRows } from './row-tables.js';
import { vehicleList, vehicleUses } from './vehicle-queries.js';
import { cardDataDays, cardHistoryActivities, withinDays } from './card-history-activities.js';
import { purgeImports, restoreImport, withdrawImport } from './import-lifecycle.js';
import { storedHolder } from './stored-holder.js';
import { StorageError } from '../database/storage-error.js';
import { importChanges, importFilterWhere } from './import-changes.js';

export { StorageError };
import { timeTotals } from '../../../core/overview/time-totals.js';
import { importFromRaw } from './row-mappers.js';
import type { Database } from '../database/database.js';
import { DayReader } from './day-reader.js';
import { GrowthStatistics } from '../database/growth-statistics.js';

export class SqlImportStore implements ImportStore {
  /** the cache of import pks and the reads of day records and packed activity days that use it (./day-reader.ts) */
  readonly dayReader: DayReader;
  /** PostgreSQL: the growing tables analysed as this process's imports multiply (null on SQLite) */
  private readonly statistics: GrowthStatistics | null;

  constructor(readonly db: Database) {
    this.statistics = db.dialect.name === 'postgres' ? new GrowthStatistics(db.runner) : null;
    this.dayReader = new DayReader(db);
  }

  get orm(): MikroORM<any> {
    return this.db.orm;
  }

  get dialect(): StorageDialect {
    return this.db.dialect;
  }

  get runner(): SqlRunner {
    return this.db.runner;
  }

  /** Runs a statement and returns its rows (Database.query). */
  query(sql: string, params: readonly SqlValue[] = [], db: SqlRunner = this.runner): Promise<Raw[]> {
    return this.db.query(sql, params, db);
  }

  async ping(): Promise<boolean> {
    return this.query('SELECT 1 AS ok').then(
      (rows) => rows[0]?.ok === 1,
      () => false,
    );
  }

  async close(): Promise<void> {
    await this.statistics?.settled();
    await this.db.close();
  }

  async saveImport(input: NewImport): Promise<SaveOutcome> {
    const outcome = await saveImport(this.db, this.dayReader, input);
    if (outcome.outcome === 'created') this.statistics?.imported();
    return outcome;
  }

  storedHolder(cardNumber: string) {
    return storedHolder(this.db, cardNumber);
  }

  withdrawImport(importId: string, withdrawal: { reason: string; at: number }) {
    return withdrawImport(this.db, this.dayReader, importId, withdrawal);
  }

  restoreImport(importId: string, at: number) {
    return restoreImport(this.db, this.dayReader, importId, at);
  }

  purgeImports(importedBefore: number) {
    return purgeImports(this.db, this.dayReader, importedBefore);
  }

  async originalContent(importId: string): Promise<Uint8Array | null> {
    const rows = await this.query(
      'SELECT c.content, c.encoding FROM import_content c JOIN imports i ON i.pk = c.import_pk WHERE i.import_id = ?',
      [importId],
    );
    if (rows.length === 0) return null;
    try {
      return decodeContent(rows[0]!.content as Uint8Array, (rows[0]!.encoding as string | null) ?? null);
    } catch (error) {
      throw new StorageError('reading the original content failed', error);
    }
  }

  async findImport(lookup: ImportLookup): Promise<ImportRow | null> {
    return this.selectImport(this.runner, lookup.kind, lookup.value);
  }

  private async selectImport(db: SqlRunner, column: ImportLookup['kind'], value: string): Promise<ImportRow | null> {
    // unique columns match one row; a card_number matches every import of the card: the oldest not withdrawn answers
    const active = column === 'card_number' ? ` AND status <> 'WITHDRAWN'` : '';
    const rows = await this.query(
      `SELECT * FROM imports WHERE ${column} = ?${active} ORDER BY pk LIMIT 1`,
      [value],
      db,
    );
    return rows.length === 0 ? null : importFromRaw(rows[0]!);
  }

  async listImports(filter: ImportFilter, page: Page): Promise<Slice<ImportRow>> {
    const { where, params } = importFilterWhere(filter);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const count = async () => Number((await this.query(`SELECT COUNT(*) AS n FROM imports ${whereSql}`, params))[0]!.n);
    // a page of none: the count alone (no row read, no meta parsed)
    if (page.limit === 0) return { items: [], total: await count() };
    const rows = await this.query(`SELECT * FROM imports ${whereSql} ORDER BY pk LIMIT ? OFFSET ?`, [
      ...params,
      page.limit,
      page.offset,
    ]);
    // a page that is not full, and begins inside the list, ends it: its end is the count (no second statement)
    if (rows.length < page.limit && (rows.length > 0 || page.offset === 0))
      return { items: rows.map(importFromRaw), total: page.offset + rows.length };
    return { items: rows.map(importFromRaw), total: await count() };
  }

  importChanges(after: number, filter: ImportFilter, limit: number): Promise<Slice<ChangedImport>> {
    return importChanges(this.db, after, filter, limit);
  }

  async cardHistory(cardNumber: string, range: DateRange): Promise<CardHistory> {
    const where = ['c.card_number = ?'];
    const params: SqlValue[] = [cardNumber];
    withinDays('c.day', range, where, params);
    const rows = await this.query(
      `SELECT c.day, c.conflict, d.fingerprint, d.distance_km, i.card_number, i.import_id, i.pk, i.status
         FROM card_day c
         JOIN day_record d ON d.import_pk = c.import_pk AND d.day = c.day
         JOIN imports i ON i.pk = c.import_pk
        WHERE ${where.join(' AND ')} ORDER BY c.day`,
      params,
    );
    const served = rows.map((raw) => this.dayReader.storedDayRecord(raw));
    return { served, conflicts: rows.filter((raw) => Number(raw.conflict) === 1).map((raw) => Number(raw.day)) };
  }

  /** cardHistory and the activities of the days it serves, in one statement (./card-history-activities.ts) */
  cardHistoryActivities(cardNumber: string, range: DateRange): Promise<CardHistoryActivities> {
    return cardHistoryActivities(this.db, this.dayReader, cardNumber, range);
  }

  /** the served days holding card data (./card-history-activities.ts) */
  cardDataDays(cardNumber: string, range: DateRange): Promise<UtcDay[]> {
    return cardDataDays(this.db, cardNumber, range);
  }

  async cardDays(cardNumber: string): Promise<{ days: UtcDay[]; conflicts: UtcDay[] }> {
    const rows = await this.query('SELECT day, conflict FROM card_day WHERE card_number = ? ORDER BY day', [
      cardNumber,
    ]);
    const days = rows.map((raw) => Number(raw.day));
    return { days, conflicts: days.filter((_, i) => Number(rows[i]!.conflict) === 1) };
  }

  async quarantinedDayRecords(cardNumber: string, range: DateRange): Promise<StoredDayRecord[]> {
    const where = ['i.card_number = ?', "i.status = 'QUARANTINED'"];
    const params: SqlValue[] = [cardNumber];
    withinDays('d.day', range, where, params);
    return this.selectDayRecords(where, params, this.runner);
  }

  async dayRecords(
    scope: { kind: 'import'; import_id: string } | { kind: 'card'; card_number: string },
    range: DateRange,
    db: SqlRunner = this.runner,
  ): Promise<StoredDayRecord[]> {
    const where = [scope.kind === 'import' ? 'i.import_id = ?' : "d.card_number = ? AND i.status <> 'WITHDRAWN'"];
    const params: SqlValue[] = [scope.kind === 'import' ? scope.import_id : scope.card_number];
    withinDays('d.day', range, where, params);
    return this.selectDayRecords(where, params, db);
  }

  /** Day records (with their import) matching `where`, ordered by date then sequence. */
  private async selectDayRecords(
    where: readonly string[],
    params: readonly SqlValue[],
    db: SqlRunner,
  ): Promise<StoredDayRecord[]> {
    const rows = await this.query(
      `SELECT d.day, d.fingerprint, d.distance_km, d.card_number, i.import_id, i.pk, i.status
         FROM day_record d JOIN imports i ON i.pk = d.import_pk
        WHERE ${where.join(' AND ')} ORDER BY d.day, i.pk`,
      params,
      db,
    );
    return rows.map((raw) => this.dayReader.storedDayRecord(raw));
  }

  async activities(days: ServedDay[], page: Page | null): Promise<Slice<Served<any>>> {
    const rows = await this.dayReader.unpackedActivities(days);
    return { items: page === null ? rows : rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  }

  async activityTotals(days: ServedDay[]): Promise<ActivityTotals> {
    return timeTotals(await this.dayReader.unpackedActivities(days));
  }

  events(scope: RowScope, page: Page | null) {
    return selectRows(this.db, EVENTS, scope, page);
  }

  faults(scope: RowScope, page: Page | null) {
    return selectRows(this.db, FAULTS, scope, page);
  }

  vehiclesUsed(scope: RowScope, page: Page | null) {
    return selectRows(this.db, VEHICLES, scope, page);
  }

  positions(scope: RowScope, page: Page | null) {
    return selectRows(this.db, POSITIONS, scope, page);
  }

  async specificConditions(scope: RowScope) {
    return (await selectRows(this.db, SPECIFIC_CONDITIONS, scope, null)).items;
  }
  vehicleUses = (key: VehicleKey) => vehicleUses(this.db, key);
  vehicleList = (page: Page) => vehicleList(this.db, page);
}
