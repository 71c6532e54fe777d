/** GET /api/drivercard/week-overview: one object per ISO week (its seven days and totals). */
import { dayObjectSchema } from '../day-overview/day-overview.schema.js';
import { dateSchema, ISO_WEEK_PATTERN, totalsSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const weekObjectSchema = {
  type: 'object',
  properties: {
    week: { type: 'string', pattern: ISO_WEEK_PATTERN },
    start_date: dateSchema,
    end_date: dateSchema,
    days: { type: 'array', items: dayObjectSchema, minItems: 7, maxItems: 7 },
    totals: totalsSchema,
  },
  required: ['week', 'start_date', 'end_date', 'days', 'totals'],
} as const;

export const weekOverviewResponseSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: weekObjectSchema },
    conflicts: { type: 'array', items: dateSchema },
  },
  required: ['items', 'conflicts'],
} as const;

export type WeekObjectResponse = FromSchema<typeof weekObjectSchema>;
export type WeekOverviewResponseBody = FromSchema<typeof weekOverviewResponseSchema>;
