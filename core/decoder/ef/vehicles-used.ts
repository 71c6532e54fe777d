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
import { BCD2 } from '../primitives/bcd.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U16, U24, declare } from '../primitives/record.js';
import { ia5 } from '../primitives/strings.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { VEHICLE_REGISTRATION, isEmptyRegistration } from '../primitives/vehicle-registration.js';
import { type DecodeContext, recordLayout } from './context.js';

const GEN1_FIELDS = {
  vehicleOdometerBegin: ODOMETER_SHORT,
  vehicleOdometerEnd: ODOMETER_SHORT,
  vehicleFirstUse: TIME_REAL,
  vehicleLastUse: TIME_REAL,
  vehicleRegistration: VEHICLE_REGISTRATION,
  vuDataBlockCounter: BCD2,
};
/** CardVehicleRecord, generation 1 (31 bytes) */
export const VEHICLE_RECORD_G1 = declare(GEN1_FIELDS);
/** CardVehicleRecord, generation 2 (48 bytes) */
export const VEHICLE_RECORD_G2 = declare({ ...GEN1_FIELDS, vehicleIdentificationNumber: ia5(17) });
export const VEHICLE_POINTER = U16;

export function vehicleRecordLength(df: 1 | 2): number {
  return df === 1 ? VEHICLE_RECORD_G1.len : VEHICLE_RECORD_G2.len;
}

const {
  vehicleOdometerBegin,
  vehicleOdometerEnd,
  vehicleFirstUse,
  vehicleLastUse,
  vehicleRegistration,
  vuDataBlockCounter,
  vehicleIdentificationNumber,
} = VEHICLE_RECORD_G2.read; // gen1 fields lie at the same offsets; module constants: calls the JIT inlines

export function decodeVehiclesUsed(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): VehiclesUsed | null {
  const layout = recordLayout(ctx, label, b.length, VEHICLE_POINTER.len, vehicleRecordLength(df), expected);
  if (layout === null) return null;
  const records: VehicleRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = VEHICLE_POINTER.len + i * layout.stride;
    const firstUse = vehicleFirstUse(b, o);
    const lastUse = vehicleLastUse(b, o);
    const registration = vehicleRegistration(b, o);
    const rawBegin = U24.get(b, o + VEHICLE_RECORD_G1.offset.vehicleOdometerBegin);
    records[i] = {
      index: i,
      odometerBegin: vehicleOdometerBegin(b, o),
      odometerEnd: vehicleOdometerEnd(b, o),
      firstUse,
      lastUse,
      registration,
      vuDataBlockCounter: vuDataBlockCounter(b, o),
      vin: df === 2 ? vehicleIdentificationNumber(b, o) : null,
      // unused slot: EF default {00..00} (or all FF)
      empty:
        firstUse === null &&
        lastUse === null &&
        (rawBegin === 0 || rawBegin === 0xffffff) &&
        isEmptyRegistration(registration),
    };
  }
  return { vehiclePointerNewestRecord: VEHICLE_POINTER.get(b, 0), recordSize: layout.stride, records };
}
