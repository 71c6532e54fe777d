/**
 * EF Load_Unload_Operations (0529, generation 2 version 2) (2.24c, 2.24d):
 *   CardLoadUnloadOperations ::= SEQUENCE {
 *     loadUnloadPointerNewestRecord INTEGER(0..NoOfLoadUnloadRecords-1),   -- 2
 *     cardLoadUnloadRecords SET SIZE(NoOfLoadUnloadRecords) OF CardLoadUnloadRecord
 *   }
 *   CardLoadUnloadRecord ::= SEQUENCE {
 *     timeStamp TimeReal,                      -- 4
 *     operationType OperationType,             -- 1 (01 load, 02 unload, 03 simultaneous, 2.114a)
 *     gnssPlaceAuthRecord GNSSPlaceAuthRecord, -- 12
 *     vehicleOdometerValue OdometerShort       -- 3
 *   }                                          -- 20 bytes (TCS_154: 32482 = 2 + 1624 × 20)
 */
import type { LoadUnloadOperations, LoadUnloadRecord } from '../../domain/card.js';
import { readGnssPlaceAuthRecord } from '../primitives/gnss-place.js';
import { readOdometerShort } from '../primitives/odometer.js';
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeLoadUnloadOperations(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): LoadUnloadOperations | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 20, (b, o, index): LoadUnloadRecord => {
    const timestamp = readTimeReal(b, o);
    return {
      index,
      timestamp,
      operationType: b[o + 4]!,
      gnss: readGnssPlaceAuthRecord(b, o + 5),
      odometer: readOdometerShort(b, o + 17),
      empty: timestamp === null && b[o + 4] === 0,
    };
  });
  return set && { loadUnloadPointerNewestRecord: set.pointer, records: set.records };
}
