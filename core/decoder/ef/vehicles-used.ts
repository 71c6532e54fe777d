/**
 * EF Vehicles_Used (0505), CardVehiclesUsed (2.38):
 *   CardVehiclesUsed ::= SEQUENCE {
 *     vehiclePointerNewestRecord INTEGER(0..NoOfCardVehicleRecords-1),   -- 2
 *     cardVehicleRecords SET SIZE(NoOfCardVehicleRecords) OF CardVehicleRecord
 *   }
 *   CardVehicleRecord ::= SEQUENCE {                                     (2.37)
 *     vehicleOdometerBegin OdometerShort,        -- 3
 *     vehicleOdometerEnd OdometerShort,          -- 3
 *     vehicleFirstUse TimeReal,                  -- 4
 *     vehicleLastUse TimeReal,                   -- 4
 *     vehicleRegistration VehicleRegistrationIdentification, -- 15
 *     vuDataBlockCounter VuDataBlockCounter,     -- 2 (BCDString(SIZE(2)), 2.189)
 *     vehicleIdentificationNumber VehicleIdentificationNumber -- 17, generation 2 only
 *   }                                            -- gen1 31 bytes, gen2 48 bytes
 */
import type { VehicleRecord, VehiclesUsed } from '../../domain/card.js';
import { readBcd } from '../primitives/bcd.js';
import { readOdometerShort } from '../primitives/odometer.js';
import { readIa5 } from '../primitives/strings.js';
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { isEmptyRegistration, readVehicleRegistration } from '../primitives/vehicle-registration.js';
import { type DecodeContext, recordLayout } from './context.js';

export function vehicleRecordLength(df: 1 | 2): number {
  return df === 1 ? 31 : 48;
}

export function decodeVehiclesUsed(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): VehiclesUsed | null {
  const size = vehicleRecordLength(df);
  const layout = recordLayout(ctx, label, b.length, 2, size, expected);
  if (layout === null) return null;
  const records: VehicleRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = 2 + i * layout.stride;
    const firstUse = readTimeReal(b, o + 6);
    const lastUse = readTimeReal(b, o + 10);
    const registration = readVehicleRegistration(b, o + 14);
    const rawBegin = (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
    records[i] = {
      index: i,
      odometerBegin: readOdometerShort(b, o),
      odometerEnd: readOdometerShort(b, o + 3),
      firstUse,
      lastUse,
      registration,
      vuDataBlockCounter: readBcd(b, o + 29, 2),
      vin: df === 2 ? readIa5(b, o + 31, 17) : null,
      // unused slot: EF default {00..00} (or all FF)
      empty: firstUse === null && lastUse === null && (rawBegin === 0 || rawBegin === 0xffffff) && isEmptyRegistration(registration),
    };
  }
  return { vehiclePointerNewestRecord: readUint16(b, 0), recordSize: layout.stride, records };
}
