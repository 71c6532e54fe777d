/**
 * Generation-2 TREPs (21–25, 31–35, and 24 for both versions; Appendix 7 §2.2.6): every data element is a record
 * array (recordType, recordSize, noOfRecords, records — §2.2.6 remark), read generically: each array is handed
 * to the reader of its RecordType (2.120), whatever TREP it appears in and in whatever order. An array of a type
 * no reader knows is read past with `unknown_record_type`; records longer than the layout of ./layouts.ts are
 * read for their leading part with `record_longer_than_specified`; shorter ones are skipped with
 * `damaged_record_array`. The SignatureRecordArray ('08') holds the TREP's ECDSA signature (one record, r‖s).
 */
import type {
  VuCalibration,
  VuCardInsertion,
  VuCompanyLock,
  VuControl,
  VuEventOrFault,
  VuIdentification,
  VuOverspeeding,
  VuOverview,
  VuPlace,
  VuPosition,
  VuRegistration,
  VuSpecificCondition,
  VuSpeedBlock,
  VuTimeAdjustment,
} from '../../domain/vu.js';
import type { ActivityChange } from '../../domain/card.js';
import { decodeActivityChange } from '../ef/activity-change-info.js';
import { ODOMETER_SHORT } from '../primitives/odometer.js';
import { U8 } from '../primitives/record.js';
import { ia5 } from '../primitives/strings.js';
import { TIME_REAL } from '../primitives/time-real.js';
import type { Section } from './framing.js';
import {
  CALIBRATION,
  CARD_IW,
  COMPANY_LOCK,
  CONTROL,
  DOWNLOADABLE_PERIOD,
  DOWNLOAD_ACTIVITY,
  EVENT,
  FAULT,
  GNSS_AD,
  IDENTIFICATION,
  OVERSPEEDING,
  OVERSPEED_CONTROL,
  REGISTRATION,
  REGISTRATION_NUMBER_LENGTH,
  SENSOR_PAIRED_G1,
  SENSOR_PAIRED_G2,
  SPECIFIC_CONDITION,
  SPEED_BLOCK,
  TIME_ADJUSTMENT,
  VU_PLACE,
  readExtendedSerial,
  readRegistrationNumberOnly,
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
  readPosition,
  readSpecificCondition,
  readSpeedBlock,
  readTimeAdjustment,
} from './records.js';
import { type VuDecodeContext, trepName } from './warnings.js';

/** RecordType (2.120) of the certificates, which the overview's signature leaves out (DDP_029). */
export const RECORD_TYPE_MEMBER_STATE_CERTIFICATE = 0x04;
export const RECORD_TYPE_VU_CERTIFICATE = 0x0f;

const VIN = ia5(17);

/** Everything a gen2 TREP's arrays can hold; the assembler takes the parts of the TREP's kind. */
export interface Gen2Sink {
  memberStateCertificate: Uint8Array | null;
  vuCertificate: Uint8Array | null;
  vin: string | null;
  registration: VuRegistration | null;
  currentDateTime: number | null;
  downloadableFrom: number | null;
  downloadableTo: number | null;
  slots: number;
  previousDownload: VuOverview['previousDownload'];
  companyLocks: VuCompanyLock[];
  controls: VuControl[];
  date: number | null;
  odometerMidnight: number | null;
  insertions: VuCardInsertion[];
  activities: ActivityChange[];
  places: VuPlace[];
  positions: VuPosition[];
  specificConditions: VuSpecificCondition[];
  borderCrossings: number;
  loadUnloadOperations: number;
  faults: VuEventOrFault[];
  events: VuEventOrFault[];
  overspeedControl: { lastControl: number | null; firstOverspeedSince: number | null; overspeedsSince: number };
  overspeeding: VuOverspeeding[];
  timeAdjustments: VuTimeAdjustment[];
  speed: VuSpeedBlock[];
  identification: VuIdentification | null;
  sensorSerialNumbers: number[];
  calibrations: VuCalibration[];
  signature: Uint8Array | null;
}

