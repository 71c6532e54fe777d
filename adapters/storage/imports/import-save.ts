/**
 * Saving an import (the storage port's saveImport) and keeping its card's history, in one transaction:
 * 1. what is stored already under the content hash or the archive id, and the card's lock (PostgreSQL: a
 *    transaction-scoped advisory lock, taken in the lookup's statement; SQLite runs one transaction at a time);
 * 2. under the lock, in a statement of its own (a snapshot taken after the lock was granted), the card's stored
 *    holder handed to the caller's `settle` (the holder check of the use case): two parallel imports of a NEW card
 *    under different holders thus run one after the other, and the second sees the first one's holder exactly as
 *    a sequential pair would;
 * 3. the import, its original bytes and its rows (PostgreSQL: one statement, folded-statements.ts);
 * 4. the card's history merged again over the days the import recorded (core/use-cases/served-days.ts; on
 *    PostgreSQL the other imports' versions are read by the statement of step 3): its conflicts among the
 *    import's own days are the answer's `conflicting_dates` (no second read);
 * 5. the card's fleet mark (./fleet-pending-schema.ts), with the import's rows: its summary is computed later;
 * 6. the import's change number (./import-changes.ts), whose lock is held until the commit: on PostgreSQL in the
 *    statement sent with the COMMIT (step 4's, or step 3's when there is no history to keep), on SQLite after step 3.
 * On PostgreSQL that is three round trips (postgres-runner.ts): BEGIN with steps 1 and 2, steps 3 and 5, step 4's
 * statement with the COMMIT.
 */
import type { UtcDay } from '../../../core/domain/rows.js';
import type { NewImport, SaveOutcome } from '../../../core/ports/import-store.js';
import { resolveServedDays } from '../../../core/use-cases/served-days.js';
import type { Database } from '../database/database.js';
import type { DayReader } from './day-reader.js';
import type { InsertBatch, SqlRunner } from '../database/sql-runner.js';
import { cardLockKey, type Raw, type SqlValue, type StorageDialect } from '../database/dialect.js';
import { keyedInsert, lockedLookup, replaceCardDays } from './folded-statements.js';
import { changeStatements, numberChange, withChangeNumber } from './import-changes.js';
import { encodeContent, storedContentOf, type StoredContent } from './content-codec.js';
import { holderOf, storedHolder, storedHolderStatement } from './stored-holder.js';
import type { CardHolder } from '../../../core/use-cases/holder-identity.js';
import { SPECIFIC_CONDITION_COLUMNS, specificConditionValues } from '../mikro-orm-schema/specific-conditions-schema.js';
import { StorageError } from '../database/storage-error.js';
import { FLEET_PENDING_COLUMNS } from '../mikro-orm-schema/fleet-pending-schema.js';
import { VU_ROW_COLUMNS } from '../mikro-orm-schema/vu-row-schema.js';
import { vuRowValues } from '../vehicle-units/vu-row-kinds.js';
import {
  ACTIVITY_DAY_COLUMNS,
  CARD_DAY_COLUMNS,
  DAY_COLUMNS,
  EVENT_FAULT_COLUMNS,
  IMPORT_COLUMNS,
  POSITION_COLUMNS,
  VEHICLE_COLUMNS,
  activityDayValues,
  dayValues,
  eventFaultValues,
  importFromRaw,
  importValues,
  positionValues,
  vehicleValues,
} from './row-mappers.js';

/**
 * One record per version of a card's day over a span (the newest import holding it): all the merge needs
 * (newestPerFingerprint). Parameters: card number, first day, last day; ordered by the caller (day, pk).
 */
const VERSIONS = `SELECT v.day, v.fingerprint, d.distance_km, d.card_number, i.import_id, i.pk, i.status
   FROM (SELECT r.day, r.fingerprint, MAX(r.import_pk) AS pk FROM day_record r JOIN imports w ON w.pk = r.import_pk
          WHERE r.card_number = ? AND r.day >= ? AND r.day <= ? AND w.status <> 'WITHDRAWN' GROUP BY r.day, r.fingerprint) v
   JOIN day_record d ON d.import_pk = v.pk AND d.day = v.day
   JOIN imports i ON i.pk = v.pk`;
