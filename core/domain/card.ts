/**
 * The typed model of a decoded driver-card download file (DDD), as the decoder (core/decoder) produces it and
 * the row mapper (core/rows) and the fixture encoder / anonymizer consume it.
 *
 * Design rules:
 * - One `CardApplication` per DF: `gen1` (DF Tachograph, TLV appendix 00/01) and `gen2` (DF Tachograph_G2,
 *   appendix 02/03). A gen2 card carries both; views (rows) are built from gen2 when present.
 * - Every EF keeps its records in STORAGE order (index = position in the EF), including empty records, plus
 *   the EF's pointers, so that an encoder can write the bytes back. Rows skip empty records.
 * - Sentinels ("no value": TimeReal 0 / FFFFFFFF, OdometerShort FFFFFF, GeoCoordinates 7FFFFF, code page 0 / FF)
 *   are `null` here, never 1970 dates or absurd numbers. An encoder writes the EF default ({00..00}) for null.
 * - Times are UNIX seconds (TimeReal), dates from Datef are `YYYY-MM-DD` strings.
 * - Nation codes are the regulation's NationNumeric (0..255); mapping to ISO alpha-2 happens in rows.
 * - Certificates, signatures and EFs nobody interprets live in `security` / `raw`; rows never read them.
 */
import type { Generation, Warning } from './rows.js';

import type {
  TimeRealValue,
  CodePageString,
  VehicleRegistrationIdentification,
  FullCardNumber,
  GnssPlaceRecord,
} from './card-values.js';
import type {
  VehicleUnitsUsed,
  GnssPlaces,
  AuthStatusRecords,
  BorderCrossings,
  LoadUnloadOperations,
  LoadTypeEntries,
} from './card-gen2-records.js';

export type * from './card-values.js';
export type * from './card-gen2-records.js';

export type { Generation, Warning } from './rows.js';

// ---------------------------------------------------------------------------------------------------------
// EF contents
// ---------------------------------------------------------------------------------------------------------

/** EF Application_Identification (0501): DriverCardApplicationIdentification (gen1 10 bytes, gen2 17 bytes). */
export interface ApplicationIdentification {
  typeOfTachographCardId: number;
  /** CardStructureVersion 'aabb'H as two bytes */
  cardStructureVersion: [number, number];
  noOfEventsPerType: number;
  noOfFaultsPerType: number;
  activityStructureLength: number;
  noOfCardVehicleRecords: number;
  noOfCardPlaceRecords: number;
  /** gen2 only (null in gen1) */
  noOfGnssAdRecords: number | null;
  noOfSpecificConditionRecords: number | null;
  noOfCardVehicleUnitRecords: number | null;
}

/** EF Application_Identification_V2 (0525): DriverCardApplicationIdentificationV2 (10 bytes). */
export interface ApplicationIdentificationV2 {
  lengthOfFollowingData: number;
  noOfBorderCrossingRecords: number;
  noOfLoadUnloadRecords: number;
  noOfLoadTypeEntryRecords: number;
  vuConfigurationLengthRange: number;
}

/** EF Identification (0520): CardIdentification (65) + DriverCardHolderIdentification (78). */
export interface CardIdentification {
  issuingMemberState: number;
  /** the 16 characters of CardNumber as stored (driverIdentification 14 + replacement 1 + renewal 1), trimmed */
  cardNumber: string | null;
  driverIdentification: string | null;
  replacementIndex: string | null;
  renewalIndex: string | null;
  issuingAuthorityName: CodePageString;
  issueDate: TimeRealValue;
  validityBegin: TimeRealValue;
  expiryDate: TimeRealValue;
  holderSurname: CodePageString;
  holderFirstNames: CodePageString;
  /** Datef, YYYY-MM-DD; null for 00000000 or invalid BCD */
  birthDate: string | null;
  /** Language (2 IA5, ISO 639) */
  preferredLanguage: string | null;
}

/** EF Card_Download (050E): LastCardDownload TimeReal. */
export interface CardDownload {
  lastCardDownload: TimeRealValue;
}

/** EF Driving_Licence_Info (0521): CardDrivingLicenceInformation (53). */
export interface DrivingLicenceInfo {
  issuingAuthority: CodePageString;
  issuingNation: number;
  licenceNumber: string | null;
}

