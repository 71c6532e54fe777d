/**
 * The storage port: what the use cases need from a database, shaped after the queries they answer.
 *
 * Contract (checked for every adapter by conformance/storage-port.suite.ts):
 * - `saveImport` stores an import, its original bytes and all its rows atomically: after it resolves
 *   `created`, everything is readable; if it throws, nothing of it is. Original bytes are never returned. The
 *   card's stored holder given to `settle` is read under the card's lock, in the save's transaction.
 * - `content_sha256` and `archive_id` are unique. Saving content that is stored already resolves
 *   `duplicate_content` with the stored import; an `archive_id` that holds other content resolves
 *   `archive_taken` with the import holding it. Parallel saves of the same content store it once.
 * - Every saved import gets a `sequence` larger than that of every import saved before it ("newest").
 * - Dates are inclusive UTC day numbers, instants epoch seconds (core/time.ts).
 * - Row lists are ordered by time, then by a stable key, so `page` slices never overlap or skip.
 * - Rows of an import with status QUARANTINED carry `quarantined: true`, other rows `quarantined: false`.
 * - `vehicleUses` reads one vehicle's rows of every card through an index on the registration / VIN (never a scan
 *   of every row); `vehicleList` pages the distinct registrations.
 * - A card's history (which import serves each day, which days are conflicts: core/use-cases/served-days.ts) is
 *   kept at import time, in the transaction of `saveImport`; `cardHistory` reads it.
 * - WITHDRAWN imports are kept (row, original bytes, rows) but take part in nothing a card is read for: not in its
 *   history, its day records, its rows, `listImports` (unless asked), `storedHolder`, nor the card lookup of
 *   `findImport`; `findImport` by import_id, archive_id or content hash still finds them (status WITHDRAWN).
 *   `withdrawImport` / `restoreImport` change the status and merge the card's history again for the import's days
 *   in the same transaction, under the card's lock. `purgeImports` is the only operation that deletes imports.
 * - `saveImport` (created), `withdrawImport` and `restoreImport` give the import a new change number, larger than
 *   every number committed before theirs (`importChanges`).
 */
import type { DateRange, Page, Served } from '../use-cases/contracts.js';
import type { CardHolder } from '../use-cases/holder-identity.js';
import type {
  ActivityTotals,
  EpochSeconds,
  ActivityIntervalRow,
  EventFaultRow,
  ImportRow,
  ParsedCard,
  PositionRow,
  SpecificConditionRow,
  UtcDay,
  VehicleRegistration,
  VehicleUsedRow,
} from '../domain/rows.js';
import type { ImportKind } from '../domain/vu-import.js';
import type { VuRows } from '../rows/vu-download.js';
import type { VuDayRow, VuSpeedRow } from './vehicle-unit-store.js';

/** One UTC day of one import: what the card recorded that day, reduced to a comparable fingerprint. */
export interface DayRecord {
  date: UtcDay;
  /** equal fingerprints = identical day content (activity changes and distance) */
  fingerprint: string;
  distance_km: number;
}

export interface StoredDayRecord extends DayRecord {
  import_id: string;
  card_number: string | null;
  /** the import's sequence: larger = saved later (newer) */
  sequence: number;
  quarantined: boolean;
}

/**
 * Original bytes in the form a store keeps them: `bytes` as they are (`encoding` null) or compressed (the
 * encoding's name, e.g. `deflate-raw`); computed where the bytes were decoded, so the save does not compress again.
 */
export interface StoredForm {
  bytes: Uint8Array;
  encoding: string | null;
}

export interface NewImport {
  /** the complete import row; ids and status are assigned by the caller */
  import: ImportRow;
  /** original bytes, stored unchanged, never returned */
  content: Uint8Array;
  /** the same bytes already in a stored form, when the decoder computed one (DecodedCardFile.stored_form) */
  stored_form?: StoredForm;
  /** the rows; their `import_id`/`card_number` fields are ignored (taken from `import`) */
  card: ParsedCard;
  /** one record per UTC day the card recorded (activities or distance) */
  days: DayRecord[];
  /**
   * The holder check: called inside the save's transaction, after the card's lock was taken, with the card's
   * stored holder as `storedHolder` reads it at that moment (null: none); answers the import row to write (and to
   * answer in `created`). Parallel saves of one card thus see each other's holder as a sequential pair would.
   * Absent (or no card number): `import` is written as given.
   */
  settle?: (storedHolder: CardHolder | null) => ImportRow;
  /**
   * A vehicle-unit download's rows (`import.kind` VEHICLE_UNIT; `card` then holds no rows and `days` none): their
   * `import_id` fields are ignored (taken from `import`), read back through the VehicleUnitStore port.
   */
  vu?: StoredVuRows;
}

