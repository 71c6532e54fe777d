/**
 * The route table: every endpoint with its query schema, body schema and response schemas (objects of
 * ./schemas.ts) and its handler. The app (./app.ts) mounts exactly these; the OpenAPI document
 * (./openapi.ts) is generated from exactly these.
 */
import { hasUnsafeText, sanitizeText } from '../../core/domain/text.js';
import { anonymizeDdd } from '../../core/anonymize/index.js';
import { invalidPayload, HttpProblem } from './problem.js';
import type { HttpAppDependencies } from './ports.js';
import {
  basisFrom,
  boundedRangeFrom,
  dayRangeFrom,
  pageFrom,
  rangeFrom,
  readQuery,
  weekSelectionFrom,
  type QueryValues,
} from './query-params.js';
import { decodeBase64Strict, isJsonContentType, readJsonBody } from './read-json-body.js';
import { IntervalTextCache, activityListText, dayOverviewText, weekOverviewText } from './activity-json.js';
import { jsonTextResponse } from './json-response.js';
import {
  eventFaultToResponse,
  importToResponse,
  listToResponse,
  parseResultToResponse,
  positionToResponse,
  timeSummaryToResponse,
  vehicleUsedToResponse,
} from './responses.js';
import * as schemas from './schemas.js';
import { querySchema, type QueryParameterName } from './schemas.js';
import { describeError, erroredProperty, strictValidator } from './validation.js';
import { officeRoutes } from './office-routes.js';
import { findingsRoute } from './findings/findings.route.js';

type Schema = Record<string, unknown>;

export interface RouteContext {
  request: Request;
  url: URL;
  query: QueryValues;
  deps: HttpAppDependencies;
}

export interface RouteResult {
  status: number;
  body: unknown;
}

export interface RouteResponse {
  description: string;
  schema: Schema;
  /** media type of the answer (default application/json); a handler answering another type returns a Response body */
  contentType?: string;
}

export interface RouteSpec {
  method: 'GET' | 'POST';
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** accepted query parameters and the object schema validating them */
  query: { names: readonly QueryParameterName[]; schema: Schema } | null;
  body: Schema | null;
  responses: Record<number, RouteResponse>;
  handle(context: RouteContext): Promise<RouteResult>;
}

const BASIS = ['import_id', 'archive_id', 'card_number'] as const;
const RANGE = ['date_from', 'date_to'] as const;
const PAGE = ['limit', 'offset'] as const;

function queryOf(names: readonly QueryParameterName[]): RouteSpec['query'] {
  return { names, schema: querySchema(names) };
}

