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
import { GNSS_PLACE_AUTH } from '../primitives/gnss-place.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U8, declare } from '../primitives/record.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const BORDER_CROSSING_RECORD = declare({
  countryLeft: U8,
  countryEntered: U8,
  gnssPlaceAuthRecord: GNSS_PLACE_AUTH,
  vehicleOdometerValue: ODOMETER_SHORT,
});
const R = BORDER_CROSSING_RECORD.read;

export function decodeBorderCrossings(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): BorderCrossings | null {
  const set = readPointedRecordSet(
    b,
    expected,
    ctx,
    label,
    BORDER_CROSSING_RECORD.len,
    (b, o, index): BorderCrossingRecord => {
      const gnss = R.gnssPlaceAuthRecord(b, o);
      const countryLeft = R.countryLeft(b, o);
      const countryEntered = R.countryEntered(b, o);
      return {
        index,
        countryLeft,
        countryEntered,
        gnss,
        odometer: R.vehicleOdometerValue(b, o),
        empty: gnss.timestamp === null && countryLeft === 0 && countryEntered === 0,
      };
    },
  );
  return set && { borderCrossingPointerNewestRecord: set.pointer, records: set.records };
}
