/** GET /api/drivercard/working-time: the Working Time Directive 2002/15/EC pre-check of a basis (not a legal decision). */
import { basisFrom, boundedRangeFrom } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, TRUSTED_BASIS_ERROR, type RouteSpec } from '../shared/route-spec.js';
import { workingTimeResponseSchema } from './working-time.schema.js';

export const workingTimeRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/working-time',
  operationId: 'workingTime',
  summary: 'Technical Working Time Directive 2002/15/EC pre-check of the selected data basis (not a legal decision)',
  tags: ['eu561'],
  query: queryOf([
    ...BASIS,
    ...RANGE,
    'unknown_as',
    'evidence',
    'reference_weeks',
    'include_quarantined',
    'annotations',
  ]),
  body: null,
  responses: {
    200: {
      description: 'weekly working time and the Directive 2002/15/EC findings',
      schema: workingTimeResponseSchema,
    },
    ...QUERY_ERRORS,
    ...TRUSTED_BASIS_ERROR,
  },
  async handle({ deps, query }) {
    const options = {
      unknown_as: query.unknown_as,
      evidence: query.evidence,
      reference_weeks: query.reference_weeks,
      include_quarantined: query.include_quarantined === true,
      annotations: query.annotations,
    };
    return {
      status: 200,
      body: await deps.overviews.workingTime({ basis: basisFrom(query), range: boundedRangeFrom(query), options }),
    };
  },
};
