/** GET /api/drivercard/time-summary. */
import { basisFrom, rangeFrom } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { timeSummaryResponseSchema } from './time-summary.schema.js';
import { timeSummaryToResponse } from './time-summary.mapper.js';

export const timeSummaryRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/time-summary',
  operationId: 'timeSummary',
  summary: 'Activity totals by type (seconds)',
  tags: ['queries'],
  query: queryOf([...BASIS, ...RANGE]),
  body: null,
  responses: { 200: { description: 'totals', schema: timeSummaryResponseSchema }, ...QUERY_ERRORS },
  async handle({ deps, query }) {
    return {
      status: 200,
      body: timeSummaryToResponse(await deps.queries.timeSummary({ basis: basisFrom(query), range: rangeFrom(query) })),
    };
  },
};
