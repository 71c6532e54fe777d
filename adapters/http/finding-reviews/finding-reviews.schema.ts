/** JSON Schemas of the review routes: the review request and the history answer (with chain_valid). */
import { REVIEW_STATUSES } from '../../../core/reviews/review-status.js';
import { nullableInteger, nullableString, timestampSchema, type Schema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const status = { type: 'string', enum: REVIEW_STATUSES } as const;
const sha256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

export const reviewRequestSchema: Schema = {
  type: 'object',
  properties: {
    status,
    note: { type: ['string', 'null'], maxLength: 2000 },
    author: { type: 'string', minLength: 1, maxLength: 200 },
    card_number: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: 64,
      description:
        'optional: the card whose checks draw the finding (the card a page shows it for). The first review of a finding looks at that card alone instead of every card of the fleet; an id the card does not draw is still looked for in the whole fleet, so a wrong card costs time, never a wrong answer.',
    },
  },
  required: ['status', 'author'],
  additionalProperties: false,
};

export const reviewHistorySchema = {
  type: 'object',
  properties: {
    finding_id: { type: 'string' },
    status,
    chain_valid: { type: 'boolean' },
    first_broken_seq: nullableInteger,
    broken_reason: nullableString,
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          seq: { type: 'integer', minimum: 1 },
          previous_status: status,
          status,
          note: nullableString,
          author: { type: 'string' },
          at: timestampSchema,
          prev_hash: sha256,
          hash: sha256,
        },
        required: ['seq', 'previous_status', 'status', 'note', 'author', 'at', 'prev_hash', 'hash'],
      },
    },
  },
  required: ['finding_id', 'status', 'chain_valid', 'first_broken_seq', 'broken_reason', 'entries'],
} as const;

export type ReviewHistoryResponse = FromSchema<typeof reviewHistorySchema>;