export function emptySink(): Gen2Sink {
  return {
    memberStateCertificate: null,
    vuCertificate: null,
    vin: null,
    registration: null,
    currentDateTime: null,
    downloadableFrom: null,
    downloadableTo: null,
    slots: 0,
    previousDownload: null,
    companyLocks: [],
    controls: [],
    date: null,
    odometerMidnight: null,
    insertions: [],
    activities: [],
    places: [],
    positions: [],
    specificConditions: [],
    borderCrossings: 0,
    loadUnloadOperations: 0,
    faults: [],
    events: [],
    overspeedControl: { lastControl: null, firstOverspeedSince: null, overspeedsSince: 0 },
    overspeeding: [],
    timeAdjustments: [],
    speed: [],
    identification: null,
    sensorSerialNumbers: [],
    calibrations: [],
    signature: null,
  };
}

/**
 * A RecordType's reader: the smallest record it reads (0: any size), the longer sizes later versions specify
 * (read for their leading part without a warning), and what it does with each record.
 */
interface RecordReader {
  name: string;
  size: number;
  versions?: readonly number[];
  read: (sink: Gen2Sink, b: Uint8Array, o: number, size: number) => void;
}

const cut = (b: Uint8Array, o: number, size: number): Uint8Array => b.slice(o, o + size);
const ignore = (): void => undefined;

