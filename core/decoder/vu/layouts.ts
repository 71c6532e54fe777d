/**
 * The vehicle-unit records, each declared once (data dictionary, Annex IC Appendix 1). A generation-2 record is
 * its generation-1 record with FullCardNumberAndGeneration (2.74, 19 bytes) for FullCardNumber (2.73, 18 bytes)
 * and the additions the dictionary names; a record array may hold longer records than declared here (a later
 * version's additions), whose known leading part is read (./record-array.ts).
 *
 *   FullCardNumberAndGeneration ::= SEQUENCE { fullcardNumber FullCardNumber, generation Generation }  -- 19
 *   HolderName ::= SEQUENCE { holderSurname Name, holderFirstNames Name }                          -- 72
 */
import type { VuCardNumber, VuRegistration } from '../../domain/vu.js';
import { DATEF } from '../primitives/datef.js';
import { FULL_CARD_NUMBER_LENGTH, readFullCardNumber } from '../primitives/full-card-number.js';
import { GNSS_PLACE_AUTH_RECORD, GNSS_PLACE_RECORD } from '../primitives/gnss-place.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U16, U32, U8, declare, opaque, type Token } from '../primitives/record.js';
import { NAME, codePageString, ia5 } from '../primitives/strings.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { VEHICLE_REGISTRATION_LAYOUT, readVehicleRegistration } from '../primitives/vehicle-registration.js';
import { readBcd } from '../primitives/bcd.js';

/** FullCardNumber (gen1): generation unknown */
export const CARD_G1: Token<VuCardNumber> = {
  len: FULL_CARD_NUMBER_LENGTH,
  get: (b, o) => ({ ...readFullCardNumber(b, o), generation: null }),
};
/** FullCardNumberAndGeneration (gen2) */
export const CARD_G2: Token<VuCardNumber> = {
  len: FULL_CARD_NUMBER_LENGTH + 1,
  get: (b, o) => ({ ...readFullCardNumber(b, o), generation: b[o + FULL_CARD_NUMBER_LENGTH]! }),
};

/** VehicleRegistrationIdentification (2.166): nation 1 + VehicleRegistrationNumber 14 */
export const REGISTRATION: Token<VuRegistration> = {
  len: VEHICLE_REGISTRATION_LAYOUT.len,
  get: (b, o) => readVehicleRegistration(b, o),
};
/** VehicleRegistrationNumber (2.167) alone: codePage 1 + 13 bytes, no nation (gen2v2 overview, RecordType '0B') */
const REGISTRATION_NUMBER = codePageString(13);
export function readRegistrationNumberOnly(b: Uint8Array, o: number): VuRegistration {
  return { nation: null, number: REGISTRATION_NUMBER.get(b, o) };
}
export const REGISTRATION_NUMBER_LENGTH = REGISTRATION_NUMBER.len;

// ---- TREP 01 / 21 / 31: overview ----

/** MemberStateCertificate / VUCertificate (2.96, 2.181), generation 1: Certificate, 194 bytes */
export const GEN1_CERTIFICATE_LENGTH = 194;
/** Signature (2.149), generation 1: RSA, 128 bytes */
export const GEN1_SIGNATURE_LENGTH = 128;

/** the fixed part of the gen1 overview after the two certificates (DDP_029) */
export const OVERVIEW_G1 = declare({
  vehicleIdentificationNumber: ia5(17),
  vehicleRegistrationIdentification: REGISTRATION,
  currentDateTime: TIME_REAL,
  minDownloadableTime: TIME_REAL, // VuDownloadablePeriod (2.193)
  maxDownloadableTime: TIME_REAL,
  cardSlotsStatus: U8, // CardSlotsStatus (2.34) 'ccccdddd'B
  downloadingTime: TIME_REAL, // VuDownloadActivityData (2.195)
  fullCardNumber: CARD_G1,
  companyOrWorkshopName: NAME,
});

/** VuDownloadablePeriod (2.193) */
export const DOWNLOADABLE_PERIOD = declare({ minDownloadableTime: TIME_REAL, maxDownloadableTime: TIME_REAL });

