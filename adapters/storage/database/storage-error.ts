/**
 * A storage failure whose message names the operation and the driver's error code only (`SQLITE_BUSY`,
 * PostgreSQL SQLSTATE `23505`, ...): driver messages can quote the SQL with its bound values. Re-exported by mikro-orm-import-store.ts.
 */
export class StorageError extends Error {
  /** the driver's error code, if any */
  readonly code: string | null;
  /** the database could not be reached or could not do the work now (databaseUnavailable), not a fault of the call */
  readonly unavailable: boolean;
  constructor(operation: string, cause: unknown) {
    const code = driverCode(cause);
    super(`Storage error: ${operation}${code ? ` (${code})` : ''}.`);
    this.name = 'StorageError';
    this.code = code;
    this.unavailable = databaseUnavailable(cause);
  }
}

/** An error's `code` when it is a driver's code (`SQLITE_BUSY`, `23505`, `ECONNREFUSED`): safe to log; else null. */
export function driverCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : null;
}

/** Socket errors of a connection to the database server that cannot be made or was lost (Node's `code`). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs (Appendix A of its manual) of a server that cannot serve now: class 08 connection
 * exception; 53 insufficient resources (disk full, out of memory, too many connections); 57P01–57P03 the server
 * shutting down or starting; 58 system errors (I/O).
 */
const POSTGRES_UNAVAILABLE = /^(08...|53...|57P0[1-3]|58...)$/;

/**
 * SQLite result codes (sqlite.org/rescode.html) of a database file that cannot be used now: still locked after
 * the busy timeout, a full disk, an I/O error, a file that cannot be opened, or one only readable.
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|NOMEM)(_|$)/;

/** node-postgres and knex's pool say a lost or unobtainable connection in their message, without a code. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|Connection ended|Client has encountered a connection error|Knex: Timeout acquiring a connection)/;

/**
 * Whether a failure means the database is unavailable (an outage the request did not cause and a retry may not
 * meet) rather than a fault: the API answers it 503 database_unavailable instead of 500 internal_error. Looks
 * through StorageError, `cause` chains and AggregateError (a connect tried on several addresses).
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 8) return false;
  if (error instanceof StorageError) return error.unavailable;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => databaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && databaseUnavailable(cause, depth + 1);
}
