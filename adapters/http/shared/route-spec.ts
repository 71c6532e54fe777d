/**
 * What a route of the table (../routes.ts) is: its method and path, query and body schemas, answers and handler.
 * The app (../app.ts) mounts exactly these; the OpenAPI document (../openapi.ts) is generated from exactly these.
 */
import type { HttpAppDependencies } from '../ports.js';
import { errorResponseSchema } from './error.schema.js';
import { querySchema, type QueryParameterName, type QueryValues } from './query.schema.js';
import type { Schema } from './schema-parts.js';

export interface RouteContext {
  request: Request;
  url: URL;
  query: QueryValues;
  deps: HttpAppDependencies;
}

export interface RouteResult {
  status: number;
  body: unknown;
  /** a 201's Location: the path the created record is read back from */
  location?: string;
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
  /** a POST that creates and takes the Idempotency-Key header (./idempotency.ts) */
  idempotencyKey?: true;
  handle(context: RouteContext): Promise<RouteResult>;
}

/** A route's accepted query parameters (`required` among them marked so) with the schema validating them. */
export function queryOf(
  names: readonly QueryParameterName[],
  required: readonly QueryParameterName[] = [],
): NonNullable<RouteSpec['query']> {
  return { names, schema: querySchema(names, required) };
}

/** An error answer of the contract (`{error, message}`), described for OpenAPI. */
export const errorResponse = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });

/** The error answers of every query endpoint. */
export const QUERY_ERRORS = {
  400: errorResponse('invalid_filter: a query parameter is missing, malformed or not recognised'),
  404: errorResponse('not_found: the import, archive or card is not known'),
  500: errorResponse('internal_error, with a correlation_id the REST log carries too'),
};

/** The refusal of a trusted operation (the pre-checks). */
export const TRUSTED_BASIS_ERROR = {
  409: errorResponse(
    'conflicting_data (with the dates) or quarantined_data: the basis is not fit for a trusted operation',
  ),
};
