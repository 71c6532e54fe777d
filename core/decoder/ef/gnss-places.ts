/**
 * EF GNSS_Places (0524, generation 2) (2.78, 2.79):
 *   GNSSAccumulatedDriving ::= SEQUENCE {
 *     gnssADPointerNewestRecord INTEGER(0..NoOfGNSSADRecords-1),   -- 2
 *     gnssAccumulatedDrivingRecords SET SIZE(NoOfGNSSADRecords) OF GNSSAccumulatedDrivingRecord
 *   }
 *   GNSSAccumulatedDrivingRecord ::= SEQUENCE {
 *     timeStamp TimeReal,                  -- 4
 *     gnssPlaceRecord GNSSPlaceRecord,     -- 11
 *     vehicleOdometerValue OdometerShort   -- 3
 *   }                                      -- 18 bytes (TCS_154: 6050 = 2 + 336 × 18)
 */
import type { GnssAccumulatedDrivingRecord, GnssPlaces } from '../../domain/card.js';
import { GNSS_PLACE } from '../primitives/gnss-place.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const GNSS_ACCUMULATED_DRIVING_RECORD = declare({
  timeStamp: TIME_REAL,
  gnssPlaceRecord: GNSS_PLACE,
  vehicleOdometerValue: ODOMETER_SHORT,
});
const R = GNSS_ACCUMULATED_DRIVING_RECORD.read;

export function decodeGnssPlaces(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): GnssPlaces | null {
  const set = readPointedRecordSet(
    b,
    expected,
    ctx,
    label,
    GNSS_ACCUMULATED_DRIVING_RECORD.len,
    (b, o, index): GnssAccumulatedDrivingRecord => {
      const timestamp = R.timeStamp(b, o);
      return {
        index,
        timestamp,
        gnss: R.gnssPlaceRecord(b, o),
        odometer: R.vehicleOdometerValue(b, o),
        empty: timestamp === null,
      };
    },
  );
  return set && { gnssAdPointerNewestRecord: set.pointer, records: set.records };
}
