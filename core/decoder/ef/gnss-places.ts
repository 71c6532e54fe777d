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
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function decodeGnssPlaces(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): GnssPlaces | null {
  const layout = recordLayout(ctx, label, b.length, 2, 18, expected);
  if (layout === null) return null;
  const records: GnssAccumulatedDrivingRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = 2 + i * layout.stride;
    const timestamp = readTimeReal(b, o);
    records[i] = {
      index: i,
      timestamp,
      gnss: readGnssPlaceRecord(b, o + 4),
      odometer: readOdometerShort(b, o + 15),
      empty: timestamp === null,
    };
  }
  return { gnssAdPointerNewestRecord: readUint16(b, 0), records };
}
