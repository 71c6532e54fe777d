/**
 * EF Load_Type_Entries (0530, generation 2 version 2) (2.24a, 2.24b):
 *   CardLoadTypeEntries ::= SEQUENCE {
 *     loadTypeEntryPointerNewestRecord INTEGER(0..NoOfLoadTypeEntryRecords-1),   -- 2
 *     cardLoadTypeEntryRecords SET SIZE(NoOfLoadTypeEntryRecords) OF CardLoadTypeEntryRecord
 *   }
 *   CardLoadTypeEntryRecord ::= SEQUENCE { timeStamp TimeReal, loadTypeEntered LoadType }   -- 5 bytes
 */
import type { LoadTypeEntries, LoadTypeEntryRecord } from '../../domain/card.js';
import { U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const LOAD_TYPE_ENTRY_RECORD = declare({ timeStamp: TIME_REAL, loadTypeEntered: U8 });
const R = LOAD_TYPE_ENTRY_RECORD.read;

export function decodeLoadTypeEntries(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): LoadTypeEntries | null {
  const set = readPointedRecordSet(
    b,
    expected,
    ctx,
    label,
    LOAD_TYPE_ENTRY_RECORD.len,
    (b, o, index): LoadTypeEntryRecord => {
      const timestamp = R.timeStamp(b, o);
      const loadTypeEntered = R.loadTypeEntered(b, o);
      return { index, timestamp, loadTypeEntered, empty: timestamp === null && loadTypeEntered === 0 };
    },
  );
  return set && { loadTypeEntryPointerNewestRecord: set.pointer, records: set.records };
}