const READERS: ReadonlyMap<number, RecordReader> = new Map<number, RecordReader>([
  [
    0x01,
    {
      name: 'ActivityChangeInfo',
      size: 2,
      read: (s, b, o) => void s.activities.push(decodeActivityChange((b[o]! << 8) | b[o + 1]!)),
    },
  ],
  [0x02, { name: 'CardSlotsStatus', size: U8.len, read: (s, b, o) => void (s.slots = b[o]!) }],
  [
    0x03,
    { name: 'CurrentDateTime', size: TIME_REAL.len, read: (s, b, o) => void (s.currentDateTime = TIME_REAL.get(b, o)) },
  ],
  [
    0x04,
    { name: 'MemberStateCertificate', size: 0, read: (s, b, o, n) => void (s.memberStateCertificate = cut(b, o, n)) },
  ],
  [
    0x05,
    {
      name: 'OdometerValueMidnight',
      size: ODOMETER_SHORT.len,
      read: (s, b, o) => void (s.odometerMidnight = ODOMETER_SHORT.get(b, o)),
    },
  ],
  [0x06, { name: 'DateOfDayDownloaded', size: TIME_REAL.len, read: (s, b, o) => void (s.date = TIME_REAL.get(b, o)) }],
  [
    0x07,
    {
      name: 'SensorPaired',
      size: SENSOR_PAIRED_G1.len,
      read: (s, b, o) => void s.sensorSerialNumbers.push(readExtendedSerial(b, o).serial),
    },
  ],
  [0x08, { name: 'Signature', size: 0, read: (s, b, o, n) => void (s.signature = cut(b, o, n)) }],
  [
    0x09,
    {
      name: 'SpecificConditionRecord',
      size: SPECIFIC_CONDITION.len,
      read: (s, b, o) => void s.specificConditions.push(readSpecificCondition(b, o)),
    },
  ],
  [0x0a, { name: 'VehicleIdentificationNumber', size: VIN.len, read: (s, b, o) => void (s.vin = VIN.get(b, o)) }],
  // a VehicleRegistrationNumber is 14 bytes (no nation); real files also send 14 bytes under RecordType '24'
  [0x0b, { name: 'VehicleRegistrationNumber', size: REGISTRATION_NUMBER_LENGTH, read: readRegistration }],
  [
    0x0c,
    {
      name: 'VuCalibrationRecord',
      size: CALIBRATION.len,
      // gen2 version 1: + sealDataVu (45); version 2: + sensor, GNSS and RCM serial numbers, load type, country
      versions: [212, 242],
      read: (s, b, o) => void s.calibrations.push(readCalibration(b, o)),
    },
  ],
  [
    0x0d,
    { name: 'VuCardIWRecord', size: CARD_IW[2].len, read: (s, b, o) => void s.insertions.push(readCardIw(b, o, 2)) },
  ],
  [0x0e, { name: 'VuCardRecord', size: 0, read: ignore }],
  [0x0f, { name: 'VuCertificate', size: 0, read: (s, b, o, n) => void (s.vuCertificate = cut(b, o, n)) }],
  [
    0x10,
    {
      name: 'VuCompanyLocksRecord',
      size: COMPANY_LOCK[2].len,
      read: (s, b, o) => void s.companyLocks.push(readCompanyLock(b, o, 2)),
    },
  ],
  [
    0x11,
    {
      name: 'VuControlActivityRecord',
      size: CONTROL[2].len,
      read: (s, b, o) => void s.controls.push(readControl(b, o, 2)),
    },
  ],
  [
    0x12,
    { name: 'VuDetailedSpeedBlock', size: SPEED_BLOCK.len, read: (s, b, o) => void s.speed.push(readSpeedBlock(b, o)) },
  ],
  [0x13, { name: 'VuDownloadablePeriod', size: DOWNLOADABLE_PERIOD.len, read: readPeriod }],
  [0x14, { name: 'VuDownloadActivityData', size: DOWNLOAD_ACTIVITY[2].len, read: readDownloadActivity }],
  [0x15, { name: 'VuEventRecord', size: EVENT[2].len, read: (s, b, o) => void s.events.push(readEvent(b, o, 2)) }],
  [
    0x16,
    {
      name: 'VuGNSSADRecord',
      size: GNSS_AD[1].len,
      versions: [GNSS_AD[2].len], // version 2: GNSSPlaceAuthRecord
      read: (s, b, o, n) => void s.positions.push(readPosition(b, o, n)),
    },
  ],
  [0x17, { name: 'VuITSConsentRecord', size: 0, read: ignore }],
  [0x18, { name: 'VuFaultRecord', size: FAULT[2].len, read: (s, b, o) => void s.faults.push(readFault(b, o, 2)) }],
  [
    0x19,
    {
      name: 'VuIdentification',
      size: IDENTIFICATION[2].len,
      versions: [IDENTIFICATION[2].len + 12], // version 2: + vuDigitalMapVersion
      read: (s, b, o) => void (s.identification = readIdentification(b, o, 2)),
    },
  ],
  [0x1a, { name: 'VuOverSpeedingControlData', size: OVERSPEED_CONTROL.len, read: readOverspeedControl }],
  [
    0x1b,
    {
      name: 'VuOverSpeedingEventRecord',
      size: OVERSPEEDING[2].len,
      read: (s, b, o) => void s.overspeeding.push(readOverspeeding(b, o, 2)),
    },
  ],
  [
    0x1c,
    {
      name: 'VuPlaceDailyWorkPeriodRecord',
      size: VU_PLACE[2].len,
      versions: [VU_PLACE[2].len + 1], // version 2: PlaceAuthRecord, + authenticationStatus
      read: (s, b, o) => void s.places.push(readPlace(b, o, 2)),
    },
  ],
  [0x1d, { name: 'VuTimeAdjustmentGNSSRecord', size: 0, read: ignore }],
  [
    0x1e,
    {
      name: 'VuTimeAdjustmentRecord',
      size: TIME_ADJUSTMENT[2].len,
      read: (s, b, o) => void s.timeAdjustments.push(readTimeAdjustment(b, o, 2)),
    },
  ],
  [0x1f, { name: 'VuPowerSupplyInterruptionRecord', size: 0, read: ignore }],
  [
    0x20,
    {
      name: 'SensorPairedRecord',
      size: SENSOR_PAIRED_G2.len,
      read: (s, b, o) => void s.sensorSerialNumbers.push(readExtendedSerial(b, o).serial),
    },
  ],
  [0x21, { name: 'SensorExternalGNSSCoupledRecord', size: 0, read: ignore }],
  [0x22, { name: 'VuBorderCrossingRecord', size: 0, read: (s) => void s.borderCrossings++ }],
  [0x23, { name: 'VuLoadUnloadRecord', size: 0, read: (s) => void s.loadUnloadOperations++ }],
  [
    0x24,
    {
      name: 'VehicleRegistrationIdentification',
      // specified with its nation (15 bytes); read from the 14 bytes of the number alone too
      size: REGISTRATION_NUMBER_LENGTH,
      versions: [REGISTRATION.len],
      read: readRegistration,
    },
  ],
]);

