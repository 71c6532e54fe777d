/**
 * GET /export/activities.csv and GET /export/findings.csv: thin HTTP routes over the office documents
 * (adapters/office/export/exports.ts). findings.csv takes the selection of GET /api/drivercard/findings and
 * lists the same findings. Registered through ../office-routes.ts (the route table's order is kept).
 */
import { UTF8_BOM, type Delimiter } from '../../office/export/csv.js';
import { activitiesCsv, findingsCsv, type CsvDocument } from './exports.js';
import { findingsQueryFrom, FINDINGS_SELECTION, officeUseCasesOf } from '../findings/findings.route.js';
import type { HttpAppDependencies } from '../ports.js';
import { SECURITY_HEADERS } from '../shared/json-response.js';
import { displayZoneOf } from '../shared/time-zone.js';
import { basisFrom, rangeFrom, type QueryValues } from '../shared/query-params.js';
import { BASIS, RANGE } from '../shared/query.schema.js';
import { errorResponse, QUERY_ERRORS, queryOf, type RouteResponse, type RouteSpec } from '../shared/route-spec.js';

/** The `delimiter` query parameter, else the service's default (from its configured locale), else `,`. */
export const delimiterOf = (query: QueryValues, deps: Pick<HttpAppDependencies, 'csvDelimiter'>): Delimiter =>
  query.delimiter === ';' || query.delimiter === ',' ? query.delimiter : (deps.csvDelimiter ?? ',');

export const csvOk = (description: string): RouteResponse => ({
  description,
  schema: { type: 'string' },
  contentType: 'text/csv',
});

/**
 * A CSV file as an attachment: UTF-8 with a byte order mark; the name twice (RFC 6266): ASCII in `filename`,
 * the name as recorded in `filename*`.
 */
export function csvResponse(document: CsvDocument): Response {
  const { ascii, utf8 } = document.fileName;
  return new Response(UTF8_BOM + document.text, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      ...SECURITY_HEADERS,
    },
  });
}

export const activitiesCsvRoute: RouteSpec = {
  method: 'GET',
  path: '/export/activities.csv',
  operationId: 'exportActivitiesCsv',
  summary: 'Activity intervals of a basis as CSV (RFC 4180, UTF-8, header row; durations in seconds and h:mm)',
  tags: ['exports'],
  query: queryOf([...BASIS, ...RANGE, 'delimiter', 'tz']),
  body: null,
  responses: { 200: csvOk('the CSV file'), ...QUERY_ERRORS },
  async handle({ deps, query }) {
    const document = await activitiesCsv(
      officeUseCasesOf(deps),
      { basis: basisFrom(query), range: rangeFrom(query) },
      delimiterOf(query, deps),
      displayZoneOf(deps, query),
    );
    return { status: 200, body: csvResponse(document) };
  },
};

export const findingsCsvRoute: RouteSpec = {
  method: 'GET',
  path: '/export/findings.csv',
  operationId: 'exportFindingsCsv',
  summary:
    'The findings of a period as CSV (the list of GET /api/drivercard/findings: EU 561 and working time, most serious first)',
  tags: ['exports'],
  query: queryOf([...FINDINGS_SELECTION, 'delimiter', 'tz']),
  body: null,
  responses: {
    200: csvOk('the CSV file'),
    ...QUERY_ERRORS,
    409: errorResponse('conflicting_data or quarantined_data: the basis is not fit for the pre-check'),
  },
  async handle({ deps, query }) {
    const document = await findingsCsv(
      officeUseCasesOf(deps),
      findingsQueryFrom(query),
      delimiterOf(query, deps),
      displayZoneOf(deps, query),
    );
    return { status: 200, body: csvResponse(document) };
  },
};
