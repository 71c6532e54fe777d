/**
 * One clear line for a failure to open the database at start (no stack trace): network errors of a PostgreSQL
 * URL (refused, unknown host, timeout), PostgreSQL connection/authentication errors (SQLSTATE classes 08, 28,
 * 3D) and SQLite open errors. The database URL itself is never printed (it may hold a password); the driver's
 * own first line is (it names host and port, or the user, never the password).
 */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EAI_AGAIN',
]);

export function databaseFailure(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (!NETWORK.has(code) && !/^(08|28|3D)/.test(code) && !code.startsWith('SQLITE_')) return null;
  const message = error instanceof Error ? error.message.split('\n')[0]!.trim() : code;
  return `cannot open the database (check DRIVERCARD_DATABASE_URL): ${message || code}`;
}

/** The one line for any start-up failure: the database's when it is one, else the error's first line. */
export function startupFailure(error: unknown): string {
  return databaseFailure(error) ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error));
}
