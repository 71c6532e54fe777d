/**
 * Vehicle-unit downloads: GET /api/drivercard/vehicle-units (one row per VIN) and the VU's rows
 * (/vehicle-units/activities, /card-insertions, /events, /faults, /overspeeding, /calibrations, /positions, /speed),
 * each in the list envelope, selected by exactly one of vin, registration (with an optional nation) or import_id
 * (the fleet list: optional), with date_from/date_to on the rows.
 */
import { vehicleUnitDueFields } from '../vehicle-analysis/vehicle-analysis.mapper.js';
import type { VehicleUnitAnalysis } from '../../../core/use-cases/vehicle-unit-analysis.js';
import type { VehicleUnitRecord } from '../../../core/ports/vehicle-unit-store.js';
import type {
  VehicleUnitQueries,
  VehicleUnitSelection,
  VuRowList,
} from '../../../core/use-cases/vehicle-unit-queries.js';
import { HttpProblem, invalidFilter } from '../shared/problem.js';
import type { HttpAppDependencies } from '../ports.js';
import { pageFrom, rangeFrom, type QueryValues } from '../shared/query-params.js';
import { PAGE, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import type { Schema } from '../shared/schema-parts.js';
import { listToResponse } from '../shared/list.mapper.js';
import { vehicleUnitToResponse } from './vehicle-units.mapper.js';
import {
  calibrationsResponseSchema,
  cardInsertionsResponseSchema,
  overspeedingResponseSchema,
  vehicleUnitsResponseSchema,
  vuActivitiesResponseSchema,
  vuEventsResponseSchema,
  vuPositionsResponseSchema,
  vuSpeedResponseSchema,
} from './vehicle-units.schema.js';

const SELECTION = ['vin', 'registration', 'nation', 'import_id'] as const;

function vehicleUnitsOf(deps: HttpAppDependencies): VehicleUnitQueries {
  if (!deps.vehicleUnits)
    throw new HttpProblem(404, 'not_found', 'The vehicle units are not available in this service.');
  return deps.vehicleUnits;
}

function analysisOf(deps: HttpAppDependencies): VehicleUnitAnalysis {
  if (!deps.vehicleUnitAnalysis)
    throw new HttpProblem(404, 'not_found', 'The vehicle units are not available in this service.');
  return deps.vehicleUnitAnalysis;
}

/** A text parameter trimmed, refused when blank; undefined when absent. Values are never echoed. */
function textOf(query: QueryValues, name: 'vin' | 'registration' | 'nation' | 'import_id'): string | undefined {
  const value = query[name] as string | undefined;
  if (value === undefined) return undefined;
  if (value.trim() === '') throw invalidFilter(name, `Query parameter ${name} must not be blank.`);
  return value.trim();
}

/** Exactly one of vin, registration (nation only with it) or import_id; none: null when `optional`. */
export function selectionFrom(query: QueryValues, optional: boolean): VehicleUnitSelection | null {
  const vin = textOf(query, 'vin');
  const registration = textOf(query, 'registration');
  const importId = textOf(query, 'import_id');
  const nation = textOf(query, 'nation');
  const given = [vin, registration, importId].filter((v) => v !== undefined).length;
  if (given > 1 || (given === 0 && !optional))
    throw invalidFilter('vin,registration,import_id', 'Exactly one of vin, registration or import_id is required.');
  if (nation !== undefined && registration === undefined)
    throw invalidFilter('nation', 'Query parameter nation goes with registration.');
  if (vin !== undefined) return { kind: 'vin', value: vin.toUpperCase() };
  if (registration !== undefined)
    return { kind: 'registration', number: registration, nation: nation?.toUpperCase() ?? null };
  if (importId !== undefined) return { kind: 'import_id', value: importId };
  return null;
}

function rowsRoute(name: string, list: VuRowList, summary: string, schema: Schema): RouteSpec {
  return {
    method: 'GET',
    path: `/api/drivercard/vehicle-units/${name}`,
    operationId: `listVehicleUnit${name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`,
    summary,
    tags: ['vehicle units'],
    query: queryOf([...SELECTION, ...RANGE, ...PAGE]),
    body: null,
    responses: { 200: { description: 'a page of rows in the list envelope', schema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      const selection = selectionFrom(query, false)!;
      const rows = await vehicleUnitsOf(deps).rows(list, selection, rangeFrom(query), pageFrom(query));
      return { status: 200, body: rows };
    },
  };
}

export const vehicleUnitRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/vehicle-units',
    operationId: 'listVehicleUnits',
    summary: 'The vehicles whose VU downloads are stored: one row per VIN with its newest download',
    tags: ['vehicle units'],
    query: queryOf([...SELECTION, ...PAGE]),
    body: null,
    responses: {
      200: { description: 'a page of vehicles in the list envelope', schema: vehicleUnitsResponseSchema },
      ...QUERY_ERRORS,
    },
    async handle({ deps, query }) {
      const list = await vehicleUnitsOf(deps).vehicleUnits(selectionFrom(query, true), pageFrom(query));
      const analysis = analysisOf(deps);
      // the due dates and overdue flags at the service's clock (core/vehicle-units/due-dates.ts)
      const row = (record: VehicleUnitRecord) => ({
        ...vehicleUnitToResponse(record),
        ...vehicleUnitDueFields(analysis, record),
      });
      return { status: 200, body: listToResponse(list, row) };
    },
  },
  rowsRoute('activities', 'activities', "The VU's activities per slot, day by day", vuActivitiesResponseSchema),
  rowsRoute('card-insertions', 'cardInsertions', 'The card insertions the VU recorded', cardInsertionsResponseSchema),
  rowsRoute('events', 'events', 'The events the VU recorded', vuEventsResponseSchema),
  rowsRoute('faults', 'faults', 'The faults the VU recorded', vuEventsResponseSchema),
  rowsRoute('overspeeding', 'overspeeding', 'The overspeeding events the VU recorded', overspeedingResponseSchema),
  rowsRoute('calibrations', 'calibrations', "The VU's calibrations", calibrationsResponseSchema),
  rowsRoute('positions', 'positions', 'The places and positions the VU recorded', vuPositionsResponseSchema),
  rowsRoute('speed', 'speed', 'The detailed speed: one row per minute, 60 speeds in km/h', vuSpeedResponseSchema),
];
