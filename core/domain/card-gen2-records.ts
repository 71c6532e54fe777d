/**
 * The records of the second-generation EFs a gen1 card does not have (Annex IC, appendix 02/03): vehicle units
 * used, GNSS accumulated driving and, gen2 version 2 (smart tachograph), authentication statuses, border
 * crossings, load/unload operations and load types. Part of the card model (./card.ts re-exports them).
 */
import type { GnssPlaceAuthRecord, GnssPlaceRecord, TimeRealValue } from './card-values.js';

/** CardVehicleUnitRecord (10). */
export interface VehicleUnitRecord {
  index: number;
  timestamp: TimeRealValue;
  manufacturerCode: number;
  deviceId: number;
  /** VuSoftwareVersion IA5 (4) */
  vuSoftwareVersion: string | null;
  empty: boolean;
}

export interface VehicleUnitsUsed {
  vehicleUnitPointerNewestRecord: number;
  records: VehicleUnitRecord[];
}

/** GNSSAccumulatedDrivingRecord (18). */
export interface GnssAccumulatedDrivingRecord {
  index: number;
  timestamp: TimeRealValue;
  gnss: GnssPlaceRecord;
  odometer: number | null;
  empty: boolean;
}

export interface GnssPlaces {
  gnssAdPointerNewestRecord: number;
  records: GnssAccumulatedDrivingRecord[];
}

/** PlaceAuthStatusRecord / GNSSAuthStatusADRecord (5). */
export interface AuthStatusRecord {
  index: number;
  timestamp: TimeRealValue;
  authenticationStatus: number;
  empty: boolean;
}

export interface AuthStatusRecords {
  pointerNewestRecord: number;
  records: AuthStatusRecord[];
}

/** CardBorderCrossingRecord (17). */
export interface BorderCrossingRecord {
  index: number;
  countryLeft: number;
  countryEntered: number;
  gnss: GnssPlaceAuthRecord;
  odometer: number | null;
  empty: boolean;
}

export interface BorderCrossings {
  borderCrossingPointerNewestRecord: number;
  records: BorderCrossingRecord[];
}

/** CardLoadUnloadRecord (20). */
export interface LoadUnloadRecord {
  index: number;
  timestamp: TimeRealValue;
  /** OperationType: 1 load, 2 unload, 3 simultaneous */
  operationType: number;
  gnss: GnssPlaceAuthRecord;
  odometer: number | null;
  empty: boolean;
}

export interface LoadUnloadOperations {
  loadUnloadPointerNewestRecord: number;
  records: LoadUnloadRecord[];
}

/** CardLoadTypeEntryRecord (5). */
export interface LoadTypeEntryRecord {
  index: number;
  timestamp: TimeRealValue;
  loadTypeEntered: number;
  empty: boolean;
}

export interface LoadTypeEntries {
  loadTypeEntryPointerNewestRecord: number;
  records: LoadTypeEntryRecord[];
}