/** VuDownloadActivityData (2.195): downloadingTime, fullCardNumber(AndGeneration), companyOrWorkshopName */
export const DOWNLOAD_ACTIVITY = {
  1: declare({ downloadingTime: TIME_REAL, fullCardNumber: CARD_G1, companyOrWorkshopName: NAME }),
  2: declare({ downloadingTime: TIME_REAL, fullCardNumber: CARD_G2, companyOrWorkshopName: NAME }),
} as const;

/** VuCompanyLocksRecord (2.184): gen1 98 bytes, gen2 99 */
export const COMPANY_LOCK = {
  1: declare({ lockInTime: TIME_REAL, lockOutTime: TIME_REAL, companyName: NAME, companyAddress: NAME, card: CARD_G1 }),
  2: declare({ lockInTime: TIME_REAL, lockOutTime: TIME_REAL, companyName: NAME, companyAddress: NAME, card: CARD_G2 }),
} as const;

/** VuControlActivityRecord (2.187): gen1 31 bytes, gen2 32 */
export const CONTROL = {
  1: declare({
    controlType: U8,
    controlTime: TIME_REAL,
    controlCardNumber: CARD_G1,
    downloadPeriodBeginTime: TIME_REAL,
    downloadPeriodEndTime: TIME_REAL,
  }),
  2: declare({
    controlType: U8,
    controlTime: TIME_REAL,
    controlCardNumber: CARD_G2,
    downloadPeriodBeginTime: TIME_REAL,
    downloadPeriodEndTime: TIME_REAL,
  }),
} as const;

// ---- TREP 02 / 22 / 32: activities of a day ----

/**
 * VuCardIWRecord (2.177): gen1 129 bytes; gen2 131 (FullCardNumberAndGeneration, and PreviousVehicleInfo 2.118
 * gains vuGeneration).
 */
const IW_HEAD = { holderSurname: NAME, holderFirstNames: NAME };
const IW_MIDDLE = {
  cardExpiryDate: DATEF,
  cardInsertionTime: TIME_REAL,
  vehicleOdometerValueAtInsertion: ODOMETER_SHORT,
  cardSlotNumber: U8,
  cardWithdrawalTime: TIME_REAL,
  vehicleOdometerValueAtWithdrawal: ODOMETER_SHORT,
  previousVehicleRegistration: REGISTRATION,
  previousCardWithdrawalTime: TIME_REAL,
};
export const CARD_IW = {
  1: declare({ ...IW_HEAD, fullCardNumber: CARD_G1, ...IW_MIDDLE, manualInputFlag: U8 }),
  2: declare({ ...IW_HEAD, fullCardNumber: CARD_G2, ...IW_MIDDLE, previousVuGeneration: U8, manualInputFlag: U8 }),
} as const;

/** ActivityChangeInfo (2.1): 2 bytes */
export const ACTIVITY_CHANGE_LENGTH = 2;

/**
 * VuPlaceDailyWorkPeriodRecord (2.219): fullCardNumber(AndGeneration) + PlaceRecord (2.117; gen1 10 bytes, gen2
 * 21 with its GNSSPlaceRecord, gen2v2 PlaceAuthRecord one byte longer) — the leading part is the same.
 */
const PLACE = {
  entryTime: TIME_REAL,
  entryTypeDailyWorkPeriod: U8,
  dailyWorkPeriodCountry: U8,
  dailyWorkPeriodRegion: U8,
  vehicleOdometerValue: ODOMETER_SHORT,
};
export const VU_PLACE = {
  1: declare({ fullCardNumber: CARD_G1, ...PLACE }),
  2: declare({ fullCardNumber: CARD_G2, ...PLACE, entryGNSSPlaceRecord: opaque(GNSS_PLACE_RECORD.len) }),
} as const;