function readRegistration(s: Gen2Sink, b: Uint8Array, o: number, size: number): void {
  s.registration = size >= REGISTRATION.len ? REGISTRATION.get(b, o) : readRegistrationNumberOnly(b, o);
}
function readPeriod(s: Gen2Sink, b: Uint8Array, o: number): void {
  s.downloadableFrom = DOWNLOADABLE_PERIOD.read.minDownloadableTime(b, o);
  s.downloadableTo = DOWNLOADABLE_PERIOD.read.maxDownloadableTime(b, o);
}
function readDownloadActivity(s: Gen2Sink, b: Uint8Array, o: number): void {
  const r = DOWNLOAD_ACTIVITY[2].read;
  s.previousDownload = {
    at: r.downloadingTime(b, o),
    card: r.fullCardNumber(b, o),
    companyOrWorkshopName: r.companyOrWorkshopName(b, o),
  };
}
function readOverspeedControl(s: Gen2Sink, b: Uint8Array, o: number): void {
  const r = OVERSPEED_CONTROL.read;
  s.overspeedControl = {
    lastControl: r.lastOverspeedControlTime(b, o),
    firstOverspeedSince: r.firstOverspeedSince(b, o),
    overspeedsSince: r.numberOfOverspeedSince(b, o),
  };
}

/** Hands each record array of a gen2 TREP to its reader. */
export function readArrays(b: Uint8Array, sections: Section[], trep: number, ctx: VuDecodeContext): Gen2Sink {
  const sink = emptySink();
  for (const s of sections) {
    const reader = READERS.get(s.type);
    if (reader === undefined) {
      const type = s.type.toString(16).toUpperCase().padStart(2, '0');
      ctx.warn(
        'unknown_record_type',
        `${trepName(trep)} holds a record array of RecordType ${type} (${s.count} records of ${s.size} bytes) that the decoder does not read; it was read past.`,
      );
      continue;
    }
    if (s.count > 0 && s.size < reader.size) {
      ctx.warn(
        'damaged_record_array',
        `${trepName(trep)}: the ${reader.name} records are ${s.size} bytes long where ${reader.size} are specified; they were not read.`,
      );
      continue;
    }
    if (s.count > 0 && reader.size > 0 && s.size > reader.size && !(reader.versions ?? []).includes(s.size))
      ctx.warn(
        'record_longer_than_specified',
        `${trepName(trep)}: the ${reader.name} records are ${s.size} bytes long where ${reader.size} are specified; the known part of each record was read.`,
      );
    for (let i = 0; i < s.count; i++) reader.read(sink, b, s.offset + i * s.size, s.size);
  }
  return sink;
}

/** The offset where a gen2 TREP's signed data starts: its first record array that is not a certificate. */
export function signedStartGen2(sections: Section[]): number {
  for (const s of sections)
    if (s.type !== RECORD_TYPE_MEMBER_STATE_CERTIFICATE && s.type !== RECORD_TYPE_VU_CERTIFICATE) return s.start;
  return sections.length === 0 ? 0 : sections[sections.length - 1]!.start;
}
