/**
 * The transport office's documents: the CSV exports (./export/export.route.ts, drivers.csv here) and the printable
 * report (./report/report.route.ts), the driver letter's PDF (./driver-letter/) and the fleet report
 * (./report/fleet-report.route.ts); the documents themselves are built in adapters/office from the use cases and
 * the response mappers. Registered in ./routes.ts's table like every route, so they share its query validation,
 * error answers, REST log and OpenAPI document. Non-JSON answers are whole Responses. The fleet list's JSON routes
 * are in ./fleet/.
 */
import { documentFileName } from '../office/export/csv.js';
import { driversCsv } from './export/exports.js';
import { activitiesCsvRoute, csvOk, csvResponse, delimiterOf, findingsCsvRoute } from './export/export.route.js';
import { allFleetRows } from './fleet/fleet.route.js';
import { FLEET_FILTERS } from './shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from './shared/route-spec.js';
import { reportRoutes } from './report/report.route.js';
import { fleetReportRoutes } from './report/fleet-report.route.js';
import { driverLetterPdfRoute } from './driver-letter/driver-letter.route.js';
import { displayZoneOf } from './shared/time-zone.js';
import { todayListRows } from './today/today.route.js';

export const officeRoutes: readonly RouteSpec[] = [
  activitiesCsvRoute,
  findingsCsvRoute,
  {
    method: 'GET',
    path: '/export/drivers.csv',
    operationId: 'exportDriversCsv',
    summary: 'The fleet overview as CSV (same filters and sort as /api/drivercard/drivers, every row)',
    tags: ['exports'],
    query: queryOf([...FLEET_FILTERS, 'delimiter', 'tz', 'list']),
    body: null,
    responses: { 200: csvOk('the CSV file'), ...QUERY_ERRORS },
    async handle({ deps, query }) {
      const rows = query.list === undefined ? await allFleetRows(deps, query) : await todayListRows(deps, query);
      const text = driversCsv(rows, delimiterOf(query, deps), displayZoneOf(deps, query));
      // named after the day it lists (the fleet's state then)
      return {
        status: 200,
        body: csvResponse({
          text,
          fileName: documentFileName('drivers', [new Date().toISOString().slice(0, 10)], 'csv'),
        }),
      };
    },
  },
  ...reportRoutes,
  driverLetterPdfRoute,
  ...fleetReportRoutes,
];
