/**
 * GET /api/drivercard/evidence?card_number=…&date_from=…&date_to=…: the evidence bundle of a driver card and a
 * period as one ZIP (./evidence-bundle.ts). The only answer that carries original download bytes; no JSON answer
 * ever does. All three parameters are required, the period at most MAX_RANGE_DAYS days.
 */
import { boundedRangeFrom, normaliseCardNumber } from '../shared/query-params.js';
import { invalidFilter } from '../shared/problem.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from '../shared/route-spec.js';
import type { QueryValues } from '../shared/query-params.js';
import type { DayPeriod } from '../../../core/evidence/manifest.js';
import { evidenceBundle } from './evidence-bundle.js';

export const EVIDENCE_PATH = '/api/drivercard/evidence';

/** The card and the period of the query: every one required, the period bounded as the findings' one. */
export function evidenceQueryFrom(query: QueryValues): { card_number: string; period: DayPeriod } {
  for (const name of ['card_number', 'date_from', 'date_to'] as const) {
    if (query[name] === undefined)
      throw invalidFilter(name, `Query parameter ${name} is required for an evidence bundle.`);
  }
  const range = boundedRangeFrom(query);
  return {
    card_number: normaliseCardNumber(String(query.card_number)),
    period: { from: range.from!, to: range.to! },
  };
}

export const evidenceRoute: RouteSpec = {
  method: 'GET',
  path: EVIDENCE_PATH,
  operationId: 'evidenceBundle',
  summary:
    "The evidence bundle of a driver card and a period (ZIP): the original downloads byte for byte, a manifest with each file's SHA-256 and verification result, the findings, the office's annotations and reviews, the report PDF",
  tags: ['evidence'],
  query: queryOf(['card_number', 'date_from', 'date_to']),
  body: null,
  responses: {
    200: { description: 'the ZIP', schema: { type: 'string', format: 'binary' }, contentType: 'application/zip' },
    ...QUERY_ERRORS,
  },
  async handle({ deps, query }) {
    const { card_number, period } = evidenceQueryFrom(query);
    const bundle = await evidenceBundle(deps, card_number, period, new Date());
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${bundle.fileName.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    };
    return { status: 200, body: new Response(bundle.zip as BodyInit, { status: 200, headers }) };
  },
};