/** CardEventRecord / CardFaultRecord (24 bytes). */
export interface EventFaultRecord {
  /** position in the EF (storage order) */
  index: number;
  /** which cardEventRecords / cardFaultRecords set (0-based) the record sits in */
  group: number;
  /** EventFaultType */
  code: number;
  begin: TimeRealValue;
  end: TimeRealValue;
  vehicleRegistration: VehicleRegistrationIdentification;
  /** eventType 0 and both times empty: an unused slot */
  empty: boolean;
}

/** EF Events_Data (0502) / Faults_Data (0503). */
export interface EventFaultData {
  /** records per set (noOfEventsPerType / noOfFaultsPerType as used to split the EF) */
  recordsPerGroup: number;
  groups: number;
  records: EventFaultRecord[];
}

/** ActivityChangeInfo 'scpaattttttttttt'B, data dictionary 2.1. */
export interface ActivityChange {
  /** the 16-bit word as stored */
  raw: number;
  /** s: 0 DRIVER, 1 CO-DRIVER */
  slot: 0 | 1;
  /** c: p=0 → 0 SINGLE / 1 CREW; p=1 → 0 UNKNOWN / 1 KNOWN (manually entered) */
  crewOrKnown: boolean;
  /** p: 0 INSERTED, 1 NOT INSERTED */
  notInserted: boolean;
  /** aa: 0 BREAK/REST, 1 AVAILABILITY, 2 WORK, 3 DRIVING */
  activity: 0 | 1 | 2 | 3;
  /** minutes since 00:00 of the record's day */
  minutes: number;
}

/** CardActivityDailyRecord, data dictionary 2.9. */
export interface ActivityDailyRecord {
  /** offset of the record in activityDailyRecords (the cyclic buffer) */
  offset: number;
  previousRecordLength: number;
  recordLength: number;
  /** activityRecordDate (TimeReal, midnight UTC) */
  date: number;
  /** DailyPresenceCounter (BCD, 0..9999); null when not valid BCD */
  dailyPresenceCounter: number | null;
  /** activityDayDistance km */
  dayDistance: number;
  changes: ActivityChange[];
}

/** EF Driver_Activity_Data (0504): CardDriverActivity, data dictionary 2.17. */
export interface DriverActivity {
  activityPointerOldestDayRecord: number;
  activityPointerNewestRecord: number;
  /** byte length of activityDailyRecords (the cyclic buffer) */
  bufferLength: number;
  /** the cyclic buffer as stored (view; for re-encoding only) */
  buffer: Uint8Array;
  /** valid daily records, oldest → newest */
  days: ActivityDailyRecord[];
}

/** CardVehicleRecord: gen1 31 bytes, gen2 48 bytes (+ VIN). */
export interface VehicleRecord {
  index: number;
  odometerBegin: number | null;
  odometerEnd: number | null;
  firstUse: TimeRealValue;
  lastUse: TimeRealValue;
  registration: VehicleRegistrationIdentification;
  vuDataBlockCounter: number | null;
  /** gen2 only */
  vin: string | null;
  empty: boolean;
}

/** EF Vehicles_Used (0505): CardVehiclesUsed. */
export interface VehiclesUsed {
  vehiclePointerNewestRecord: number;
  recordSize: number;
  records: VehicleRecord[];
}

/** PlaceRecord: gen1 10 bytes, gen2 21 bytes (+ entryGNSSPlaceRecord). */
export interface PlaceRecord {
  index: number;
  entryTime: TimeRealValue;
  /** EntryTypeDailyWorkPeriod */
  entryType: number;
  country: number;
  region: number;
  odometer: number | null;
  /** gen2 only */
  gnss: GnssPlaceRecord | null;
  empty: boolean;
}

/** EF Places (0506): CardPlaceDailyWorkPeriod (pointer 1 byte in gen1, 2 bytes in gen2). */
export interface Places {
  placePointerNewestRecord: number;
  recordSize: number;
  records: PlaceRecord[];
}

/** EF Current_Usage (0507): CardCurrentUse. */
export interface CurrentUsage {
  sessionOpenTime: TimeRealValue;
  sessionOpenVehicle: VehicleRegistrationIdentification;
}

