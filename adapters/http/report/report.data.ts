/**
 * Gathers the report (the HTTP adapter reads the use cases and maps them with its response mappers; the documents
 * in adapters/office only render what they are given) for one card and period from the use cases, in the API's JSON shapes (its response
 * mappers): the imports of the period (data basis, authenticity), the ISO weeks (charts), the time summary
 * (totals) and the findings of the period (core/use-cases/findings-of-period.ts: the same findings, in the
 * same order, as GET /findings, the week view and findings.csv), with the pre-check's data gaps and
 * not-evaluated rules.
 */
import type { UtcDay } from '../../../core/domain/rows.js';
import type { FindingsQuery } from '../../../core/use-cases/findings-of-period.js';
import { isoDay, isoTimestamp, parseIsoDay } from '../../../core/time.js';
import { importToResponse, timeSummaryToResponse, weekOverviewToResponse } from '../mappers.js';
import type { QueryParameterName } from '../schemas.js';
import { invalidFilter } from '../shared/problem.js';
import { rangeFrom, type QueryValues } from '../shared/query-params.js';
import { allRows, type OfficeUseCases } from '../../office/office-use-cases.js';
import { localWeeks } from '../../web/client/local-weeks.js';
import type { WeekOverview } from '../../web/client/types.js';
import type { Proof } from '../../office/report/proof.js';
import {
  authenticityStatusOf,
  type ReportImport,
  type FindingJson,
  type ImportJson,
  type ReportAnnotation,
  type ReportModel,
  type ReportReview,
  type WeekJson,
} from '../../office/report/report-model.js';

/** The longest period one report covers (a quarter). */
export const REPORT_MAX_DAYS = 92;

/**
 * The period of a report or a document export: every name of `required` given (else invalid_filter on the first
 * missing, "Query parameter … is required `where`."), date_from..date_to at most REPORT_MAX_DAYS days (else
 * invalid_filter on date_to, "`what` covers at most … days.").
 */
export function reportPeriod(
  query: QueryValues,
  required: readonly QueryParameterName[],
  where: string,
  what: string,
): { from: UtcDay; to: UtcDay } {
  for (const name of required)
    if (query[name] === undefined) throw invalidFilter(name, `Query parameter ${name} is required ${where}.`);
  const { from, to } = rangeFrom(query) as { from: UtcDay; to: UtcDay };
  if (to - from + 1 > REPORT_MAX_DAYS)
    throw invalidFilter('date_to', `${what} covers at most ${REPORT_MAX_DAYS} days.`);
  return { from, to };
}

/** A report's selection: a card, a closed period and the findings filters. */
export type ReportQuery = FindingsQuery & {
  basis: { kind: 'card_number'; value: string };
  range: { from: UtcDay; to: UtcDay };
};

export async function buildReportModel(
  uc: OfficeUseCases,
  query: ReportQuery,
  now: Date = new Date(),
  timeZone = 'UTC',
): Promise<ReportModel> {
  const { basis, range } = query;
  // the findings first: the pre-check refuses (404, 409) what the report could not stand on
  const period = await uc.findings.findings(query);
  // a local day of the zone may begin the UTC day before the period or end the UTC day after it: the charts read
  // those days' intervals too (`around`), so a week's first and last local hours are drawn and counted
  const around = { from: range.from - 1, to: range.to + 1 };
  const [imports, weeks, summary, aroundWeeks] = await Promise.all([
    allRows((page) => uc.queries.imports({ basis, range, page })).then(
      (rows) => rows.map(importToResponse) as ImportJson[],
    ),
    uc.overviews.weekOverview({ basis, weeks: null, range }).then(weekOverviewToResponse),
    uc.queries.timeSummary({ basis, range }).then(timeSummaryToResponse),
    timeZone === 'UTC'
      ? null
      : uc.overviews.weekOverview({ basis, weeks: null, range: around }).then(weekOverviewToResponse),
  ]);
  const newest = imports[imports.length - 1];
  const { precheck, working_time } = period;
  return {
    card_number: newest?.card.card_number ?? basis.value,
    surname: newest?.driver.surname ?? null,
    first_names: newest?.driver.first_names ?? null,
    birth_date: newest?.driver.birth_date ?? null,
    issuing_member_state: newest?.card.issuing_member_state ?? null,
    issuing_authority: newest?.card.issuing_authority ?? null,
    expiry_date: newest?.card.expiry_date ?? null,
    date_from: isoDay(range.from),
    date_to: isoDay(range.to),
    imports: await reportImports(uc, imports),
    conflicts: weeks.conflicts,
    // the charts draw the local days of the zone (UTC: the API's days unchanged)
    weeks: localWeeks(
      weeks.items as WeekOverview[],
      timeZone,
      (aroundWeeks?.items ?? []) as WeekOverview[],
    ) as unknown as WeekJson[],
    totals: summary.totals,
    days: summary.days,
    distance_km: summary.distance_km,
    findings: period.findings as FindingJson[],
    data_gaps: precheck.data_gaps,
    not_evaluated: precheck.not_evaluated,
    ...(working_time === null ? {} : { not_evaluated_wtd: working_time.not_evaluated }),
    rule_version: precheck.rule_version,
    algorithm_version: precheck.algorithm_version,
    disclaimer: precheck.disclaimer,
    generated_at: now.toISOString().slice(0, 19) + 'Z',
    time_zone: timeZone,
    reviews: await newestReviews(uc, period.findings as FindingJson[]),
    annotations: await periodAnnotations(uc, query),
    readings: period.readings,
  };
}

