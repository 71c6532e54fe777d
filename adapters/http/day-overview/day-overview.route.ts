/** GET /api/drivercard/day-overview: `date`, or a `date_from`/`date_to` range. */
import { dayOverviewText, intervalTexts } from '../shared/activity-json.js';
import { jsonTextResponse } from '../shared/json-response.js';
import { basisFrom, dayRangeFrom } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { dayOverviewResponseSchema } from './day-overview.schema.js';

export const dayOverviewRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/day-overview',
  operationId: 'dayOverview',
  summary: 'Prepared day data grouped from activity intervals (date, or a date_from/date_to range)',
  tags: ['queries'],
  query: queryOf([...BASIS, 'date', ...RANGE]),
  body: null,
  responses: { 200: { description: 'one object per day', schema: dayOverviewResponseSchema }, ...QUERY_ERRORS },
  async handle({ deps, query }) {
    const result = await deps.overviews.dayOverview({ basis: basisFrom(query), range: dayRangeFrom(query) });
    return { status: 200, body: jsonTextResponse(200, dayOverviewText(result, intervalTexts)) };
  },
};