/** EF Control_Activity_Data (0508): CardControlActivityDataRecord (46). */
export interface ControlActivity {
  controlType: number;
  controlTime: TimeRealValue;
  controlCardNumber: FullCardNumber;
  controlVehicleRegistration: VehicleRegistrationIdentification;
  controlDownloadPeriodBegin: TimeRealValue;
  controlDownloadPeriodEnd: TimeRealValue;
}

/** SpecificConditionRecord (5). */
export interface SpecificConditionRecord {
  index: number;
  entryTime: TimeRealValue;
  type: number;
  empty: boolean;
}

/** EF Specific_Conditions (0522): gen1 a bare set of 56 records, gen2 pointer + set. */
export interface SpecificConditions {
  /** gen2 only (gen1 has no pointer) */
  conditionPointerNewestRecord: number | null;
  records: SpecificConditionRecord[];
}

/** Certificates and signatures: kept for later verification, never output. */
export interface ApplicationSecurity {
  /** C100: Card_Certificate (gen1) / CardMA_Certificate (gen2) */
  cardCertificate: Uint8Array | null;
  /** C101: CardSignCertificate (gen2) */
  cardSignCertificate: Uint8Array | null;
  /** C108: CA_Certificate */
  caCertificate: Uint8Array | null;
  /** C109: Link_Certificate (gen2) */
  linkCertificate: Uint8Array | null;
  /** signature blocks (appendix 01 / 03) by FID */
  signatures: Map<number, Uint8Array>;
  /**
   * Signature blocks of a scheme outside Annex IC (appendix '81' after an EF, as written by some non-EU
   * national cards) by FID; kept, never verified (the file is rated UNVERIFIABLE).
   */
  foreignSignatures: Map<number, Uint8Array>;
  /** EF 'C209' of such cards: an X.509 certificate (not an Annex IC certificate) */
  x509Certificate: Uint8Array | null;
}

/** One DF (application) of the card. */
export interface CardApplication {
  /** 1 = DF Tachograph (appendix 00/01), 2 = DF Tachograph_G2 (appendix 02/03) */
  df: 1 | 2;
  applicationIdentification: ApplicationIdentification | null;
  applicationIdentificationV2: ApplicationIdentificationV2 | null;
  identification: CardIdentification | null;
  cardDownload: CardDownload | null;
  drivingLicenceInfo: DrivingLicenceInfo | null;
  events: EventFaultData | null;
  faults: EventFaultData | null;
  driverActivity: DriverActivity | null;
  vehiclesUsed: VehiclesUsed | null;
  places: Places | null;
  currentUsage: CurrentUsage | null;
  controlActivity: ControlActivity | null;
  specificConditions: SpecificConditions | null;
  vehicleUnitsUsed: VehicleUnitsUsed | null;
  gnssPlaces: GnssPlaces | null;
  placesAuthentication: AuthStatusRecords | null;
  gnssPlacesAuthentication: AuthStatusRecords | null;
  borderCrossings: BorderCrossings | null;
  loadUnloadOperations: LoadUnloadOperations | null;
  loadTypeEntries: LoadTypeEntries | null;
  security: ApplicationSecurity;
  /** every EF's value bytes as stored, by FID (including ones decoded above; for re-encoding) */
  raw: Map<number, Uint8Array>;
}

/** A TLV block as it appeared in the file (for re-encoding in the same order). */
export interface BlockRef {
  fid: number;
  appendix: number;
  length: number;
}

export interface DecodedCard {
  generation: Generation;
  /** DF Tachograph */
  gen1: CardApplication | null;
  /** DF Tachograph_G2 */
  gen2: CardApplication | null;
  /** MF common EFs (unsigned, not interpreted): ICC 0002 and IC 0005, raw */
  common: { icc: Uint8Array | null; ic: Uint8Array | null };
  /** TLV blocks in file order */
  blocks: BlockRef[];
  /** true when a 76 06 transfer-response header was removed */
  transferHeaderStripped: boolean;
  warnings: Warning[];
}

/** The application the views are built from: gen2 when present, else gen1. */
export function primaryApplication(card: DecodedCard): CardApplication | null {
  return card.gen2 ?? card.gen1;
}