const error = (description: string): RouteResponse => ({ description, schema: schemas.errorResponseSchema });
const QUERY_ERRORS = {
  400: error('invalid_filter: a query parameter is missing, malformed or not recognised'),
  404: error('not_found: the import, archive or card is not known'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

function listRoute(
  name: string,
  operationId: string,
  summary: string,
  schema: Schema,
  run: (deps: HttpAppDependencies, query: QueryValues) => Promise<unknown>,
  names: readonly QueryParameterName[] = [...BASIS, ...RANGE, ...PAGE],
): RouteSpec {
  return {
    method: 'GET',
    path: `/api/drivercard/${name}`,
    operationId,
    summary,
    tags: ['queries'],
    query: queryOf(names),
    body: null,
    responses: { 200: { description: 'a page of rows in the list envelope', schema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: await run(deps, query) };
    },
  };
}

/** The JSON text of interval runs kept across answers (./activity-json.ts: compared row by row before reuse). */
const intervalTexts = new IntervalTextCache();

function rowQuery(query: QueryValues) {
  return { basis: basisFrom(query), range: rangeFrom(query), page: pageFrom(query) };
}

/** A file name may be sent with a local path; only its last component is kept (paths never appear in answers). */
export function baseFileName(fileName: string | null | undefined): string | null {
  if (fileName === null || fileName === undefined) return null;
  const last = fileName.split(/[\\/]/).pop()!.trim();
  return last.length > 0 ? last : null;
}

const parseRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/parse',
  operationId: 'parseDriverCard',
  summary: 'Parse a driver-card DDD payload; persist the import or reuse an identical one (idempotent by content hash)',
  tags: ['imports'],
  query: null,
  body: schemas.parseRequestSchema,
  responses: {
    200: { description: 'the import (reused: true when an identical payload had been imported before)', schema: schemas.parseResponseSchema },
    400: error('invalid_payload: the body is not JSON, misses content_base64 or holds invalid base64'),
    409: error('archive_conflict: the archive_id already holds different content'),
    413: error('payload_too_large: the body exceeds the configured limit'),
    415: error('unsupported_media_type: the request has no JSON content type'),
    422: error('unparseable_ddd: the content cannot be decoded as a driver-card file (with a reason)'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, deps }) {
    if (!isJsonContentType(request.headers.get('content-type'))) {
      throw new HttpProblem(415, 'unsupported_media_type', 'POST requests must have the content type application/json.');
    }
    const body = await readJsonBody(request, deps.maxPayloadBytes);
    const validate = strictValidator(schemas.parseRequestSchema);
    if (!validate(body)) {
      const first = validate.errors![0]!;
      const field = erroredProperty(first);
      throw invalidPayload(field ? `Field ${field} ${describeError(first)}.` : 'The request body must be a JSON object.');
    }
    const fields = body as { file_name?: string | null; content_base64: string; archive_id?: string | null };
    const content = decodeBase64Strict(fields.content_base64);
    if (!content) throw invalidPayload('Field content_base64 is not valid base64.');
    // the one text rule (core/domain/text.ts): an identifier is refused, never silently changed (two ids would
    // become one); a file name, only displayed, is kept readable with U+FFFD in place of what breaks the rule
    if (fields.archive_id && hasUnsafeText(fields.archive_id)) {
      throw invalidPayload('Field archive_id must not contain control characters or unpaired surrogates.');
    }
    const result = await deps.imports.parse({
      file_name: sanitizeText(baseFileName(fields.file_name)),
      content,
      archive_id: fields.archive_id ?? null,
    });
    return { status: 200, body: parseResultToResponse(result) };
  },
};

const anonymizeRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/anonymize',
  operationId: 'anonymizeDriverCard',
  summary: 'Anonymize a driver-card DDD payload to share it (nothing is stored); signatures and certificates become zero bytes',
  tags: ['imports'],
  query: null,
  body: schemas.anonymizeRequestSchema,
  responses: {
    200: { description: 'the anonymized file and what was done', schema: schemas.anonymizeResponseSchema },
    400: error('invalid_payload: the body is not JSON, misses content_base64 or holds invalid base64'),
    413: error('payload_too_large: the body exceeds the configured limit'),
    415: error('unsupported_media_type: the request has no JSON content type'),
    422: error('unparseable_ddd: the content cannot be decoded as a driver-card file (with a reason)'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, deps }) {
    const body = await validJsonBody(request, deps.maxPayloadBytes, schemas.anonymizeRequestSchema);
    const fields = body as { file_name?: string | null; content_base64: string; coarsen_positions?: boolean };
    const content = decodeBase64Strict(fields.content_base64);
    if (!content) throw invalidPayload('Field content_base64 is not valid base64.');
    const result = anonymizeDdd(content, { coarsenPositions: fields.coarsen_positions === true });
    return {
      status: 200,
      body: { file_name: baseFileName(fields.file_name), content_base64: Buffer.from(result.bytes).toString('base64'), notes: result.notes },
    };
  },
};

/** A JSON request body valid under `schema` (415 / 400 invalid_payload otherwise). */
async function validJsonBody(request: Request, maxPayloadBytes: number, schema: Schema): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpProblem(415, 'unsupported_media_type', 'POST requests must have the content type application/json.');
  }
  const body = await readJsonBody(request, maxPayloadBytes);
  const validate = strictValidator(schema);
  if (!validate(body)) {
    const first = validate.errors![0]!;
    const field = erroredProperty(first);
    throw invalidPayload(field ? `Field ${field} ${describeError(first)}.` : 'The request body must be a JSON object.');
  }
  return body;
}

const healthRoute: RouteSpec = {
  method: 'GET',
  path: '/health',
  operationId: 'health',
  summary: 'Process and database readiness',
  tags: ['system'],
  query: null,
  body: null,
  responses: {
    200: { description: 'ready', schema: schemas.healthResponseSchema },
    503: { description: 'the database is not usable', schema: schemas.healthResponseSchema },
  },
  async handle({ deps }) {
    const available = await deps.health.databaseAvailable().catch(() => false);
    return available
      ? { status: 200, body: { status: 'ok', service: 'drivercard-rest', database: 'available' } }
      : { status: 503, body: { status: 'unavailable', service: 'drivercard-rest', database: 'unavailable' } };
  },
};