/**
 * The download moment a file shows: where its newest recorded day ends (the API contract ends the newest day of a
 * download at its download moment, core/decoder/download-time.ts), read from the import's own activity rows of that
 * day; null for a file without activity.
 */
async function downloadMomentOf(uc: OfficeUseCases, row: ImportJson): Promise<string | null> {
  const day = row.activity_range.to === null ? null : parseIsoDay(row.activity_range.to);
  if (day === null) return null;
  const rows = await allRows((page) =>
    uc.queries.activities({ basis: { kind: 'import_id', value: row.import_id }, range: { from: day, to: day }, page }),
  );
  const end = rows.reduce<number | null>((max, r) => (max === null || r.end > max ? r.end : max), null);
  return end === null ? null : isoTimestamp(end);
}

/** The imports a document rests on, with what its proof section prints of each. */
export async function reportImports(uc: OfficeUseCases, imports: readonly ImportJson[]): Promise<ReportImport[]> {
  const rows: ReportImport[] = [];
  for (const row of imports) {
    rows.push({
      import_id: row.import_id,
      file_name: row.file_name,
      imported_at: row.imported_at,
      generation: row.generation,
      status: row.status,
      activity_from: row.activity_range.from,
      activity_to: row.activity_range.to,
      content_sha256: row.content_sha256,
      downloaded_at: await downloadMomentOf(uc, row),
      authenticity: authenticityStatusOf(row),
    });
  }
  return rows;
}

/** The proof of a card's period for a document that prints no report: its imports and the pre-check's rule set. */
export async function proofOf(
  uc: OfficeUseCases,
  query: ReportQuery,
  precheck: { rule_version: string; algorithm_version: string },
  timeZone: string,
): Promise<Proof> {
  const imports = await allRows((page) => uc.queries.imports({ basis: query.basis, range: query.range, page }));
  return {
    imports: await reportImports(uc, imports.map(importToResponse) as ImportJson[]),
    rule_version: precheck.rule_version,
    algorithm_version: precheck.algorithm_version,
    conflicts: [],
    time_zone: timeZone,
  };
}
/** The newest review entry of each reviewed finding (one history read per finding). */
async function newestReviews(uc: OfficeUseCases, findings: FindingJson[]): Promise<Record<string, ReportReview>> {
  const reviews: Record<string, ReportReview> = {};
  if (!uc.reviews) return reviews;
  for (const f of findings) {
    if (f.finding_id === undefined || f.review_status === undefined || f.review_status === 'OPEN') continue;
    const { entries } = await uc.reviews.history(f.finding_id);
    const last = entries[entries.length - 1];
    if (last)
      reviews[f.finding_id] = { status: last.status, note: last.note, author: last.author, at: isoTimestamp(last.at) };
  }
  return reviews;
}

/** The annotations in force over the period (withdrawn ones left out), in time order. */
async function periodAnnotations(uc: OfficeUseCases, query: ReportQuery): Promise<ReportAnnotation[]> {
  if (!uc.annotations) return [];
  const rows = await uc.annotations.list({ basis: query.basis, range: query.range, include_withdrawn: false });
  return rows
    .slice()
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((a) => ({
      annotation_id: a.annotation_id,
      kind: a.kind,
      start: isoTimestamp(a.start),
      end: isoTimestamp(a.end),
      note: a.note,
      author: a.author,
    }));
}
