/** Public shapes of the EU 561/2006 pre-check (../../../shared/spec/api-contract.md, "EU 561/2006 pre-check"). */
import type { Activity, ActivityIntervalRow, UtcDay } from '../domain/rows.js';

export type RuleName =
  | 'daily_driving'
  | 'weekly_driving'
  | 'fortnightly_driving'
  | 'break'
  | 'daily_rest'
  | 'weekly_rest'
  | 'reduced_weekly_rest_compensation'
  | 'daily_rest_multi_manning';

export type FindingStatus = 'VIOLATION' | 'POTENTIAL' | 'INCOMPLETE_DATA';
export type Severity = 'MI' | 'SI' | 'VSI' | 'MSI';
export type EvidenceActivity = Activity | 'UNKNOWN';

export interface Evidence {
  start: string;
  end: string;
  activity: EvidenceActivity;
}

export interface Violation {
  rule: RuleName;
  status: FindingStatus;
  article: string;
  start: string;
  end: string;
  /** seconds: the measured quantity (driving time, rest length, ...) */
  value: number;
  /** seconds: the limit it was compared with */
  limit: number;
  /** seconds beyond (or short of) the limit, always >= 0 */
  excess: number;
  severity: Severity | null;
  description: string;
  evidence: Evidence[];
}

export interface PrecheckWarning {
  code: string;
  message: string;
  start: string | null;
  end: string | null;
}

export interface DataGap {
  start: string;
  end: string;
  duration: number;
}

export interface NotEvaluated {
  rule: string;
  reason: string;
}

export interface PrecheckInput {
  card_number: string | null;
  surname: string | null;
  first_names: string | null;
  import_ids: string[];
  /** inclusive UTC days; null = the data's own first / last day */
  date_from: UtcDay | null;
  date_to: UtcDay | null;
  intervals: readonly ActivityIntervalRow[];
  /**
   * The last UTC day the card recorded in the whole basis (not only the requested range), or null. Its last
   * activity change runs "to 24:00" on the card only because the day record is not finished: the card was
   * downloaded at an unknown time after that change. See openEndOf in ./precheck.ts.
   */
  open_end_date?: UtcDay | null;
}

export interface PrecheckResult {
  rule_version: string;
  algorithm_version: string;
  basis: { card_number: string | null; import_ids: string[]; date_from: string | null; date_to: string | null };
  driver: { card_number: string | null; surname: string | null; first_names: string | null };
  summary: {
    driving: number;
    work: number;
    availability: number;
    rest: number;
    unknown: number;
    weeks: { week: string; driving: number }[];
  };
  violations: Violation[];
  warnings: PrecheckWarning[];
  data_gaps: DataGap[];
  not_evaluated: NotEvaluated[];
  disclaimer: string;
}
