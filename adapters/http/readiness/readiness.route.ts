/**
 * GET /api/drivercard/drivers/readiness?card_number=…&at=…: the days of `at` (default today) and the 56 before it
 * that the driver could not show at a roadside check (no card data and no other record). A query on the drivers
 * resource rather than a path parameter: every other endpoint names the card in the query, and card numbers are
 * normalised there (whitespace removed, letters upper-cased).
 */
import { parseIsoDay } from '../../../core/time.js';
import { invalidFilter } from '../shared/problem.js';
import { normaliseCardNumber } from '../shared/query-params.js';
import { QUERY_ERRORS, queryOf } from '../shared/route-spec.js';
import type { RouteSpec } from '../shared/route-spec.js';
import { fleetChecksOf } from '../vehicles/vehicles.route.js';
import { ERA_FIRST_DATE, ERA_LAST_DATE } from '../../../core/domain/bounds.js';
import { readinessToResponse } from './readiness.mapper.js';
import { readinessResponseSchema } from './readiness.schema.js';

function atDay(text: string | undefined): number | null {
  if (text === undefined) return null;
  const date = text.slice(0, 10);
  const day = parseIsoDay(date);
  if (day === null || date < ERA_FIRST_DATE || date > ERA_LAST_DATE) {
    throw invalidFilter(
      'at',
      `Query parameter at must be a calendar date between ${ERA_FIRST_DATE} and ${ERA_LAST_DATE}.`,
    );
  }
  return day;
}

export const readinessRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/drivers/readiness',
    operationId: 'driverReadiness',
    summary: 'Roadside readiness: the days of the current day and the previous 56 without card data or another record',
    tags: ['fleet'],
    query: queryOf(['card_number', 'at'], ['card_number']),
    body: null,
    responses: {
      200: { description: 'the window and its missing days', schema: readinessResponseSchema },
      ...QUERY_ERRORS,
    },
    async handle({ deps, query }) {
      const card = normaliseCardNumber(String(query.card_number));
      if (card === '') throw invalidFilter('card_number', 'Query parameter card_number must not be blank.');
      const result = await fleetChecksOf(deps).readiness.readiness(card, atDay(query.at as string | undefined));
      return { status: 200, body: readinessToResponse(result) };
    },
  },
];
