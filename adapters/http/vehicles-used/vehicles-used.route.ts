/** GET /api/drivercard/vehicles-used. */
import { listRoute, rowQuery } from '../shared/list-route.js';
import { listToResponse } from '../shared/list.mapper.js';
import { vehiclesUsedResponseSchema } from './vehicles-used.schema.js';
import { vehicleUsedToResponse } from './vehicles-used.mapper.js';

export const vehiclesUsedRoute = listRoute(
  'vehicles-used',
  'listVehiclesUsed',
  'Vehicles recorded on the card',
  vehiclesUsedResponseSchema,
  async (deps, query) => listToResponse(await deps.queries.vehiclesUsed(rowQuery(query)), vehicleUsedToResponse),
);
