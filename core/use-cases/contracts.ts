/**
 * What the inbound adapters (HTTP, CLI) may ask of the core. Fixed early so the HTTP adapter and the
 * use cases can be built in parallel. Implementations live beside this file; errors are those of
 * ../domain/errors.ts plus DddDecodeError (../decoder/api.ts) for files that cannot be decoded.
 */
import type {
  ActivityTotals,
  ActivityIntervalRow,
  EventFaultRow,
  ImportRow,
  PositionRow,
  UtcDay,
  VehicleUsedRow,
} from '../domain/rows.js';
import type { DayOverview, WeekOverview } from '../overview/index.js';
import type { ImportKind } from '../domain/vu-import.js';
import type { PrecheckResult, UnknownAs } from '../eu561/index.js';
import type { WorkingTimeResult } from '../wtd/index.js';

/** Exactly one of import_id, archive_id, card_number selects the data basis (card_number normalised). */
export type Basis =
  { kind: 'import_id'; value: string } | { kind: 'archive_id'; value: string } | { kind: 'card_number'; value: string };

/** Inclusive UTC days; null = open. */
export interface DateRange {
  from: UtcDay | null;
  to: UtcDay | null;
}

export interface Page {
  limit: number;
  offset: number;
}

/** The list envelope of the contract. */
export interface ListResult<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** UTC days on which imports of the basis disagree (served from the newest import). */
  conflicts: UtcDay[];
}

/** Rows of a quarantined import carry `quarantined: true`. */
export type Served<T> = T & { quarantined?: boolean };

export interface RowQuery {
  basis: Basis;
  range: DateRange;
  page: Page;
}

export interface ParseRequest {
  file_name: string | null;
  /** the decoded bytes of content_base64 */
  content: Uint8Array;
  archive_id: string | null;
}

/** `conflicting_dates`: the import's days on which the card's imports disagree (UTC days; [] when none) */
export type ParseResponse = ImportRow & { reused: boolean; conflicting_dates: UtcDay[] };

export interface TimeSummary {
  basis: BasisDescription;
  totals: ActivityTotals;
  days: number;
  distance_km: number;
}

export interface BasisDescription {
  card_number: string | null;
  import_ids: string[];
  date_from: UtcDay | null;
  date_to: UtcDay | null;
}

export interface ImportUseCase {
  parse(request: ParseRequest): Promise<ParseResponse>;
}

export interface QueryUseCases {
  /** basis null lists every import; WITHDRAWN imports only with include_withdrawn */
  imports(query: {
    basis: Basis | null;
    range: DateRange;
    page: Page;
    include_withdrawn?: boolean;
    /** only imports of this kind (default: both) */
    kind?: ImportKind;
  }): Promise<ListResult<ImportRow>>;
  /** the imports changed after change number `after`, in change order (GET /imports?imported_since=) */
  importChanges(query: {
    after: number;
    card_number: string | null;
    range: DateRange;
    limit: number;
    include_withdrawn?: boolean;
    /** only imports of this kind (default: both) */
    kind?: ImportKind;
  }): Promise<ListResult<ImportRow> & { next: number }>;
  activities(query: RowQuery): Promise<ListResult<Served<ActivityIntervalRow>>>;
  events(query: RowQuery): Promise<ListResult<Served<EventFaultRow>>>;
  faults(query: RowQuery): Promise<ListResult<Served<EventFaultRow>>>;
  vehiclesUsed(query: RowQuery): Promise<ListResult<Served<VehicleUsedRow>>>;
  positions(query: RowQuery): Promise<ListResult<Served<PositionRow>>>;
  timeSummary(query: { basis: Basis; range: DateRange }): Promise<TimeSummary>;
}

export interface HealthUseCase {
  /** true when the database answers */
  databaseAvailable(): Promise<boolean>;
}

/** Day overview: one object per date of the range (open ends: the basis's first / last served day). */
export interface DayOverviewResult {
  items: DayOverview[];
  /** as in ListResult */
  conflicts: UtcDay[];
}

export interface WeekOverviewResult {
  items: WeekOverview[];
  conflicts: UtcDay[];
}

/**
 * Day / week overviews and the EU 561 pre-check over the served rows of a basis (same merge as activities).
 * weekOverview: `weeks` (ISO `YYYY-Www`, invalid → InvalidFilterError) or, when null, every ISO week the
 * range touches. precheck: a basis with conflicting days → ConflictingDataError; with a quarantined
 * import → QuarantinedDataError.
 */
export interface OverviewUseCases {
  dayOverview(query: { basis: Basis; range: DateRange }): Promise<DayOverviewResult>;
  weekOverview(query: { basis: Basis; weeks: string[] | null; range: DateRange }): Promise<WeekOverviewResult>;
  precheck(query: { basis: Basis; range: DateRange; options?: PrecheckOptions }): Promise<PrecheckResult>;
  /** Directive 2002/15/EC over the same basis (same refusals as precheck) */
  workingTime(query: { basis: Basis; range: DateRange; options?: WorkingTimeOptions }): Promise<WorkingTimeResult>;
}

/** Pre-check options (API additions); `at` outside the evaluated dates → InvalidFilterError('at'). */
export interface PrecheckOptions {
  unknown_as?: UnknownAs;
  /** ISO timestamp of the driver status */
  at?: string | null;
  evidence?: 'full' | 'summary';
  /**
   * include_quarantined=true: quarantined imports are evaluated instead of refused; they are listed in
   * `basis.untrusted_imports` and findings drawn from their days carry `untrusted: true`.
   */
  include_quarantined?: boolean;
  /** the office's annotations of the card: 'apply' (default) or 'ignore' (the card-only answer) */
  annotations?: 'apply' | 'ignore';
}

export interface WorkingTimeOptions {
  unknown_as?: UnknownAs;
  evidence?: 'full' | 'summary';
  annotations?: 'apply' | 'ignore';
  /** 1..26, default 17 */
  reference_weeks?: number;
  /** as PrecheckOptions.include_quarantined: evaluated instead of refused, findings from their days `untrusted` */
  include_quarantined?: boolean;
}

export const PAGE_DEFAULT_LIMIT = 500;
export const PAGE_MAX_LIMIT = 5000;
