/**
 * GET /api/drivercard/changes: one change (kinds and actions from core/ports/change-feed.ts) and the page of them
 * with the cursor to send next.
 */
import { CHANGE_ACTIONS, CHANGE_KINDS } from '../../../core/ports/change-feed.js';
import { REVIEW_STATUSES } from '../../../core/reviews/review-status.js';
import { nullableString, timestampSchema } from '../shared/schema-parts.js';
import { queryParameterSchemas } from '../shared/query.schema.js';
import type { FromSchema } from '../shared/schema-type.js';

const cursor = queryParameterSchemas.since;

export const changeSchema = {
  type: 'object',
  description:
    'a record as of its latest change: an import or annotation is listed once, at its latest change; every review of a finding is a change of its own',
  properties: {
    change: { ...cursor, description: 'the change number as a cursor: polling with it lists only later changes' },
    kind: { type: 'string', enum: [...CHANGE_KINDS], description: 'the record changed' },
    action: {
      type: 'string',
      enum: [...CHANGE_ACTIONS],
      description:
        'import: imported, withdrawn or restored; annotation: created or withdrawn; finding_review: reviewed',
    },
    id: { type: 'string', description: 'the import_id, annotation_id or finding_id' },
    card_number: {
      ...nullableString,
      description: 'the card of an import or annotation (null: a vehicle unit, a review)',
    },
    vin: { ...nullableString, description: 'the vehicle of a vehicle-unit import (null otherwise)' },
    at: { ...timestampSchema, description: 'when the change was made (UTC)' },
    status: {
      type: ['string', 'null'],
      enum: [...REVIEW_STATUSES, null],
      description: "finding_review: the finding's review status after the change; null for the other kinds",
    },
  },
  required: ['change', 'kind', 'action', 'id', 'card_number', 'vin', 'at', 'status'],
} as const;

export const changesResponseSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: changeSchema, description: 'the changes after the cursor, oldest first' },
    limit: { type: 'integer', minimum: 1, maximum: 5000, description: 'the page size asked for (count)' },
    next_cursor: {
      ...cursor,
      description: 'the since of the next poll: the last change listed, or the cursor sent when none is',
    },
    has_more: { type: 'boolean', description: 'true: more changes are waiting, poll again at once with next_cursor' },
  },
  required: ['items', 'limit', 'next_cursor', 'has_more'],
} as const;

export type ChangeResponse = FromSchema<typeof changeSchema>;
export type ChangesResponse = FromSchema<typeof changesResponseSchema>;
