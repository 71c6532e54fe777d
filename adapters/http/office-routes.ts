/**
 * The transport office's routes (issue 12): the fleet overview (JSON), the CSV exports and the printable
 * report (HTML and PDF). Registered in ./routes.ts's table like every route, so they share its query
 * validation, error answers, REST log and OpenAPI document. Non-JSON answers are whole Responses.
 * Only types come from ./routes.ts (it imports this module).
 */
import type { FleetUseCases } from '../../core/use-cases/fleet-overview.js';
import { activitiesCsv, csvResponse, driversCsv, findingsCsv } from './export/exports.js';
import { FleetListWriter, fleetListJson, fleetRequestFrom, type FleetRowJson } from './fleet-mapping.js';
import { fleetListResponseSchema, fleetSummaryResponseSchema } from './fleet-schemas.js';
import { SECURITY_HEADERS } from './json-response.js';
import { HttpProblem } from './problem.js';
import type { HttpAppDependencies } from './ports.js';
import type { RouteResponse, RouteSpec } from './routes.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from './schemas.js';
import { reportRoutes } from './report/report-routes.js';

const BASIS_RANGE: QueryParameterName[] = ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to'];
const FLEET_FILTERS: QueryParameterName[] = ['sort', 'order', 'q', 'overdue', 'expiring_within_days'];

export const officeError = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
export const OFFICE_ERRORS = {
  400: officeError('invalid_filter: a query parameter is missing, malformed or not recognised'),
  404: officeError('not_found: the import, archive or card is not known'),
  500: officeError('internal_error, with a correlation_id the REST log carries too'),
};

export const queryOf = (names: readonly QueryParameterName[]) => ({ names, schema: querySchema(names) });

export function fleetOf(deps: HttpAppDependencies): FleetUseCases {
  if (!deps.fleet) throw new HttpProblem(404, 'not_found', 'The fleet overview is not available in this service.');
  return deps.fleet;
}

/** The fleet list's JSON text, written by FleetListWriter (the same bytes JSON.stringify would give). */
const fleetWriter = new FleetListWriter();
const jsonText = (text: string): Response =>
  new Response(text, { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' } });

const csvSchema = { type: 'string' };
const csvOk = (description: string): RouteResponse => ({ description, schema: csvSchema, contentType: 'text/csv' });

async function allFleetRows(deps: HttpAppDependencies, query: Parameters<typeof fleetRequestFrom>[0]): Promise<FleetRowJson[]> {
  const request = fleetRequestFrom(query);
  const rows: FleetRowJson[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = fleetListJson(await fleetOf(deps).list({ ...request, page: { limit: 5000, offset } }));
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

export const officeRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/drivers',
    operationId: 'listDrivers',
    summary: 'Fleet overview: one row per driver card with download due date, card expiry, coverage and findings of the last 4 weeks',
    tags: ['fleet'],
    query: queryOf([...FLEET_FILTERS, 'limit', 'offset']),
    body: null,
    responses: { 200: { description: 'a page of cards in the list envelope', schema: fleetListResponseSchema }, ...OFFICE_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: jsonText(fleetWriter.listText(await fleetOf(deps).list(fleetRequestFrom(query)))) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/drivers/summary',
    operationId: 'driversSummary',
    summary: 'Fleet counts: drivers, overdue downloads, cards expiring within 30 days (or expired), drivers with violations',
    tags: ['fleet'],
    query: queryOf([]),
    body: null,
    responses: { 200: { description: 'the counts', schema: fleetSummaryResponseSchema }, ...OFFICE_ERRORS },
    async handle({ deps }) {
      return { status: 200, body: await fleetOf(deps).summary() };
    },
  },
  {
    method: 'GET',
    path: '/export/activities.csv',
    operationId: 'exportActivitiesCsv',
    summary: 'Activity intervals of a basis as CSV (RFC 4180, UTF-8, header row; durations in seconds and h:mm)',
    tags: ['exports'],
    query: queryOf(BASIS_RANGE),
    body: null,
    responses: { 200: csvOk('the CSV file'), ...OFFICE_ERRORS },
    async handle(context) {
      return { status: 200, body: csvResponse('activities.csv', await activitiesCsv(context)) };
    },
  },
  {
    method: 'GET',
    path: '/export/findings.csv',
    operationId: 'exportFindingsCsv',
    summary: 'EU 561 pre-check findings of a basis as CSV',
    tags: ['exports'],
    query: queryOf(BASIS_RANGE),
    body: null,
    responses: {
      200: csvOk('the CSV file'),
      ...OFFICE_ERRORS,
      409: officeError('conflicting_data or quarantined_data: the basis is not fit for the pre-check'),
    },
    async handle(context) {
      return { status: 200, body: csvResponse('findings.csv', await findingsCsv(context)) };
    },
  },
  {
    method: 'GET',
    path: '/export/drivers.csv',
    operationId: 'exportDriversCsv',
    summary: 'The fleet overview as CSV (same filters and sort as /api/drivercard/drivers, every row)',
    tags: ['exports'],
    query: queryOf(FLEET_FILTERS),
    body: null,
    responses: { 200: csvOk('the CSV file'), ...OFFICE_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: csvResponse('drivers.csv', driversCsv(await allFleetRows(deps, query))) };
    },
  },
  ...reportRoutes,
];
