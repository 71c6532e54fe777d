/**
 * GET /api/drivercard/findings: every EU 561 and Working Time Directive finding whose span overlaps the period
 * (basis parameters, date_from/date_to), drawn with the weeks before as context, ordered by severity; optional
 * `severity` and `status` (review status) filters. The week view, the report, its PDF and findings.csv list
 * the same findings (core/use-cases/findings-of-period.ts).
 */
import type { Severity } from '../../../core/eu561/index.js';
import { NO_REVIEWS, type ReviewStatus } from '../../../core/ports/finding-reviews.js';
import { FindingsOfPeriodQuery, type FindingsQuery } from '../../../core/use-cases/findings-of-period.js';
import type { OfficeUseCases } from '../../office/office-use-cases.js';
import type { HttpAppDependencies } from '../ports.js';
import { basisFrom, boundedRangeFrom, pageFrom, type QueryValues } from '../shared/query-params.js';
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import { findingsToResponse } from './findings.mapper.js';
import { findingsResponseSchema } from './findings.schema.js';

/** The findings use case over the service's overviews and review store (none wired: every finding OPEN). */
export function findingsOf(deps: HttpAppDependencies): FindingsOfPeriodQuery {
  return new FindingsOfPeriodQuery(deps.overviews, deps.findingReviews ?? NO_REVIEWS);
}

const list = <T extends string>(value: unknown): T[] | undefined =>
  typeof value === 'string' && value.length > 0 ? (value.split(',') as T[]) : undefined;

/** The use case's query from validated query values (basis, range of at most MAX_RANGE_DAYS, filters, options). */
export function findingsQueryFrom(query: QueryValues): FindingsQuery {
  return {
    basis: basisFrom(query),
    range: boundedRangeFrom(query),
    severity: list<Severity>(query.severity),
    status: list<ReviewStatus>(query.status),
    options: {
      unknown_as: query.unknown_as,
      evidence: query.evidence as 'full' | 'summary' | undefined,
      include_quarantined: query.include_quarantined === true,
    },
  };
}

/** The filters of the findings (the report and findings.csv take them too). */
export const FINDINGS_FILTERS: QueryParameterName[] = ['severity', 'status', 'unknown_as', 'include_quarantined'];

/** The parameters that select findings: the data, the period and the filters (findings.csv takes them too). */
export const FINDINGS_SELECTION: QueryParameterName[] = [
  'import_id',
  'archive_id',
  'card_number',
  'date_from',
  'date_to',
  ...FINDINGS_FILTERS,
];

const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const NAMES: QueryParameterName[] = [...FINDINGS_SELECTION, 'evidence', 'limit', 'offset'];

export const findingsRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/findings',
  operationId: 'listFindings',
  summary:
    'Findings (EU 561 pre-check and Working Time Directive) overlapping a period, drawn with the weeks before as context, most serious first',
  tags: ['eu561'],
  query: { names: NAMES, schema: querySchema(NAMES) },
  body: null,
  responses: {
    200: { description: 'a page of findings in the list envelope', schema: findingsResponseSchema },
    400: error('invalid_filter: a query parameter is missing, malformed or not recognised'),
    404: error('not_found: the import, archive or card is not known'),
    409: error('conflicting_data (with the dates) or quarantined_data: the basis is not fit for a trusted operation'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ deps, query }) {
    const result = await findingsOf(deps).findings(findingsQueryFrom(query));
    return { status: 200, body: findingsToResponse(result, pageFrom(query)) };
  },
};

/** The use cases the office documents read (adapters/office). */
export function officeUseCasesOf(deps: HttpAppDependencies): OfficeUseCases {
  return {
    queries: deps.queries,
    overviews: deps.overviews,
    findings: findingsOf(deps),
    ...(deps.reviews ? { reviews: deps.reviews } : {}),
    ...(deps.annotations ? { annotations: deps.annotations } : {}),
  };
}
