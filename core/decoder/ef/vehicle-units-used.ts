/**
 * EF VehicleUnits_Used (0523, generation 2) (2.39, 2.40):
 *   CardVehicleUnitsUsed ::= SEQUENCE {
 *     vehicleUnitPointerNewestRecord INTEGER(0..NoOfCardVehicleUnitRecords-1),  -- 2
 *     cardVehicleUnitRecords SET SIZE(NoOfCardVehicleUnitRecords) OF CardVehicleUnitRecord
 *   }
 *   CardVehicleUnitRecord ::= SEQUENCE {
 *     timeStamp TimeReal,                 -- 4
 *     manufacturerCode ManufacturerCode,  -- 1
 *     deviceID OCTET STRING(SIZE(1)),     -- 1
 *     vuSoftwareVersion VuSoftwareVersion -- 4 (IA5String)
 *   }                                     -- 10 bytes
 */
import type { VehicleUnitRecord, VehicleUnitsUsed } from '../../domain/card.js';
import { U8, declare } from '../primitives/record.js';
import { ia5 } from '../primitives/strings.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const VEHICLE_UNIT_RECORD = declare({
  timeStamp: TIME_REAL,
  manufacturerCode: U8,
  deviceID: U8,
  vuSoftwareVersion: ia5(4),
});
const R = VEHICLE_UNIT_RECORD.read;

export function decodeVehicleUnitsUsed(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): VehicleUnitsUsed | null {
  const set = readPointedRecordSet(
    b,
    expected,
    ctx,
    label,
    VEHICLE_UNIT_RECORD.len,
    (b, o, index): VehicleUnitRecord => {
      const timestamp = R.timeStamp(b, o);
      const manufacturerCode = R.manufacturerCode(b, o);
      return {
        index,
        timestamp,
        manufacturerCode,
        deviceId: R.deviceID(b, o),
        vuSoftwareVersion: R.vuSoftwareVersion(b, o),
        empty: timestamp === null && manufacturerCode === 0,
      };
    },
  );
  return set && { vehicleUnitPointerNewestRecord: set.pointer, records: set.records };
}
