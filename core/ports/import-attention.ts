/**
 * The imports the today view's import counts may count (core/use-cases/today.ts `importInList`): every import that
 * is QUARANTINED or WITHDRAWN or carries the warning `holder_mismatch`, and possibly others (the view decides), so
 * the view need not page through every import of the database on each request.
 */
import type { ImportRow } from '../domain/rows.js';

export interface ImportAttention {
  attentionImports(): Promise<Pick<ImportRow, 'status' | 'warnings'>[]>;
}
