/** Public shapes of the EU 561/2006 pre-check (../../../shared/spec/api-contract.md, "EU 561/2006 pre-check"). */
import type { Activity, ActivityIntervalRow, SpecificCondition, UtcDay } from '../domain/rows.js';
import type { StaticNotEvaluatedRule } from './ruleset.js';
import type { AnnotationSpan } from './annotations.js';
import type { Reading, ReadingId, UnknownAs } from './readings.js';

/** The EU 561/2006 rules the pre-check evaluates (the `rule` of a finding); the API's schema takes its enum from here. */
export const RULE_NAMES = [
  'daily_driving',
  'weekly_driving',
  'fortnightly_driving',
  'break',
  'daily_rest',
  'weekly_rest',
  'reduced_weekly_rest_compensation',
  'daily_rest_multi_manning',
  'consecutive_reduced_weekly_rest',
  'return_home',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export const FINDING_STATUSES = ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
/** The infringement bands of Annex I of Directive 2006/22/EC (minor, serious, very serious, most serious). */
export const SEVERITIES = ['MI', 'SI', 'VSI', 'MSI'] as const;
export type Severity = (typeof SEVERITIES)[number];
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
  /** false when the severity band comes from a row marked UNSURE (or there is no band): ./severity.ts */
  severity_verified: boolean;
  /** the verdict exists only because time without card data was read as rest (unknown_as=gap or rest) */
  assumption_dependent: boolean;
  /** the readings (./readings.ts) the verdict depends on, in declaration order */
  readings: ReadingId[];
  /** present when the evidence list was summarised (evidence then holds only the first and last intervals) */
  evidence_summary?: EvidenceSummary;
  /** include_quarantined=true: drawn from the data of a quarantined import */
  untrusted?: boolean;
  /** the finding's stable name (./finding-id.ts); set on every finding of an answer */
  finding_id?: string;
  /** the office's annotations that made the finding exist or changed it, or that may justify it (./annotation-effects.ts) */
  annotations_applied?: string[];
  /** an ARTICLE_12 or FERRY_TRAIN annotation lies over it: a derogation judged on evidence off the card may justify it */
  possibly_justified?: boolean;
}

/** A card-only finding that the office's annotations removed (./annotation-effects.ts). */
export interface AnnotationEffect {
  effect: 'removed';
  annotation_ids: string[];
  finding: {
    finding_id: string | null;
    rule: string;
    status: FindingStatus;
    article: string;
    start: string;
    end: string;
    value: number;
    limit: number;
    description: string;
  };
}

/** The annotations an answer applied (mode `apply`), or `ignore` (annotations=ignore: the card-only answer). */
export interface AnnotationsSummary {
  mode: 'apply' | 'ignore';
  items: {
    annotation_id: string;
    kind: string;
    start: string;
    end: string;
    /** seconds of unknown time it filled */
    filled_seconds: number;
    /** seconds of recorded activity it lies over (not applied there) */
    over_recorded_seconds: number;
    /** ARTICLE_12 / FERRY_TRAIN: marks findings, fills no time (FERRY_TRAIN also fills unknown time as rest) */
    marks_findings: boolean;
  }[];
}

export interface EvidenceSummary {
  count: number;
  first: Evidence;
  last: Evidence;
  /** seconds per activity over all evidence intervals */
  totals: Record<EvidenceActivity, number>;
}

export type { UnknownAs };

export interface Assumptions {
  unknown_as: UnknownAs;
  /** the longest gap counted as rest (seconds), null under unknown_as=unknown and gap (no bound) */
  card_out_rest_max_seconds: number | null;
  text: string[];
}

export interface CompensationOwed {
  /** ISO week of the reduced weekly rest, YYYY-Www */
  week: string;
  seconds: number;
  due_by: string;
}

