/**
 * GET /letter?card_number&date_from&date_to: the driver letter (printable HTML) listing the findings the office
 * confirmed, for the driver's signature, and the follow-up of every finding of the period. At most 92 days.
 */
import { parseIsoDay } from '../../../core/time.js';
import { invalidFilter } from '../shared/problem.js';
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import { REPORT_CONTENT_SECURITY_POLICY } from '../report/report.route.js';
import { buildLetterModel } from './driver-letter.model.js';
import { letterHtml } from './driver-letter.html.js';
import { displayZoneOf } from '../shared/time-zone.js';

const NAMES: QueryParameterName[] = ['card_number', 'date_from', 'date_to', 'tz'];
const REQUIRED = ['card_number', 'date_from', 'date_to'] as const;
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const MAX_DAYS = 92;

export const driverLetterRoute: RouteSpec = {
  method: 'GET',
  path: '/letter',
  operationId: 'driverLetter',
  summary:
    "The driver letter: the office's confirmed findings of a period for the driver's signature, and every finding's follow-up",
  tags: ['report'],
  query: { names: NAMES, schema: querySchema(NAMES) },
  body: null,
  responses: {
    200: { description: 'the letter page', schema: { type: 'string' }, contentType: 'text/html' },
    400: error('invalid_filter: card_number, date_from or date_to missing or malformed, or the period too long'),
    404: error('not_found: the card is not known'),
    409: error('conflicting_data or quarantined_data: narrow the period'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ deps, query }) {
    for (const name of REQUIRED)
      if (query[name] === undefined) throw invalidFilter(name, `Query parameter ${name} is required for a letter.`);
    const date_from = String(query.date_from);
    const date_to = String(query.date_to);
    const from = parseIsoDay(date_from)!;
    const to = parseIsoDay(date_to)!;
    if (from > to) throw invalidFilter('date_from', 'Query parameter date_from must not be after date_to.');
    if (to - from + 1 > MAX_DAYS) throw invalidFilter('date_to', `A letter covers at most ${MAX_DAYS} days.`);
    const card_number = String(query.card_number).replace(/\s+/g, '').toUpperCase();
    const model = await buildLetterModel(deps, { card_number, range: { from, to }, date_from, date_to });
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': REPORT_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    };
    return { status: 200, body: new Response(letterHtml(model, displayZoneOf(deps, query)), { status: 200, headers }) };
  },
};