/** What a VU import stores besides its import row: the rows of core/rows/vu-download.ts, its days, its speed. */
export interface VuRowSet {
  rows: Omit<VuRows, 'import'>;
  days: VuDayRow[];
  speed: VuSpeedRow[];
}

/**
 * The same rows already in the form the storage writes them, made by the decoder pool's workers so that the event
 * loop neither receives thousands of row objects nor turns them into text: row i is of the storage's row kind
 * `kind[i]`, number `seq[i]` within its kind, with its UTC day and ordering time (`day`, `start`; NaN: none), its
 * identity and its JSON text (`idents` / `bodies`: all rows' texts joined, row i's ending at `identEnds[i]` /
 * `bodyEnds[i]`).
 */
export interface PreparedVuRows {
  kind: Uint8Array;
  seq: Int32Array;
  day: Float64Array;
  start: Float64Array;
  idents: string;
  identEnds: Uint32Array;
  bodies: string;
  bodyEnds: Uint32Array;
}

export type StoredVuRows = VuRowSet | { prepared: PreparedVuRows };

export type SaveOutcome =
  /** `conflicting_dates` (when the store gives them): the import's own days that are conflicts of its card's
   *  history right after the merge of this save, as `cardHistory` would then list them */
  | { outcome: 'created'; import: ImportRow; conflicting_dates?: UtcDay[] }
  /** the same content (sha-256) is stored already: nothing was written */
  | { outcome: 'duplicate_content'; import: ImportRow }
  /** the requested archive_id holds other content: nothing was written */
  | { outcome: 'archive_taken'; import: ImportRow };

export type ImportLookup =
  | { kind: 'import_id'; value: string }
  | { kind: 'archive_id'; value: string }
  | { kind: 'content_sha256'; value: string }
  /** the card's oldest import that is not WITHDRAWN: one statement to test that a card has imports */
  | { kind: 'card_number'; value: string };

export interface ImportFilter {
  /** null: every import */
  card_number: string | null;
  /** imports whose activity range overlaps this range (imports without activity only when the range is open) */
  range: DateRange;
  /** true: WITHDRAWN imports are listed too (default: left out) */
  include_withdrawn?: boolean;
  /** only imports of this kind (default: both) */
  kind?: ImportKind;
}

/** An import with its latest change number (its save, withdrawal or restore; larger = changed later). */
export interface ChangedImport {
  import: ImportRow;
  change: number;
}

export type WithdrawOutcome =
  | { outcome: 'withdrawn'; import: ImportRow }
  | { outcome: 'not_found' }
  /** withdrawn already: nothing was changed */
  | { outcome: 'already_withdrawn'; import: ImportRow };

export type RestoreOutcome =
  | { outcome: 'restored'; import: ImportRow }
  | { outcome: 'not_found' }
  /** not withdrawn: nothing was changed */
  | { outcome: 'not_withdrawn'; import: ImportRow };

/** One import deleted by purgeImports (no personal data: what a purge report may print). */
export interface PurgedImport {
  import_id: string;
  file_name: string | null;
  imported_at: EpochSeconds;
  status: ImportRow['status'];
  activity_from: UtcDay | null;
  activity_to: UtcDay | null;
}

export interface PurgeResult {
  imports: PurgedImport[];
  /** rows deleted per table (imports, import_content, day_record, activity_day, card_event, …) */
  rows: Record<string, number>;
  /** the cards whose history was rebuilt (their fleet rows need a refresh) */
  cards: string[];
}

/** A UTC day served from one import. */
export interface ServedDay {
  import_id: string;
  date: UtcDay;
}

/** Whose rows: one import, or a card's history (identical rows of several imports once: the newest copy). */
export type RowScope =
  { kind: 'import'; import_id: string; range: DateRange } | { kind: 'card'; card_number: string; range: DateRange };

export type { ActivityTotals };

export interface Slice<T> {
  items: T[];
  total: number;
}

/** A card's history in a range: the record serving each date (date order) and the dates its imports disagree on. */
export interface CardHistory {
  served: StoredDayRecord[];
  conflicts: UtcDay[];
}

/** A card's history and the activity intervals of the days it serves (date order, each day in seq order). */
export interface CardHistoryActivities extends CardHistory {
  activities: Array<Served<ActivityIntervalRow>>;
}

/** One vehicle: by registration (number, and nation when given) or by VIN. */
export type VehicleKey =
  { kind: 'registration'; number: string; nation: string | null } | { kind: 'vin'; value: string };

