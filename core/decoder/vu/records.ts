/**
 * One VU record read at an offset, for either generation (`g`: 1 = the gen1 layout, 2 = the gen2 layout of
 * ./layouts.ts). The gen1 TREPs and the gen2 record arrays both call these, so every record is read one way.
 */
import type {
  VuCalibration,
  VuCardInsertion,
  VuCompanyLock,
  VuControl,
  VuEventOrFault,
  VuIdentification,
  VuOverspeeding,
  VuPlace,
  VuPosition,
  VuSpecificCondition,
  VuSpeedBlock,
  VuTimeAdjustment,
} from '../../domain/vu.js';
import { readGnssPlaceRecord } from '../primitives/gnss-place.js';
import {
  CALIBRATION,
  CARD_IW,
  COMPANY_LOCK,
  CONTROL,
  EVENT,
  FAULT,
  GNSS_AD,
  IDENTIFICATION,
  OVERSPEEDING,
  SPECIFIC_CONDITION,
  SPEED_BLOCK,
  TIME_ADJUSTMENT,
  VU_PLACE,
  readExtendedSerial,
} from './layouts.js';

export type G = 1 | 2;

export function readCardIw(b: Uint8Array, o: number, g: G): VuCardInsertion {
  const r = CARD_IW[g].read;
  return {
    holderSurname: r.holderSurname(b, o),
    holderFirstNames: r.holderFirstNames(b, o),
    card: r.fullCardNumber(b, o),
    cardExpiryDate: r.cardExpiryDate(b, o),
    insertedAt: r.cardInsertionTime(b, o),
    odometerAtInsertion: r.vehicleOdometerValueAtInsertion(b, o),
    slot: r.cardSlotNumber(b, o),
    withdrawnAt: r.cardWithdrawalTime(b, o),
    odometerAtWithdrawal: r.vehicleOdometerValueAtWithdrawal(b, o),
    previousVehicle: {
      registration: r.previousVehicleRegistration(b, o),
      withdrawnAt: r.previousCardWithdrawalTime(b, o),
    },
    // ManualInputFlag (2.97): 0 noEntry, 1 manualEntries
    manualInput: r.manualInputFlag(b, o) === 1,
  };
}

export function readPlace(b: Uint8Array, o: number, g: G): VuPlace {
  const r = VU_PLACE[g].read;
  return {
    card: r.fullCardNumber(b, o),
    entryTime: r.entryTime(b, o),
    entryType: r.entryTypeDailyWorkPeriod(b, o),
    country: r.dailyWorkPeriodCountry(b, o),
    region: r.dailyWorkPeriodRegion(b, o),
    odometer: r.vehicleOdometerValue(b, o),
  };
}

/** `size`: the record size of the array — 57 is version 2's (GNSSPlaceAuthRecord), else version 1's layout */
export function readPosition(b: Uint8Array, o: number, size: number): VuPosition {
  const layout = GNSS_AD[size >= GNSS_AD[2].len ? 2 : 1];
  const place = readGnssPlaceRecord(b, o + layout.offset.gnssPlaceRecord);
  return {
    timestamp: layout.read.timeStamp(b, o),
    latitude: place.geo.latitude,
    longitude: place.geo.longitude,
    odometer: layout.read.vehicleOdometerValue(b, o),
  };
}

export function readSpecificCondition(b: Uint8Array, o: number): VuSpecificCondition {
  return {
    entryTime: SPECIFIC_CONDITION.read.entryTime(b, o),
    type: SPECIFIC_CONDITION.read.specificConditionType(b, o),
  };
}

export function readFault(b: Uint8Array, o: number, g: G): VuEventOrFault {
  const r = FAULT[g].read;
  return {
    type: r.type(b, o),
    purpose: r.purpose(b, o),
    begin: r.beginTime(b, o),
    end: r.endTime(b, o),
    cards: [r.c1(b, o), r.c2(b, o), r.c3(b, o), r.c4(b, o)],
    similarEvents: null,
  };
}

export function readEvent(b: Uint8Array, o: number, g: G): VuEventOrFault {
  const r = EVENT[g].read;
  return {
    type: r.type(b, o),
    purpose: r.purpose(b, o),
    begin: r.beginTime(b, o),
    end: r.endTime(b, o),
    cards: [r.c1(b, o), r.c2(b, o), r.c3(b, o), r.c4(b, o)],
    similarEvents: r.similarEventsNumber(b, o),
  };
}

