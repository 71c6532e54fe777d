/**
 * GET /api/drivercard/readings: the readings the checks make where the regulations leave a question open
 * (core/eu561/readings.ts). The one declaration of its shape; ReadingsResponse is derived from it.
 */
import { READING_SCOPES, UNKNOWN_AS_VALUES } from '../../../core/eu561/readings.js';
import { readingSchema } from '../shared/finding.schema.js';
import type { FromSchema } from '../shared/schema-type.js';

export const readingItemSchema = {
  type: 'object',
  properties: {
    ...readingSchema.properties,
    /** the checks whose findings can depend on it: eu561 (GET …/eu561/violations), wtd (GET …/working-time) */
    checks: { type: 'array', items: { type: 'string', enum: [...READING_SCOPES] } },
  },
  required: [...readingSchema.required, 'checks'],
} as const;

export const readingsResponseSchema = {
  type: 'object',
  properties: {
    /** the card-out reading the items describe (the query's unknown_as, default gap) */
    unknown_as: { type: 'string', enum: [...UNKNOWN_AS_VALUES] },
    items: { type: 'array', items: readingItemSchema },
  },
  required: ['unknown_as', 'items'],
} as const;

export type ReadingsResponse = FromSchema<typeof readingsResponseSchema>;
