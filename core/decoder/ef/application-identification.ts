/**
 * EF Application_Identification (0501), data dictionary 2.61.
 *
 * Generation 1 (10 bytes):
 *   DriverCardApplicationIdentification ::= SEQUENCE {
 *     typeOfTachographCardId EquipmentType,            -- 1
 *     cardStructureVersion CardStructureVersion,       -- 2
 *     noOfEventsPerType NoOfEventsPerType,             -- 1
 *     noOfFaultsPerType NoOfFaultsPerType,             -- 1
 *     activityStructureLength CardActivityLengthRange, -- 2
 *     noOfCardVehicleRecords NoOfCardVehicleRecords,   -- 2
 *     noOfCardPlaceRecords NoOfCardPlaceRecords        -- 1 (gen1: INTEGER(0..255))
 *   }
 * Generation 2 (17 bytes, TCS_154): noOfCardPlaceRecords is 2 bytes (INTEGER(0..2^16-1), 2.104), followed by
 *     noOfGNSSADRecords 2, noOfSpecificConditionRecords 2, noOfCardVehicleUnitRecords 2.
 */
import type { ApplicationIdentification } from '../../domain/card.js';
import { readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeApplicationIdentification(
  b: Uint8Array,
  df: 1 | 2,
  ctx: DecodeContext,
  label: string,
): ApplicationIdentification | null {
  if (!fixedSize(ctx, label, b.length, df === 1 ? 10 : 17)) return null;
  const base = {
    typeOfTachographCardId: b[0],
    cardStructureVersion: [b[1], b[2]] as [number, number],
    noOfEventsPerType: b[3],
    noOfFaultsPerType: b[4],
    activityStructureLength: readUint16(b, 5),
    noOfCardVehicleRecords: readUint16(b, 7),
  };
  if (df === 1) {
    return {
      ...base,
      noOfCardPlaceRecords: b[9],
      noOfGnssAdRecords: null,
      noOfSpecificConditionRecords: null,
      noOfCardVehicleUnitRecords: null,
    };
  }
  return {
    ...base,
    noOfCardPlaceRecords: readUint16(b, 9),
    noOfGnssAdRecords: readUint16(b, 11),
    noOfSpecificConditionRecords: readUint16(b, 13),
    noOfCardVehicleUnitRecords: readUint16(b, 15),
  };
}
