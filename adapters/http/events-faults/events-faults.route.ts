/** GET /api/drivercard/events and GET /api/drivercard/faults. */
import { listRoute, rowQuery } from '../shared/list-route.js';
import { listToResponse } from '../shared/list.mapper.js';
import { eventsResponseSchema, faultsResponseSchema } from './events-faults.schema.js';
import { eventFaultToResponse } from './events-faults.mapper.js';

export const eventsRoute = listRoute('events', 'listEvents', 'Card events', eventsResponseSchema, async (deps, query) =>
  listToResponse(await deps.queries.events(rowQuery(query)), eventFaultToResponse),
);

export const faultsRoute = listRoute('faults', 'listFaults', 'Card faults', faultsResponseSchema, async (deps, query) =>
  listToResponse(await deps.queries.faults(rowQuery(query)), eventFaultToResponse),
);
