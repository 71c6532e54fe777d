/**
 * What only the vehicle knows, across cards (core/use-cases/vehicle-unit-analysis.ts), one route each under
 * /api/drivercard/vehicle-units/: driving-without-card, card-mismatches, unaccounted-km, overspeeding-by-driver.
 * Each takes `vin`, or `registration` (with an optional `nation`), or neither (every vehicle unit of the fleet),
 * `date_from`/`date_to` and a page, and answers in the list envelope.
 */
import type {
  AnalysisQuery,
  VehicleSelection,
  VehicleUnitAnalysis,
} from '../../../core/use-cases/vehicle-unit-analysis.js';
import type { HttpAppDependencies } from '../ports.js';
import { HttpProblem, invalidFilter } from '../shared/problem.js';
import { pageFrom, rangeFrom, type QueryValues } from '../shared/query-params.js';
import { PAGE, RANGE } from '../shared/query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import type { Schema } from '../shared/schema-parts.js';
import {
  cardMismatchesToResponse,
  drivingWithoutCardToResponse,
  overspeedingByDriverToResponse,
  unaccountedKmToResponse,
} from './vehicle-analysis.mapper.js';
import {
  cardMismatchesResponseSchema,
  drivingWithoutCardResponseSchema,
  overspeedingByDriverResponseSchema,
  unaccountedKmResponseSchema,
} from './vehicle-analysis.schema.js';

function analysisOf(deps: HttpAppDependencies): VehicleUnitAnalysis {
  if (!deps.vehicleUnitAnalysis)
    throw new HttpProblem(404, 'not_found', 'The vehicle-unit analyses are not available in this service.');
  return deps.vehicleUnitAnalysis;
}

/** at most one of vin or registration (nation only with registration); neither: the whole fleet */
function selectionFrom(query: QueryValues): VehicleSelection {
  const { vin, registration, nation } = query;
  if (vin !== undefined && registration !== undefined)
    throw invalidFilter('registration,vin', 'Give at most one of registration or vin.');
  if (nation !== undefined && registration === undefined)
    throw invalidFilter('nation', 'Query parameter nation goes with registration.');
  if (vin !== undefined) {
    if (vin.trim() === '') throw invalidFilter('vin', 'Query parameter vin must not be blank.');
    return { kind: 'vin', vin: vin.trim() };
  }
  if (registration !== undefined) {
    if (registration.trim() === '')
      throw invalidFilter('registration', 'Query parameter registration must not be blank.');
    return { kind: 'registration', number: registration.trim(), nation: nation?.trim().toUpperCase() ?? null };
  }
  return { kind: 'fleet' };
}

const analysisQuery = (query: QueryValues): AnalysisQuery => ({
  vehicles: selectionFrom(query),
  range: rangeFrom(query),
  page: pageFrom(query),
});

function analysisRoute(
  name: string,
  operationId: string,
  summary: string,
  schema: Schema,
  run: (analysis: VehicleUnitAnalysis, query: AnalysisQuery) => Promise<unknown>,
): RouteSpec {
  return {
    method: 'GET',
    path: `/api/drivercard/vehicle-units/${name}`,
    operationId,
    summary,
    tags: ['vehicles'],
    query: queryOf(['vin', 'registration', 'nation', ...RANGE, ...PAGE]),
    body: null,
    responses: { 200: { description: 'a page of rows in the list envelope', schema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      const request = analysisQuery(query);
      return { status: 200, body: await run(analysisOf(deps), request) };
    },
  };
}

export const vehicleAnalysisRoutes: readonly RouteSpec[] = [
  analysisRoute(
    'driving-without-card',
    'vehicleUnitDrivingWithoutCard',
    'Every interval a VU recorded DRIVING in a slot with no card, its distance where odometer readings bound it, and the insertions before and after',
    drivingWithoutCardResponseSchema,
    async (a, q) => drivingWithoutCardToResponse(await a.drivingWithoutCard(q)),
  ),
  analysisRoute(
    'card-mismatches',
    'vehicleUnitCardMismatches',
    "Card insertions a VU recorded that the imported card's own vehicle records lack or contradict",
    cardMismatchesResponseSchema,
    async (a, q) => cardMismatchesToResponse(await a.cardMismatches(q)),
  ),
  analysisRoute(
    'unaccounted-km',
    'vehicleUnitUnaccountedKm',
    "Kilometres driven with no card, per vehicle: from the VU's odometer and insertions where its downloads reach, from the cards elsewhere",
    unaccountedKmResponseSchema,
    async (a, q) => unaccountedKmToResponse(await a.unaccountedKm(q)),
  ),
  analysisRoute(
    'overspeeding-by-driver',
    'vehicleUnitOverspeedingByDriver',
    'The VUs’ overspeeding events per card in the driver slot at the time',
    overspeedingByDriverResponseSchema,
    async (a, q) => overspeedingByDriverToResponse(await a.overspeedingByDriver(q)),
  ),
];
