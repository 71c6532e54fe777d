/**
 * GET /api/drivercard/drivers and /drivers/summary: the fleet overview's answers. Its query parameters are in
 * ../shared/query.schema.ts with every other parameter.
 */
import { count } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';
import { fleetRowProperties, fleetRowRequired } from './fleet-row.fields.js';

/** A fleet row: its properties and required list come from the fields' declaration (./fleet-row.fields.ts). */
export const fleetRowSchema = {
  type: 'object',
  properties: fleetRowProperties,
  required: fleetRowRequired,
} as const;

export const fleetListResponseSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: fleetRowSchema },
    total: count,
    limit: { type: 'integer', minimum: 1, maximum: 5000 },
    offset: count,
    conflicts: { type: 'array', maxItems: 0 },
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts'],
} as const;

export const fleetSummaryResponseSchema = {
  type: 'object',
  properties: {
    drivers: count,
    overdue: count,
    expiring_30d: count,
    expired: count,
    with_infringements: count,
    not_evaluated: count,
  },
  required: ['drivers', 'overdue', 'expiring_30d', 'expired', 'with_infringements', 'not_evaluated'],
} as const;

export type FleetRowResponse = FromSchema<typeof fleetRowSchema>;
export type FleetSummaryResponse = FromSchema<typeof fleetSummaryResponseSchema>;
