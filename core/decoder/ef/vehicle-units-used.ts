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
import { readIa5 } from '../primitives/strings.js';
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeVehicleUnitsUsed(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): VehicleUnitsUsed | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 10, (b, o, index): VehicleUnitRecord => {
    const timestamp = readTimeReal(b, o);
    return {
      index,
      timestamp,
      manufacturerCode: b[o + 4]!,
      deviceId: b[o + 5]!,
      vuSoftwareVersion: readIa5(b, o + 6, 4),
      empty: timestamp === null && b[o + 4] === 0,
    };
  });
  return set && { vehicleUnitPointerNewestRecord: set.pointer, records: set.records };
}
