/**
 * GET /api/drivercard/today (the counts) and GET /api/drivercard/today/drivers?list=… (the fleet rows a card count
 * counts, in the fleet list's JSON and sort, paged like it).
 */
import { TodayView, type TodayCardList } from '../../../core/use-cases/today.js';
import { fleetListResponseSchema } from '../fleet/fleet.schema.js';
import { fleetRowJson, type FleetRowJson } from '../fleet/fleet.mapper.js';
import type { HttpAppDependencies } from '../ports.js';
import { HttpProblem } from '../shared/problem.js';
import { PAGE, type QueryValues } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { todayToResponse } from './today.mapper.js';
import { todayResponseSchema } from './today.schema.js';

function todayOf(deps: HttpAppDependencies): TodayView {
  if (!deps.today) throw new HttpProblem(404, 'not_found', 'The today view is not available in this service.');
  return deps.today;
}

/** The zone of the configuration; a service configured without one shows UTC. */
export const timeZoneOf = (deps: HttpAppDependencies): string => deps.timeZone ?? 'UTC';

export const todayRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/today',
  operationId: 'today',
  summary:
    "The office's counts of what needs doing: downloads overdue and due this week, cards expired and expiring, open findings, imports needing attention, roadside readiness",
  tags: ['fleet'],
  query: queryOf([]),
  body: null,
  responses: {
    200: { description: 'the counts and the configured time zone', schema: todayResponseSchema },
    ...QUERY_ERRORS,
  },
  async handle({ deps }) {
    return { status: 200, body: todayToResponse(await todayOf(deps).counts(), timeZoneOf(deps)) };
  },
};

/** Every fleet row of a today list (`list`, required by both callers' query schemas, in the fleet list's sort). */
export async function todayListRows(deps: HttpAppDependencies, query: QueryValues): Promise<FleetRowJson[]> {
  const order = query.order ?? (query.sort === 'findings' ? 'desc' : 'asc');
  return (await todayOf(deps).cards(query.list as TodayCardList, query.sort ?? 'due', order)).map(fleetRowJson);
}

export const todayDriversRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/today/drivers',
  operationId: 'todayDrivers',
  summary:
    'The fleet rows a count of GET /today counts (list=overdue, due_week, expired, expiring_30d, open_findings, conflicting, readiness)',
  tags: ['fleet'],
  query: queryOf(['list', 'sort', 'order', ...PAGE], ['list']),
  body: null,
  responses: {
    200: { description: 'a page of cards in the list envelope', schema: fleetListResponseSchema },
    ...QUERY_ERRORS,
  },
  async handle({ deps, query }) {
    const limit = query.limit ?? 500;
    const offset = query.offset ?? 0;
    const rows = await todayListRows(deps, query);
    const items = rows.slice(offset, offset + limit);
    return { status: 200, body: { items, total: rows.length, limit, offset, conflicts: [] } };
  },
};

export const todayRoutes = [todayRoute, todayDriversRoute];