/**
 * VuGNSSADRecord (2.203): timeStamp, cardNumberAndGenDriverSlot, cardNumberAndGenCodriverSlot, a GNSS place,
 * vehicleOdometerValue — gen2 version 1 with a GNSSPlaceRecord (11 bytes, 56 in all), version 2 with a
 * GNSSPlaceAuthRecord (12 bytes, 57 in all: the odometer moves one byte on).
 */
const GNSS_AD_HEAD = {
  timeStamp: TIME_REAL,
  cardNumberAndGenDriverSlot: CARD_G2,
  cardNumberAndGenCodriverSlot: CARD_G2,
};
export const GNSS_AD = {
  1: declare({ ...GNSS_AD_HEAD, gnssPlaceRecord: opaque(GNSS_PLACE_RECORD.len), vehicleOdometerValue: ODOMETER_SHORT }),
  2: declare({
    ...GNSS_AD_HEAD,
    gnssPlaceRecord: opaque(GNSS_PLACE_AUTH_RECORD.len),
    vehicleOdometerValue: ODOMETER_SHORT,
  }),
} as const;

/** SpecificConditionRecord (2.152): entryTime, specificConditionType — 5 bytes */
export const SPECIFIC_CONDITION = declare({ entryTime: TIME_REAL, specificConditionType: U8 });

// ---- TREP 03 / 23 / 33: events and faults ----

const EVENT_HEAD = { type: U8, purpose: U8, beginTime: TIME_REAL, endTime: TIME_REAL };
/** ManufacturerSpecificEventFaultData (2.95, gen2): manufacturerCode 1, manufacturerSpecificErrorCode 3 */
const MANUFACTURER_SPECIFIC = opaque(4);
/** VuFaultRecord (2.201): gen1 82 bytes; gen2 the four cards with their generation, + manufacturer data: 90 */
export const FAULT = {
  1: declare({ ...EVENT_HEAD, c1: CARD_G1, c2: CARD_G1, c3: CARD_G1, c4: CARD_G1 }),
  2: declare({ ...EVENT_HEAD, c1: CARD_G2, c2: CARD_G2, c3: CARD_G2, c4: CARD_G2, maker: MANUFACTURER_SPECIFIC }),
} as const;
/** VuEventRecord (2.198): gen1 83 bytes (similarEventsNumber last); gen2 91 */
export const EVENT = {
  1: declare({ ...EVENT_HEAD, c1: CARD_G1, c2: CARD_G1, c3: CARD_G1, c4: CARD_G1, similarEventsNumber: U8 }),
  2: declare({
    ...EVENT_HEAD,
    c1: CARD_G2,
    c2: CARD_G2,
    c3: CARD_G2,
    c4: CARD_G2,
    similarEventsNumber: U8,
    maker: MANUFACTURER_SPECIFIC,
  }),
} as const;
/** VuOverSpeedingControlData (2.212): 9 bytes */
export const OVERSPEED_CONTROL = declare({
  lastOverspeedControlTime: TIME_REAL,
  firstOverspeedSince: TIME_REAL,
  numberOfOverspeedSince: U8,
});
/** VuOverSpeedingEventRecord (2.215): gen1 31 bytes, gen2 32 */
const OVERSPEED_HEAD = { ...EVENT_HEAD, maxSpeedValue: U8, averageSpeedValue: U8 };
export const OVERSPEEDING = {
  1: declare({ ...OVERSPEED_HEAD, cardNumberDriverSlotBegin: CARD_G1, similarEventsNumber: U8 }),
  2: declare({ ...OVERSPEED_HEAD, cardNumberDriverSlotBegin: CARD_G2, similarEventsNumber: U8 }),
} as const;
/** VuTimeAdjustmentRecord (2.232): gen1 98 bytes, gen2 99 */
const TIME_ADJ_HEAD = { oldTimeValue: TIME_REAL, newTimeValue: TIME_REAL, workshopName: NAME, workshopAddress: NAME };
export const TIME_ADJUSTMENT = {
  1: declare({ ...TIME_ADJ_HEAD, workshopCardNumber: CARD_G1 }),
  2: declare({ ...TIME_ADJ_HEAD, workshopCardNumber: CARD_G2 }),
} as const;

