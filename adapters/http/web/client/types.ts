/**
 * Response shapes the page reads (api-contract.md). Rows come from the HTTP adapter's response types; type-only
 * imports vanish from the compiled JavaScript, so nothing outside the client folder is loaded.
 */
import type { ActivityIntervalResponse as ActivityIntervalRow, ImportResponse as ImportRow } from '../../responses.js';

export type { ActivityIntervalRow, ImportRow };

export interface Totals {
  DRIVING: number;
  WORK: number;
  AVAILABILITY: number;
  REST: number;
  UNKNOWN: number;
}

export interface DayOverview {
  date: string;
  card_number: string | null;
  intervals: ActivityIntervalRow[];
  totals: Totals;
  distance_km: number | null;
  vehicles: unknown[];
}

export interface WeekOverview {
  week: string;
  start_date: string;
  end_date: string;
  days: DayOverview[];
  totals: Totals;
}

export interface Finding {
  rule: string;
  status: string;
  article?: string | null;
  start: string | null;
  end: string | null;
  value: number | null;
  limit: number | null;
  excess: number | null;
  severity: string | null;
  description: string | null;
  evidence?: { start: string; end: string; activity: string }[];
  /** false when the severity band comes from an UNSURE row of the bands table */
  severity_verified?: boolean;
  /** true when the finding exists only under unknown_as=rest */
  assumption_dependent?: boolean;
  /** true when drawn from a quarantined import's data */
  untrusted?: boolean;
}

/** A finding of GET /findings: either check's finding, with the check that drew it and its review status. */
export interface PeriodFinding extends Finding {
  source: 'eu561' | 'wtd';
  review_status: string;
}

export interface FindingsPage {
  items: PeriodFinding[];
  total: number;
  date_from: string | null;
  date_to: string | null;
  context_from: string | null;
}

export interface DataGap {
  start: string;
  end: string;
  duration: number;
}

export interface PrecheckResult {
  violations: Finding[];
  data_gaps: DataGap[];
  warnings: { code: string; message: string; start?: string | null; end?: string | null }[];
  /** rules the pre-check could not evaluate and why (absent from an older service) */
  not_evaluated?: NotEvaluated[];
  disclaimer?: string;
  assumptions?: { unknown_as: string; card_out_rest_max_seconds: number | null; text: string[] } | null;
  driver_status?: DriverStatus | null;
}

export interface ListEnvelope<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  conflicts: string[];
}

export type ParseResult = ImportInfo & { reused: boolean };

/** Authenticity of an import (issue 8, API-ADDITIONS.md). */
export type AuthenticityStatus = 'VERIFIED' | 'INVALID' | 'UNVERIFIABLE' | 'UNSIGNED';

export interface EfResult {
  ef: string;
  application: string;
  result: 'VALID' | 'INVALID' | 'MISSING' | 'NOT_CHECKED' | string;
}

export interface Authenticity {
  status: AuthenticityStatus;
  chains?: { generation: string; status: string; certificates?: { role: string; status: string; nation: string | null }[] }[];
  efs?: EfResult[];
}

/** An import row as the page reads it: the contract's row plus the fields added since. */
export type ImportInfo = ImportRow & { authenticity?: Authenticity | null };

/** One row of `GET /drivers` (the fleet list). */
export interface FleetRow {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  issuing_member_state: string | null;
  expiry_date: string | null;
  expiry_days_left: number | null;
  last_download: string | null;
  last_download_source: 'CARD_DOWNLOAD' | 'ACTIVITY_END' | null;
  next_download_due: string | null;
  overdue: boolean;
  download_days_left: number | null;
  coverage_days_28: number | null;
  imports: number;
  quarantined_imports: number;
  conflicting_days: number;
  authenticity_status: AuthenticityStatus | null;
  findings_4w: Record<string, number> | null;
  /** false: the pre-check could not evaluate the 4 weeks (the counts then say nothing) */
  findings_4w_evaluated?: boolean;
  findings_4w_not_evaluated_reason?: 'conflicting_data' | 'quarantined_data' | null;
  findings_4w_most_serious?: string | null;
}

export interface FleetSummary {
  drivers: number;
  overdue: number;
  /** expiring within 30 days, not already expired */
  expiring_30d: number;
  expired?: number;
  with_infringements: number;
  not_evaluated?: number;
}

export interface EventFaultRow {
  code: number;
  type: string | null;
  description: string | null;
  start: string | null;
  end: string | null;
  vehicle_registration: { nation: string | null; number: string | null } | null;
}

export interface VehicleUsedRow {
  registration: { nation: string | null; number: string | null };
  vin: string | null;
  first_use: string | null;
  last_use: string | null;
  odometer_begin_km: number | null;
  odometer_end_km: number | null;
  distance_km: number | null;
}

export interface PositionRow {
  timestamp: string | null;
  latitude: number | null;
  longitude: number | null;
  source: string;
  type: string | null;
  country_code: string | null;
  region_code: string | null;
  odometer_km: number | null;
}

/** `driver_status` of the pre-check answer (seconds, ISO timestamps; null where unknown). */
export interface DriverStatus {
  at: string | null;
  driving_today: number | null;
  driving_left_today: number | null;
  daily_driving_limit: number | null;
  extended_days_left_this_week: number | null;
  driving_since_break: number | null;
  driving_left_before_break: number | null;
  weekly_driving: number | null;
  weekly_driving_left: number | null;
  fortnightly_driving: number | null;
  fortnightly_driving_left: number | null;
  reduced_daily_rests_left: number | null;
  next_daily_rest_latest_start: string | null;
  next_weekly_rest_latest_start: string | null;
  compensation_owed?: { week: string; seconds: number; due_by: string | null }[] | null;
}

export interface WorkingTime {
  weeks: { week: string; working_time: number; driving: number; work: number; availability: number }[];
  average_weekly_working_time: number | null;
  violations: Finding[];
  not_evaluated?: NotEvaluated[];
  disclaimer?: string;
}

/** A rule the answer did not evaluate, and why. */
export interface NotEvaluated {
  rule: string;
  reason: string;
}
