/**
 * The transport office's routes: the fleet overview (JSON), the CSV exports (./export/export.route.ts,
 * drivers.csv here) and the printable report (./report/report.route.ts); the documents themselves are
 * built in adapters/office. Registered in ./routes.ts's table like every route, so they share its query
 * validation, error answers, REST log and OpenAPI document. Non-JSON answers are whole Responses.
 * Only types come from ./routes.ts (it imports this module).
 */
import type { FleetUseCases } from '../../core/use-cases/fleet-overview.js';
import { documentFileName } from '../office/export/csv.js';
import { driversCsv } from '../office/export/exports.js';
import { activitiesCsvRoute, csvOk, csvResponse, delimiterOf, findingsCsvRoute } from './export/export.route.js';
import { FleetListWriter, fleetListJson, fleetRequestFrom, type FleetRowJson } from './fleet-mapping.js';
import { fleetListResponseSchema, fleetSummaryResponseSchema } from './fleet-schemas.js';
import { SECURITY_HEADERS } from './json-response.js';
import { HttpProblem } from './problem.js';
import type { HttpAppDependencies } from './ports.js';
import type { RouteResponse, RouteSpec } from './routes.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from './schemas.js';
import { reportRoutes } from './report/report.route.js';

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
  activitiesCsvRoute,
  findingsCsvRoute,
  {
    method: 'GET',
    path: '/export/drivers.csv',
    operationId: 'exportDriversCsv',
    summary: 'The fleet overview as CSV (same filters and sort as /api/drivercard/drivers, every row)',
    tags: ['exports'],
    query: queryOf([...FLEET_FILTERS, 'delimiter']),
    body: null,
    responses: { 200: csvOk('the CSV file'), ...OFFICE_ERRORS },
    async handle({ deps, query }) {
      const text = driversCsv(await allFleetRows(deps, query), delimiterOf(query));
      // named after the day it lists (the fleet's state then)
      return { status: 200, body: csvResponse({ text, fileName: documentFileName('drivers', [new Date().toISOString().slice(0, 10)], 'csv') }) };
    },
  },
  ...reportRoutes,
];
