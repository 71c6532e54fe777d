/**
 * The home countries of a card (Member State of establishment, country of residence; Reg. (EC) No 561/2006 Art.
 * 8(6) and 8(8a)): GET and POST /api/drivercard/drivers/{card_number}/home-countries. A null field falls back to
 * DRIVERCARD_HOME_COUNTRY. The EU 561 pre-check reads them; without them its Mobility Package rules are not evaluated.
 */
import type { HomeCountrySettings } from '../../../core/use-cases/home-countries.js';
import type { HttpAppDependencies } from '../ports.js';
import { errorResponseSchema } from '../schemas.js';
import { pathParameter, recordBody } from '../shared/office-records-body.js';
import { HttpProblem } from '../shared/problem.js';
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { homeCountriesToResponse } from './home-countries.mapper.js';
import { homeCountriesRequestSchema, homeCountriesSchema } from './home-countries.schema.js';

const PATH = '/api/drivercard/drivers/{card_number}/home-countries';
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });

function homesOf(deps: HttpAppDependencies): HomeCountrySettings {
  if (!deps.homeCountries) throw new HttpProblem(404, 'not_found', 'Home countries are not available in this service.');
  return deps.homeCountries;
}

/** The card number of the path, normalised as every card number (whitespace removed, upper case). */
function cardOf(url: URL): string {
  const card = pathParameter(url, 4).replace(/\s+/g, '').toUpperCase();
  if (card === '' || card.length > 64)
    throw new HttpProblem(400, 'invalid_filter', 'The card number in the path must not be blank.');
  return card;
}

const getRoute: RouteSpec = {
  method: 'GET',
  path: PATH,
  operationId: 'getHomeCountries',
  summary: "A card's home countries (Member State of establishment, country of residence) and where each comes from",
  tags: ['fleet'],
  query: null,
  body: null,
  responses: {
    200: { description: 'the home countries the checks use for the card', schema: homeCountriesSchema },
    400: error('invalid_filter: the card number is blank'),
    404: error('not_found: no import of the card is known'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ url, deps }) {
    return { status: 200, body: homeCountriesToResponse(await homesOf(deps).of(cardOf(url))) };
  },
};

const setRoute: RouteSpec = {
  method: 'POST',
  path: PATH,
  operationId: 'setHomeCountries',
  summary: "Set a card's home countries (ISO 3166-1 alpha-2; null: the configured default DRIVERCARD_HOME_COUNTRY)",
  tags: ['fleet'],
  query: null,
  body: homeCountriesRequestSchema,
  responses: {
    200: { description: 'the home countries the checks now use for the card', schema: homeCountriesSchema },
    400: error('invalid_payload: a field is missing or not a country code'),
    404: error('not_found: no import of the card is known'),
    415: error('unsupported_media_type: the request has no JSON content type'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, url, deps }) {
    const card = cardOf(url);
    const body = await recordBody(request, deps.maxPayloadBytes, homeCountriesRequestSchema);
    const field = (v: unknown) => (typeof v === 'string' ? v : null);
    const result = await homesOf(deps).set(card, {
      establishment: field(body.establishment),
      residence: field(body.residence),
    });
    return { status: 200, body: homeCountriesToResponse(result) };
  },
};

export const homeCountriesRoutes: readonly RouteSpec[] = [getRoute, setRoute];
