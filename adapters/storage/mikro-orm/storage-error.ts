/**
 * A storage failure whose message names the operation and the driver's error code only (`SQLITE_BUSY`,
 * PostgreSQL SQLSTATE `23505`, ...): driver messages can quote the SQL with its bound values. Re-exported by mikro-orm-import-store.ts.
 */
export class StorageError extends Error {
  /** the driver's error code, if any */
  readonly code: string | null;
  constructor(operation: string, cause: unknown) {
    const raw = (cause as { code?: unknown } | null)?.code;
    const code = typeof raw === 'string' && /^[A-Z0-9_]{1,40}$/.test(raw) ? raw : null;
    super(`Storage error: ${operation}${code ? ` (${code})` : ''}.`);
    this.name = 'StorageError';
    this.code = code;
  }
}
