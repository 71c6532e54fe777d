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
import { readGnssPlaceRecord } from '../primitives/gnss-place.js';
import { readOdometerShort } from '../primitives/odometer.js';
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeGnssPlaces(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): GnssPlaces | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 18, (b, o, index): GnssAccumulatedDrivingRecord => {
    const timestamp = readTimeReal(b, o);
    return {
      index,
      timestamp,
      gnss: readGnssPlaceRecord(b, o + 4),
      odometer: readOdometerShort(b, o + 15),
      empty: timestamp === null,
    };
  });
  return set && { gnssAdPointerNewestRecord: set.pointer, records: set.records };
}
