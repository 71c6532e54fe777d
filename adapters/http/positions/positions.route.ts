/** GET /api/drivercard/positions. */
import { listRoute, rowQuery } from '../shared/list-route.js';
import { listToResponse } from '../shared/list.mapper.js';
import { positionsResponseSchema } from './positions.schema.js';
import { positionToResponse } from './positions.mapper.js';

export const positionsRoute = listRoute(
  'positions',
  'listPositions',
  'Recorded positions',
  positionsResponseSchema,
  async (deps, query) => listToResponse(await deps.queries.positions(rowQuery(query)), positionToResponse),
);
