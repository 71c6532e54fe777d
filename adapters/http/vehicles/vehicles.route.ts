/**
 * Vehicles across cards: GET /api/drivercard/vehicles (every vehicle any imported card used, paged) and
 * GET /api/drivercard/vehicles/mileage (one vehicle's uses of every card with unaccounted and inconsistent segments).
 */
import type { FleetChecks } from '../../../core/use-cases/fleet-checks.js';
import type { VehicleKey } from '../../../core/ports/import-store.js';
import { HttpProblem, invalidFilter } from '../shared/problem.js';
import type { HttpAppDependencies } from '../ports.js';
import { pageFrom, rangeFrom, type QueryValues } from '../shared/query-params.js';
import { QUERY_ERRORS, queryOf } from '../shared/route-spec.js';
import type { RouteSpec } from '../shared/route-spec.js';
import { mileageToResponse, vehicleListToResponse } from './vehicles.mapper.js';
import { vehicleListResponseSchema, vehicleMileageResponseSchema } from './vehicles.schema.js';

export function fleetChecksOf(deps: HttpAppDependencies): FleetChecks {
  if (!deps.fleetChecks) throw new HttpProblem(404, 'not_found', 'The fleet checks are not available in this service.');
  return deps.fleetChecks;
}

/** exactly one of registration (with an optional nation) or vin; values are never echoed */
function vehicleKeyFrom(query: QueryValues): VehicleKey {
  const registration = query.registration as string | undefined;
  const vin = query.vin as string | undefined;
  if ((registration === undefined) === (vin === undefined))
    throw invalidFilter('registration,vin', 'Exactly one of registration or vin is required.');
  if (vin !== undefined) {
    if (query.nation !== undefined)
      throw invalidFilter('nation', 'Query parameter nation goes with registration, not vin.');
    if (vin.trim() === '') throw invalidFilter('vin', 'Query parameter vin must not be blank.');
    return { kind: 'vin', value: vin.trim() };
  }
  if (registration!.trim() === '')
    throw invalidFilter('registration', 'Query parameter registration must not be blank.');
  return {
    kind: 'registration',
    number: registration!.trim(),
    nation: (query.nation as string | undefined)?.trim().toUpperCase() ?? null,
  };
}

export const vehicleRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/vehicles',
    operationId: 'listVehicles',
    summary: 'Every vehicle any imported card used (by registration, with VINs, cards, periods and unaccounted km)',
    tags: ['fleet'],
    query: queryOf(['date_from', 'date_to', 'limit', 'offset']),
    body: null,
    responses: {
      200: { description: 'a page of vehicles in the list envelope', schema: vehicleListResponseSchema },
      ...QUERY_ERRORS,
    },
    async handle({ deps, query }) {
      const list = await fleetChecksOf(deps).vehicles.list({ page: pageFrom(query), range: rangeFrom(query) });
      return { status: 200, body: vehicleListToResponse(list) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/vehicles/mileage',
    operationId: 'vehicleMileage',
    summary:
      "A vehicle's uses on every imported card in time order, with unaccounted and inconsistent odometer segments",
    tags: ['fleet'],
    query: queryOf(['registration', 'nation', 'vin', 'date_from', 'date_to']),
    body: null,
    responses: {
      200: {
        description: 'the vehicles matching (a registration may exist under several nations)',
        schema: vehicleMileageResponseSchema,
      },
      ...QUERY_ERRORS,
    },
    async handle({ deps, query }) {
      const vehicles = await fleetChecksOf(deps).vehicles.mileage({
        key: vehicleKeyFrom(query),
        range: rangeFrom(query),
      });
      if (vehicles.length === 0)
        throw new HttpProblem(404, 'not_found', 'No imported card used the vehicle asked for.');
      return { status: 200, body: mileageToResponse(vehicles) };
    },
  },
];
