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
import { GNSS_PLACE } from '../primitives/gnss-place.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U16, U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

const GEN1_FIELDS = {
  entryTime: TIME_REAL,
  entryTypeDailyWorkPeriod: U8,
  dailyWorkPeriodCountry: U8,
  dailyWorkPeriodRegion: U8,
  vehicleOdometerValue: ODOMETER_SHORT,
};
/** PlaceRecord, generation 1 (10 bytes) */
export const PLACE_RECORD_G1 = declare(GEN1_FIELDS);
/** PlaceRecord, generation 2 (21 bytes) */
export const PLACE_RECORD_G2 = declare({ ...GEN1_FIELDS, entryGNSSPlaceRecord: GNSS_PLACE });
/** placePointerNewestRecord: 1 byte in generation 1 (TCS_150), 2 in generation 2 (TCS_154) */
export const PLACE_POINTER = { 1: U8, 2: U16 } as const;

export function placeRecordLength(df: 1 | 2): number {
  return df === 1 ? PLACE_RECORD_G1.len : PLACE_RECORD_G2.len;
}

const {
  entryTime: entryTimeAt,
  entryTypeDailyWorkPeriod,
  dailyWorkPeriodCountry,
  dailyWorkPeriodRegion,
  vehicleOdometerValue,
  entryGNSSPlaceRecord,
} = PLACE_RECORD_G2.read; // gen1 fields lie at the same offsets; module constants: calls the JIT inlines

export function decodePlaces(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): Places | null {
  const pointer = PLACE_POINTER[df];
  const layout = recordLayout(ctx, label, b.length, pointer.len, placeRecordLength(df), expected);
  if (layout === null) return null;
  const records: PlaceRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = pointer.len + i * layout.stride;
    const entryTime = entryTimeAt(b, o);
    const country = dailyWorkPeriodCountry(b, o);
    records[i] = {
      index: i,
      entryTime,
      entryType: entryTypeDailyWorkPeriod(b, o),
      country,
      region: dailyWorkPeriodRegion(b, o),
      odometer: vehicleOdometerValue(b, o),
      gnss: df === 2 ? entryGNSSPlaceRecord(b, o) : null,
      empty: entryTime === null && country === 0,
    };
  }
  return { placePointerNewestRecord: pointer.get(b, 0), recordSize: layout.stride, records };
}
