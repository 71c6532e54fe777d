/**
 * The transport office's documents: the CSV exports and the printable report (HTML and PDF). Registered in
 * ./routes.ts's table like every route, so they share its query validation, error answers, REST log and OpenAPI
 * document. Non-JSON answers are whole Responses. The fleet list's JSON routes are in ./fleet/.
 */
import { activitiesCsv, csvResponse, driversCsv, findingsCsv } from './export/exports.js';
import { allFleetRows } from './fleet/fleet.route.js';
import { BASIS, FLEET_FILTERS, RANGE } from './shared/query.schema.js';
import { errorResponse, QUERY_ERRORS, queryOf, type RouteResponse, type RouteSpec } from './shared/route-spec.js';
import { reportRoutes } from './report/report-routes.js';

const BASIS_RANGE = [...BASIS, ...RANGE];

const csvSchema = { type: 'string' };
const csvOk = (description: string): RouteResponse => ({ description, schema: csvSchema, contentType: 'text/csv' });

export const officeRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/export/activities.csv',
    operationId: 'exportActivitiesCsv',
    summary: 'Activity intervals of a basis as CSV (RFC 4180, UTF-8, header row; durations in seconds and h:mm)',
    tags: ['exports'],
    query: queryOf(BASIS_RANGE),
    body: null,
    responses: { 200: csvOk('the CSV file'), ...QUERY_ERRORS },
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
      ...QUERY_ERRORS,
      409: errorResponse('conflicting_data or quarantined_data: the basis is not fit for the pre-check'),
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
    responses: { 200: csvOk('the CSV file'), ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: csvResponse('drivers.csv', driversCsv(await allFleetRows(deps, query))) };
    },
  },
  ...reportRoutes,
];
