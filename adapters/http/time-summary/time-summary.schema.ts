/** GET /api/drivercard/time-summary: totals per activity (+ UNKNOWN), days and distance of a basis. */
import { basisDescriptionSchema, totalsSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const timeSummaryResponseSchema = {
  type: 'object',
  properties: {
    basis: basisDescriptionSchema,
    totals: totalsSchema,
    days: { type: 'integer', minimum: 0 },
    distance_km: { type: 'number', minimum: 0 },
  },
  required: ['basis', 'totals', 'days', 'distance_km'],
} as const;

export type TimeSummaryResponse = FromSchema<typeof timeSummaryResponseSchema>;
