/**
 * EF Border_Crossings (0528, generation 2 version 2) (2.11a, 2.11b):
 *   CardBorderCrossings ::= SEQUENCE {
 *     borderCrossingPointerNewestRecord INTEGER(0..NoOfBorderCrossingRecords-1),   -- 2
 *     cardBorderCrossingRecords SET SIZE(NoOfBorderCrossingRecords) OF CardBorderCrossingRecord
 *   }
 *   CardBorderCrossingRecord ::= SEQUENCE {
 *     countryLeft NationNumeric,               -- 1
 *     countryEntered NationNumeric,            -- 1
 *     gnssPlaceAuthRecord GNSSPlaceAuthRecord, -- 12
 *     vehicleOdometerValue OdometerShort       -- 3
 *   }                                          -- 17 bytes (TCS_154: 19042 = 2 + 1120 × 17)
 */
import type { BorderCrossingRecord, BorderCrossings } from '../../domain/card.js';
import { readGnssPlaceAuthRecord } from '../primitives/gnss-place.js';
import { readOdometerShort } from '../primitives/odometer.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeBorderCrossings(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): BorderCrossings | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 17, (b, o, index): BorderCrossingRecord => {
    const gnss = readGnssPlaceAuthRecord(b, o + 2);
    return {
      index,
      countryLeft: b[o]!,
      countryEntered: b[o + 1]!,
      gnss,
      odometer: readOdometerShort(b, o + 14),
      empty: gnss.timestamp === null && b[o] === 0 && b[o + 1] === 0,
    };
  });
  return set && { borderCrossingPointerNewestRecord: set.pointer, records: set.records };
}
