/** Refusals of the office's records (409 with their own error code; mapped by the HTTP adapter). */
import { DomainError } from '../domain/errors.js';

export type OfficeRecordConflictCode =
  'annotation_over_recorded_activity' | 'annotation_withdrawn' | 'review_transition_refused' | 'review_conflict';

export class OfficeRecordConflictError extends DomainError {
  constructor(
    readonly code: OfficeRecordConflictCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
