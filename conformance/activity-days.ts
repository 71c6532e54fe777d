/**
 * What an activity-day selection (`StorageDialect.activityDays`) finds: the (import, day) keys of the rows it
 * joins, read in the order the stores read them, beside the keys asked for in that order — equal when the
 * selection is exact.
 */
import type { DayKey, Raw, SqlValue, StorageDialect } from '../adapters/storage/database/dialect.js';

export async function selectedDayKeys(
  run: (sql: string, params: SqlValue[]) => Promise<Raw[]>,
  dialect: StorageDialect,
  keys: readonly DayKey[],
): Promise<{ found: DayKey[]; asked: DayKey[] }> {
  const selection = dialect.activityDays(keys);
  const rows = await run(
    `SELECT ad.import_pk AS pk, ad.day FROM ${selection.sql} ORDER BY ad.day, ad.import_pk`,
    selection.params,
  );
  return {
    found: rows.map((r) => ({ pk: Number(r.pk), day: Number(r.day) })),
    asked: [...keys].sort((a, b) => a.day - b.day || a.pk - b.pk),
  };
}