export function readOverspeeding(b: Uint8Array, o: number, g: G): VuOverspeeding {
  const r = OVERSPEEDING[g].read;
  return {
    type: r.type(b, o),
    purpose: r.purpose(b, o),
    begin: r.beginTime(b, o),
    end: r.endTime(b, o),
    maxSpeed: r.maxSpeedValue(b, o),
    averageSpeed: r.averageSpeedValue(b, o),
    card: r.cardNumberDriverSlotBegin(b, o),
    similarEvents: r.similarEventsNumber(b, o),
  };
}

export function readTimeAdjustment(b: Uint8Array, o: number, g: G): VuTimeAdjustment {
  const r = TIME_ADJUSTMENT[g].read;
  return {
    oldTime: r.oldTimeValue(b, o),
    newTime: r.newTimeValue(b, o),
    workshopName: r.workshopName(b, o),
    workshopAddress: r.workshopAddress(b, o),
    workshopCard: r.workshopCardNumber(b, o),
  };
}

export function readCompanyLock(b: Uint8Array, o: number, g: G): VuCompanyLock {
  const r = COMPANY_LOCK[g].read;
  return {
    lockIn: r.lockInTime(b, o),
    lockOut: r.lockOutTime(b, o),
    companyName: r.companyName(b, o),
    companyAddress: r.companyAddress(b, o),
    companyCard: r.card(b, o),
  };
}

export function readControl(b: Uint8Array, o: number, g: G): VuControl {
  const r = CONTROL[g].read;
  return {
    controlType: r.controlType(b, o),
    controlTime: r.controlTime(b, o),
    controlCard: r.controlCardNumber(b, o),
    downloadPeriodBegin: r.downloadPeriodBeginTime(b, o),
    downloadPeriodEnd: r.downloadPeriodEndTime(b, o),
  };
}

export function readSpeedBlock(b: Uint8Array, o: number): VuSpeedBlock {
  const at = o + SPEED_BLOCK.offset.speedsPerSecond;
  return {
    begin: SPEED_BLOCK.read.speedBlockBeginDate(b, o),
    speeds: b.subarray(at, at + SPEED_BLOCK.size.speedsPerSecond),
  };
}

export function readIdentification(b: Uint8Array, o: number, g: G): VuIdentification {
  const r = IDENTIFICATION[g].read;
  return {
    manufacturerName: r.vuManufacturerName(b, o),
    manufacturerAddress: r.vuManufacturerAddress(b, o),
    partNumber: r.vuPartNumber(b, o),
    serialNumber: readExtendedSerial(b, o + IDENTIFICATION[g].offset.vuSerialNumber),
    softwareVersion: r.vuSoftwareVersion(b, o),
    softwareInstallation: r.vuSoftInstallationDate(b, o),
    manufacturingDate: r.vuManufacturingDate(b, o),
    approvalNumber: r.vuApprovalNumber(b, o),
  };
}

const C = CALIBRATION.read;
export function readCalibration(b: Uint8Array, o: number): VuCalibration {
  return {
    purpose: C.calibrationPurpose(b, o),
    workshopName: C.workshopName(b, o),
    workshopAddress: C.workshopAddress(b, o),
    workshopCard: C.workshopCardNumber(b, o),
    workshopCardExpiry: C.workshopCardExpiryDate(b, o),
    vin: C.vehicleIdentificationNumber(b, o),
    registration: C.vehicleRegistrationIdentification(b, o),
    w: C.wVehicleCharacteristicConstant(b, o),
    k: C.kConstantOfRecordingEquipment(b, o),
    l: C.lTyreCircumference(b, o),
    tyreSize: C.tyreSize(b, o),
    authorisedSpeed: C.authorisedSpeed(b, o),
    oldOdometer: C.oldOdometerValue(b, o),
    newOdometer: C.newOdometerValue(b, o),
    oldTime: C.oldTimeValue(b, o),
    newTime: C.newTimeValue(b, o),
    nextCalibrationDate: C.nextCalibrationDate(b, o),
  };
}
