/**
 * Time by country of a driver and period: GET /api/drivercard/countries (JSON, each figure with its evidence) and
 * GET /export/countries.csv (one row per country). Basis and range as every query endpoint (at most 366 days).
 */
import { basisFrom, boundedRangeFrom } from '../shared/query-params.js';
import { QUERY_ERRORS, queryOf } from '../shared/route-spec.js';
import type { RouteContext, RouteSpec } from '../shared/route-spec.js';
import { documentFileName } from '../../office/export/csv.js';
import { csvResponse, delimiterOf } from '../export/export.route.js';
import { fleetChecksOf } from '../vehicles/vehicles.route.js';
import { countriesCsv, countriesToResponse } from './countries.mapper.js';
import { countriesResponseSchema } from './countries.schema.js';

const NAMES = ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to'] as const;

async function answer({ deps, query }: RouteContext) {
  const result = await fleetChecksOf(deps).countries.countries({
    basis: basisFrom(query),
    range: boundedRangeFrom(query),
  });
  return countriesToResponse(result);
}

export const countryRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/countries',
    operationId: 'timeByCountry',
    summary:
      'Days, driving and working time per country from border crossings, places and GNSS positions, with evidence; loads and unloads per country',
    tags: ['queries'],
    query: queryOf(NAMES),
    body: null,
    responses: {
      200: { description: 'the countries (null: time no record places)', schema: countriesResponseSchema },
      ...QUERY_ERRORS,
    },
    async handle(context) {
      return { status: 200, body: await answer(context) };
    },
  },
  {
    method: 'GET',
    path: '/export/countries.csv',
    operationId: 'exportCountriesCsv',
    summary: 'Time by country of a basis as CSV (one row per country)',
    tags: ['exports'],
    query: queryOf([...NAMES, 'delimiter']),
    body: null,
    responses: {
      200: { description: 'the CSV file', schema: { type: 'string' }, contentType: 'text/csv' },
      ...QUERY_ERRORS,
    },
    async handle(context) {
      const json = await answer(context);
      const text = countriesCsv(json, delimiterOf(context.query, context.deps));
      const fileName = documentFileName(
        'countries',
        [json.basis.card_number, json.basis.date_from, json.basis.date_to],
        'csv',
      );
      return { status: 200, body: csvResponse({ text, fileName }) };
    },
  },
];
