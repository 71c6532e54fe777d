/**
 * EF Places (0506), CardPlaceDailyWorkPeriod (2.27):
 *   CardPlaceDailyWorkPeriod ::= SEQUENCE {
 *     placePointerNewestRecord INTEGER(0..NoOfCardPlaceRecords-1),  -- gen1 1 byte (TCS_150), gen2 2 bytes (TCS_154)
 *     placeRecords SET SIZE(NoOfCardPlaceRecords) OF PlaceRecord
 *   }
 *   PlaceRecord ::= SEQUENCE {                                      (2.117)
 *     entryTime TimeReal,                                -- 4
 *     entryTypeDailyWorkPeriod EntryTypeDailyWorkPeriod, -- 1
 *     dailyWorkPeriodCountry NationNumeric,              -- 1
 *     dailyWorkPeriodRegion RegionNumeric,               -- 1
 *     vehicleOdometerValue OdometerShort,                -- 3
 *     entryGNSSPlaceRecord GNSSPlaceRecord               -- 11, generation 2 only
 *   }                                                    -- gen1 10 bytes, gen2 21 bytes
 * Generation 2 version 2 keeps the 21-byte PlaceRecord in EF Places (TCS_154: 2354 = 2 + 112 × 21); the
 * authentication status of each place sits in the separate EF Places_Authentication.
 */
import type { PlaceRecord, Places } from '../../domain/card.js';
import { readGnssPlaceRecord } from '../primitives/gnss-place.js';
import { readOdometerShort } from '../primitives/odometer.js';
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function placeRecordLength(df: 1 | 2): number {
  return df === 1 ? 10 : 21;
}

export function decodePlaces(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): Places | null {
  const header = df === 1 ? 1 : 2;
  const size = placeRecordLength(df);
  const layout = recordLayout(ctx, label, b.length, header, size, expected);
  if (layout === null) return null;
  const records: PlaceRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = header + i * layout.stride;
    const entryTime = readTimeReal(b, o);
    const gnss = df === 2 ? readGnssPlaceRecord(b, o + 10) : null;
    records[i] = {
      index: i,
      entryTime,
      entryType: b[o + 4],
      country: b[o + 5],
      region: b[o + 6],
      odometer: readOdometerShort(b, o + 7),
      gnss,
      empty: entryTime === null && b[o + 5] === 0,
    };
  }
  return { placePointerNewestRecord: df === 1 ? b[0] : readUint16(b, 0), recordSize: layout.stride, records };
}
