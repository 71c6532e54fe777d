/** GET /api/drivercard/day-overview: one object per day (its intervals, totals, distance and vehicles). */
import { activityRowSchema } from '../activities/activities.schema.js';
import {
  dateSchema,
  nullableNumber,
  nullableString,
  registrationSchema,
  totalsSchema,
} from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const dayObjectSchema = {
  type: 'object',
  properties: {
    date: dateSchema,
    card_number: nullableString,
    intervals: { type: 'array', items: activityRowSchema },
    totals: totalsSchema,
    distance_km: nullableNumber,
    vehicles: { type: 'array', items: registrationSchema },
  },
  required: ['date', 'card_number', 'intervals', 'totals', 'distance_km', 'vehicles'],
} as const;

export const dayOverviewResponseSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: dayObjectSchema }, conflicts: { type: 'array', items: dateSchema } },
  required: ['items', 'conflicts'],
} as const;

export type DayObjectResponse = FromSchema<typeof dayObjectSchema>;
export type DayOverviewResponseBody = FromSchema<typeof dayOverviewResponseSchema>;
