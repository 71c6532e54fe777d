/** GET /api/drivercard/eu561/violations: the EU 561/2006 technical pre-check of a basis (not a legal decision). */
import { invalidFilter } from '../shared/problem.js';
import { basisFrom, boundedRangeFrom } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, TRUSTED_BASIS_ERROR, type RouteSpec } from '../shared/route-spec.js';
import { eu561ResponseSchema } from './eu561-violations.schema.js';

export const eu561ViolationsRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/eu561/violations',
  operationId: 'eu561Violations',
  summary: 'Technical EU 561/2006 pre-check of the selected data basis (not a legal decision)',
  tags: ['eu561'],
  query: queryOf([...BASIS, ...RANGE, 'unknown_as', 'at', 'evidence', 'include_quarantined', 'annotations']),
  body: null,
  responses: {
    200: { description: 'the pre-check result', schema: eu561ResponseSchema },
    ...QUERY_ERRORS,
    ...TRUSTED_BASIS_ERROR,
  },
  async handle({ deps, query }) {
    if (typeof query.at === 'string' && !query.at.includes('T')) {
      throw invalidFilter('at', 'Query parameter at must be an instant (YYYY-MM-DDTHH:MM:SSZ).');
    }
    const options = {
      unknown_as: query.unknown_as,
      at: query.at ?? null,
      evidence: query.evidence,
      include_quarantined: query.include_quarantined === true,
      annotations: query.annotations,
    };
    return {
      status: 200,
      body: await deps.overviews.precheck({ basis: basisFrom(query), range: boundedRangeFrom(query), options }),
    };
  },
};
