/**
 * Generation-1 TREPs 01–05 (Appendix 7 §2.2.6.2–2.2.6.6, data structure generation 1): each a sequence of fixed
 * parts and counted record sets, then the 128-byte Signature. What the signature covers (the table's "Signature"
 * rows, CSM_034: RSA PKCS#1 v1.5 over SHA-1 of those bytes):
 *   01  "all data (except certificates) starting from VehicleIdentificationNumber down to last byte of last
 *       VuControlActivityData" — after the two 194-byte certificates, up to the signature;
 *   02  "all data starting from TimeReal down to last byte of last specific condition record";
 *   03  "all data starting from noOfVuFaults down to last byte of last time adjustment record";
 *   04  "all data starting from noOfSpeedBlocks down to last byte of last speed block";
 *   05  "all data starting from vuManufacturerName down to last byte of last VuCalibrationRecord".
 * In every case: the bytes after the TREP byte (and after the certificates for 01) up to the Signature.
 */
import type { VuDay, VuEventsFaults, VuOverview, VuTechnical } from '../../domain/vu.js';
import { decodeActivityChange } from '../ef/activity-change-info.js';
import type { Gen1Step, Section } from './framing.js';
import {
  CALIBRATION,
  CARD_IW,
  COMPANY_LOCK,
  CONTROL,
  EVENT,
  FAULT,
  GEN1_CERTIFICATE_LENGTH,
  GEN1_SIGNATURE_LENGTH,
  IDENTIFICATION,
  OVERSPEEDING,
  OVERSPEED_CONTROL,
  OVERVIEW_G1,
  SENSOR_PAIRED_G1,
  SPECIFIC_CONDITION,
  SPEED_BLOCK,
  TIME_ADJUSTMENT,
  VU_PLACE,
  readExtendedSerial,
} from './layouts.js';
import {
  readCalibration,
  readCardIw,
  readCompanyLock,
  readControl,
  readEvent,
  readFault,
  readIdentification,
  readOverspeeding,
  readPlace,
  readSpecificCondition,
  readSpeedBlock,
  readTimeAdjustment,
} from './records.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';

const SIGNATURE: Gen1Step = { fixed: GEN1_SIGNATURE_LENGTH };

/** The steps of each gen1 TREP, in the order of its table; the Signature is always the last step. */
export const GEN1_STEPS: Readonly<Record<number, readonly Gen1Step[]>> = {
  0x01: [
    { fixed: GEN1_CERTIFICATE_LENGTH }, // MemberStateCertificate
    { fixed: GEN1_CERTIFICATE_LENGTH }, // VUCertificate
    { fixed: OVERVIEW_G1.len }, // VIN … VuDownloadActivityData
    { countBytes: 1, size: COMPANY_LOCK[1].len }, // VuCompanyLocksData: noOfLocks
    { countBytes: 1, size: CONTROL[1].len }, // VuControlActivityData: noOfControls
    SIGNATURE,
  ],
  0x02: [
    { fixed: TIME_REAL.len }, // TimeReal: the day downloaded
    { fixed: ODOMETER_SHORT.len }, // OdometerValueMidnight
    { countBytes: 2, size: CARD_IW[1].len }, // VuCardIWData: noOfIWRecords
    { countBytes: 2, size: 2 }, // VuActivityDailyData: noOfActivityChanges, ActivityChangeInfo
    { countBytes: 1, size: VU_PLACE[1].len }, // VuPlaceDailyWorkPeriodData: noOfPlaceRecords
    { countBytes: 2, size: SPECIFIC_CONDITION.len }, // VuSpecificConditionData: noOfSpecificConditionRecords
    SIGNATURE,
  ],
  0x03: [
    { countBytes: 1, size: FAULT[1].len }, // VuFaultData: noOfVuFaults
    { countBytes: 1, size: EVENT[1].len }, // VuEventData: noOfVuEvents
    { fixed: OVERSPEED_CONTROL.len }, // VuOverSpeedingControlData
    { countBytes: 1, size: OVERSPEEDING[1].len }, // VuOverSpeedingEventData: noOfVuOverSpeedingEvents
    { countBytes: 1, size: TIME_ADJUSTMENT[1].len }, // VuTimeAdjustmentData: noOfVuTimeAdjRecords
    SIGNATURE,
  ],
  0x04: [{ countBytes: 2, size: SPEED_BLOCK.len }, SIGNATURE], // VuDetailedSpeedData: noOfSpeedBlocks
  0x05: [
    { fixed: IDENTIFICATION[1].len }, // VuIdentification
    { fixed: SENSOR_PAIRED_G1.len }, // SensorPaired
    { countBytes: 1, size: CALIBRATION.len }, // VuCalibrationData: noOfVuCalibrationRecords
    SIGNATURE,
  ],
};

