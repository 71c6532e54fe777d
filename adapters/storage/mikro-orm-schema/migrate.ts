/**
 * Data migrations run at start, after the schema migrations (schema-migrations.ts) brought the tables up to date.
 *
 * 1. Packed activity days: databases written before them keep one row per interval in `activity`
 *    (import_pk, day, seq, start_s, end_s, duration, activity, slot, crew, card_inserted, manual_entry; codes as
 *    codec.ts). Each import's rows become its `activity_day` rows, in seq order, and the old table is dropped — all
 *    in one transaction, so a process killed during the migration leaves the old database, migrated again at the
 *    next start. Imports that already have packed days (none, unless a migration was interrupted after a
 *    partial copy, which the transaction excludes) are left as they are.
 * 2. Card histories: a card with imports but no `card_day` rows (a database from before the table, or a
 *    seeded one) gets its history built from its day records, one transaction per card.
 * 3. Specific conditions: the imports listed in `specific_condition_pending` (stored before migration 0004) get their
 *    EF Specific_Conditions rows from their original bytes, decoded again (core/rows/specific-conditions.ts), one
 *    transaction per import; an import whose bytes no longer decode keeps none. Each is done once.
 */
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import type { Raw, StorageDialect } from '../database/dialect.js';
import { ACTIVITY_CODES, SLOT_CODES } from '../imports/codec.js';
import { ACTIVITY_DAY_COLUMNS, activityDayValues } from '../imports/row-mappers.js';
import type { SqlRunner } from '../database/sql-runner.js';
import type { Database } from '../database/database.js';
import type { DayReader } from '../imports/day-reader.js';
import { keepCardHistory } from '../imports/import-save.js';
import { decodeDddBytes } from '../../../core/decoder/decode-ddd.js';
import { specificConditionRows } from '../../../core/rows/specific-conditions.js';
import type { SpecificConditionRow } from '../../../core/domain/rows.js';
import { decodeContent } from '../imports/content-codec.js';
import { SPECIFIC_CONDITION_COLUMNS, specificConditionValues } from './specific-conditions-schema.js';

const LEGACY_ACTIVITY = 'activity';

function legacyInterval(raw: Raw): ActivityIntervalRow {
  const code = (value: unknown, names: readonly string[], what: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n >= names.length)
      throw new RangeError(`stored ${what} code ${String(value)}`);
    return n;
  };
  return {
    import_id: null,
    card_number: null,
    date: Number(raw.day),
    start: Number(raw.start_s),
    end: Number(raw.end_s),
    activity: ACTIVITY_CODES[code(raw.activity, ACTIVITY_CODES, 'activity')]!,
    duration: Number(raw.duration),
    slot: SLOT_CODES[code(raw.slot, SLOT_CODES, 'slot')]!,
    crew: Number(raw.crew) === 1,
    card_inserted: Number(raw.card_inserted) === 1,
    manual_entry: Number(raw.manual_entry) === 1,
  };
}

/** Moves the intervals of a pre-packing database into `activity_day`; returns how many intervals moved. */
export async function migrateLegacyActivities(runner: SqlRunner, dialect: StorageDialect): Promise<number> {
  const [exists] = await runner.all(dialect.tableExistsSql, [LEGACY_ACTIVITY]);
  if (Number(exists?.n ?? 0) === 0) return 0;
  return runner.transaction(async (tx) => {
    let moved = 0;
    const imports = await tx.all(
      `SELECT DISTINCT a.import_pk FROM ${LEGACY_ACTIVITY} a
        WHERE NOT EXISTS (SELECT 1 FROM activity_day d WHERE d.import_pk = a.import_pk) ORDER BY a.import_pk`,
    );
    for (const { import_pk: pk } of imports) {
      const rows = (await tx.all(`SELECT * FROM ${LEGACY_ACTIVITY} WHERE import_pk = ? ORDER BY day, seq`, [pk])).map(
        legacyInterval,
      );
      await tx.insertMany('activity_day', ACTIVITY_DAY_COLUMNS, activityDayValues(Number(pk), rows));
      moved += rows.length;
    }
    await tx.all(`DROP TABLE ${LEGACY_ACTIVITY}`);
    return moved;
  });
}

/** Builds the history of every card that has imports but none kept yet; returns how many cards were built. */
export async function buildMissingCardHistories(handle: Database, dayReader: DayReader): Promise<number> {
  const cards = await handle.query(
    `SELECT DISTINCT i.card_number FROM imports i
      WHERE i.card_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM card_day c WHERE c.card_number = i.card_number)
      ORDER BY i.card_number`,
  );
  let built = 0;
  for (const { card_number: cardNumber } of cards) {
    await handle.runner.transaction(async (tx) => {
      const [span] = await tx.all('SELECT MIN(day) AS first, MAX(day) AS last FROM day_record WHERE card_number = ?', [
        cardNumber,
      ]);
      if (span?.first === null || span?.first === undefined) return; // imports without any recorded day
      await keepCardHistory(handle, dayReader, tx, cardNumber as string, [Number(span.first), Number(span.last)]);
      built++;
    });
  }
  return built;
}

/** The specific conditions of an import's original bytes; none when they no longer decode. */
function conditionsOf(raw: Raw): SpecificConditionRow[] {
  try {
    const bytes = decodeContent(raw.content as Uint8Array, (raw.encoding as string | null) ?? null);
    return specificConditionRows(decodeDddBytes(bytes), (raw.card_number as string | null) ?? null);
  } catch {
    return [];
  }
}

/** Reads the specific conditions of the imports stored before they were kept (3. above); returns how many imports. */
export async function backfillSpecificConditions(handle: Database): Promise<number> {
  const pending = await handle.query('SELECT import_pk FROM specific_condition_pending ORDER BY import_pk');
  for (const { import_pk: pk } of pending) {
    const [raw] = await handle.query(
      `SELECT c.content, c.encoding, i.card_number FROM import_content c JOIN imports i ON i.pk = c.import_pk
        WHERE c.import_pk = ?`,
      [pk],
    );
    const rows = raw ? conditionsOf(raw) : [];
    await handle.runner.transaction(async (tx) => {
      await tx.all('DELETE FROM specific_condition WHERE import_pk = ?', [pk]);
      await tx.insertMany('specific_condition', SPECIFIC_CONDITION_COLUMNS, specificConditionValues(Number(pk), rows));
      await tx.all('DELETE FROM specific_condition_pending WHERE import_pk = ?', [pk]);
    });
  }
  return pending.length;
}
