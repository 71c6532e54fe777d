/**
 * EF Load_Type_Entries (0530, generation 2 version 2) (2.24a, 2.24b):
 *   CardLoadTypeEntries ::= SEQUENCE {
 *     loadTypeEntryPointerNewestRecord INTEGER(0..NoOfLoadTypeEntryRecords-1),   -- 2
 *     cardLoadTypeEntryRecords SET SIZE(NoOfLoadTypeEntryRecords) OF CardLoadTypeEntryRecord
 *   }
 *   CardLoadTypeEntryRecord ::= SEQUENCE { timeStamp TimeReal, loadTypeEntered LoadType }   -- 5 bytes
 */
import type { LoadTypeEntries, LoadTypeEntryRecord } from '../../domain/card.js';
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function decodeLoadTypeEntries(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): LoadTypeEntries | null {
  const layout = recordLayout(ctx, label, b.length, 2, 5, expected);
  if (layout === null) return null;
  const records: LoadTypeEntryRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = 2 + i * layout.stride;
    const timestamp = readTimeReal(b, o);
    records[i] = { index: i, timestamp, loadTypeEntered: b[o + 4], empty: timestamp === null && b[o + 4] === 0 };
  }
  return { loadTypeEntryPointerNewestRecord: readUint16(b, 0), records };
}
