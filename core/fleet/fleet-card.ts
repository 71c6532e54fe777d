/**
 * The fleet overview's model: what the office must know per driver card.
 *
 * Download interval: driver cards must be downloaded at least every 28 days (Commission Regulation (EU)
 * No 581/2010, Art. 1(2)(b), read with Regulation (EU) No 165/2014 Art. 36); `next_download_due` is the last
 * download plus 28 days and a card is overdue once the clock passes it.
 * `last_download`: the moment of the newest download (the import whose activity reaches furthest, whatever the
 * order the files were imported in), the one the newest-day rule of the API contract uses
 * (core/decoder/download-time.ts): the end of that download's last activity interval, its newest day being cut at
 * the download. EF Card_Download (LastCardDownload, Annex IC 2.89) is written by the equipment *after* it read the
 * card (DDP_051), so a file holds the card's previous download: it dates this download only when it lies after the
 * newest day's last interval (the card was read in a company reader after its last use, and the day was not cut).
 * It is kept as what it is: `card_previous_download`.
 * Every value is a number: epoch seconds (`_s`) or epoch days (`_day`); the HTTP adapter writes ISO text.
 */
import type { FindingStatus, Severity, Violation } from '../eu561/types.js';
import { missingDayCount } from './readiness.js';
import { mondayOf } from '../time.js';
import {
  AUTHENTICITY_STATUSES,
  COVERAGE_DAYS,
  type FLEET_RECORD_FIELDS,
  type AuthenticityStatus,
  type FindingCounts,
  type FleetCardRecord,
  type NotEvaluatedReason,
  type ServedRowField,
} from './fleet-record.js';

export {
  AUTHENTICITY_STATUSES,
  COVERAGE_DAYS,
  FINDING_COUNT_KEYS,
  NOT_EVALUATED_REASONS,
  RECORDED_DAYS_KEPT,
  type AuthenticityStatus,
  type FindingCounts,
  type FleetCardRecord,
  type NotEvaluatedReason,
} from './fleet-record.js';

export const DOWNLOAD_INTERVAL_DAYS = 28;
export const DOWNLOAD_INTERVAL_SECONDS = DOWNLOAD_INTERVAL_DAYS * 86_400;

export type LastDownloadSource = 'CARD_DOWNLOAD' | 'ACTIVITY_END';
export const FLEET_SORTS = ['due', 'card_number', 'surname', 'expiry_date', 'last_download', 'findings'] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];
/** The fleet list's default order: the most serious finding of the last 4 weeks first, then not evaluated, then the counts. */
export const DEFAULT_FLEET_SORT: FleetSort = 'findings';
export type FleetOrder = 'asc' | 'desc';

export const FINDING_STATUSES: readonly FindingStatus[] = ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA'];
export const SEVERITIES: readonly Severity[] = ['MI', 'SI', 'VSI', 'MSI'];

export interface FleetFilter {
  /** text in surname, first names or card number (case-insensitive) */
  q: string | null;
  overdue: boolean | null;
  expiring_within_days: number | null;
}

/** One row of the fleet overview (numbers; see the HTTP adapter for the ISO form). */
export interface FleetRow {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  issuing_member_state: string | null;
  expiry_day: number | null;
  expiry_days_left: number | null;
  last_download_s: number | null;
  last_download_source: LastDownloadSource | null;
  /** EF Card_Download as the newest file carried it (epoch seconds): the card's download before that file's */
  card_previous_download_s: number | null;
  next_download_due_s: number | null;
  overdue: boolean;
  download_days_left: number | null;
  coverage_days_28: number;
  /** days of today and the 56 before it without card data or an annotation (./readiness.ts); null: not known yet */
  readiness_missing_days: number | null;
  imports: number;
  quarantined_imports: number;
  conflicting_days: number;
  authenticity_status: AuthenticityStatus | null;
  findings_4w: FindingCounts;
  findings_4w_evaluated: boolean;
  /** why the last 4 weeks were not evaluated (null when they were): their counts then say nothing */
  findings_4w_not_evaluated_reason: NotEvaluatedReason | null;
  /** the most serious severity among the 4 weeks' findings (MSI > VSI > SI > MI), null when none or not evaluated */
  findings_4w_most_serious: Severity | null;
  /** the Monday (epoch day) of the ISO week holding the most serious finding, null when none or not evaluated */
  findings_4w_most_serious_monday: number | null;
}

/**
 * Every row field is computed from stored fields, and every field a stored field serves is a row field: a field
 * added to the record and meant to be served fails to compile until the row (and so the HTTP declaration) has it.
 */
export type UnservedRowField<F extends Record<string, { served: readonly string[] }>> = Exclude<
  keyof FleetRow,
  F[keyof F]['served'][number]
>;
type UnknownServed = Exclude<ServedRowField, keyof FleetRow>;
export const ROW_SERVED_FROM_STORAGE: [UnservedRowField<typeof FLEET_RECORD_FIELDS>, UnknownServed] extends [
  never,
  never,
]
  ? true
  : never = true;

export interface FleetCounts {
  drivers: number;
  overdue: number;
  /** cards expiring within 30 days, not already expired */
  expiring_30d: number;
  /** cards whose expiry date has passed */
  expired: number;
  /** evaluated cards with a violation in their last 4 weeks */
  with_infringements: number;
  /** cards whose last 4 weeks the pre-check could not evaluate (counted apart: nothing is known of them) */
  not_evaluated: number;
}

