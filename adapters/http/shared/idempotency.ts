/**
 * The Idempotency-Key of a POST that creates (core/use-cases/idempotent-writes.ts): without the header, or in a
 * service without the kept answers, the request is answered as it is. With it, a request sent again with the same
 * key and the same body gets the first answer (status, body, Location) and creates nothing; with another body
 * (or operation) 409 idempotency_key_reused. While the first request is still being answered, the same request
 * waits for its answer up to WAIT_MS, then gets 503 service_busy with Retry-After.
 */
import type { RouteContext, RouteResult } from './route-spec.js';
import { HttpProblem } from './problem.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The header's value: 1 to 255 visible ASCII characters (a UUID, a hash, the client's own request id). */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
} as const;
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_SCHEMA.pattern);
/** How long a request waits for the answer of the first request with its key. */
export const WAIT_MS = 10_000;
const POLL_MS = 50;

/** `create` run once per key: the body is the request's, validated (its fingerprint is taken from it). */
export async function idempotently(
  context: RouteContext,
  operation: string,
  body: unknown,
  create: () => Promise<RouteResult>,
  waitMs = WAIT_MS,
): Promise<RouteResult> {
  const key = context.request.headers.get(IDEMPOTENCY_KEY_HEADER);
  const writes = context.deps.idempotency;
  if (key === null || writes === undefined) return create();
  if (key.length > IDEMPOTENCY_KEY_SCHEMA.maxLength || !KEY_PATTERN.test(key))
    throw new HttpProblem(
      400,
      'invalid_idempotency_key',
      'Header Idempotency-Key must be 1 to 255 visible ASCII characters.',
    );
  const fingerprint = writes.fingerprint(operation, body);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const start = await writes.start(key, fingerprint);
    if (start.kind === 'replay') {
      const { status, body: text, location } = start.answer;
      return { status, body: JSON.parse(text), ...(location === null ? {} : { location }) };
    }
    if (start.kind === 'create') break;
    if (Date.now() >= deadline)
      throw new HttpProblem(
        503,
        'service_busy',
        'The first request with this Idempotency-Key is still being answered; retry after the time given in Retry-After.',
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let result: RouteResult;
  try {
    result = await create();
  } catch (error) {
    // nothing created: the key may be sent again (a release that fails is taken over once stale)
    await writes.release(key).catch(() => undefined);
    throw error;
  }
  await writes.answer(key, {
    status: result.status,
    body: JSON.stringify(result.body),
    location: result.location ?? null,
  });
  return result;
}
