/**
 * What the printable infringement report shows: the JSON shapes it reads from the API's answers
 * (gathered by ./report-data.ts) and the small formatting helpers both renderers share. Only the fields read
 * here are typed; anything a newer API adds is ignored, anything absent is tolerated.
 */
import { ACTIVITY_NAMES } from '../../vocabulary/activity-words.js';
import { COUNT_WORDS, counted } from '../../vocabulary/count-words.js';
import { notEvaluatedLines, type NotEvaluatedLine } from '../../vocabulary/labels.js';
import { formatLocalStamp, localDayWindow } from '../../vocabulary/local-time.js';
import { annotationKindName, reviewStatusName } from '../../vocabulary/office-words.js';

export type Totals = Record<'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST' | 'UNKNOWN', number>;

export interface IntervalJson {
  start: string;
  end: string;
  activity: 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST';
  card_inserted: boolean;
  manual_entry: boolean;
  crew: boolean;
}

export interface DayJson {
  date: string;
  intervals: IntervalJson[];
  totals: Totals;
  distance_km: number | null;
}

export interface WeekJson {
  week: string;
  start_date: string;
  end_date: string;
  days: DayJson[];
  totals: Totals;
}

export interface FindingJson {
  rule: string;
  status: string;
  article: string | null;
  severity: string | null;
  start: string | null;
  end: string | null;
  value: number | null;
  limit: number | null;
  excess: number | null;
  description: string;
  evidence: EvidenceJson[];
  /** present when the API summarised a long evidence list to its first and last interval */
  evidence_summary?: { count: number };
  untrusted?: boolean;
  /** the office's follow-up (GET /findings): present on findings of a service with reviews and annotations */
  finding_id?: string;
  review_status?: string;
  annotations_applied?: string[];
  possibly_justified?: boolean;
  /** the readings the verdict depends on (core/eu561/readings.ts ids) */
  readings?: string[];
  /** the verdict exists only because time without card data was read as rest */
  assumption_dependent?: boolean;
}

/** A reading in force as the report prints it (core/eu561/readings.ts). */
export interface ReportReading {
  id: string;
  name: string;
  question: string;
  choice: string;
  article: string;
}

/** The newest entry of a finding's review history: what the office decided last, who, when. */
export interface ReportReview {
  status: string;
  note: string | null;
  author: string;
  /** ISO 8601 UTC */
  at: string;
}

/** An annotation of the office that applies to the report's period (not withdrawn). */
export interface ReportAnnotation {
  annotation_id: string;
  kind: string;
  /** ISO 8601 UTC, [start, end) */
  start: string;
  end: string;
  note: string | null;
  author: string;
}

export interface EvidenceJson {
  start: string;
  end: string;
  activity: string | null;
}

/**
 * A finding's evidence as the report prints it: the first `shown` intervals, how many are left out, the last one
 * when the list was summarised, and how many there are in all. The API answers lists longer than 10 intervals
 * as their first and last plus `evidence_summary.count`, so the length of `evidence` is not the count then.
 */
export function evidenceDigest(
  f: FindingJson,
  shown = 6,
): { total: number; items: EvidenceJson[]; more: number; last: EvidenceJson | null } {
  const total = f.evidence_summary?.count ?? f.evidence.length;
  if (f.evidence_summary !== undefined && f.evidence.length === 2 && total > 2) {
    return { total, items: [f.evidence[0]!], more: total - 2, last: f.evidence[1]! };
  }
  return { total, items: f.evidence.slice(0, shown), more: Math.max(0, f.evidence.length - shown), last: null };
}

export interface ImportJson {
  import_id: string;
  file_name: string | null;
  content_sha256: string;
  imported_at: string;
  generation: string;
  status: string;
  activity_range: { from: string | null; to: string | null; days: number };
  card: {
    card_number: string | null;
    issuing_member_state: string | null;
    expiry_date: string | null;
    issuing_authority: string | null;
  };
  driver: { surname: string | null; first_names: string | null; birth_date: string | null };
  authenticity?: { status?: string } | null;
}

export interface ReportImport {
  import_id: string;
  file_name: string | null;
  imported_at: string;
  generation: string;
  status: string;
  activity_from: string | null;
  activity_to: string | null;
  /** the SHA-256 of the file's bytes as received (lower-case hex) */
  content_sha256: string;
  /** the download moment the file shows (ISO 8601 UTC; its newest day ends there), null when it shows none */
  downloaded_at: string | null;
  /** VERIFIED | INVALID | UNVERIFIABLE | UNSIGNED, or "not checked" when the import row carries no authenticity */
  authenticity: string;
}

