/**
 * EF Load_Type_Entries (0530, generation 2 version 2) (2.24a, 2.24b):
 *   CardLoadTypeEntries ::= SEQUENCE {
 *     loadTypeEntryPointerNewestRecord INTEGER(0..NoOfLoadTypeEntryRecords-1),   -- 2
 *     cardLoadTypeEntryRecords SET SIZE(NoOfLoadTypeEntryRecords) OF CardLoadTypeEntryRecord
 *   }
 *   CardLoadTypeEntryRecord ::= SEQUENCE { timeStamp TimeReal, loadTypeEntered LoadType }   -- 5 bytes
 */
import type { LoadTypeEntries, LoadTypeEntryRecord } from '../../domain/card.js';
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeLoadTypeEntries(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): LoadTypeEntries | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 5, (b, o, index): LoadTypeEntryRecord => {
    const timestamp = readTimeReal(b, o);
    return { index, timestamp, loadTypeEntered: b[o + 4]!, empty: timestamp === null && b[o + 4] === 0 };
  });
  return set && { loadTypeEntryPointerNewestRecord: set.pointer, records: set.records };
}