/** What the driver has left at `at` (seconds / ISO timestamps; null where the data cannot tell). */
export interface DriverStatus {
  at: string;
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
  compensation_owed: CompensationOwed[];
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

/**
 * The `rule` of a not_evaluated line of the pre-check: one of its rules (a deadline after the data), what card
 * data never decides (STATIC_NOT_EVALUATED in ./ruleset.ts), or `all` (the whole check). Pages label these ids.
 */
export type NotEvaluatedRule = RuleName | StaticNotEvaluatedRule | 'all';

/** A rule an answer did not evaluate, and why; R is the answer's enum of rule ids. */
export interface NotEvaluated<R extends string = NotEvaluatedRule> {
  rule: R;
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
   * The last UTC day the card recorded in the whole basis (not only the requested range), or null. It ends at the
   * download of the file it comes from (its intervals end there): nothing after that moment is evaluated. See
   * ./open-end.ts.
   */
  open_end_date?: UtcDay | null;
  /** card-out time policy (./card-out.ts); default 'gap' */
  unknown_as?: UnknownAs;
  /** driver status time (ISO); default the end of the last known activity */
  at?: string | null;
  /** 'summary' (default): long evidence lists summarised; 'full': every interval */
  evidence?: 'full' | 'summary';
  /** the office's annotations of the card (./annotations.ts), not withdrawn; default none */
  annotations?: readonly AnnotationSpan[];
  /** annotations=ignore: the card-only answer, which says so */
  annotations_ignored?: boolean;
  /** where the weekly rests started and the home countries (Mobility Package rules); absent: not evaluated */
  rest_places?: RestPlacesInput;
  /** the card's specific conditions (out of scope, ferry/train crossings, ./specific-conditions.ts); default none */
  specific_conditions?: readonly { at: number; condition: SpecificCondition }[];
}

/** Where one weekly rest started, as far as the card can tell (./rules/mobility-package.ts). */
export interface WeeklyRestPlace {
  /** the rest's start (UTC epoch seconds), as the pre-check's timeline has it */
  start: number;
  /** the country where it started, in one code system throughout (e.g. ISO 3166-1 alpha-2); null: the card cannot place it */
  country: string | null;
}

/** The two home countries of Art. 8(6) fourth subparagraph and 8(8a). */
export interface HomeCountries {
  /** Member State of the employer's establishment */
  establishment: string | null;
  /** the driver's country of residence */
  residence: string | null;
}

/** A country the card recorded at an instant (./rest-places.ts): EF Places or EF Border_Crossings (gen2v2). */
export interface CountryRecord {
  /** UTC epoch seconds */
  at: number;
  country: string;
  /** PLACE: a daily work period began (BEGIN) or ended (END) there; BORDER_CROSSING: the country entered */
  source: 'PLACE' | 'BORDER_CROSSING';
  type: 'BEGIN' | 'END' | null;
}

/** The country input of the Mobility Package rules: home countries (null: unknown) and per-rest places. */
export interface RestPlacesInput {
  home: HomeCountries | null;
  /** a weekly rest with no entry here is not placed (country unknown), unless `records` place it */
  places: readonly WeeklyRestPlace[];
  /** the card's country records: the pre-check places each weekly rest of its timeline from them (./rest-places.ts) */
  records?: readonly CountryRecord[];
}

export interface PrecheckResult {
  rule_version: string;
  algorithm_version: string;
  basis: {
    card_number: string | null;
    import_ids: string[];
    date_from: string | null;
    date_to: string | null;
    /** include_quarantined=true: the quarantined imports evaluated */
    untrusted_imports?: string[];
    /** a card basis: the card's quarantined imports left out (the days only they cover are data gaps) */
    left_out_imports?: { import_id: string; file_name: string | null; reason: string }[];
  };
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
  assumptions: Assumptions;
  /** the readings in force (./readings.ts) */
  readings: Reading[];
  driver_status: DriverStatus | null;
  /** the annotations applied (always set by runPrecheck) */
  annotations?: AnnotationsSummary;
  /** card-only findings the annotations removed (always set by runPrecheck) */
  annotation_effects?: AnnotationEffect[];
}
