/** GET /health: process and database readiness. */
import type { FromSchema } from '../shared/schema-type.js';

export const healthResponseSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    service: { type: 'string', const: 'drivercard-rest' },
    database: { type: 'string', enum: ['available', 'unavailable'] },
  },
  required: ['status', 'service', 'database'],
} as const;

export type HealthResponse = FromSchema<typeof healthResponseSchema>;
