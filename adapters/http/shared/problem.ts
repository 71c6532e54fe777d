/**
 * The error answers of the API contract ("Errors"): every one is `{ error, message, ... }`. Domain and
 * decoder errors are mapped here; anything else is an unexpected failure (500 internal_error).
 */
import { isoDay } from '../../../core/time.js';
import {
  ArchiveConflictError,
  ConflictingDataError,
  InvalidFilterError,
  InvalidPayloadError,
  NotFoundError,
  QuarantinedDataError,
  ImportStatusConflictError,
} from '../../../core/domain/errors.js';
import { DddDecodeError } from '../../../core/decoder/api.js';
import { OfficeRecordConflictError } from '../../../core/annotations/errors.js';
import { IdempotencyKeyReusedError } from '../../../core/use-cases/idempotent-writes.js';
import type { ErrorCode } from './error.schema.js';

export type { ErrorCode };

export interface ProblemBody {
  error: ErrorCode;
  message: string;
  [extra: string]: unknown;
}

/** An error answer the HTTP adapter raises itself; thrown from handlers and turned into a response. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpProblem';
  }

  body(): ProblemBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const invalidFilter = (parameter: string, message: string) =>
  new HttpProblem(400, 'invalid_filter', message, { parameter });

export const invalidPayload = (message: string) => new HttpProblem(400, 'invalid_payload', message);

/** English messages for the decoder's reasons (the decoder's own message may be more specific). */
const DECODE_MESSAGES: Record<string, string> = {
  empty: 'The file is empty.',
  not_a_ddd_file: 'The content is not a driver-card download (DDD) file.',
  truncated: 'The driver-card file ends in the middle of a record; it is truncated.',
  vehicle_unit_download: 'The file is a vehicle-unit download, not a driver-card download.',
  no_identification: 'The file holds no card identification, so the import cannot be filed under a card.',
  conflicting_duplicate_ef: 'The file holds the same elementary file twice with different content.',
  reserved_length: 'The file uses a reserved record length (FF FF) and cannot be decoded.',
};

/**
 * Maps a known error to its answer; returns null for an unexpected failure (the caller answers 500 and
 * logs the correlation id).
 */
export function problemFor(error: unknown): HttpProblem | null {
  if (error instanceof HttpProblem) return error;
  if (error instanceof InvalidFilterError) return invalidFilter(error.parameter, error.message);
  if (error instanceof InvalidPayloadError) return invalidPayload(error.message);
  if (error instanceof NotFoundError) return new HttpProblem(404, 'not_found', error.message);
  if (error instanceof ArchiveConflictError) {
    return new HttpProblem(409, 'archive_conflict', error.message, error.stored ?? {});
  }
  if (error instanceof ConflictingDataError) {
    return new HttpProblem(409, 'conflicting_data', error.message, { dates: error.dates.map(isoDay) });
  }
  if (error instanceof QuarantinedDataError) {
    return new HttpProblem(409, 'quarantined_data', error.message, { import_ids: [...error.importIds] });
  }
  if (error instanceof ImportStatusConflictError) {
    return new HttpProblem(409, 'import_status_conflict', error.message, { status: error.status });
  }
  if (error instanceof IdempotencyKeyReusedError) return new HttpProblem(409, error.code, error.message);
  if (error instanceof OfficeRecordConflictError) return new HttpProblem(409, error.code, error.message, error.extra);
  if (error instanceof DddDecodeError) {
    const message = error.message.trim() || DECODE_MESSAGES[error.reason] || 'The DDD content cannot be parsed.';
    return new HttpProblem(422, 'unparseable_ddd', message, { reason: error.reason });
  }
  return null;
}

export function internalError(correlationId: string): HttpProblem {
  return new HttpProblem(
    500,
    'internal_error',
    `An unexpected internal failure occurred; quote correlation id ${correlationId} when reporting it.`,
    { correlation_id: correlationId },
  );
}

/**
 * 503 when the database cannot be reached or cannot do the work now (the storage adapter's judgement of the
 * failure): an outage, not a fault of the request. A file posted again once it is back is not imported twice.
 */
export function databaseUnavailable(): HttpProblem {
  return new HttpProblem(
    503,
    'database_unavailable',
    'The database is not available at the moment; retry after the time given in Retry-After (a file posted again is not imported twice).',
  );
}

/** 404 for a path that names no resource of the service. */
export function notFound(): HttpProblem {
  return new HttpProblem(404, 'not_found', 'No such resource.');
}
