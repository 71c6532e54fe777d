/**
 * GET /api/drivercard/drivers (the fleet list, one row per card) and GET /api/drivercard/drivers/summary (its
 * counts). The list's JSON text is written by FleetListWriter (the same bytes JSON.stringify would give).
 */
import type { FleetUseCases } from '../../../core/use-cases/fleet-overview.js';
import type { HttpAppDependencies } from '../ports.js';
import { jsonTextResponse } from '../shared/json-response.js';
import { allPages } from '../shared/paging.js';
import { HttpProblem } from '../shared/problem.js';
import { FLEET_FILTERS, PAGE, type QueryValues } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { FleetListWriter, fleetListJson, fleetRequestFrom, type FleetRowJson } from './fleet.mapper.js';
import { fleetListResponseSchema, fleetSummaryResponseSchema } from './fleet.schema.js';

export function fleetOf(deps: HttpAppDependencies): FleetUseCases {
  if (!deps.fleet) throw new HttpProblem(404, 'not_found', 'The fleet overview is not available in this service.');
  return deps.fleet;
}

/** Every row of the fleet list under the filters and sort of `query` (the drivers CSV). */
export async function allFleetRows(deps: HttpAppDependencies, query: QueryValues): Promise<FleetRowJson[]> {
  const request = fleetRequestFrom(query);
  return allPages(async (offset, limit) =>
    fleetListJson(await fleetOf(deps).list({ ...request, page: { limit, offset } })),
  );
}

const fleetWriter = new FleetListWriter();

export const fleetListRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/drivers',
  operationId: 'listDrivers',
  summary:
    'Fleet overview: one row per driver card with download due date, card expiry, coverage and findings of the last 4 weeks',
  tags: ['fleet'],
  query: queryOf([...FLEET_FILTERS, ...PAGE]),
  body: null,
  responses: {
    200: { description: 'a page of cards in the list envelope', schema: fleetListResponseSchema },
    ...QUERY_ERRORS,
  },
  async handle({ deps, query }) {
    return {
      status: 200,
      body: jsonTextResponse(200, fleetWriter.listText(await fleetOf(deps).list(fleetRequestFrom(query)))),
    };
  },
};

export const fleetSummaryRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/drivers/summary',
  operationId: 'driversSummary',
  summary:
    'Fleet counts: drivers, overdue downloads, cards expiring within 30 days (or expired), drivers with violations',
  tags: ['fleet'],
  query: queryOf([]),
  body: null,
  responses: { 200: { description: 'the counts', schema: fleetSummaryResponseSchema }, ...QUERY_ERRORS },
  async handle({ deps }) {
    return { status: 200, body: await fleetOf(deps).summary() };
  },
};