/**
 * The fleet's order by findings: the most serious severity first (MSI 5, VSI 4, SI 3, MI 2), a finding without
 * severity 1, none 0; the stored rank column of the fleet table. Cards not evaluated have rank 0 and sort after
 * every card with findings, before the cards evaluated without any.
 */
export const SEVERITY_RANK: Record<Severity, number> = { MSI: 5, VSI: 4, SI: 3, MI: 2 };

export function mostSerious(counts: FindingCounts): Severity | null {
  return (['MSI', 'VSI', 'SI', 'MI'] as const).find((s) => counts[s] > 0) ?? null;
}

export function findingRank(record: Pick<FleetCardRecord, 'findings' | 'findings_evaluated'>): number {
  if (!record.findings_evaluated) return 0;
  const worst = mostSerious(record.findings);
  if (worst !== null) return SEVERITY_RANK[worst];
  const f = record.findings;
  return f.VIOLATION + f.POTENTIAL + f.INCOMPLETE_DATA > 0 ? 1 : 0;
}

export function emptyFindingCounts(): FindingCounts {
  return { VIOLATION: 0, POTENTIAL: 0, INCOMPLETE_DATA: 0, MI: 0, SI: 0, VSI: 0, MSI: 0 };
}

export function countFindings(violations: readonly Pick<Violation, 'status' | 'severity'>[]): FindingCounts {
  const counts = emptyFindingCounts();
  for (const v of violations) {
    counts[v.status]++;
    if (v.severity !== null) counts[v.severity]++;
  }
  return counts;
}

/**
 * The moment of the newest download and where it comes from: ACTIVITY_END, the end of the newest download's last
 * activity interval (the newest day ends at the download); CARD_DOWNLOAD, EF Card_Download when it lies after that
 * end (the card was downloaded after its last use, so the newest day ran to 24:00 and the download came later), or
 * when no activity is recorded at all.
 */
export function lastDownloadOf(record: Pick<FleetCardRecord, 'card_download_s' | 'activity_end_s'>): {
  seconds: number | null;
  source: LastDownloadSource | null;
} {
  const { card_download_s: card, activity_end_s: end } = record;
  if (card !== null && (end === null || card > end)) return { seconds: card, source: 'CARD_DOWNLOAD' };
  if (end !== null) return { seconds: end, source: 'ACTIVITY_END' };
  return { seconds: null, source: null };
}

export const epochDayOf = (seconds: number): number => Math.floor(seconds / 86_400);

/** Days with an activity record among the COVERAGE_DAYS days ending with `today` (epoch day). */
export function coverageDays(recordedDays: readonly number[], today: number): number {
  // one bit per day of the window (COVERAGE_DAYS ≤ 31): distinct days without a Set per row of a 1,000-card list
  let seen = 0;
  for (const day of recordedDays) {
    const back = today - day;
    if (back >= 0 && back < COVERAGE_DAYS) seen |= 1 << back;
  }
  let count = 0;
  for (; seen !== 0; seen &= seen - 1) count++;
  return count;
}

/** The API row of a stored summary at the clock's `nowS`. */
export function fleetRowOf(record: FleetCardRecord, nowS: number): FleetRow {
  const today = epochDayOf(nowS);
  const last = lastDownloadOf(record);
  const due = last.seconds === null ? null : last.seconds + DOWNLOAD_INTERVAL_SECONDS;
  return {
    card_number: record.card_number,
    surname: record.surname,
    first_names: record.first_names,
    issuing_member_state: record.issuing_member_state,
    expiry_day: record.expiry_day,
    expiry_days_left: record.expiry_day === null ? null : record.expiry_day - today,
    last_download_s: last.seconds,
    last_download_source: last.source,
    card_previous_download_s: record.card_download_s,
    next_download_due_s: due,
    overdue: due !== null && nowS > due,
    download_days_left: due === null ? null : epochDayOf(due) - today,
    coverage_days_28: coverageDays(record.recorded_days, today),
    readiness_missing_days: record.card_data_days === undefined ? null : missingDayCount(record.card_data_days, today),
    imports: record.imports,
    quarantined_imports: record.quarantined_imports,
    conflicting_days: record.conflicting_days,
    authenticity_status: record.authenticity_status,
    findings_4w: record.findings,
    findings_4w_evaluated: record.findings_evaluated,
    findings_4w_not_evaluated_reason: record.findings_evaluated ? null : record.findings_not_evaluated_reason,
    findings_4w_most_serious: record.findings_evaluated ? mostSerious(record.findings) : null,
    findings_4w_most_serious_monday:
      record.findings_evaluated && record.most_serious_day != null ? mondayOf(record.most_serious_day) : null,
  };
}

/** The authenticity status of an import row that may or may not carry `authenticity`. */
export function authenticityStatusOf(row: object): AuthenticityStatus | null {
  const authenticity = (row as { authenticity?: unknown }).authenticity;
  if (authenticity === null || typeof authenticity !== 'object') return null;
  const status = (authenticity as { status?: unknown }).status;
  return typeof status === 'string' && (AUTHENTICITY_STATUSES as readonly string[]).includes(status)
    ? (status as AuthenticityStatus)
    : null;
}
