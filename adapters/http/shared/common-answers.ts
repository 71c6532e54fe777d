/**
 * What the OpenAPI document says of the answers every route can give besides its own (see ../request-middleware.ts
 * and ./read-json-body.ts): 404 for an unknown id, 405 for another method on the path, 421 for a foreign Host, 500,
 * 503 with Retry-After (the database, or for a POST too many bodies in flight), 400/413/415 for a POST's body; the
 * error answers' bodies per code (./error.schema.ts); ETag / If-None-Match / 304 on the JSON GETs; Location on 201.
 */
import type { RouteSpec } from './route-spec.js';
import { ERROR_CODE_NAMES, ERROR_CODES, errorCodeSchema, type ErrorCode } from './error.schema.js';
import { IDEMPOTENCY_KEY_SCHEMA } from './idempotency.js';

type Json = Record<string, unknown>;

interface Registry {
  ref(schema: object): Json;
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers the answers name, under `components.headers`. */
export function documentHeaders(): Json {
  return {
    RetryAfter: {
      description: 'seconds to wait before retrying (503 service_busy and database_unavailable)',
      schema: { type: 'integer', minimum: 1 },
    },
    Allow: { description: 'the methods the path takes, comma-separated', schema: { type: 'string' } },
    ETag: {
      description:
        'strong entity tag of the answer bytes; send it back in If-None-Match to get 304 while nothing changed',
      schema: { type: 'string' },
    },
    Location: { description: 'where the created record can be read back', schema: { type: 'string' } },
  };
}

/** The codes an error answer of `status` may carry: those its description names, else every code of the status. */
export function codesOf(status: number, description: string): ErrorCode[] {
  const ofStatus = ERROR_CODE_NAMES.filter((code) => ERROR_CODES[code].status === status);
  const named = ofStatus.filter((code) => new RegExp(`\\b${code}\\b`).test(description));
  return named.length > 0 ? named : ofStatus;
}

/** An error answer: the body of each of its codes, by `$ref` (one of them when several). */
export function errorResponseObject(status: number, description: string, registry: Registry): Json {
  const codes = codesOf(status, description);
  const refs = codes.map((code) => registry.ref(errorCodeSchema(code)));
  const answer: Json = {
    description,
    content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { oneOf: refs } } },
  };
  if (status === 503) answer.headers = { 'Retry-After': header('RetryAfter') };
  if (status === 405) answer.headers = { Allow: header('Allow') };
  return answer;
}

const COMMON: ReadonlyArray<readonly [number, string, (route: RouteSpec) => boolean]> = [
  [400, 'invalid_payload: the body is not JSON of the documented shape', (route) => route.body !== null],
  [404, 'not_found: an id, archive or card the request names is not known', () => true],
  [405, 'method_not_allowed: the path does not take this method (Allow names those it takes)', () => true],
  [413, 'payload_too_large: the body exceeds the configured limit', (route) => route.body !== null],
  [415, 'unsupported_media_type: the request has no JSON content type', (route) => route.body !== null],
  [421, 'misdirected_request: the Host header does not name this service', () => true],
  [500, 'internal_error, with a correlation_id the REST log carries too', () => true],
  [503, 'database_unavailable: the database cannot be reached now; retry after Retry-After', () => true],
];

/** The answers every route gives besides those it declares (a declared one is kept as declared). */
export function commonResponses(route: RouteSpec, declared: Json, registry: Registry): Json {
  const added: Json = {};
  for (const [status, description, applies] of COMMON) {
    if (String(status) in declared || !applies(route)) continue;
    const text =
      status === 503 && route.method === 'POST'
        ? 'service_busy (too many request bodies in flight) or database_unavailable; retry after Retry-After'
        : description;
    added[status] = errorResponseObject(status, text, registry);
  }
  return added;
}

/** A creating POST that takes an Idempotency-Key names the header (./idempotency.ts). */
export function withIdempotencyKey(route: RouteSpec, operation: Json): Json {
  if (route.idempotencyKey !== true) return operation;
  const parameter = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      "the client's key of this request (1 to 255 visible ASCII characters): sent again with the same body, the first " +
      'answer is answered again and nothing is created; with another body, 409 idempotency_key_reused. Kept 48 h',
    schema: IDEMPOTENCY_KEY_SCHEMA,
  };
  return { ...operation, parameters: [...(operation.parameters as Json[]), parameter] };
}

/** A JSON GET answers with an ETag, and 304 to an If-None-Match naming it; a 201 says where the record is. */
export function etagged(route: RouteSpec, operation: Json): Json {
  const responses = operation.responses as Record<string, Json>;
  const json = route.responses[200] && (route.responses[200].contentType ?? 'application/json') === 'application/json';
  if (route.method === 'GET' && json) {
    responses['200'] = { ...responses['200'], headers: { ETag: header('ETag') } };
    responses['304'] = {
      description: 'not modified: If-None-Match named the ETag of the current answer (no body)',
      headers: { ETag: header('ETag') },
    };
    operation.parameters = [
      ...(operation.parameters as Json[]),
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'the ETag of an earlier answer: 304 without a body while the answer is unchanged',
        schema: { type: 'string' },
      },
    ];
  }
  if (responses['201']) responses['201'] = { ...responses['201'], headers: { Location: header('Location') } };
  return operation;
}