const CONTENT_COLUMNS = ['import_pk', 'content', 'encoding'] as const;
const INSERT_IMPORT = `INSERT INTO imports (${IMPORT_COLUMNS.join(', ')}) VALUES (${IMPORT_COLUMNS.map(() => '?').join(', ')}) RETURNING pk`;

export async function saveImport(handle: Database, dayReader: DayReader, input: NewImport): Promise<SaveOutcome> {
  try {
    // compressed before the transaction (the lock is held for SQL only), only once the file was decoded: a file
    // refused by the decoder costs no compression (several large refused bodies at once would hold it all); the
    // decoder pool's worker may have compressed it already (the decoder's `stored_form`)
    const content = input.stored_form ? storedContentOf(input.stored_form) : await encodeContent(input.content);
    return await handle.runner.transaction<SaveOutcome>(async (trx) => {
      const cardNumber = input.import.card.card_number;
      const { stored, holder } = await lockedOutcome(handle, trx, input, cardNumber);
      if (stored) return stored;
      let row = input.import;
      if (cardNumber !== null && input.settle)
        row = input.settle(holder !== undefined ? holder : await storedHolder(handle, cardNumber, trx));
      const dates = input.days.map((d) => d.date);
      const written = await writeImport(trx, { ...input, import: row }, content, handle.dialect);
      const saved = { input: { ...input, import: row }, written };
      const conflicts = await keepCardHistory(handle, dayReader, trx, cardNumber, dates, true, saved);
      const own = new Set(dates);
      return { outcome: 'created', import: row, conflicting_dates: conflicts.filter((d) => own.has(d)) };
    });
  } catch (error) {
    // never let a driver error carry SQL text with bound values (original bytes, personal data) upwards
    if (!handle.dialect.isUniqueViolation(error)) throw new StorageError('saving the import failed', error);
    // Another writer (another connection or process) won the race: report what it stored.
    const stored = await storedOutcome(handle, handle.runner, input);
    if (stored) return stored;
    throw new StorageError('saving the import failed', error);
  }
}

/**
 * What is stored already under the content hash or the archive id, read in ONE statement: on PostgreSQL
 * (read committed) every statement sees a new snapshot, so two lookups could straddle a concurrent commit of the
 * same content and see only its archive id (a false archive_taken, which answered archive_conflict to one of
 * 20 identical parallel POSTs). The same content is always a duplicate, whatever archive holds it. With
 * `lockCard`, the card's lock is taken too (held until the transaction ends, whatever the lookup answers).
 */
async function storedOutcome(
  handle: Database,
  db: SqlRunner,
  input: NewImport,
  lockCard: string | null = null,
): Promise<SaveOutcome | null> {
  const { content_sha256: sha, archive_id: archive } = input.import;
  const rows = await handle.query(
    'SELECT * FROM imports WHERE content_sha256 = ? OR archive_id = ?',
    [sha, archive],
    db,
  );
  if (lockCard !== null) await handle.dialect.lockCard(db, lockCard);
  return outcomeOf(rows, sha);
}

/**
 * storedOutcome with the card's lock taken, and on PostgreSQL the card's stored holder (when the caller settles
 * one), in ONE round trip with the transaction's BEGIN: the lookup in the statement that takes the lock (its
 * snapshot predates the lock, as a separate lookup before the lock would), then the holder in a statement of its
 * own, whose snapshot is taken once the lock is granted (the server runs it after the lock's statement ended).
 * `holder` is undefined where it was not read.
 */
async function lockedOutcome(
  handle: Database,
  trx: SqlRunner,
  input: NewImport,
  cardNumber: string | null,
): Promise<{ stored: SaveOutcome | null; holder?: CardHolder | null }> {
  if (cardNumber === null || handle.dialect.name !== 'postgres')
    return { stored: await storedOutcome(handle, trx, input, cardNumber) };
  const { content_sha256: sha, archive_id: archive } = input.import;
  const lookup = lockedLookup(cardLockKey(cardNumber), sha, archive);
  const [rows, holderRows] = await trx.batch(input.settle ? [lookup, storedHolderStatement(cardNumber)] : [lookup]);
  const stored = outcomeOf(
    rows!.filter((raw) => raw.pk !== null),
    sha,
  );
  return holderRows === undefined ? { stored } : { stored, holder: holderOf(holderRows) };
}

