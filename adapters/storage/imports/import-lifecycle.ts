/**
 * An import's life after it was saved (the storage port's withdraw, restore and purge; its stored holder is
 * ./stored-holder.ts's):
 * - withdraw / restore flip `imports.status` (WITHDRAWN ⇄ the status before) with the reason and times in the
 *   import's own columns, and merge the card's history again for the import's days in the same transaction, under
 *   the card's lock (keepCardHistory, ./import-save.ts), so a conflict the import caused disappears with it;
 *   the import gets a new change number last (./import-changes.ts);
 * - purge deletes imports saved before a time, with their original bytes and every row keyed by their pk, and
 *   rebuilds the whole history of each card concerned. It is the only deletion of imports there is.
 */
import type { EpochSeconds, ImportRow } from '../../../core/domain/rows.js';
import type { PurgeResult, RestoreOutcome, WithdrawOutcome } from '../../../core/ports/import-store.js';
import type { Database } from '../database/database.js';
import type { DayReader } from './day-reader.js';
import { importFromRaw } from './row-mappers.js';
import { numberChange } from './import-changes.js';
import { keepCardHistory } from './import-save.js';
import type { SqlRunner } from '../database/sql-runner.js';

/** Every table holding rows of one import by `import_pk` (a new per-import table must be added here). */
export const IMPORT_ROW_TABLES = [
  'import_content',
  'day_record',
  'activity_day',
  'card_event',
  'card_fault',
  'vehicle_used',
  'position',
  'specific_condition',
  'vu_row',
] as const;

export async function withdrawImport(
  handle: Database,
  dayReader: DayReader,
  importId: string,
  w: { reason: string; at: EpochSeconds },
): Promise<WithdrawOutcome> {
  return handle.runner.transaction(async (tx) => {
    const current = await lockedImport(handle, tx, importId);
    if (current === null) return { outcome: 'not_found' };
    if (current.status === 'WITHDRAWN') return { outcome: 'already_withdrawn', import: current };
    await tx.all(
      `UPDATE imports SET status_before_withdrawal = status, status = 'WITHDRAWN', withdrawn_at = ?, withdrawal_reason = ?,
              restored_at = NULL WHERE import_id = ?`,
      [w.at, w.reason, importId],
    );
    await remerge(handle, dayReader, tx, current);
    await numberChange(handle.dialect, tx, importId);
    return { outcome: 'withdrawn', import: (await selectImport(handle, tx, importId))! };
  });
}

export async function restoreImport(
  handle: Database,
  dayReader: DayReader,
  importId: string,
  at: EpochSeconds,
): Promise<RestoreOutcome> {
  return handle.runner.transaction(async (tx) => {
    const current = await lockedImport(handle, tx, importId);
    if (current === null) return { outcome: 'not_found' };
    if (current.status !== 'WITHDRAWN') return { outcome: 'not_withdrawn', import: current };
    await tx.all(
      `UPDATE imports SET status = COALESCE(status_before_withdrawal, 'OK'), restored_at = ? WHERE import_id = ?`,
      [at, importId],
    );
    await remerge(handle, dayReader, tx, current);
    await numberChange(handle.dialect, tx, importId);
    return { outcome: 'restored', import: (await selectImport(handle, tx, importId))! };
  });
}

/** The import, read after taking its card's lock (parallel withdrawals of one card run one after another). */
async function lockedImport(handle: Database, tx: SqlRunner, importId: string): Promise<ImportRow | null> {
  const found = await selectImport(handle, tx, importId);
  if (found === null) return null;
  await handle.dialect.lockCard(tx, found.card.card_number ?? `import:${importId}`);
  return selectImport(handle, tx, importId); // read again under the lock
}

async function selectImport(handle: Database, tx: SqlRunner, importId: string): Promise<ImportRow | null> {
  const rows = await handle.query('SELECT * FROM imports WHERE import_id = ?', [importId], tx);
  return rows.length === 0 ? null : importFromRaw(rows[0]!);
}

/** Merges the card's history again over the days the import recorded. */
async function remerge(handle: Database, dayReader: DayReader, tx: SqlRunner, row: ImportRow): Promise<void> {
  const recorded = await handle.query(
    'SELECT d.day FROM day_record d JOIN imports i ON i.pk = d.import_pk WHERE i.import_id = ? ORDER BY d.day',
    [row.import_id],
    tx,
  );
  await keepCardHistory(
    handle,
    dayReader,
    tx,
    row.card.card_number,
    recorded.map((d) => Number(d.day)),
  );
}

export async function purgeImports(
  handle: Database,
  dayReader: DayReader,
  importedBefore: EpochSeconds,
): Promise<PurgeResult> {
  return handle.runner.transaction(async (tx) => {
    const doomed = await handle.query('SELECT * FROM imports WHERE imported_at < ? ORDER BY pk', [importedBefore], tx);
    const rows: Record<string, number> = {};
    if (doomed.length === 0) return { imports: [], rows, cards: [] };
    const cards = [
      ...new Set(doomed.map((r) => r.card_number as string | null).filter((c): c is string => c !== null)),
    ].sort();
    for (const card of cards) await handle.dialect.lockCard(tx, card);
    // the imports listed, by key: on PostgreSQL each statement sees what committed before it, and an import of
    // another card stored meanwhile (a cutoff in the future) must be neither deleted nor left in part
    const keys = doomed.map((r) => Number(r.pk));
    const { sql: selection, params } = handle.dialect.keyIn('import_pk', keys);
    for (const table of IMPORT_ROW_TABLES) {
      const [count] = await tx.all(`SELECT COUNT(*) AS n FROM ${table} WHERE ${selection}`, params);
      rows[table] = Number(count?.n ?? 0);
      await tx.all(`DELETE FROM ${table} WHERE ${selection}`, params);
    }
    // their fleet marks too: the cards' rows are computed again after the purge (not counted: derived data)
    await tx.all(`DELETE FROM fleet_pending WHERE ${selection}`, params);
    const listed = handle.dialect.keyIn('pk', keys);
    await tx.all(`DELETE FROM imports WHERE ${listed.sql}`, listed.params);
    rows.imports = doomed.length;
    for (const card of cards) await rebuildCardHistory(handle, dayReader, tx, card);
    const imports = doomed.map((raw) => ({
      import_id: raw.import_id as string,
      file_name: raw.file_name as string | null,
      imported_at: Number(raw.imported_at),
      status: raw.status,
      activity_from: raw.activity_from === null ? null : Number(raw.activity_from),
      activity_to: raw.activity_to === null ? null : Number(raw.activity_to),
    }));
    return { imports, rows, cards };
  });
}

/** Replaces the card's whole history by a merge of the day records left (none left: no history). */
async function rebuildCardHistory(handle: Database, dayReader: DayReader, tx: SqlRunner, card: string): Promise<void> {
  await tx.all('DELETE FROM card_day WHERE card_number = ?', [card]);
  const [span] = await tx.all('SELECT MIN(day) AS first, MAX(day) AS last FROM day_record WHERE card_number = ?', [
    card,
  ]);
  if (span?.first === null || span?.first === undefined) return;
  await keepCardHistory(handle, dayReader, tx, card, [Number(span.first), Number(span.last)]);
}
