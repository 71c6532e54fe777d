/**
 * Gathers the report for one card and period from the JSON API's own answers (../office-api.ts): the imports
 * of the period (data basis, authenticity), the ISO weeks (charts), the time summary (totals) and the EU 561
 * pre-check (findings, data gaps, disclaimer).
 */
import type { RouteContext } from '../routes.js';
import { allItems, apiBody } from '../office-api.js';
import { invalidFilter } from '../problem.js';
import { authenticityText, type FindingJson, type ImportJson, type ReportModel, type Totals, type WeekJson } from './report-model.js';

/** The longest period one report covers (a quarter). */
export const REPORT_MAX_DAYS = 92;

interface PrecheckJson {
  rule_version: string;
  violations: FindingJson[];
  data_gaps: ReportModel['data_gaps'];
  not_evaluated: ReportModel['not_evaluated'];
  disclaimer: string;
}

/** card_number, date_from and date_to are required; the period at most REPORT_MAX_DAYS days. */
export function reportParams(query: RouteContext['query']): { card_number: string; date_from: string; date_to: string } {
  for (const name of ['card_number', 'date_from', 'date_to'] as const) {
    if (query[name] === undefined) throw invalidFilter(name, `Query parameter ${name} is required for a report.`);
  }
  const date_from = String(query.date_from);
  const date_to = String(query.date_to);
  if (date_from > date_to) throw invalidFilter('date_from', 'Query parameter date_from must not be after date_to.');
  const days = (Date.parse(date_to) - Date.parse(date_from)) / 86_400_000 + 1;
  if (days > REPORT_MAX_DAYS) throw invalidFilter('date_to', `A report covers at most ${REPORT_MAX_DAYS} days.`);
  return { card_number: String(query.card_number), date_from, date_to };
}

export async function buildReportModel(context: RouteContext, now: Date = new Date()): Promise<ReportModel> {
  const params = reportParams(context.query);
  // the pre-check first: it refuses (404, 409) what the report could not stand on
  const precheck = await apiBody<PrecheckJson>(context, 'eu561Violations', params);
  const [imports, weeks, summary] = await Promise.all([
    allItems<ImportJson>(context, 'listImports', params),
    apiBody<{ items: WeekJson[]; conflicts: string[] }>(context, 'weekOverview', params),
    apiBody<{ totals: Totals; days: number; distance_km: number }>(context, 'timeSummary', params),
  ]);
  const newest = imports[imports.length - 1];
  return {
    card_number: newest?.card.card_number ?? params.card_number,
    surname: newest?.driver.surname ?? null,
    first_names: newest?.driver.first_names ?? null,
    birth_date: newest?.driver.birth_date ?? null,
    issuing_member_state: newest?.card.issuing_member_state ?? null,
    issuing_authority: newest?.card.issuing_authority ?? null,
    expiry_date: newest?.card.expiry_date ?? null,
    date_from: params.date_from,
    date_to: params.date_to,
    imports: imports.map((row) => ({
      import_id: row.import_id,
      file_name: row.file_name,
      imported_at: row.imported_at,
      generation: row.generation,
      status: row.status,
      activity_from: row.activity_range.from,
      activity_to: row.activity_range.to,
      authenticity: authenticityText(row),
    })),
    conflicts: weeks.conflicts,
    weeks: weeks.items,
    totals: summary.totals,
    days: summary.days,
    distance_km: summary.distance_km,
    findings: precheck.violations,
    data_gaps: precheck.data_gaps,
    not_evaluated: precheck.not_evaluated,
    rule_version: precheck.rule_version,
    disclaimer: precheck.disclaimer,
    generated_at: now.toISOString().slice(0, 19) + 'Z',
  };
}