/** The index of the first signed step (after the certificates of TREP 01). */
export function firstSignedStep(trep: number): number {
  return trep === 0x01 ? 2 : 0;
}

function each<T>(b: Uint8Array, s: Section, read: (b: Uint8Array, o: number) => T): T[] {
  const out: T[] = new Array(s.count);
  for (let i = 0; i < s.count; i++) out[i] = read(b, s.offset + i * s.size);
  return out;
}

export function overviewG1(b: Uint8Array, s: Section[]): VuOverview {
  const o = s[2]!.offset;
  const r = OVERVIEW_G1.read;
  const slots = r.cardSlotsStatus(b, o);
  return {
    memberStateCertificate: b.slice(s[0]!.offset, s[0]!.offset + GEN1_CERTIFICATE_LENGTH),
    vuCertificate: b.slice(s[1]!.offset, s[1]!.offset + GEN1_CERTIFICATE_LENGTH),
    vin: r.vehicleIdentificationNumber(b, o),
    registration: r.vehicleRegistrationIdentification(b, o),
    currentDateTime: r.currentDateTime(b, o),
    downloadableFrom: r.minDownloadableTime(b, o),
    downloadableTo: r.maxDownloadableTime(b, o),
    driverSlotCard: slots & 0x0f,
    codriverSlotCard: slots >> 4,
    previousDownload: {
      at: r.downloadingTime(b, o),
      card: r.fullCardNumber(b, o),
      companyOrWorkshopName: r.companyOrWorkshopName(b, o),
    },
    companyLocks: each(b, s[3]!, (b, o) => readCompanyLock(b, o, 1)),
    controls: each(b, s[4]!, (b, o) => readControl(b, o, 1)),
  };
}

export function dayG1(b: Uint8Array, s: Section[]): VuDay {
  return {
    date: TIME_REAL.get(b, s[0]!.offset),
    odometerMidnight: ODOMETER_SHORT.get(b, s[1]!.offset),
    insertions: each(b, s[2]!, (b, o) => readCardIw(b, o, 1)),
    activities: each(b, s[3]!, (b, o) => decodeActivityChange((b[o]! << 8) | b[o + 1]!)),
    places: each(b, s[4]!, (b, o) => readPlace(b, o, 1)),
    positions: [],
    specificConditions: each(b, s[5]!, readSpecificCondition),
    borderCrossings: 0,
    loadUnloadOperations: 0,
  };
}

export function eventsFaultsG1(b: Uint8Array, s: Section[]): VuEventsFaults {
  const c = s[2]!.offset;
  return {
    faults: each(b, s[0]!, (b, o) => readFault(b, o, 1)),
    events: each(b, s[1]!, (b, o) => readEvent(b, o, 1)),
    overspeedControl: {
      lastControl: OVERSPEED_CONTROL.read.lastOverspeedControlTime(b, c),
      firstOverspeedSince: OVERSPEED_CONTROL.read.firstOverspeedSince(b, c),
      overspeedsSince: OVERSPEED_CONTROL.read.numberOfOverspeedSince(b, c),
    },
    overspeeding: each(b, s[3]!, (b, o) => readOverspeeding(b, o, 1)),
    timeAdjustments: each(b, s[4]!, (b, o) => readTimeAdjustment(b, o, 1)),
  };
}

export function speedG1(b: Uint8Array, s: Section[]) {
  return each(b, s[0]!, readSpeedBlock);
}

export function technicalG1(b: Uint8Array, s: Section[]): VuTechnical {
  return {
    identification: readIdentification(b, s[0]!.offset, 1),
    sensorSerialNumbers: [readExtendedSerial(b, s[1]!.offset + SENSOR_PAIRED_G1.offset.sensorSerialNumber).serial],
    calibrations: each(b, s[2]!, readCalibration),
  };
}