// ---- TREP 04 / 24: detailed speed ----

/** VuDetailedSpeedBlock (2.192): speedBlockBeginDate TimeReal, speedsPerSecond 60 × Speed — 64 bytes */
export const SPEED_BLOCK = declare({ speedBlockBeginDate: TIME_REAL, speedsPerSecond: opaque(60) });

// ---- TREP 05 / 25 / 35: technical data ----

/** ExtendedSerialNumber (2.72): serialNumber 4, monthYear BCD 2, type 1, manufacturerCode 1 */
export const EXTENDED_SERIAL = declare({ serialNumber: U32, monthYear: opaque(2), type: U8, manufacturerCode: U8 });
export function readExtendedSerial(b: Uint8Array, o: number) {
  return {
    serial: EXTENDED_SERIAL.read.serialNumber(b, o),
    monthYear: readBcd(b, o + EXTENDED_SERIAL.offset.monthYear, 2),
    type: EXTENDED_SERIAL.read.type(b, o),
    manufacturer: EXTENDED_SERIAL.read.manufacturerCode(b, o),
  };
}

/**
 * VuIdentification (2.205): gen1 116 bytes; gen2 VuApprovalNumber is 16 bytes (2.172) and vuGeneration,
 * vuAbility (and in version 2 vuDigitalMapVersion) follow — read past as a longer record.
 */
const IDENTIFICATION_HEAD = {
  vuManufacturerName: NAME,
  vuManufacturerAddress: NAME,
  vuPartNumber: ia5(16),
  vuSerialNumber: opaque(EXTENDED_SERIAL.len),
  vuSoftwareVersion: ia5(4), // VuSoftwareIdentification (2.225): version 4, installation date 4
  vuSoftInstallationDate: TIME_REAL,
  vuManufacturingDate: TIME_REAL,
};
export const IDENTIFICATION = {
  1: declare({ ...IDENTIFICATION_HEAD, vuApprovalNumber: ia5(8) }),
  2: declare({ ...IDENTIFICATION_HEAD, vuApprovalNumber: ia5(16), vuGeneration: U8, vuAbility: U8 }),
} as const;

/** SensorPaired (2.144, gen1): sensorSerialNumber 8, sensorApprovalNumber 8, sensorPairingDateFirst 4 — 20 */
export const SENSOR_PAIRED_G1 = declare({
  sensorSerialNumber: opaque(EXTENDED_SERIAL.len),
  sensorApprovalNumber: ia5(8),
  sensorPairingDateFirst: TIME_REAL,
});
/** SensorPairedRecord (2.145, gen2): sensorSerialNumber 8, sensorApprovalNumber 16, sensorPairingDate 4 — 28 */
export const SENSOR_PAIRED_G2 = declare({
  sensorSerialNumber: opaque(EXTENDED_SERIAL.len),
  sensorApprovalNumber: ia5(16),
  sensorPairingDate: TIME_REAL,
});

/**
 * VuCalibrationRecord (2.174): gen1 167 bytes; gen2 version 1 adds sealDataVu (212), version 2 also the sensor,
 * GNSS and RCM serial numbers, load type and calibration country — the gen1 part leads in every version (with
 * FullCardNumber, not FullCardNumberAndGeneration, for the workshop card).
 */
export const CALIBRATION = declare({
  calibrationPurpose: U8,
  workshopName: NAME,
  workshopAddress: NAME,
  workshopCardNumber: CARD_G1,
  workshopCardExpiryDate: DATEF,
  vehicleIdentificationNumber: ia5(17),
  vehicleRegistrationIdentification: REGISTRATION,
  wVehicleCharacteristicConstant: U16,
  kConstantOfRecordingEquipment: U16,
  lTyreCircumference: U16,
  tyreSize: ia5(15),
  authorisedSpeed: U8,
  oldOdometerValue: ODOMETER_SHORT,
  newOdometerValue: ODOMETER_SHORT,
  oldTimeValue: TIME_REAL,
  newTimeValue: TIME_REAL,
  nextCalibrationDate: TIME_REAL,
});
