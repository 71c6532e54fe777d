/** Request bodies of the office's records (annotations, reviews): JSON, valid under the route's schema. */
import { hasUnsafeText } from '../../../core/domain/text.js';
import { ERA_FIRST_DATE, ERA_LAST_DATE } from '../../../core/domain/bounds.js';
import { parseIsoDay, parseIsoTimestamp } from '../../../core/time.js';
import { validJsonBody } from './json-body.js';
import { invalidPayload } from './problem.js';
import { isJsonContentType } from './read-json-body.js';

type Schema = Record<string, unknown>;

/** The body as an object valid under `schema` (415 without a JSON content type, 400 invalid_payload otherwise). */
export async function recordBody(
  request: Request,
  maxPayloadBytes: number,
  schema: Schema,
  optional = false,
): Promise<Record<string, unknown>> {
  // a POST without a body where the route allows one (no content type, no length): no fields
  const empty = (request.headers.get('content-length') ?? '0') === '0' && request.body === null;
  if (optional && empty && !isJsonContentType(request.headers.get('content-type'))) return {};
  const fields = await validJsonBody<Record<string, unknown>>(request, maxPayloadBytes, schema);
  for (const [name, value] of Object.entries(fields)) {
    // the one text rule (core/domain/text.ts): the office's free text is refused, never silently changed
    if (typeof value === 'string' && hasUnsafeText(value))
      throw invalidPayload(`Field ${name} must not contain control characters or unpaired surrogates.`);
  }
  return fields;
}

const ERA_START = Date.parse(`${ERA_FIRST_DATE}T00:00:00Z`) / 1000;
const ERA_END = Date.parse(`${ERA_LAST_DATE}T00:00:00Z`) / 1000 + 86_400;

/** An ISO 8601 UTC timestamp of a body field as epoch seconds, within the tachograph era. */
export function bodyInstant(field: string, text: string): number {
  // minute precision and fractions of a second are accepted; the instant is kept to the second (floor)
  const seconds = Math.floor(text.length === 20 ? parseIsoTimestamp(text) : Date.parse(text) / 1000);
  // a real calendar day (Date.parse would roll 2026-02-30 over into March)
  if (
    !Number.isFinite(seconds) ||
    parseIsoDay(text.slice(0, 10)) === null ||
    seconds < ERA_START ||
    seconds > ERA_END
  ) {
    throw invalidPayload(
      `Field ${field} must be a real time between ${ERA_FIRST_DATE} and ${ERA_LAST_DATE} (YYYY-MM-DDTHH:MM:SSZ).`,
    );
  }
  return seconds;
}

/** A path segment named by the route (`:name`), decoded. */
export function pathParameter(url: URL, index: number): string {
  const raw = url.pathname.split('/')[index] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}