export const apiRoutes: readonly RouteSpec[] = [
  healthRoute,
  parseRoute,
  anonymizeRoute,
  listRoute('imports', 'listImports', 'List parsed driver-card imports (all, or those of one basis)', schemas.importsResponseSchema,
    async (deps, query) => listToResponse(await deps.queries.imports({ basis: basisFrom(query, { optional: true }), range: rangeFrom(query), page: pageFrom(query) }), importToResponse)),
  // the activity answers are written as JSON text directly (./activity-json.ts: the bytes of the mappers' objects)
  listRoute('activities', 'listActivities', 'Activity intervals', schemas.activitiesResponseSchema,
    async (deps, query) => jsonTextResponse(200, activityListText(await deps.queries.activities(rowQuery(query)), intervalTexts))),
  listRoute('events', 'listEvents', 'Card events', schemas.eventsResponseSchema,
    async (deps, query) => listToResponse(await deps.queries.events(rowQuery(query)), eventFaultToResponse)),
  listRoute('faults', 'listFaults', 'Card faults', schemas.faultsResponseSchema,
    async (deps, query) => listToResponse(await deps.queries.faults(rowQuery(query)), eventFaultToResponse)),
  listRoute('vehicles-used', 'listVehiclesUsed', 'Vehicles recorded on the card', schemas.vehiclesUsedResponseSchema,
    async (deps, query) => listToResponse(await deps.queries.vehiclesUsed(rowQuery(query)), vehicleUsedToResponse)),
  listRoute('positions', 'listPositions', 'Recorded positions', schemas.positionsResponseSchema,
    async (deps, query) => listToResponse(await deps.queries.positions(rowQuery(query)), positionToResponse)),
  {
    method: 'GET',
    path: '/api/drivercard/time-summary',
    operationId: 'timeSummary',
    summary: 'Activity totals by type (seconds)',
    tags: ['queries'],
    query: queryOf([...BASIS, ...RANGE]),
    body: null,
    responses: { 200: { description: 'totals', schema: schemas.timeSummaryResponseSchema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: timeSummaryToResponse(await deps.queries.timeSummary({ basis: basisFrom(query), range: rangeFrom(query) })) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/day-overview',
    operationId: 'dayOverview',
    summary: 'Prepared day data grouped from activity intervals (date, or a date_from/date_to range)',
    tags: ['queries'],
    query: queryOf([...BASIS, 'date', ...RANGE]),
    body: null,
    responses: { 200: { description: 'one object per day', schema: schemas.dayOverviewResponseSchema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: jsonTextResponse(200, dayOverviewText(await deps.overviews.dayOverview({ basis: basisFrom(query), range: dayRangeFrom(query) }), intervalTexts)) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/week-overview',
    operationId: 'weekOverview',
    summary: 'Prepared ISO-week data (week=YYYY-Www, or every ISO week a date_from/date_to range touches)',
    tags: ['queries'],
    query: queryOf([...BASIS, 'week', ...RANGE]),
    body: null,
    responses: { 200: { description: 'one object per ISO week', schema: schemas.weekOverviewResponseSchema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: jsonTextResponse(200, weekOverviewText(await deps.overviews.weekOverview({ basis: basisFrom(query), ...weekSelectionFrom(query) }), intervalTexts)) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/eu561/violations',
    operationId: 'eu561Violations',
    summary: 'Technical EU 561/2006 pre-check of the selected data basis (not a legal decision)',
    tags: ['eu561'],
    query: queryOf([...BASIS, ...RANGE, 'unknown_as', 'at', 'evidence', 'include_quarantined']),
    body: null,
    responses: {
      200: { description: 'the pre-check result', schema: schemas.eu561ResponseSchema },
      ...QUERY_ERRORS,
      409: error('conflicting_data (with the dates) or quarantined_data: the basis is not fit for a trusted operation'),
    },
    async handle({ deps, query }) {
      const options = {
        unknown_as: query.unknown_as as 'unknown' | 'rest' | undefined,
        at: (query.at as string | undefined) ?? null,
        evidence: query.evidence as 'full' | 'summary' | undefined,
        include_quarantined: query.include_quarantined === 'true',
      };
      return { status: 200, body: await deps.overviews.precheck({ basis: basisFrom(query), range: boundedRangeFrom(query), options }) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/working-time',
    operationId: 'workingTime',
    summary: 'Technical Working Time Directive 2002/15/EC pre-check of the selected data basis (not a legal decision)',
    tags: ['eu561'],
    query: queryOf([...BASIS, ...RANGE, 'unknown_as', 'evidence', 'reference_weeks']),
    body: null,
    responses: {
      200: { description: 'weekly working time and the Directive 2002/15/EC findings', schema: schemas.workingTimeResponseSchema },
      ...QUERY_ERRORS,
      409: error('conflicting_data (with the dates) or quarantined_data: the basis is not fit for a trusted operation'),
    },
    async handle({ deps, query }) {
      const options = {
        unknown_as: query.unknown_as as 'unknown' | 'rest' | undefined,
        evidence: query.evidence as 'full' | 'summary' | undefined,
        reference_weeks: query.reference_weeks as number | undefined,
      };
      return { status: 200, body: await deps.overviews.workingTime({ basis: basisFrom(query), range: boundedRangeFrom(query), options }) };
    },
  },
  findingsRoute,
  ...officeRoutes,
];

/** The paths the web page is served under besides its assets (documented in OpenAPI, not JSON). */
export const WEB_ROOT_PATH = '/';
export const OPENAPI_PATH = '/openapi.json';
