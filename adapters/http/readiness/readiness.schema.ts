/** The answer of GET /api/drivercard/drivers/readiness (the one declaration of its shape). */
import { dateSchema, type Schema } from '../shared/schema-parts.js';

export const readinessResponseSchema: Schema = {
  type: 'object',
  properties: {
    card_number: { type: 'string' },
    at: dateSchema,
    date_from: dateSchema,
    date_to: dateSchema,
    days: { type: 'integer' },
    card_days: { type: 'integer' },
    otherwise_covered_days: { type: 'integer' },
    missing_count: { type: 'integer' },
    missing_days: {
      type: 'array',
      items: {
        type: 'object',
        properties: { date: dateSchema, reason: { type: 'string', enum: ['no_record', 'card_out'] } },
        required: ['date', 'reason'],
        additionalProperties: false,
      },
    },
    other_records_considered: { type: 'boolean' },
  },
  required: [
    'card_number',
    'at',
    'date_from',
    'date_to',
    'days',
    'card_days',
    'otherwise_covered_days',
    'missing_count',
    'missing_days',
    'other_records_considered',
  ],
  additionalProperties: false,
};
