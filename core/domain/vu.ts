/**
 * A decoded vehicle-unit (VU) download (Annex IC Appendix 7 §2.2.6, data dictionary 2.170 ff.): the sections of
 * each Transfer Response Parameter (TREP) the file holds, in the shape the import will need. Times are epoch
 * seconds (TimeReal, null for "no value"), odometers kilometres, dates UtcDay numbers. Never file bytes except
 * the certificates and each TREP's signed data and signature, which authenticity (core/authenticity/verify-vu.ts)
 * checks.
 */
import type { ActivityChange, DecodedCard } from './card.js';
import type { CodePageString, FullCardNumber } from './card-values.js';
import type { Warning } from './rows.js';

/** GEN1: TREPs 01–05; GEN2: 21–25; GEN2V2: 31–35 (TREP 24, detailed speed, is shared by both gen2 versions). */
export type VuGeneration = 'GEN1' | 'GEN2' | 'GEN2V2';

export interface VuRegistration {
  /** NationNumeric; null where the record holds a VehicleRegistrationNumber only (14 bytes, no nation) */
  nation: number | null;
  number: CodePageString;
}

/** A FullCardNumber, with the card's generation where a gen2 VU records it (FullCardNumberAndGeneration, 2.74). */
export interface VuCardNumber extends FullCardNumber {
  generation: number | null;
}

export interface VuCompanyLock {
  lockIn: number | null;
  lockOut: number | null;
  companyName: CodePageString;
  companyAddress: CodePageString;
  companyCard: VuCardNumber;
}

export interface VuControl {
  controlType: number;
  controlTime: number | null;
  controlCard: VuCardNumber;
  downloadPeriodBegin: number | null;
  downloadPeriodEnd: number | null;
}

/** TREP 01 / 21 / 31 */
export interface VuOverview {
  memberStateCertificate: Uint8Array | null;
  vuCertificate: Uint8Array | null;
  vin: string | null;
  registration: VuRegistration | null;
  /** CurrentDateTime: the VU's clock at this download */
  currentDateTime: number | null;
  downloadableFrom: number | null;
  downloadableTo: number | null;
  /** CardSlotsStatus (2.34) 'ccccdddd'B: the type of card in the co-driver and driver slots, 0 = none */
  driverSlotCard: number;
  codriverSlotCard: number;
  /** VuDownloadActivityData: the previous download of this VU */
  previousDownload: { at: number | null; card: VuCardNumber; companyOrWorkshopName: CodePageString } | null;
  companyLocks: VuCompanyLock[];
  controls: VuControl[];
}

/** VuCardIWRecord (2.177) */
export interface VuCardInsertion {
  holderSurname: CodePageString;
  holderFirstNames: CodePageString;
  card: VuCardNumber;
  cardExpiryDate: string | null;
  insertedAt: number | null;
  odometerAtInsertion: number | null;
  /** CardSlotNumber: 0 driver, 1 co-driver */
  slot: number;
  /** null while the card is still inserted */
  withdrawnAt: number | null;
  odometerAtWithdrawal: number | null;
  previousVehicle: { registration: VuRegistration; withdrawnAt: number | null };
  manualInput: boolean;
}

/** VuPlaceDailyWorkPeriodRecord: a place entered at the begin or end of a daily work period, with the card */
export interface VuPlace {
  card: VuCardNumber;
  entryTime: number | null;
  entryType: number;
  country: number;
  region: number;
  odometer: number | null;
}

/** A GNSS position of the vehicle (VuGNSSADRecord, gen2), recorded every three hours of accumulated driving. */
export interface VuPosition {
  timestamp: number | null;
  latitude: number | null;
  longitude: number | null;
  odometer: number | null;
}

export interface VuSpecificCondition {
  entryTime: number | null;
  type: number;
}

/** TREP 02 / 22 / 32: one calendar day */
export interface VuDay {
  /** the day downloaded (TimeReal as recorded: VUs write a time within the day, e.g. 23:59:59; the day is its UTC date) */
  date: number | null;
  /** OdometerValueMidnight: the odometer at the end of this day (24:00 UTC), "odometer at end of downloaded day" */
  odometerMidnight: number | null;
  insertions: VuCardInsertion[];
  /** the slots' status at 00:00 and every change of the day, both slots */
  activities: ActivityChange[];
  places: VuPlace[];
  positions: VuPosition[];
  specificConditions: VuSpecificCondition[];
  /** gen2v2: border crossings and load/unload operations (counted, not interpreted yet) */
  borderCrossings: number;
  loadUnloadOperations: number;
}