export interface ReportModel {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  birth_date: string | null;
  issuing_member_state: string | null;
  issuing_authority: string | null;
  expiry_date: string | null;
  date_from: string;
  date_to: string;
  imports: ReportImport[];
  conflicts: string[];
  weeks: WeekJson[];
  totals: Totals;
  days: number;
  distance_km: number;
  findings: FindingJson[];
  data_gaps: Array<{ start: string; end: string; duration: number }>;
  not_evaluated: Array<{ rule: string; reason: string }>;
  /** the working-time check's not-evaluated rules, when its findings are among the report's (absent: none) */
  not_evaluated_wtd?: Array<{ rule: string; reason: string }>;
  rule_version: string;
  algorithm_version: string;
  disclaimer: string;
  generated_at: string;
  /** the IANA time zone the report prints times in (the service's configured zone; absent: UTC) */
  time_zone?: string;
  /** the newest review entry of each reviewed finding, by finding_id (absent: none reviewed, or no reviews wired) */
  reviews?: Record<string, ReportReview>;
  /** the office's annotations overlapping the period, in time order */
  annotations?: ReportAnnotation[];
  /** the readings in force of the checks (absent: a model built without them) */
  readings?: ReportReading[];
}

export const READINGS_TEXT =
  'Where the regulations leave a question open, the checks read it one way; a finding that depends on a reading says so.';

/**
 * The readings section: one line per reading in force (its name, then "question choice (article)"), and how many
 * findings of the document (the report, the letter) depend on each, so the section agrees with the findings listed.
 */
export function readingLines(
  model: { readings?: ReportReading[]; findings: readonly Pick<FindingJson, 'readings'>[] },
  document = 'this report',
): { id: string; name: string; text: string }[] {
  return (model.readings ?? []).map((r) => {
    const n = model.findings.filter((f) => f.readings?.includes(r.id)).length;
    const used = n === 0 ? '' : ` ${n} finding(s) of ${document} depend on it.`;
    return { id: r.id, name: r.name, text: `${r.question} ${r.choice} (${r.article})${used}` };
  });
}

/** The words a finding that depends on readings carries in the report (null: none). */
export function findingReadingsText(
  model: Pick<ReportModel, 'readings'>,
  f: Pick<FindingJson, 'readings' | 'assumption_dependent'>,
): string | null {
  const ids = f.readings ?? [];
  if (ids.length === 0) return null;
  const byId = new Map((model.readings ?? []).map((r) => [r.id, r]));
  const names = ids.map((id) => byId.get(id)?.name ?? id);
  const cardOut = f.assumption_dependent ? ' It exists only because time without card data was read as rest.' : '';
  return `Depends on the readings: ${names.join('; ')} (see "Readings").${cardOut}`;
}

/**
 * The office's follow-up of a finding as the report prints it: the review status in words, the newest review's
 * note, author and date, and the annotations that changed or may justify the finding.
 */
export function followUpOf(
  model: Pick<ReportModel, 'reviews' | 'annotations' | 'time_zone'>,
  f: FindingJson,
): { status: string; review: string | null; annotations: string[]; possiblyJustified: boolean } {
  const zone = model.time_zone ?? 'UTC';
  const last = f.finding_id === undefined ? undefined : model.reviews?.[f.finding_id];
  const review =
    last === undefined
      ? null
      : `${readableTime(last.at, zone)}, ${last.author || 'author not given'}${last.note ? `: ${last.note}` : ''}`;
  const byId = new Map((model.annotations ?? []).map((a) => [a.annotation_id, a]));
  const annotations = (f.annotations_applied ?? [])
    .map((id) => byId.get(id))
    .filter((a): a is ReportAnnotation => a !== undefined)
    .map((a) => annotationLine(a, zone));
  return {
    status: reviewStatusName(last?.status ?? f.review_status),
    review,
    annotations,
    possiblyJustified: f.possibly_justified === true,
  };
}

/** An annotation in one line: kind, period in the report's zone, note, who entered it. */
export function annotationLine(a: ReportAnnotation, zone: string): string {
  const who = a.author ? ` (entered by ${a.author})` : '';
  return `${annotationKindName(a.kind)}, ${readableTime(a.start, zone)} – ${readableTime(a.end, zone)}${a.note ? `: ${a.note}` : ''}${who}`;
}

