/**
 * The CSV exports (issue 12): activities and pre-check findings of a basis (the API's basis parameters), and
 * the fleet list (the fleet overview's parameters). Rows come from the JSON API's own answers (../office-api.ts).
 * Durations are given twice: integer seconds and h:mm.
 */
import type { RouteContext } from '../routes.js';
import { allItems, apiBody, basisParams } from '../office-api.js';
import { csvText, hmm, type Cell } from './csv.js';
import type { FleetRowJson } from '../fleet-mapping.js';
import { evidenceDigest, type FindingJson } from '../report/report-model.js';

interface ActivityJson {
  import_id: string | null;
  card_number: string | null;
  date: string;
  start: string;
  end: string;
  activity: string;
  duration: number;
  slot: string;
  crew: boolean;
  card_inserted: boolean;
  manual_entry: boolean;
  quarantined?: boolean;
}


export function csvResponse(fileName: string, text: string): Response {
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${fileName}"`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    },
  });
}

export const ACTIVITY_HEADER = [
  'import_id', 'card_number', 'date', 'start', 'end', 'activity', 'unknown', 'duration_seconds', 'duration_hmm', 'slot',
  'crew', 'card_inserted', 'manual_entry', 'quarantined',
];

export async function activitiesCsv(context: RouteContext): Promise<string> {
  const rows = await allItems<ActivityJson>(context, 'listActivities', basisParams(context.query));
  return csvText(ACTIVITY_HEADER, rows.map((r): Cell[] => [
    r.import_id, r.card_number, r.date, r.start, r.end, r.activity, !r.card_inserted && !r.manual_entry, r.duration, hmm(r.duration),
    r.slot, r.crew, r.card_inserted, r.manual_entry, r.quarantined ?? false,
  ]));
}

export const FINDING_HEADER = [
  'card_number', 'rule', 'status', 'article', 'severity', 'start', 'end', 'value_seconds', 'value_hmm', 'limit_seconds',
  'limit_hmm', 'excess_seconds', 'excess_hmm', 'description', 'evidence_intervals',
];

export async function findingsCsv(context: RouteContext): Promise<string> {
  const result = await apiBody<{ basis: { card_number: string | null }; violations: FindingJson[] }>(
    context, 'eu561Violations', basisParams(context.query),
  );
  return csvText(FINDING_HEADER, result.violations.map((v): Cell[] => [
    result.basis.card_number, v.rule, v.status, v.article, v.severity, v.start, v.end, v.value, hmm(v.value), v.limit, hmm(v.limit),
    v.excess, hmm(v.excess), v.description, evidenceDigest(v).total,
  ]));
}

export const DRIVER_HEADER = [
  'card_number', 'surname', 'first_names', 'issuing_member_state', 'expiry_date', 'expiry_days_left', 'last_download',
  'last_download_source', 'next_download_due', 'overdue', 'download_days_left', 'coverage_days_28', 'imports',
  'quarantined_imports', 'conflicting_days', 'authenticity_status', 'violations_4w', 'potential_4w', 'incomplete_data_4w',
  'mi_4w', 'si_4w', 'vsi_4w', 'msi_4w',
];

export function driversCsv(rows: readonly FleetRowJson[]): string {
  return csvText(DRIVER_HEADER, rows.map((r): Cell[] => [
    r.card_number, r.surname, r.first_names, r.issuing_member_state, r.expiry_date, r.expiry_days_left, r.last_download,
    r.last_download_source, r.next_download_due, r.overdue, r.download_days_left, r.coverage_days_28, r.imports,
    r.quarantined_imports, r.conflicting_days, r.authenticity_status, r.findings_4w.VIOLATION, r.findings_4w.POTENTIAL,
    r.findings_4w.INCOMPLETE_DATA, r.findings_4w.MI, r.findings_4w.SI, r.findings_4w.VSI, r.findings_4w.MSI,
  ]));
}
