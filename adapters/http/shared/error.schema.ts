/** The contract's error answer `{error, message}` (with the fields some codes add). */
import { dateSchema, stringList } from './schema-parts.js';
import type { FromSchema } from './schema-type.js';

export const errorResponseSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_payload',
        'invalid_filter',
        'unsupported_media_type',
        'not_found',
        'method_not_allowed',
        'misdirected_request',
        'conflicting_data',
        'quarantined_data',
        'archive_conflict',
        'payload_too_large',
        'unparseable_ddd',
        'service_busy',
        'database_unavailable',
        'internal_error',
      ],
    },
    message: { type: 'string', minLength: 1 },
    parameter: { type: 'string' },
    reason: { type: 'string' },
    dates: { type: 'array', items: dateSchema },
    import_ids: stringList,
    correlation_id: { type: 'string' },
  },
  required: ['error', 'message'],
} as const;

export type ErrorResponse = FromSchema<typeof errorResponseSchema>;
