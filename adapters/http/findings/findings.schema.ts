/**
 * GET /api/drivercard/findings: the findings of a period (core/use-cases/findings-of-period.ts) in the list
 * envelope. An item is a pre-check or working-time finding as those endpoints answer it (../shared/finding.schema.ts,
 * with the rules of both checks), plus `source` (which check drew it: `eu561` or `wtd`) and `review_status` (the
 * office's follow-up; OPEN when never reviewed).
 */
import { RULE_NAMES } from '../../../core/eu561/types.js';
import { WTD_RULE_NAMES } from '../../../core/wtd/working-time.js';
import { REVIEW_STATUSES } from '../../../core/ports/finding-reviews.js';
import { FINDING_SOURCES } from '../../../core/use-cases/findings-of-period.js';
import { readingsSchema, untrustedFindingSchema } from '../shared/finding.schema.js';
import { basisDescriptionSchema, nullableDate } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const finding = untrustedFindingSchema([...RULE_NAMES, ...WTD_RULE_NAMES] as const);

export const findingItemSchema = {
  type: 'object',
  properties: {
    ...finding.properties,
    source: { type: 'string', enum: [...FINDING_SOURCES] },
    review_status: { type: 'string', enum: [...REVIEW_STATUSES] },
  },
  required: [...finding.required, 'source', 'review_status'],
} as const;

export const findingsResponseSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: findingItemSchema },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    conflicts: { type: 'array', items: { type: 'string' } },
    date_from: nullableDate,
    date_to: nullableDate,
    /** the first day the rules read as context (the weeks before the period) */
    context_from: nullableDate,
    /** the readings in force of both checks (GET /api/drivercard/readings) */
    readings: readingsSchema,
    /** a card basis: the card's quarantined imports left out (present when there are any) */
    left_out_imports: basisDescriptionSchema.properties.left_out_imports,
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts', 'date_from', 'date_to', 'context_from', 'readings'],
} as const;

export type PeriodFindingResponse = FromSchema<typeof findingItemSchema>;
export type FindingsResponse = FromSchema<typeof findingsResponseSchema>;
