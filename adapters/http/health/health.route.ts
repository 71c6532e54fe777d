/** GET /health: 200 when the database is usable, 503 otherwise. */
import type { RouteSpec } from '../shared/route-spec.js';
import { healthResponseSchema, type HealthResponse } from './health.schema.js';

const READY: HealthResponse = { status: 'ok', service: 'drivercard-rest', database: 'available' };
const UNAVAILABLE: HealthResponse = { status: 'unavailable', service: 'drivercard-rest', database: 'unavailable' };

export const healthRoute: RouteSpec = {
  method: 'GET',
  path: '/health',
  operationId: 'health',
  summary: 'Process and database readiness',
  tags: ['system'],
  query: null,
  body: null,
  responses: {
    200: { description: 'ready', schema: healthResponseSchema },
    503: { description: 'the database is not usable', schema: healthResponseSchema },
  },
  async handle({ deps }) {
    const available = await deps.health.databaseAvailable().catch(() => false);
    return available ? { status: 200, body: READY } : { status: 503, body: UNAVAILABLE };
  },
};
