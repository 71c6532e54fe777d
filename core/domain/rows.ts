/**
 * Row shapes of the API contract (../shared/spec/api-contract.md, "Rows"), in the core's numeric model:
 * instants are UTC epoch seconds (`EpochSeconds`), dates UTC day numbers (`UtcDay`, ../time.ts); the HTTP
 * adapter's response mappers (adapters/http/responses/) write them as ISO text once. The card and driver
 * summaries keep the card's identity text (their dates are YYYY-MM-DD text as stored in the import's meta).
 * Field names are what integrations depend on: never rename a field, only add.
 * Durations are integer seconds. Every listed field is always present (null when unknown).
 */
import type { EpochSeconds, UtcDay } from '../time.js';

export type { EpochSeconds, UtcDay };

import type { Authenticity } from './authenticity.js';
import type { ImportKind, VuImportFacts } from './vu-import.js';

export type Generation = 'GEN1' | 'GEN2' | 'GEN2V2';
/**
 * An import's status: OK; QUARANTINED (kept and served, marked, refused by trusted operations); WITHDRAWN (taken
 * out by the office: kept with its original bytes, excluded from every basis, list, check and the fleet).
 */
export const IMPORT_STATUSES = ['OK', 'QUARANTINED', 'WITHDRAWN'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** the statuses an import may have before it is withdrawn (and gets back when it is restored) */
export type ActiveImportStatus = Exclude<ImportStatus, 'WITHDRAWN'>;
export type Activity = 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST';
export type Slot = 'DRIVER' | 'CO_DRIVER';
export type PositionSource = 'PLACE' | 'GNSS_ACCUMULATED_DRIVING' | 'BORDER_CROSSING' | 'LOAD_UNLOAD';

/** A warning raised while decoding; `code` is stable, `message` is English. */
export interface Warning {
  code: string;
  message: string;
}

export interface VehicleRegistration {
  /** ISO 3166-1 alpha-2 where one exists, else the regulation's nation code. */
  nation: string | null;
  number: string | null;
}

export interface CardSummary {
  card_number: string | null;
  issuing_member_state: string | null;
  issuing_authority: string | null;
  issue_date: string | null;
  validity_begin: string | null;
  expiry_date: string | null;
}

export interface DriverSummary {
  surname: string | null;
  first_names: string | null;
  birth_date: string | null;
  preferred_language: string | null;
  licence_issuing_nation: string | null;
  licence_number: string | null;
}

export interface ActivityRange {
  /** first day with an activity record */
  from: UtcDay | null;
  /** last day with an activity record */
  to: UtcDay | null;
  /** number of daily records */
  days: number;
}

/** What the decoder knows about an import, before the service assigns ids. */
export interface ImportMetadata {
  generation: Generation;
  card: CardSummary;
  driver: DriverSummary;
  activity_range: ActivityRange;
  warnings: Warning[];
  /** signature and certificate verification; null/absent on imports stored before it existed */
  authenticity?: Authenticity | null;
}

/** The import row of the contract. */
export interface ImportRow extends ImportMetadata {
  import_id: string;
  archive_id: string;
  file_name: string | null;
  content_sha256: string;
  size_bytes: number;
  imported_at: EpochSeconds;
  status: ImportStatus;
  /** what was downloaded; absent: a driver card (card rows leave it out, the HTTP answers name it) */
  kind?: ImportKind;
  /** a vehicle unit's import: what its download holds beyond this row (`card`/`driver` then hold nulls only) */
  vehicle_unit?: VuImportFacts | null;
  /** the latest withdrawal (kept after a restore, with `restored_at`); null/absent when never withdrawn */
  withdrawal?: ImportWithdrawal | null;
}

/** Why, when and from which status an import was withdrawn, and when it was restored (null while withdrawn). */
export interface ImportWithdrawal {
  reason: string;
  withdrawn_at: EpochSeconds;
  previous_status: ActiveImportStatus;
  restored_at: EpochSeconds | null;
}

export interface ActivityIntervalRow {
  import_id: string | null;
  card_number: string | null;
  /** UTC day of the card's daily record */
  date: UtcDay;
  start: EpochSeconds;
  end: EpochSeconds;
  activity: Activity;
  duration: number;
  slot: Slot;
  crew: boolean;
  card_inserted: boolean;
  /** true when the card was not inserted and the activity was entered by hand */
  manual_entry: boolean;
}

export interface EventFaultRow {
  import_id: string | null;
  card_number: string | null;
  code: number;
  type: string | null;
  description: string | null;
  start: EpochSeconds | null;
  end: EpochSeconds | null;
  vehicle_registration: VehicleRegistration | null;
}

export interface VehicleUsedRow {
  import_id: string | null;
  card_number: string | null;
  registration: VehicleRegistration;
  vin: string | null;
  first_use: EpochSeconds | null;
  last_use: EpochSeconds | null;
  odometer_begin_km: number | null;
  odometer_end_km: number | null;
  distance_km: number | null;
  vu_data_block_counter: number | null;
}

export interface PositionRow {
  import_id: string | null;
  card_number: string | null;
  timestamp: EpochSeconds | null;
  latitude: number | null;
  longitude: number | null;
  source: PositionSource;
  type: string | null;
  country_code: string | null;
  region_code: string | null;
  odometer_km: number | null;
  gnss_accuracy: number | null;
}

/**
 * A specific condition the driver entered (EF Specific_Conditions, SpecificConditionType 2.154): out of scope
 * begin / end, ferry/train crossing begin / end. A generation 1 application stores only the begin of a crossing
 * ('Ferry / Train crossing', 2.154 generation 1; Annex IC 2: "Only the 'FERRY / TRAIN CROSSING begin' … is stored in
 * Generation 1 application of Generation 2 cards").
 */
export const SPECIFIC_CONDITIONS = [
  'OUT_OF_SCOPE_BEGIN',
  'OUT_OF_SCOPE_END',
  'FERRY_TRAIN_BEGIN',
  'FERRY_TRAIN_END',
] as const;
export type SpecificCondition = (typeof SPECIFIC_CONDITIONS)[number];

export interface SpecificConditionRow {
  import_id: string | null;
  card_number: string | null;
  /** the entry time */
  at: EpochSeconds;
  condition: SpecificCondition;
}

/** Seconds per activity; UNKNOWN = card not inserted and not a manual entry, whatever the activity code. */
export interface ActivityTotals {
  DRIVING: number;
  WORK: number;
  AVAILABILITY: number;
  REST: number;
  UNKNOWN: number;
}

/** A daily record's distance, used by day overviews and time summaries. */
export interface DayDistanceRow {
  import_id: string | null;
  card_number: string | null;
  date: UtcDay;
  distance_km: number;
}

/** Everything the service stores and serves for one decoded card file. */
export interface ParsedCard {
  metadata: ImportMetadata;
  activities: ActivityIntervalRow[];
  events: EventFaultRow[];
  faults: EventFaultRow[];
  vehicles_used: VehicleUsedRow[];
  positions: PositionRow[];
  day_distances: DayDistanceRow[];
  /** EF Specific_Conditions (absent: decoded by a version before they were kept) */
  specific_conditions?: SpecificConditionRow[];
  /** EF Card_Download LastCardDownload (epoch seconds), not an API row: kept for the fleet overview */
  card_download_s?: number | null;
}
