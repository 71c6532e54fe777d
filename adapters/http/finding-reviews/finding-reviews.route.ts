/**
 * The review of findings: POST /api/drivercard/findings/{finding_id}/review appends to the finding's hash-chained
 * history; GET …/reviews returns it with chain_valid. Answers 404 when the service runs without the review store, and
 * to the first review of a finding_id no check of the fleet's cards draws (core/use-cases/finding-directory.ts).
 */
import type { ReviewStatus } from '../../../core/reviews/review-status.js';
import type { FindingReviewWorkflow } from '../../../core/use-cases/finding-reviews.js';
import { pathParameter, recordBody } from '../shared/office-records-body.js';
import { HttpProblem } from '../shared/problem.js';
import type { HttpAppDependencies } from '../ports.js';
import type { RouteResponse, RouteResult, RouteSpec } from '../shared/route-spec.js';
import { idempotently } from '../shared/idempotency.js';
import { errorResponseSchema } from '../schemas.js';
import { reviewHistoryToResponse } from './finding-reviews.mapper.js';
import { reviewHistorySchema, reviewRequestSchema } from './finding-reviews.schema.js';

const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const ID_ERROR = error('invalid_filter: the finding_id is not one a pre-check answer gives ("f_" and 20 hex digits)');

function reviewsOf(deps: HttpAppDependencies): FindingReviewWorkflow {
  if (!deps.reviews) throw new HttpProblem(404, 'not_found', 'Finding reviews are not available in this service.');
  return deps.reviews;
}

const reviewRoute: RouteSpec = {
  method: 'POST',
  path: '/api/drivercard/findings/{finding_id}/review',
  operationId: 'reviewFinding',
  summary:
    'Move a finding along OPEN → CONFIRMED | JUSTIFIED → DRIVER_INFORMED → ACKNOWLEDGED (kept in an append-only, hash-chained history)',
  tags: ['findings'],
  query: null,
  body: reviewRequestSchema,
  idempotencyKey: true,
  responses: {
    201: { description: "the finding's history with the new entry", schema: reviewHistorySchema },
    400: error(
      'invalid_filter: the finding_id is not one a pre-check answer gives ("f_" and 20 hex digits); invalid_payload: a field of the review is missing or malformed; invalid_idempotency_key: the Idempotency-Key header is malformed',
    ),
    404: error("not_found: no check of the fleet's cards draws this finding (a finding never reviewed)"),
    415: error('unsupported_media_type: the request has no JSON content type'),
    409: error(
      'review_transition_refused (with current_status and allowed), review_conflict: concurrent reviews, or idempotency_key_reused: the Idempotency-Key came with another request',
    ),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle(context) {
    const body = await recordBody(context.request, context.deps.maxPayloadBytes, reviewRequestSchema);
    // the finding is part of the request: the same body for another finding is another request
    const findingId = pathParameter(context.url, 4);
    return idempotently(context, `reviewFinding ${findingId}`, body, () => review(context.deps, findingId, body));
  },
};

/** The review of a valid body, appended to the finding's history. */
async function review(
  deps: HttpAppDependencies,
  findingId: string,
  body: Record<string, unknown>,
): Promise<RouteResult> {
  const note = typeof body.note === 'string' && body.note.trim() !== '' ? body.note : null;
  const history = await reviewsOf(deps).review(findingId, {
    status: body.status as ReviewStatus,
    note,
    author: (body.author as string).trim(),
    card_number:
      typeof body.card_number === 'string' && body.card_number.trim() !== '' ? body.card_number.trim() : null,
  });
  const location = `/api/drivercard/findings/${encodeURIComponent(findingId)}/reviews`;
  return { status: 201, body: reviewHistoryToResponse(history), location };
}

const historyRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/findings/{finding_id}/reviews',
  operationId: 'findingReviews',
  summary:
    "A finding's review history, its current status (OPEN when never reviewed) and whether the hash chain is intact",
  tags: ['findings'],
  query: null,
  body: null,
  responses: {
    200: {
      description: 'the history; chain_valid false names the first entry that was changed',
      schema: reviewHistorySchema,
    },
    400: ID_ERROR,
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ url, deps }) {
    return { status: 200, body: reviewHistoryToResponse(await reviewsOf(deps).history(pathParameter(url, 4))) };
  },
};

export const findingReviewRoutes: readonly RouteSpec[] = [reviewRoute, historyRoute];