export const ANNOTATIONS_TEXT =
  "The office's own records of time the card leaves unknown; they never change the card's data. The pre-check applies them to unknown time only.";

/**
 * An instant as the report prints it, in the report's time zone with the zone's name at that instant:
 * '2026-03-02T06:15:00Z' → '2026-03-02 06:15 UTC' (UTC), '2026-03-02 07:15 Europe/Berlin (UTC+01:00)'
 * (Europe/Berlin), the zone named as on the page (../../vocabulary/local-time.ts `zoneAt`).
 */
export function readableTime(iso: string | null, timeZone = 'UTC'): string {
  return iso === null ? '–' : formatLocalStamp(iso, timeZone);
}

/** The header's words on time: the zone of the times and of the charts' days, and that the rules keep UTC days and weeks. */
export function timeZoneText(timeZone = 'UTC'): string {
  return timeZone === 'UTC'
    ? 'all times UTC'
    : `times in ${timeZone}, the charts drawn in its days (the rules count UTC days and ISO weeks)`;
}

export function driverName(model: Pick<ReportModel, 'surname' | 'first_names'>): string {
  return [model.surname, model.first_names].filter((s) => s !== null && s !== '').join(', ') || '(name not recorded)';
}

/** The activity a chart draws for an interval: UNKNOWN when the card was out and nothing was entered by hand. */
export function drawnActivity(interval: IntervalJson): Totals extends Record<infer K, number> ? K : never {
  return !interval.card_inserted && !interval.manual_entry ? 'UNKNOWN' : interval.activity;
}

/** [start, end) of an interval as fractions of its day (0..1), clipped to the day. */
export function dayFractions(interval: IntervalJson, date: string, timeZone = 'UTC'): [number, number] {
  // the local day: 00:00 to 24:00 in the zone (23 h or 25 h on the days the clocks change, drawn on the same width)
  const { startMs, endMs } = localDayWindow(date, timeZone);
  const clip = (iso: string) => Math.min(1, Math.max(0, (Date.parse(iso) - startMs) / (endMs - startMs)));
  return [clip(interval.start), clip(interval.end)];
}

export const ACTIVITY_COLOURS: Record<keyof Totals, string> = {
  DRIVING: '#c92a2a',
  WORK: '#1864ab',
  AVAILABILITY: '#e8a33d',
  REST: '#2b8a3e',
  UNKNOWN: '#adb5bd',
};

/** The activities' words of the report and the letter: the page's (../../vocabulary/activity-words.ts). */
export const ACTIVITY_LABELS: Record<keyof Totals, string> = ACTIVITY_NAMES;

/** What the findings section says when it lists none: nothing found among the rules evaluated, never "clean". */
export function noFindingsText(model: Pick<ReportModel, 'not_evaluated' | 'not_evaluated_wtd' | 'time_zone'>): string {
  const count = notEvaluatedOf(model).length;
  return count === 0
    ? 'The pre-check found nothing in this period.'
    : `The pre-check found nothing in this period among the rules it evaluated; ${counted(count, COUNT_WORDS.rules_not_evaluated)} (see "Not evaluated").`;
}

/** The introduction of the not-evaluated section. */
export const NOT_EVALUATED_TEXT =
  'The checks could not evaluate these rules from the card data; a missing finding says nothing about them.';

/**
 * The not-evaluated lines as the week view lists them (one declaration: ../../vocabulary/labels.ts), the pre-check's
 * and, when the working-time check's findings are among the report's, that check's after them: the same lines the
 * page shows under each check, its pointer from the pre-check to the working-time check included.
 */
export function notEvaluatedOf(
  model: Pick<ReportModel, 'not_evaluated' | 'not_evaluated_wtd' | 'time_zone'>,
): NotEvaluatedLine[] {
  const zone = model.time_zone ?? 'UTC';
  return [
    ...notEvaluatedLines(model.not_evaluated, 'eu561', zone),
    ...notEvaluatedLines(model.not_evaluated_wtd, 'wtd', zone),
  ];
}

export const SIGNATURE_TEXT =
  'I have been informed of the findings listed in this report and have received a copy of it.';

/** An import's authenticity status, or `not checked` when its row carries none. */
export function authenticityStatusOf(row: ImportJson): string {
  const status = row.authenticity?.status;
  return typeof status === 'string' && status.length > 0 ? status : 'not checked';
}
