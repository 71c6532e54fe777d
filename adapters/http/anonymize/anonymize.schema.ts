/** POST /api/drivercard/anonymize: the request body and the answer (the anonymized file and what was done). */
import { nullableString } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const anonymizeRequestSchema = {
  type: 'object',
  properties: {
    file_name: { type: ['string', 'null'], maxLength: 255 },
    content_base64: { type: 'string' },
    coarsen_positions: { type: 'boolean' },
  },
  required: ['content_base64'],
  additionalProperties: false,
} as const;

export const anonymizeResponseSchema = {
  type: 'object',
  properties: {
    file_name: nullableString,
    content_base64: { type: 'string', description: 'the anonymized file: same size and layout as the one sent' },
    notes: { type: 'array', items: { type: 'string' }, description: 'what was replaced, one sentence each' },
  },
  required: ['file_name', 'content_base64', 'notes'],
  additionalProperties: false,
} as const;

export type AnonymizeRequest = FromSchema<typeof anonymizeRequestSchema>;
export type AnonymizeResponse = FromSchema<typeof anonymizeResponseSchema>;
