/** POST /api/drivercard/parse: decode a driver-card file; store the import or reuse an identical one. */
import { hasUnsafeText, sanitizeText } from '../../../core/domain/text.js';
import { baseFileName, contentOf, validJsonBody } from '../shared/json-body.js';
import { invalidPayload } from '../shared/problem.js';
import { errorResponse, type RouteSpec } from '../shared/route-spec.js';
import { parseRequestSchema, parseResponseSchema, type ParseRequest } from './parse.schema.js';
import { parseResultToResponse } from './parse.mapper.js';

export const parseRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/parse',
  operationId: 'parseDriverCard',
  summary:
    'Parse a DDD payload (a driver card or a vehicle unit); persist the import or reuse an identical one (idempotent by content hash)',
  tags: ['imports'],
  query: null,
  body: parseRequestSchema,
  responses: {
    200: {
      description: 'the import (reused: true when an identical payload had been imported before)',
      schema: parseResponseSchema,
    },
    400: errorResponse('invalid_payload: the body is not JSON, misses content_base64 or holds invalid base64'),
    409: errorResponse('archive_conflict: the archive_id already holds different content'),
    413: errorResponse('payload_too_large: the body exceeds the configured limit'),
    415: errorResponse('unsupported_media_type: the request has no JSON content type'),
    422: errorResponse(
      'unparseable_ddd: the content cannot be decoded as a driver-card or vehicle-unit download (with a reason)',
    ),
    500: errorResponse('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, deps }) {
    const fields = await validJsonBody<ParseRequest>(request, deps.maxPayloadBytes, parseRequestSchema);
    const content = contentOf(fields);
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
