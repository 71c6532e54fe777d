/**
 * The contract's error answers: every one is `{error, message}` plus the fields its code adds. Each code is declared
 * once here with the status it is answered with and its own body schema; the error enum, the `ErrorCode` type of
 * ./problem.ts and the OpenAPI document's per-status answers are all derived from this table.
 */
import { IMPORT_STATUSES } from '../../../core/domain/rows.js';
import { REVIEW_STATUSES } from '../../../core/reviews/review-status.js';
import { dateSchema, stringList, timestampSchema } from './schema-parts.js';
import type { FromSchema } from './schema-type.js';

const reviewStatus = { type: 'string', enum: [...REVIEW_STATUSES] } as const;

/** The fields an error code adds to `{error, message}`, and which of them it always carries. */
interface ErrorFields {
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required: readonly string[];
}

const none: ErrorFields = { properties: {}, required: [] };

/** Every error code: its HTTP status, what it means, and the fields its body adds. */
export const ERROR_CODES = {
  invalid_payload: { status: 400, meaning: 'the request body is not valid JSON of the documented shape', ...none },
  invalid_filter: {
    status: 400,
    meaning: 'a query or path parameter is missing, malformed or not recognised',
    properties: { parameter: { type: 'string', description: 'the parameter (or comma-separated parameters) refused' } },
    required: [],
  },
  invalid_idempotency_key: {
    status: 400,
    meaning: 'the Idempotency-Key header is not 1 to 255 visible ASCII characters',
    ...none,
  },
  not_found: { status: 404, meaning: 'the path, import, archive, card, finding or annotation is not known', ...none },
  cursor_ahead: {
    status: 410,
    meaning:
      'the cursor is above the last change this database numbered (a cursor kept across a restore, which numbers ' +
      'the changes again): follow the changes again from c0',
    ...none,
  },
  method_not_allowed: { status: 405, meaning: 'the path does not take this method (see the Allow header)', ...none },
  misdirected_request: { status: 421, meaning: 'the Host header does not name this service', ...none },
  conflicting_data: {
    status: 409,
    meaning: 'imports disagree about days of the basis of a trusted operation',
    properties: { dates: { type: 'array', items: dateSchema, description: 'the disagreeing UTC days' } },
    required: ['dates'],
  },
  quarantined_data: {
    status: 409,
    meaning: 'the basis holds quarantined imports a trusted operation refuses',
    properties: { import_ids: { ...stringList, description: 'the quarantined imports of the basis' } },
    required: ['import_ids'],
  },
  archive_conflict: {
    status: 409,
    meaning:
      'the archive_id given already holds different content, or the content is stored already under another ' +
      'archive_id (then archive_id and import_id name the stored archive; nothing is written)',
    properties: {
      archive_id: { type: 'string', description: 'the archive the content is stored under' },
      import_id: { type: 'string', description: 'the import the content is stored as' },
    },
    required: [],
  },
  import_status_conflict: {
    status: 409,
    meaning: 'the import is not in a status the operation applies to (withdraw a withdrawn one, restore an active one)',
    properties: { status: { type: 'string', enum: [...IMPORT_STATUSES], description: "the import's status now" } },
    required: ['status'],
  },
  annotation_over_recorded_activity: {
    status: 409,
    meaning: 'the annotation covers driving the card records',
    properties: {
      recorded_start: { ...timestampSchema, description: 'start of the recorded driving inside the annotation' },
      recorded_end: { ...timestampSchema, description: 'end (exclusive) of the recorded driving inside it' },
    },
    required: ['recorded_start', 'recorded_end'],
  },
  annotation_withdrawn: { status: 409, meaning: 'the annotation was withdrawn already', ...none },
  review_transition_refused: {
    status: 409,
    meaning: "the review status cannot follow the finding's current status",
    properties: {
      current_status: { ...reviewStatus, description: "the finding's review status now" },
      allowed: { type: 'array', items: reviewStatus, description: 'the statuses it may move to (none once closed)' },
    },
    required: ['current_status', 'allowed'],
  },
  review_conflict: { status: 409, meaning: 'other reviews of the finding were saved at the same time', ...none },
  idempotency_key_reused: {
    status: 409,
    meaning: 'the Idempotency-Key was sent before with another request (another body or operation); nothing is written',
    ...none,
  },
  payload_too_large: { status: 413, meaning: 'the request body exceeds the configured limit', ...none },
  unsupported_media_type: { status: 415, meaning: 'a POST without the content type application/json', ...none },
  unparseable_ddd: {
    status: 422,
    meaning: 'the content cannot be decoded as a driver-card download',
    properties: {
      reason: {
        type: 'string',
        description: 'empty, not_a_ddd_file, truncated, vehicle_unit_download, no_identification, …',
      },
    },
    required: ['reason'],
  },
  internal_error: {
    status: 500,
    meaning: 'an unexpected failure; the REST log carries the same correlation id',
    properties: { correlation_id: { type: 'string', description: 'quote it when reporting the failure' } },
    required: ['correlation_id'],
  },
  service_busy: {
    status: 503,
    meaning: 'too many request bodies in flight; retry after Retry-After seconds',
    ...none,
  },
  database_unavailable: {
    status: 503,
    meaning: 'the database cannot be reached now; retry after Retry-After seconds (a file is never imported twice)',
    ...none,
  },
} as const satisfies Record<string, { status: number; meaning: string } & ErrorFields>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

const messageSchema = {
  type: 'string',
  minLength: 1,
  description: 'an English explanation for people; never echoes request values',
} as const;

const bodies = new Map<ErrorCode, Readonly<Record<string, unknown>>>();

/** The body of one error code: exactly `error`, `message` and the code's own fields (one object per code). */
export function errorCodeSchema(code: ErrorCode): Readonly<Record<string, unknown>> {
  const known = bodies.get(code);
  if (known) return known;
  const { properties, required, meaning } = ERROR_CODES[code] as (typeof ERROR_CODES)[ErrorCode] & ErrorFields;
  const body = {
    type: 'object',
    description: `${code} (HTTP ${ERROR_CODES[code].status}): ${meaning}`,
    properties: { error: { type: 'string', const: code }, message: messageSchema, ...properties },
    required: ['error', 'message', ...required],
    additionalProperties: false,
  };
  bodies.set(code, body);
  return body;
}

/** Every error answer: one of the codes, with the fields any code adds (each code's exact body: errorCodeSchema). */
export const errorResponseSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'string',
      enum: ERROR_CODE_NAMES as unknown as readonly [ErrorCode, ...ErrorCode[]],
    },
    message: messageSchema,
    parameter: { type: 'string' },
    reason: { type: 'string' },
    dates: { type: 'array', items: dateSchema },
    import_ids: stringList,
    correlation_id: { type: 'string' },
    status: { type: 'string', enum: [...IMPORT_STATUSES] },
    current_status: reviewStatus,
    allowed: { type: 'array', items: reviewStatus },
    recorded_start: timestampSchema,
    recorded_end: timestampSchema,
    archive_id: { type: 'string' },
    import_id: { type: 'string' },
  },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;

export type ErrorResponse = FromSchema<typeof errorResponseSchema>;
