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
import { U16, U8, declare } from '../primitives/record.js';
import { type DecodeContext, fixedSize } from './context.js';

const COMMON = {
  typeOfTachographCardId: U8,
  cardStructureVersionHigh: U8,
  cardStructureVersionLow: U8,
  noOfEventsPerType: U8,
  noOfFaultsPerType: U8,
  activityStructureLength: U16,
  noOfCardVehicleRecords: U16,
};
/** DriverCardApplicationIdentification, generation 1 (10 bytes) */
export const DRIVER_CARD_APPLICATION_IDENTIFICATION_G1 = declare({ ...COMMON, noOfCardPlaceRecords: U8 });
/** DriverCardApplicationIdentification, generation 2 (17 bytes) */
export const DRIVER_CARD_APPLICATION_IDENTIFICATION_G2 = declare({
  ...COMMON,
  noOfCardPlaceRecords: U16,
  noOfGNSSADRecords: U16,
  noOfSpecificConditionRecords: U16,
  noOfCardVehicleUnitRecords: U16,
});

export function decodeApplicationIdentification(
  b: Uint8Array,
  df: 1 | 2,
  ctx: DecodeContext,
  label: string,
): ApplicationIdentification | null {
  const G1 = DRIVER_CARD_APPLICATION_IDENTIFICATION_G1;
  const G2 = DRIVER_CARD_APPLICATION_IDENTIFICATION_G2;
  if (!fixedSize(ctx, label, b.length, df === 1 ? G1.len : G2.len)) return null;
  const R = G1.read;
  const base = {
    typeOfTachographCardId: R.typeOfTachographCardId(b, 0),
    cardStructureVersion: [R.cardStructureVersionHigh(b, 0), R.cardStructureVersionLow(b, 0)] as [number, number],
    noOfEventsPerType: R.noOfEventsPerType(b, 0),
    noOfFaultsPerType: R.noOfFaultsPerType(b, 0),
    activityStructureLength: R.activityStructureLength(b, 0),
    noOfCardVehicleRecords: R.noOfCardVehicleRecords(b, 0),
  };
  if (df === 1) {
    return {
      ...base,
      noOfCardPlaceRecords: R.noOfCardPlaceRecords(b, 0),
      noOfGnssAdRecords: null,
      noOfSpecificConditionRecords: null,
      noOfCardVehicleUnitRecords: null,
    };
  }
  return {
    ...base,
    noOfCardPlaceRecords: G2.read.noOfCardPlaceRecords(b, 0),
    noOfGnssAdRecords: G2.read.noOfGNSSADRecords(b, 0),
    noOfSpecificConditionRecords: G2.read.noOfSpecificConditionRecords(b, 0),
    noOfCardVehicleUnitRecords: G2.read.noOfCardVehicleUnitRecords(b, 0),
  };
}
