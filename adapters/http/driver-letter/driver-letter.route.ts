/**
 * GET /letter?card_number&date_from&date_to (printable HTML) and GET /letter.pdf (the same letter as a PDF): the
 * findings the office confirmed, for the driver's signature, the follow-up of every finding of the period, and the
 * files they rest on with the rule set (adapters/office/letter/letter-document.ts). At most 92 days.
 */
import { parseIsoDay } from '../../../core/time.js';
import { invalidFilter } from '../shared/problem.js';
import type { RouteContext, RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import { documentResponse } from '../report/report.route.js';
import { buildLetterModel } from './driver-letter.model.js';
import { letterDocument } from '../../office/letter/letter-document.js';
import type { OfficeDocument } from '../../office/document/blocks.js';
import { documentFileName } from '../../office/export/csv.js';
import { officeUseCasesOf } from '../findings/findings.route.js';
import { proofOf } from '../report/report.data.js';
import { displayZoneOf } from '../shared/time-zone.js';

const NAMES: QueryParameterName[] = ['card_number', 'date_from', 'date_to', 'tz'];
const REQUIRED = ['card_number', 'date_from', 'date_to'] as const;
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const MAX_DAYS = 92;

const ERRORS = {
  400: error('invalid_filter: card_number, date_from or date_to missing or malformed, or the period too long'),
  404: error('not_found: the card is not known'),
  409: error('conflicting_data or quarantined_data: narrow the period'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

/** The letter's document and the name its file is given (the driver, the card, the period). */
async function letterOf({ deps, query }: Pick<RouteContext, 'deps' | 'query'>): Promise<{
  document: OfficeDocument;
  name: (string | null)[];
}> {
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
  const zone = displayZoneOf(deps, query);
  const basis = { kind: 'card_number' as const, value: card_number };
  const proof = await proofOf(officeUseCasesOf(deps), { basis, range: { from, to } }, model, zone);
  return { document: letterDocument(model, proof, zone), name: [model.surname, card_number, date_from, date_to] };
}

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
    ...ERRORS,
  },
  async handle(context) {
    const { document } = await letterOf(context);
    return { status: 200, body: await documentResponse(document, 'html') };
  },
};

export const driverLetterPdfRoute: RouteSpec = {
  method: 'GET',
  path: '/letter.pdf',
  operationId: 'driverLetterPdf',
  summary: 'The driver letter as a PDF (A4): the same content as /letter',
  tags: ['report'],
  query: { names: NAMES, schema: querySchema(NAMES) },
  body: null,
  responses: {
    200: { description: 'the PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
    ...ERRORS,
  },
  async handle(context) {
    const { document, name } = await letterOf(context);
    return { status: 200, body: await documentResponse(document, 'pdf', documentFileName('letter', name, 'pdf')) };
  },
};
