/**
 * Domain errors the use cases throw. The HTTP adapter maps each to a status and an `error` code of the
 * API contract; nothing here knows about HTTP.
 */

export abstract class DomainError extends Error {
  abstract readonly code: string;
}

/** A filter or request parameter is malformed (400 invalid_filter). */
export class InvalidFilterError extends DomainError {
  readonly code = 'invalid_filter';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** A request body is malformed (400 invalid_payload). */
export class InvalidPayloadError extends DomainError {
  readonly code = 'invalid_payload';
}

/** The import, archive or card asked for does not exist (404 not_found). */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

/**
 * An archive_id already holds different content, or the content is stored already under another archive_id
 * (409 archive_conflict; then `stored` names the archive and import the content is kept as).
 */
export class ArchiveConflictError extends DomainError {
  readonly code = 'archive_conflict';
  constructor(
    message: string,
    readonly stored: { archive_id: string; import_id: string } | null = null,
  ) {
    super(message);
  }
}

/** Imports disagree about days of the basis of a trusted operation (409 conflicting_data). */
export class ConflictingDataError extends DomainError {
  readonly code = 'conflicting_data';
  /** UTC day numbers */
  constructor(
    readonly dates: number[],
    message: string,
  ) {
    super(message);
  }
}

/** The basis of a trusted operation contains a quarantined import (409 quarantined_data). */
export class QuarantinedDataError extends DomainError {
  readonly code = 'quarantined_data';
  constructor(
    readonly importIds: string[],
    message: string,
  ) {
    super(message);
  }
}

/**
 * The import is not in the status the operation needs (409 import_status_conflict): withdrawing an import that is
 * withdrawn already, restoring one that is not withdrawn.
 */
export class ImportStatusConflictError extends DomainError {
  readonly code = 'import_status_conflict';
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}
