/**
 * The stored summary of one card, declared once: each field's name, kind, whether it may be null, whether rows
 * written before it existed lack it (`optional`: the stored form's tail), which `fleet_card` columns hold it
 * beside the stored form (`column`, `columns`), and which fields of the fleet row (./fleet-card.ts FleetRow) are
 * computed from it (`served`). The record type below, the storage's stored form and columns
 * (adapters/storage/fleet/) derive from it; ./fleet-card.ts checks at compile time that every row field is
 * served from a stored one, and the HTTP declaration (adapters/http/fleet/fleet-row.fields.ts) that it writes
 * every row field. Adding a field: one entry here, its row field, its JSON writer.
 *
 * Kinds: `string`; `int` (a count); `day` (epoch day); `seconds` (epoch seconds); `bool`; `enum` (one of
 * `values`); `counts` (a count per key of `keys`); `days` (a set of epoch days, the `kept` days up to the newest).
 * The order is the stored form's (a positional array: never reorder, only append optional fields).
 */
import type { FindingStatus, Severity } from '../eu561/types.js';
import { READINESS_PAST_DAYS } from './readiness.js';

/** days of activity data the coverage figure looks at (ending today) */
export const COVERAGE_DAYS = 28;
/** recorded days kept per card: enough for the coverage window for any clock at or after the last record */
export const RECORDED_DAYS_KEPT = 2 * COVERAGE_DAYS;
/** The authenticity status of an import (API additions); read defensively from import rows. */
export const AUTHENTICITY_STATUSES = ['VERIFIED', 'INVALID', 'UNVERIFIABLE', 'UNSIGNED'] as const;
export type AuthenticityStatus = (typeof AUTHENTICITY_STATUSES)[number];
/** Why the pre-check did not evaluate a card's last 4 weeks: the refusal of the trusted operation. */
export const NOT_EVALUATED_REASONS = ['conflicting_data', 'quarantined_data'] as const;
export type NotEvaluatedReason = (typeof NOT_EVALUATED_REASONS)[number];
/** The finding counts kept per card: per status, then per severity (the stored form's order). */
export const FINDING_COUNT_KEYS = [
  'VIOLATION',
  'POTENTIAL',
  'INCOMPLETE_DATA',
  'MI',
  'SI',
  'VSI',
  'MSI',
] as const satisfies readonly (FindingStatus | Severity)[];
export type FindingCounts = Record<FindingStatus | Severity, number>;

interface Common {
  /** which fleet row fields (FleetRow) are computed from this one */
  served: readonly string[];
  /** absent on rows written before the field existed (the stored form's tail) */
  optional?: true;
}
/** A field of one value, stored under its name in `column` too when given. */
interface Scalar extends Common {
  kind: 'string' | 'int' | 'day' | 'seconds' | 'bool';
  nullable: boolean;
  column?: string;
  /** the table's key: its own column, not in the stored form */
  key?: true;
}
interface Enumerated extends Common {
  kind: 'enum';
  values: readonly string[];
  nullable: true;
}
interface Counts extends Common {
  kind: 'counts';
  keys: readonly string[];
  /** the counts also stored in columns of their own */
  columns: Readonly<Record<string, string>>;
}
interface DaySet extends Common {
  kind: 'days';
  /** days kept, up to the newest */
  kept: number;
}
export type FleetFieldSpec = Scalar | Enumerated | Counts | DaySet;

/** The row fields computed from the last download (./fleet-card.ts lastDownloadOf). */
const LAST_DOWNLOAD_ROW_FIELDS = [
  'last_download_s',
  'last_download_source',
  'next_download_due_s',
  'overdue',
  'download_days_left',
] as const;

