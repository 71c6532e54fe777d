/**
 * GET /api/drivercard/readings: every reading the EU 561/2006 pre-check and the working-time check make where the
 * regulations leave a question open (id, question, choice, alternative, article, the checks it concerns). Findings
 * name the ones their verdict depends on (`readings`); `unknown_as` shows the card-out reading of that value.
 */
import { errorResponse, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { readingsToResponse } from './readings.mapper.js';
import { readingsResponseSchema } from './readings.schema.js';

export const readingsRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/readings',
  operationId: 'readings',
  summary: 'The readings the checks make where the regulations leave a question open, and their alternatives',
  tags: ['eu561'],
  query: queryOf(['unknown_as']),
  body: null,
  responses: {
    200: { description: 'the readings', schema: readingsResponseSchema },
    400: errorResponse('invalid_filter: a query parameter is malformed or not recognised'),
  },
  async handle({ query }) {
    return { status: 200, body: readingsToResponse(query.unknown_as ?? 'gap') };
  },
};
