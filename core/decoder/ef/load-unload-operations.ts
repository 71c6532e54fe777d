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
import { GNSS_PLACE_AUTH } from '../primitives/gnss-place.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const LOAD_UNLOAD_RECORD = declare({
  timeStamp: TIME_REAL,
  operationType: U8,
  gnssPlaceAuthRecord: GNSS_PLACE_AUTH,
  vehicleOdometerValue: ODOMETER_SHORT,
});
const R = LOAD_UNLOAD_RECORD.read;

export function decodeLoadUnloadOperations(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): LoadUnloadOperations | null {
  const set = readPointedRecordSet(b, expected, ctx, label, LOAD_UNLOAD_RECORD.len, (b, o, index): LoadUnloadRecord => {
    const timestamp = R.timeStamp(b, o);
    const operationType = R.operationType(b, o);
    return {
      index,
      timestamp,
      operationType,
      gnss: R.gnssPlaceAuthRecord(b, o),
      odometer: R.vehicleOdometerValue(b, o),
      empty: timestamp === null && operationType === 0,
    };
  });
  return set && { loadUnloadPointerNewestRecord: set.pointer, records: set.records };
}
