/**
 * GET /api/drivercard/week-overview: `week=YYYY-Www`, or every ISO week a `date_from`/`date_to` range touches.
 * The use case is core/use-cases/week-overview.ts; the answer's shape ./week-overview.schema.ts.
 */
import { intervalTexts, weekOverviewText } from '../shared/activity-json.js';
import { jsonTextResponse } from '../shared/json-response.js';
import { basisFrom, weekSelectionFrom } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { weekOverviewResponseSchema } from './week-overview.schema.js';

export const weekOverviewRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/week-overview',
  operationId: 'weekOverview',
  summary: 'Prepared ISO-week data (week=YYYY-Www, or every ISO week a date_from/date_to range touches)',
  tags: ['queries'],
  query: queryOf([...BASIS, 'week', ...RANGE]),
  body: null,
  responses: { 200: { description: 'one object per ISO week', schema: weekOverviewResponseSchema }, ...QUERY_ERRORS },
  async handle({ deps, query }) {
    const result = await deps.overviews.weekOverview({ basis: basisFrom(query), ...weekSelectionFrom(query) });
    return { status: 200, body: jsonTextResponse(200, weekOverviewText(result, intervalTexts)) };
  },
};
