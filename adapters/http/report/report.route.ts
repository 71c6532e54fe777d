/**
 * GET /report (HTML, A4 print stylesheet), GET /report.pdf (the same report as a PDF) and GET /report.css.
 * Parameters: card_number, date_from, date_to (all required; at most REPORT_MAX_DAYS days) and the findings
 * filters of GET /api/drivercard/findings (severity, status, unknown_as, include_quarantined): the report prints
 * the findings the week view shows. Errors are the API's JSON answers (400 invalid_filter, 404 not_found,
 * 409 conflicting_data / quarantined_data). The report is built in adapters/office/report from the use cases.
 * Registered through ../office-routes.ts; only types come from ../routes.ts.
 */
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import { REPORT_CSS } from '../../office/report/report-html.js';
import { reportDocument } from '../../office/report/report-document.js';
import { documentHtml } from '../../office/document/html.js';
import type { OfficeDocument } from '../../office/document/blocks.js';
import { buildReportModel, reportPeriod, type ReportQuery } from './report.data.js';
import { FINDINGS_FILTERS, findingsQueryFrom, officeUseCasesOf } from '../findings/findings.route.js';
import { documentFileName } from '../../office/export/csv.js';
import { displayZoneOf } from '../shared/time-zone.js';
import type { QueryValues } from '../shared/query-params.js';

/** Nothing but the report's own stylesheet: no script at all. */
export const REPORT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** a card and a closed period, the findings' filters as /findings takes them, and the readers' time zone */
const NAMES: QueryParameterName[] = ['card_number', 'date_from', 'date_to', ...FINDINGS_FILTERS, 'tz'];
const query = { names: NAMES, schema: querySchema(NAMES) };
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const ERRORS = {
  400: error('invalid_filter: card_number, date_from or date_to missing or malformed, or the period too long'),
  404: error('not_found: the card is not known'),
  409: error('conflicting_data or quarantined_data: narrow the period'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

/** card_number, date_from and date_to are required; the period at most REPORT_MAX_DAYS days. */
export function reportQueryFrom(query: QueryValues): ReportQuery {
  const { from, to } = reportPeriod(query, ['card_number', 'date_from', 'date_to'], 'for a report', 'A report');
  const selection = findingsQueryFrom(query);
  return {
    ...selection,
    basis: { kind: 'card_number', value: (selection.basis as { value: string }).value },
    range: { from, to },
  };
}

/**
 * An office document as the answer: its HTML page under the documents' Content-Security-Policy, or its PDF named
 * `fileName` (the name as recorded in filename*, RFC 6266). pdfkit is loaded on the first PDF asked for: it costs
 * the service 13 MB of memory from start otherwise.
 */
export async function documentResponse(
  document: OfficeDocument,
  as: 'html' | 'pdf',
  fileName?: { ascii: string; utf8: string },
): Promise<Response> {
  if (as === 'html') {
    const headers = {
      ...HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': REPORT_CONTENT_SECURITY_POLICY,
    };
    return new Response(documentHtml(document), { status: 200, headers });
  }
  const { documentPdf } = await import('../../office/document/pdf.js');
  const pdf = await documentPdf(document);
  const headers: Record<string, string> = { ...HEADERS, 'content-type': 'application/pdf' };
  if (fileName !== undefined)
    headers['content-disposition'] =
      `inline; filename="${fileName.ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.utf8)}`;
  return new Response(pdf as BodyInit, { status: 200, headers });
}

export const reportRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/report',
    operationId: 'reportHtml',
    summary: 'Printable infringement report of a driver card for a period (HTML, A4 print stylesheet)',
    tags: ['report'],
    query,
    body: null,
    responses: {
      200: { description: 'the report page', schema: { type: 'string' }, contentType: 'text/html' },
      ...ERRORS,
    },
    async handle(context) {
      const model = await buildReportModel(
        officeUseCasesOf(context.deps),
        reportQueryFrom(context.query),
        new Date(),
        displayZoneOf(context.deps, context.query),
      );
      return { status: 200, body: await documentResponse(reportDocument(model), 'html') };
    },
  },
  {
    method: 'GET',
    path: '/report.pdf',
    operationId: 'reportPdf',
    summary: 'The infringement report as a PDF (A4), drawn by the service',
    tags: ['report'],
    query,
    body: null,
    responses: {
      200: { description: 'the PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
      ...ERRORS,
    },
    async handle(context) {
      const model = await buildReportModel(
        officeUseCasesOf(context.deps),
        reportQueryFrom(context.query),
        new Date(),
        displayZoneOf(context.deps, context.query),
      );
      // named after the driver and the period, as the CSV files
      const fileName = documentFileName(
        'report',
        [model.surname, model.card_number, model.date_from, model.date_to],
        'pdf',
      );
      return { status: 200, body: await documentResponse(reportDocument(model), 'pdf', fileName) };
    },
  },
  {
    method: 'GET',
    path: '/report.css',
    operationId: 'reportCss',
    summary: 'The report page stylesheet (A4 print)',
    tags: ['report'],
    query: { names: [], schema: querySchema([]) },
    body: null,
    responses: { 200: { description: 'the stylesheet', schema: { type: 'string' }, contentType: 'text/css' } },
    async handle() {
      return {
        status: 200,
        body: new Response(REPORT_CSS, {
          status: 200,
          headers: { ...HEADERS, 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' },
        }),
      };
    },
  },
];