function outcomeOf(rows: readonly Raw[], sha: string): SaveOutcome | null {
  const same = rows.find((raw) => raw.content_sha256 === sha);
  if (same) return { outcome: 'duplicate_content', import: importFromRaw(same) };
  return rows.length > 0 ? { outcome: 'archive_taken', import: importFromRaw(rows[0]!) } : null;
}

/**
 * The import just written, and the versions of its card's days over its span that the OTHER imports hold, read
 * before its rows are written (PostgreSQL: in the insert's statement, SQLite: the statement before it; null when it
 * has no card or no days): under the card's lock nothing else changes them before the merge, and the import's own
 * records (the newest pk of its card) are added in memory (keepCardHistory).
 */
export interface WrittenImport {
  pk: number;
  others: Raw[] | null;
}

/** Writes one import and its rows inside the caller's transaction. */
export async function writeImport(
  trx: SqlRunner,
  input: NewImport,
  stored: StoredContent,
  dialect: StorageDialect,
): Promise<WrittenImport> {
  const card = input.card;
  const cardNumber = input.import.card.card_number;
  const KEY = 0; // each row's first value: the import's pk, set once known (PostgreSQL: in the statement)
  const children: InsertBatch[] = [
    { table: 'import_content', columns: CONTENT_COLUMNS, rows: [[KEY, stored.content, stored.encoding]] },
    { table: 'day_record', columns: DAY_COLUMNS, rows: input.days.map((day) => dayValues(KEY, cardNumber, day)) },
    { table: 'activity_day', columns: ACTIVITY_DAY_COLUMNS, rows: activityDayValues(KEY, card.activities) },
    { table: 'card_event', columns: EVENT_FAULT_COLUMNS, rows: eventFaultValues(KEY, card.events) },
    { table: 'card_fault', columns: EVENT_FAULT_COLUMNS, rows: eventFaultValues(KEY, card.faults) },
    { table: 'vehicle_used', columns: VEHICLE_COLUMNS, rows: vehicleValues(KEY, card.vehicles_used) },
    { table: 'position', columns: POSITION_COLUMNS, rows: positionValues(KEY, card.positions) },
    {
      table: 'specific_condition',
      columns: SPECIFIC_CONDITION_COLUMNS,
      rows: specificConditionValues(KEY, card.specific_conditions ?? []),
    },
    // the card's fleet row is computed after the answer: marked here, durable with the import
    {
      table: 'fleet_pending',
      columns: FLEET_PENDING_COLUMNS,
      rows: cardNumber === null ? [] : [[KEY, cardNumber, card.card_download_s ?? null]],
    },
  ];
  // a vehicle unit's rows: their table only in a VU import's statement (a card's text, prepared once, is unchanged)
  if (input.vu)
    children.push({
      table: 'vu_row',
      columns: VU_ROW_COLUMNS,
      rows: vuRowValues(KEY, input.import.vehicle_unit?.vehicle.vin ?? '', input.vu),
    });
  const values = importValues(input.import, card.card_download_s ?? null);
  const span = cardNumber === null || input.days.length === 0 ? null : spanOf(input.days.map((d) => d.date));
  const answer = span && {
    sql: `SELECT p.pk AS new_pk, x.* FROM p LEFT JOIN (${VERSIONS}) x ON true ORDER BY x.day, x.pk`,
    params: [cardNumber, span.from, span.to],
  };
  const folded =
    dialect.name === 'postgres'
      ? keyedInsert({ table: 'imports', columns: IMPORT_COLUMNS, row: values }, children, answer ?? undefined)
      : null;
  if (folded !== null) {
    if (answer === null) {
      // no card history to keep: the import's change number in the same round trip (./import-changes.ts)
      const [rows] = (await trx.batch([folded, ...changeStatements(dialect, input.import.import_id)])) as [Raw[]];
      return { pk: rows[0]!.pk as number, others: null };
    }
    // the change number is taken by the card history's statement, sent with the COMMIT (keepCardHistory)
    const rows = await trx.all(folded.sql, folded.params);
    return { pk: rows[0]!.new_pk as number, others: rows.filter((raw) => raw.day !== null) };
  }
  // the other imports' versions read before the rows are written, as PostgreSQL's statement reads them (its
  // snapshot): the merge adds the import's own days (withOwnDays) instead of reading them back
  const others = answer && (await trx.all(`${VERSIONS} ORDER BY v.day, v.pk`, answer.params));
  const pk = (await trx.all(INSERT_IMPORT, values))[0]!.pk as number;
  for (const batch of children) for (const row of batch.rows as SqlValue[][]) row[0] = pk;
  await trx.insertTables(children);
  for (const { sql, params } of changeStatements(dialect, input.import.import_id)) await trx.all(sql, params);
  return { pk, others };
}

