/**
 * The office's annotations: POST /api/drivercard/annotations, GET by basis and period, POST …/{annotation_id}/withdraw.
 * Answers 404 when the service runs without the annotation store (a storage adapter other than MikroORM).
 */
import type { NewAnnotation } from '../../../core/annotations/annotation.js';
import type { OfficeAnnotations } from '../../../core/use-cases/annotations.js';
import { bodyInstant, pathParameter, recordBody } from '../shared/office-records-body.js';
import { HttpProblem } from '../shared/problem.js';
import type { HttpAppDependencies } from '../ports.js';
import { basisFrom, rangeFrom } from '../shared/query-params.js';
import type { RouteResponse, RouteResult, RouteSpec } from '../shared/route-spec.js';
import { idempotently } from '../shared/idempotency.js';
import { errorResponseSchema, querySchema } from '../schemas.js';
import { annotationToResponse } from './annotations.mapper.js';
import {
  annotationListSchema,
  annotationRequestSchema,
  annotationSchema,
  withdrawRequestSchema,
} from './annotations.schema.js';

const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const POST_ERRORS = {
  400: error(
    'invalid_payload: a field is missing or malformed, end is not after start, or an ARTICLE_12 annotation has no note',
  ),
  415: error('unsupported_media_type: the request has no JSON content type'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

function annotationsOf(deps: HttpAppDependencies): OfficeAnnotations {
  if (!deps.annotations) throw new HttpProblem(404, 'not_found', 'Annotations are not available in this service.');
  return deps.annotations;
}

const createRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/annotations',
  operationId: 'createAnnotation',
  summary:
    "Record the office's annotation of a card's time (leave, sickness, other work, …); never changes the card's data",
  tags: ['annotations'],
  query: null,
  body: annotationRequestSchema,
  idempotencyKey: true,
  responses: {
    201: { description: 'the annotation as stored', schema: annotationSchema },
    ...POST_ERRORS,
    400: error(
      'invalid_payload: a field is missing or malformed, end is not after start, or an ARTICLE_12 annotation has no note; invalid_idempotency_key: the Idempotency-Key header is malformed',
    ),
    404: error('not_found: no import of the card is known'),
    409: error(
      'annotation_over_recorded_activity: the card records driving inside the annotation (with recorded_start, recorded_end); idempotency_key_reused: the Idempotency-Key came with another request',
    ),
  },
  async handle(context) {
    const body = await recordBody(context.request, context.deps.maxPayloadBytes, annotationRequestSchema);
    return idempotently(context, 'createAnnotation', body, () => createAnnotation(context.deps, body));
  },
};

/** The annotation of a valid body, stored, and where it is read back. */
async function createAnnotation(deps: HttpAppDependencies, body: Record<string, unknown>): Promise<RouteResult> {
  const input: NewAnnotation = {
    card_number: String(body.card_number).replace(/\s+/g, '').toUpperCase(),
    kind: body.kind as NewAnnotation['kind'],
    start: bodyInstant('start', body.start as string),
    end: bodyInstant('end', body.end as string),
    note: typeof body.note === 'string' && body.note.trim() !== '' ? body.note : null,
    author: typeof body.author === 'string' ? body.author.trim() : '',
  };
  const stored = annotationToResponse(await annotationsOf(deps).add(input));
  // read back in the list of its card over the days it covers (there is no single-annotation path)
  const days = `date_from=${stored.start.slice(0, 10)}&date_to=${stored.end.slice(0, 10)}`;
  const location = `/api/drivercard/annotations?card_number=${encodeURIComponent(stored.card_number)}&${days}`;
  return { status: 201, body: stored, location };
}

const listRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/annotations',
  operationId: 'listAnnotations',
  summary:
    "The office's annotations of a basis (its card) overlapping the period; withdrawn ones with include_withdrawn=true",
  tags: ['annotations'],
  query: {
    names: ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to', 'include_withdrawn'],
    schema: querySchema(['import_id', 'archive_id', 'card_number', 'date_from', 'date_to', 'include_withdrawn']),
  },
  body: null,
  responses: {
    200: { description: 'the annotations, ordered by start', schema: annotationListSchema },
    400: error('invalid_filter: a query parameter is missing, malformed or not recognised'),
    404: error('not_found: the import, archive or card is not known'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ deps, query }) {
    const items = await annotationsOf(deps).list({
      basis: basisFrom(query),
      range: rangeFrom(query),
      include_withdrawn: query.include_withdrawn === true,
    });
    return { status: 200, body: { items: items.map(annotationToResponse), total: items.length } };
  },
};

const withdrawRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/annotations/{annotation_id}/withdraw',
  operationId: 'withdrawAnnotation',
  summary: 'Withdraw an annotation: kept with its history, no longer applied by the checks',
  tags: ['annotations'],
  query: null,
  body: withdrawRequestSchema,
  responses: {
    200: { description: 'the withdrawn annotation', schema: annotationSchema },
    ...POST_ERRORS,
    404: error('not_found: no such annotation'),
    409: error('annotation_withdrawn: the annotation was already withdrawn'),
  },
  async handle({ request, url, deps }) {
    const body = await recordBody(request, deps.maxPayloadBytes, withdrawRequestSchema, true);
    const id = pathParameter(url, 4);
    const reason = typeof body.reason === 'string' && body.reason.trim() !== '' ? body.reason : null;
    const withdrawn = await annotationsOf(deps).withdraw(id, {
      author: typeof body.author === 'string' ? body.author.trim() : '',
      reason,
    });
    return { status: 200, body: annotationToResponse(withdrawn) };
  },
};

export const annotationRoutes: readonly RouteSpec[] = [createRoute, listRoute, withdrawRoute];
