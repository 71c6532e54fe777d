/** POST /api/drivercard/anonymize: an anonymized copy of a driver-card file to share (nothing is stored). */
import { anonymizeDdd } from '../../../core/anonymize/index.js';
import { baseFileName, contentOf, validJsonBody } from '../shared/json-body.js';
import { errorResponse, type RouteSpec } from '../shared/route-spec.js';
import {
  anonymizeRequestSchema,
  anonymizeResponseSchema,
  type AnonymizeRequest,
  type AnonymizeResponse,
} from './anonymize.schema.js';

export const anonymizeRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/anonymize',
  operationId: 'anonymizeDriverCard',
  summary:
    'Anonymize a driver-card DDD payload to share it (nothing is stored); signatures and certificates become zero bytes',
  tags: ['imports'],
  query: null,
  body: anonymizeRequestSchema,
  responses: {
    200: { description: 'the anonymized file and what was done', schema: anonymizeResponseSchema },
    400: errorResponse('invalid_payload: the body is not JSON, misses content_base64 or holds invalid base64'),
    413: errorResponse('payload_too_large: the body exceeds the configured limit'),
    415: errorResponse('unsupported_media_type: the request has no JSON content type'),
    422: errorResponse('unparseable_ddd: the content cannot be decoded as a driver-card file (with a reason)'),
    500: errorResponse('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, deps }) {
    const fields = await validJsonBody<AnonymizeRequest>(request, deps.maxPayloadBytes, anonymizeRequestSchema);
    const content = contentOf(fields);
    const result = anonymizeDdd(content, { coarsenPositions: fields.coarsen_positions === true });
    const body: AnonymizeResponse = {
      file_name: baseFileName(fields.file_name),
      content_base64: Buffer.from(result.bytes).toString('base64'),
      notes: result.notes,
    };
    return { status: 200, body };
  },
};
