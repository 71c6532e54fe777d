/**
 * A month's check in one go: GET /fleet-report (HTML), GET /fleet-report.pdf and GET /export/fleet-findings.csv,
 * for date_from..date_to (required, at most REPORT_MAX_DAYS days) and the findings filters of GET /findings
 * (severity, status, unknown_as, include_quarantined). Every card of the fleet list gets the findings GET /findings
 * answers for it and that period (the same selection, parsed by the same function); a card the checks refuse
 * (409 conflicting_data / quarantined_data) is listed as not evaluated, with the reason.
 */
import { DomainError } from '../../../core/domain/errors.js';
import {
  fleetReportDocument,
  notEvaluatedText,
  type FleetDriverSection,
  type FleetReportModel,
} from '../../office/fleet/fleet-report.js';
import type { FindingJson } from '../../office/report/report-model.js';
import { csvText, documentFileName, type Cell } from '../../office/export/csv.js';
import { csvOk, csvResponse, delimiterOf } from '../export/export.route.js';
import { FINDING_HEADER, findingCells } from '../export/exports.js';
import { allFleetRows } from '../fleet/fleet.route.js';
import { officeUseCasesOf } from '../findings/findings.route.js';
import type { HttpAppDependencies } from '../ports.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import type { QueryValues } from '../shared/query-params.js';
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { displayZoneOf } from '../shared/time-zone.js';
import { documentResponse, reportQueryFrom } from './report.route.js';
import { proofOf } from './report.data.js';

const NAMES: QueryParameterName[] = [
  'date_from',
  'date_to',
  'severity',
  'status',
  'unknown_as',
  'include_quarantined',
  'tz',
];
const CSV_NAMES: QueryParameterName[] = [...NAMES, 'delimiter'];
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const ERRORS = {
  400: error('invalid_filter: date_from or date_to missing or malformed, or the period too long'),
  404: error('not_found: the fleet overview is not available'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

/** The checks' refusals a fleet report lists as "not evaluated" (every other error answers the request). */
const REFUSALS: ReadonlySet<string> = new Set(['conflicting_data', 'quarantined_data']);

/** Every card's findings of the period; `withProof` adds the imports and rule set of each evaluated card. */
export async function buildFleetReport(
  deps: HttpAppDependencies,
  query: QueryValues,
  withProof: boolean,
): Promise<FleetReportModel> {
  const zone = displayZoneOf(deps, query);
  const uc = officeUseCasesOf(deps);
  const rows = await allFleetRows(deps, {});
  const drivers: FleetDriverSection[] = [];
  for (const row of rows) {
    // the selection of GET /findings for this card, through the report's own checks (both dates, at most a quarter)
    const selection = reportQueryFrom({ ...query, card_number: row.card_number });
    const section = { card_number: row.card_number, surname: row.surname, first_names: row.first_names };
    try {
      const period = await uc.findings.findings(selection);
      const proof = withProof ? await proofOf(uc, selection, period.precheck, zone) : null;
      drivers.push({ ...section, findings: period.findings as FindingJson[], not_evaluated: null, proof });
    } catch (e) {
      if (!(e instanceof DomainError) || !REFUSALS.has(e.code)) throw e;
      drivers.push({ ...section, findings: [], not_evaluated: e.code, proof: null });
    }
  }
  return {
    date_from: String(query.date_from),
    date_to: String(query.date_to),
    time_zone: zone,
    generated_at: new Date().toISOString().slice(0, 19) + 'Z',
    drivers,
  };
}

/** The fleet's findings as CSV: the driver's names, then the columns of findings.csv; a refused card in one row. */
export const FLEET_FINDING_HEADER = ['surname', 'first_names', ...FINDING_HEADER];

export function fleetFindingsText(model: FleetReportModel, delimiter: ',' | ';'): string {
  const rows: Cell[][] = [];
  for (const d of model.drivers) {
    const names: Cell[] = [d.surname, d.first_names];
    if (d.not_evaluated !== null) {
      const cells: Cell[] = FINDING_HEADER.map(() => null);
      cells[0] = d.card_number;
      cells[FINDING_HEADER.indexOf('description')] = notEvaluatedText(d.not_evaluated);
      rows.push([...names, ...cells]);
    }
    for (const f of d.findings)
      rows.push([
        ...names,
        ...findingCells(d.card_number, f as FindingJson & { source: string; review_status: string }, model.time_zone),
      ]);
  }
  return csvText(FLEET_FINDING_HEADER, rows, delimiter);
}

const PERIOD = (model: FleetReportModel) => [model.date_from, model.date_to];

export const fleetReportRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/fleet-report',
    operationId: 'fleetReportHtml',
    summary:
      "The fleet report of a period: every driver's findings, one section per driver (HTML, A4 print stylesheet)",
    tags: ['report'],
    query: { names: NAMES, schema: querySchema(NAMES) },
    body: null,
    responses: {
      200: { description: 'the report page', schema: { type: 'string' }, contentType: 'text/html' },
      ...ERRORS,
    },
    async handle({ deps, query }) {
      const model = await buildFleetReport(deps, query, true);
      return { status: 200, body: await documentResponse(fleetReportDocument(model), 'html') };
    },
  },
  {
    method: 'GET',
    path: '/fleet-report.pdf',
    operationId: 'fleetReportPdf',
    summary: 'The fleet report of a period as a PDF (A4): the same content as /fleet-report',
    tags: ['report'],
    query: { names: NAMES, schema: querySchema(NAMES) },
    body: null,
    responses: {
      200: { description: 'the PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
      ...ERRORS,
    },
    async handle({ deps, query }) {
      const model = await buildFleetReport(deps, query, true);
      const fileName = documentFileName('fleet-report', PERIOD(model), 'pdf');
      return { status: 200, body: await documentResponse(fleetReportDocument(model), 'pdf', fileName) };
    },
  },
  {
    method: 'GET',
    path: '/export/fleet-findings.csv',
    operationId: 'exportFleetFindingsCsv',
    summary: "Every driver's findings of a period as CSV (the columns of findings.csv after the driver's names)",
    tags: ['exports'],
    query: { names: CSV_NAMES, schema: querySchema(CSV_NAMES) },
    body: null,
    responses: { 200: csvOk('the CSV file'), ...ERRORS },
    async handle({ deps, query }) {
      const model = await buildFleetReport(deps, query, false);
      const text = fleetFindingsText(model, delimiterOf(query, deps));
      return {
        status: 200,
        body: csvResponse({ text, fileName: documentFileName('fleet-findings', PERIOD(model), 'csv') }),
      };
    },
  },
];