/** A vehicle-used row with its import's sequence (larger = saved later). */
export type StoredVehicleUse = Served<VehicleUsedRow> & { import_id: string; quarantined: boolean; sequence: number };

export interface ImportStore {
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  saveImport(input: NewImport): Promise<SaveOutcome>;
  /** the original bytes of an import exactly as received (the evidence), null for an unknown import */
  originalContent(import_id: string): Promise<Uint8Array | null>;
  findImport(lookup: ImportLookup): Promise<ImportRow | null>;
  /** the holder of the card's oldest import that is neither WITHDRAWN nor flagged `holder_mismatch`; null: none */
  storedHolder(card_number: string): Promise<CardHolder | null>;
  /** marks the import WITHDRAWN (reason, time and previous status kept) and merges its card's days again */
  withdrawImport(import_id: string, withdrawal: { reason: string; at: EpochSeconds }): Promise<WithdrawOutcome>;
  /** gives a WITHDRAWN import its previous status back (the withdrawal stays recorded) and merges its days again */
  restoreImport(import_id: string, at: EpochSeconds): Promise<RestoreOutcome>;
  /** deletes for good every import saved before `importedBefore` (any status) with its bytes and rows; rebuilds
   *  the histories of their cards */
  purgeImports(importedBefore: EpochSeconds): Promise<PurgeResult>;
  /** ordered by sequence (oldest first); a page of limit 0 answers the total alone */
  listImports(filter: ImportFilter, page: Page): Promise<Slice<ImportRow>>;
  /**
   * the imports of the filter whose latest change number is above `after`, in change order, at most `limit`; with
   * the count of all of them. Change numbers are handed out in commit order: once a number is read, no import can
   * later appear with a smaller one (what makes "above the last number seen" a cursor that misses nothing)
   */
  importChanges(after: number, filter: ImportFilter, limit: number): Promise<Slice<ChangedImport>>;
  /** day records of one import or of every import of a card, within the range, ordered by date then sequence */
  dayRecords(
    scope: { kind: 'import'; import_id: string } | { kind: 'card'; card_number: string },
    range: DateRange,
  ): Promise<StoredDayRecord[]>;
  /** the card's history as kept at import time, within the range */
  cardHistory(card_number: string, range: DateRange): Promise<CardHistory>;
  /** cardHistory and `activities` of exactly its served days, read together */
  cardHistoryActivities(card_number: string, range: DateRange): Promise<CardHistoryActivities>;
  /**
   * the days of the card's history within the range whose served intervals hold card data (core/fleet/readiness.ts
   * isCardData), ascending: the days `cardDataDays` finds in `cardHistoryActivities`, without reading the records
   */
  cardDataDays(card_number: string, range: DateRange): Promise<UtcDay[]>;
  /** every date of the card's history (ascending) and the dates among them that are conflicts: no records read */
  cardDays(card_number: string): Promise<{ days: UtcDay[]; conflicts: UtcDay[] }>;
  /** day records of the card's QUARANTINED imports within the range, ordered by date then sequence */
  quarantinedDayRecords(card_number: string, range: DateRange): Promise<StoredDayRecord[]>;
  /** activity intervals of exactly the given (import, date) days; page null = all */
  activities(days: ServedDay[], page: Page | null): Promise<Slice<Served<ActivityIntervalRow>>>;
  /** totals of the activity intervals of the given days */
  activityTotals(days: ServedDay[]): Promise<ActivityTotals>;
  /** events/faults overlapping the range (rows without a start only when the range is open) */
  events(scope: RowScope, page: Page | null): Promise<Slice<Served<EventFaultRow>>>;
  faults(scope: RowScope, page: Page | null): Promise<Slice<Served<EventFaultRow>>>;
  /** vehicles whose [first_use, last_use] overlaps the range */
  vehiclesUsed(scope: RowScope, page: Page | null): Promise<Slice<Served<VehicleUsedRow>>>;
  /** positions whose timestamp lies in the range */
  positions(scope: RowScope, page: Page | null): Promise<Slice<Served<PositionRow>>>;
  /** specific conditions (out of scope, ferry/train crossing) whose entry time lies in the range, in time order */
  specificConditions(scope: RowScope): Promise<Served<SpecificConditionRow>[]>;
  /** every vehicle-used row of the vehicle, of every card and import (quarantined ones flagged), any order */
  vehicleUses(key: VehicleKey): Promise<StoredVehicleUse[]>;
  /** the distinct registrations of all vehicle-used rows, ordered by number then nation (nulls first) */
  vehicleList(page: Page): Promise<Slice<VehicleRegistration>>;
}