function spanOf(dates: readonly number[]): { from: number; to: number } {
  let from = dates[0]!;
  let to = from;
  for (const date of dates) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  return { from, to };
}

/**
 * The versions the merge reads (VERSIONS, ordered by day and pk) with the import's own day records added: each
 * is the newest version of its (day, fingerprint), replacing another import's, and sorts last on its day.
 */
function withOwnDays(others: readonly Raw[], input: NewImport, cardNumber: string, written: WrittenImport): Raw[] {
  const own = new Map(input.days.map((d) => [d.date, d]));
  const versions = others.filter((raw) => own.get(Number(raw.day))?.fingerprint !== raw.fingerprint);
  for (const d of input.days)
    versions.push({
      day: d.date,
      fingerprint: d.fingerprint,
      distance_km: d.distance_km,
      card_number: cardNumber,
      import_id: input.import.import_id,
      pk: written.pk,
      status: input.import.status,
    });
  return versions.sort((a, b) => Number(a.day) - Number(b.day) || Number(a.pk) - Number(b.pk));
}

/**
 * Brings the card's history up to date for the dates given (those of an import just written, or all of a card's
 * dates when it is rebuilt): the day records of every import of the card between the first and the last date are
 * merged again by the core's rule (resolveServedDays) and replace the history of that span. Inside `tx`, under
 * the card's lock (taken here unless `locked`), so parallel imports of one card never miss each other.
 */
export async function keepCardHistory(
  handle: Database,
  dayReader: DayReader,
  tx: SqlRunner,
  cardNumber: string | null,
  dates: readonly number[],
  locked = false,
  /**
   * the import just saved with these dates, when its save read the other imports' versions (writeImport); the
   * history's statement is then the last of the save's transaction
   */
  saved?: { input: NewImport; written: WrittenImport },
): Promise<UtcDay[]> {
  if (cardNumber === null || dates.length === 0) return [];
  if (!locked) await handle.dialect.lockCard(tx, cardNumber);
  const { from, to } = spanOf(dates);
  const others = saved?.written.others;
  const versions = others
    ? withOwnDays(others, saved.input, cardNumber, saved.written)
    : await handle.query(`${VERSIONS} ORDER BY v.day, v.pk`, [cardNumber, from, to], tx);
  const records = versions.map((raw) => dayReader.storedDayRecord(raw));
  const resolution = await resolveServedDays(records, (selection) => dayReader.unpackedActivities(selection, tx));
  const conflicts = new Set(resolution.conflicts);
  const served = resolution.served.map((r) => [cardNumber, r.date, r.sequence, conflicts.has(r.date) ? 1 : 0]);
  const folded = handle.dialect.name === 'postgres' ? replaceCardDays(cardNumber, from, to, served) : null;
  // the save's last statement, with the import's change number: its transaction's COMMIT goes in the same round trip
  if (folded !== null && saved) {
    const last = withChangeNumber(folded, saved.written.pk);
    await tx.lastThenCommit(last.sql, last.params);
  } else if (folded !== null) await tx.all(folded.sql, folded.params);
  else {
    await tx.all('DELETE FROM card_day WHERE card_number = ? AND day >= ? AND day <= ?', [cardNumber, from, to]);
    await tx.insertMany('card_day', CARD_DAY_COLUMNS, served);
    // PostgreSQL's save that kept no day (none served): its change number here (SQLite took it with the insert)
    if (saved && handle.dialect.name === 'postgres')
      await numberChange(handle.dialect, tx, saved.input.import.import_id);
  }
  return resolution.conflicts;
}