export const FLEET_RECORD_FIELDS = {
  card_number: { kind: 'string', nullable: false, key: true, column: 'card_number', served: ['card_number'] },
  surname: { kind: 'string', nullable: true, served: ['surname'] },
  first_names: { kind: 'string', nullable: true, served: ['first_names'] },
  issuing_member_state: { kind: 'string', nullable: true, served: ['issuing_member_state'] },
  expiry_day: { kind: 'day', nullable: true, column: 'expiry_day', served: ['expiry_day', 'expiry_days_left'] },
  /** the newest EF Card_Download time the card's files carried: the download before that file's */
  card_download_s: {
    kind: 'seconds',
    nullable: true,
    served: ['card_previous_download_s', ...LAST_DOWNLOAD_ROW_FIELDS],
  },
  /** end of the newest import's last activity interval */
  activity_end_s: { kind: 'seconds', nullable: true, served: LAST_DOWNLOAD_ROW_FIELDS },
  /** epoch days with an activity record, the RECORDED_DAYS_KEPT days up to the card's last record */
  recorded_days: { kind: 'days', kept: RECORDED_DAYS_KEPT, served: ['coverage_days_28'] },
  imports: { kind: 'int', nullable: false, served: ['imports'] },
  quarantined_imports: { kind: 'int', nullable: false, served: ['quarantined_imports'] },
  conflicting_days: { kind: 'int', nullable: false, served: ['conflicting_days'] },
  authenticity_status: { kind: 'enum', values: AUTHENTICITY_STATUSES, nullable: true, served: ['authenticity_status'] },
  findings: {
    kind: 'counts',
    keys: FINDING_COUNT_KEYS,
    columns: { VIOLATION: 'f_violation', POTENTIAL: 'f_potential', INCOMPLETE_DATA: 'f_incomplete' },
    served: ['findings_4w', 'findings_4w_most_serious'],
  },
  /** false when the pre-check refused the card's last 4 weeks (conflicting or quarantined data) */
  findings_evaluated: { kind: 'bool', nullable: false, served: ['findings_4w_evaluated'] },
  /** why, when not evaluated */
  findings_not_evaluated_reason: {
    kind: 'enum',
    values: NOT_EVALUATED_REASONS,
    nullable: true,
    served: ['findings_4w_not_evaluated_reason'],
  },
  /**
   * epoch days with card data (./readiness.ts) among the READINESS_PAST_DAYS + 1 days up to the card's last record,
   * and the days the office's annotations cover up to the day of the refresh (../use-cases/refresh-fleet-card.ts)
   */
  card_data_days: { kind: 'days', kept: READINESS_PAST_DAYS + 1, optional: true, served: ['readiness_missing_days'] },
  /**
   * the epoch day of the most serious of the 4 weeks' findings (the first in the findings' order: severity, then
   * start; cut to the 4 weeks), null when none
   */
  most_serious_day: { kind: 'day', nullable: true, optional: true, served: ['findings_4w_most_serious_monday'] },
} as const satisfies Record<string, FleetFieldSpec>;

type Fields = typeof FLEET_RECORD_FIELDS;
export type FleetRecordField = keyof Fields;

/** The value of a field of the declaration. */
type ValueOf<F> = F extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : F extends { kind: 'counts' }
    ? FindingCounts
    : F extends { kind: 'days' }
      ? number[]
      : F extends { kind: 'bool' }
        ? boolean
        : F extends { kind: 'string' }
          ? string
          : number;
type FieldValue<F> = ValueOf<F> | (F extends { nullable: true } ? null : never);
type OptionalField = { [K in FleetRecordField]: Fields[K] extends { optional: true } ? K : never }[FleetRecordField];

/** The stored summary of one card (the declaration's fields; the optional ones absent on older rows). */
export type FleetCardRecord = { -readonly [K in Exclude<FleetRecordField, OptionalField>]: FieldValue<Fields[K]> } & {
  -readonly [K in OptionalField]?: FieldValue<Fields[K]>;
};

/** The fleet row fields computed from stored fields. */
export type ServedRowField = Fields[FleetRecordField]['served'][number];

/** The `fleet_card` columns holding stored fields as they are (the storage adds the columns it derives). */
export type FleetFieldColumn = {
  [K in FleetRecordField]: Fields[K] extends { column: infer C extends string }
    ? C
    : Fields[K] extends { columns: infer M }
      ? M[keyof M] & string
      : never;
}[FleetRecordField];

/** The declaration's entries in the stored form's order. */
export const FLEET_RECORD_ENTRIES = Object.entries(FLEET_RECORD_FIELDS) as [FleetRecordField, FleetFieldSpec][];
