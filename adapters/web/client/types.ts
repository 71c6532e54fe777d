/**
 * Response shapes the page reads: each the type derived from the answer's one declaration, the ajv schema of the
 * HTTP adapter (adapters/http/<resource>/<resource>.schema.ts). Type-only imports vanish from the compiled
 * JavaScript, so nothing outside the client folder is loaded. Where the page also reads an older service's answer
 * (a field added since), the field is marked optional here, and the page says what it shows without it.
 */
import type { ActivityRowResponse } from '../../http/activities/activities.schema.js';
import type { DayObjectResponse } from '../../http/day-overview/day-overview.schema.js';
import type {
  DriverStatusResponse,
  Eu561Finding,
  Eu561Response,
} from '../../http/eu561-violations/eu561-violations.schema.js';
import type { EventFaultRowResponse } from '../../http/events-faults/events-faults.schema.js';
import type { FleetRowResponse, FleetSummaryResponse } from '../../http/fleet/fleet.schema.js';
import type { AuthenticityResponse, ImportRowResponse } from '../../http/imports/imports.schema.js';
import type { PositionRowResponse } from '../../http/positions/positions.schema.js';
import type { VehicleUsedRowResponse } from '../../http/vehicles-used/vehicles-used.schema.js';
import type { WeekObjectResponse } from '../../http/week-overview/week-overview.schema.js';
import type { WorkingTimeFinding, WorkingTimeResponse } from '../../http/working-time/working-time.schema.js';
import type { FindingsResponse, PeriodFindingResponse } from '../../http/findings/findings.schema.js';
import type { TodayResponse } from '../../http/today/today.schema.js';
import type { ReviewHistoryResponse } from '../../http/finding-reviews/finding-reviews.schema.js';

/** `T` with the keys `K` optional (fields an older service does not send). */
type Since<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type ActivityIntervalRow = ActivityRowResponse;
export type Totals = DayObjectResponse['totals'];
export type DayOverview = DayObjectResponse;
export type WeekOverview = WeekObjectResponse;

/** A finding of either pre-check: one shape (the EU 561 finding's, with `untrusted`), the rule of either. */
type AnyFinding = Omit<Eu561Finding, 'rule'> & { rule: Eu561Finding['rule'] | WorkingTimeFinding['rule'] };
/** A finding as the page reads it: the fields added after the first contract may be absent (an older service). */
export type Finding = Since<
  AnyFinding,
  'article' | 'evidence' | 'severity_verified' | 'assumption_dependent' | 'untrusted' | 'finding_id' | 'readings'
>;
export type DataGap = Eu561Response['data_gaps'][number];
/** A rule the answer did not evaluate, and why. */
export type NotEvaluated = Eu561Response['not_evaluated'][number];
/** `driver_status` of the pre-check answer (seconds, ISO timestamps; null where unknown). */
export type DriverStatus = NonNullable<DriverStatusResponse>;
type Warning = Eu561Response['warnings'][number];

/** The parts of the pre-check answer the page reads. */
export type PrecheckResult = {
  violations: Finding[];
  data_gaps: DataGap[];
  warnings: Since<Warning, 'start' | 'end'>[];
} & Partial<Pick<Eu561Response, 'not_evaluated' | 'disclaimer' | 'assumptions' | 'driver_status'>> & {
    /** the card basis's quarantined imports the checks left out (absent from older services) */
    basis?: Pick<Eu561Response['basis'], 'left_out_imports'>;
  };
/** The parts of the working-time answer the page reads. */
export type WorkingTime = Pick<WorkingTimeResponse, 'weeks' | 'average_weekly_working_time'> & {
  violations: Finding[];
} & Partial<Pick<WorkingTimeResponse, 'not_evaluated' | 'disclaimer'>>;

export interface ListEnvelope<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  conflicts: string[];
}

/** Authenticity of an import. */
export type Authenticity = AuthenticityResponse;
export type AuthenticityStatus = Authenticity['status'];
export type EfResult = Authenticity['efs'][number];

/** An import row as the page reads it (authenticity is absent or null for imports stored before verification). */
export type ImportInfo = ImportRowResponse;
export type ImportRow = ImportRowResponse;
export type ParseResult = ImportInfo & { reused: boolean; conflicting_dates?: string[] };

/**
 * One row of `GET /drivers` (the fleet list), or one the page makes up from the imports for a service without the
 * fleet list (./fleet-rows.ts rowsFromDrivers: no coverage, findings not checked).
 */
export type FleetRow = Omit<FleetRowResponse, 'coverage_days_28' | 'findings_4w' | 'readiness_missing_days'> & {
  coverage_days_28: FleetRowResponse['coverage_days_28'] | null;
  findings_4w: FleetRowResponse['findings_4w'] | null;
  /** roadside readiness (absent from older services) */
  readiness_missing_days?: FleetRowResponse['readiness_missing_days'];
};
/** The fleet counts (`expired` and `not_evaluated` are absent from older services). */
export type FleetSummary = Since<FleetSummaryResponse, 'expired' | 'not_evaluated'>;

/** A finding of GET /findings: either check's finding, with the check that drew it and its review status. */
export type PeriodFinding = Since<
  PeriodFindingResponse,
  'article' | 'evidence' | 'severity_verified' | 'assumption_dependent' | 'untrusted' | 'finding_id' | 'readings'
>;
export type FindingsPage = Omit<FindingsResponse, 'items'> & { items: PeriodFinding[] };

export type EventFaultRow = EventFaultRowResponse;
export type VehicleUsedRow = VehicleUsedRowResponse;
export type PositionRow = PositionRowResponse;

/** An annotation as the chart reads it from GET /annotations (the fields it draws). */
export interface AnnotationSpan {
  kind: string;
  start: string;
  end: string;
  note: string | null;
  status: string;
}

/** GET …/findings/{id}/reviews (and the answer of a review): a finding's follow-up history. */
export type ReviewHistory = ReviewHistoryResponse;

/** GET /today: the office's counts and the service's configured time zone. */
export type TodayCounts = TodayResponse;