/** VuFaultRecord / VuEventRecord (2.201 / 2.198) */
export interface VuEventOrFault {
  type: number;
  purpose: number;
  begin: number | null;
  end: number | null;
  /** the cards in the driver and co-driver slots at the begin and at the end */
  cards: VuCardNumber[];
  /** events only */
  similarEvents: number | null;
}

export interface VuOverspeeding {
  type: number;
  purpose: number;
  begin: number | null;
  end: number | null;
  maxSpeed: number;
  averageSpeed: number;
  card: VuCardNumber;
  similarEvents: number;
}

export interface VuTimeAdjustment {
  oldTime: number | null;
  newTime: number | null;
  workshopName: CodePageString;
  workshopAddress: CodePageString;
  workshopCard: VuCardNumber;
}

/** TREP 03 / 23 / 33 */
export interface VuEventsFaults {
  faults: VuEventOrFault[];
  events: VuEventOrFault[];
  overspeedControl: { lastControl: number | null; firstOverspeedSince: number | null; overspeedsSince: number };
  overspeeding: VuOverspeeding[];
  timeAdjustments: VuTimeAdjustment[];
}

/** VuDetailedSpeedBlock (2.192): the speed in km/h of each second of one minute */
export interface VuSpeedBlock {
  begin: number | null;
  /** a view of the file's bytes (60 Speed values, km/h) */
  speeds: Uint8Array;
}

export interface VuIdentification {
  manufacturerName: CodePageString;
  manufacturerAddress: CodePageString;
  partNumber: string | null;
  serialNumber: { serial: number; monthYear: number | null; type: number; manufacturer: number };
  softwareVersion: string | null;
  softwareInstallation: number | null;
  manufacturingDate: number | null;
  approvalNumber: string | null;
}

/** VuCalibrationRecord (2.174): the part common to every generation */
export interface VuCalibration {
  purpose: number;
  workshopName: CodePageString;
  workshopAddress: CodePageString;
  workshopCard: VuCardNumber;
  workshopCardExpiry: string | null;
  vin: string | null;
  registration: VuRegistration;
  w: number;
  k: number;
  l: number;
  tyreSize: string | null;
  authorisedSpeed: number;
  oldOdometer: number | null;
  newOdometer: number | null;
  oldTime: number | null;
  newTime: number | null;
  nextCalibrationDate: number | null;
}

/** TREP 05 / 25 / 35 */
export interface VuTechnical {
  identification: VuIdentification | null;
  /** SensorPaired / SensorPairedRecord: serial numbers of the paired motion sensors */
  sensorSerialNumbers: number[];
  calibrations: VuCalibration[];
}

/** One TREP as found in the file, and what its signature covers. */
export interface VuTrep {
  /** the TREP byte, e.g. 0x02 */
  trep: number;
  generation: VuGeneration;
  /** file offset of the '76' byte */
  offset: number;
  /** bytes from the '76' byte to the end of the TREP */
  length: number;
  /** the bytes the signature covers (a view of the file), see core/decoder/vu/signed-data.ts */
  signed: Uint8Array;
  /** the Signature (gen1, 128 bytes) or the record of the SignatureRecordArray (gen2); null when absent */
  signature: Uint8Array | null;
  /** for a day's TREP, the day downloaded (so a report can name it) */
  day: number | null;
  /** for an overview TREP, the certificates it carries (the chain its generation's signatures are checked with) */
  certificates: { memberState: Uint8Array | null; vu: Uint8Array | null } | null;
}

export interface DecodedVu {
  /** the generation of the overview (or of the first TREP when the overview is absent) */
  generation: VuGeneration;
  overview: VuOverview | null;
  days: VuDay[];
  eventsFaults: VuEventsFaults | null;
  speed: VuSpeedBlock[];
  technical: VuTechnical | null;
  /** TREP 06: card downloads received through the VU, decoded as the card downloads they are */
  cardDownloads: DecodedCard[];
  treps: VuTrep[];
  warnings: Warning[];
}
