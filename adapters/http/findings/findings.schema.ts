/**
 * GET /api/drivercard/findings: the findings of a period (core/use-cases/findings-of-period.ts) in the list
 * envelope. An item is a pre-check or working-time finding as those endpoints answer it, plus `source` (which
 * check drew it: `eu561` or `wtd`) and `review_status` (the office's follow-up; OPEN when never reviewed).
 */
import { eu561ResponseSchema, workingTimeResponseSchema } from '../precheck-schemas.js';
import type { Schema } from '../schema-parts.js';
import { REVIEW_STATUSES } from '../../../core/ports/finding-reviews.js';
import { FINDING_SOURCES } from '../../../core/use-cases/findings-of-period.js';

type ItemSchema = { properties: Record<string, Schema & { enum?: unknown[] }>; required: string[] };
const itemOf = (response: Schema): ItemSchema => (response.properties as { violations: { items: ItemSchema } }).violations.items;

const eu561Item = itemOf(eu561ResponseSchema);
const wtdItem = itemOf(workingTimeResponseSchema);

export const findingItemSchema: Schema = {
  type: 'object',
  properties: {
    ...eu561Item.properties,
    rule: { type: 'string', enum: [...eu561Item.properties.rule!.enum!, ...wtdItem.properties.rule!.enum!] },
    source: { type: 'string', enum: [...FINDING_SOURCES] },
    review_status: { type: 'string', enum: [...REVIEW_STATUSES] },
    finding_id: { type: 'string' },
  },
  required: [...eu561Item.required, 'source', 'review_status'],
};

export const findingsResponseSchema: Schema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: findingItemSchema },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    conflicts: { type: 'array', items: { type: 'string' } },
    date_from: { type: ['string', 'null'] },
    date_to: { type: ['string', 'null'] },
    context_from: { type: ['string', 'null'] },
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts', 'date_from', 'date_to', 'context_from'],
};
