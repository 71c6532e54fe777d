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
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function decodeVehicleUnitsUsed(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): VehicleUnitsUsed | null {
  const layout = recordLayout(ctx, label, b.length, 2, 10, expected);
  if (layout === null) return null;
  const records: VehicleUnitRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = 2 + i * layout.stride;
    const timestamp = readTimeReal(b, o);
    records[i] = {
      index: i,
      timestamp,
      manufacturerCode: b[o + 4],
      deviceId: b[o + 5],
      vuSoftwareVersion: readIa5(b, o + 6, 4),
      empty: timestamp === null && b[o + 4] === 0,
    };
  }
  return { vehicleUnitPointerNewestRecord: readUint16(b, 0), records };
}
