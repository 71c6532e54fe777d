/**
 * What the POST routes share: a JSON request body valid under the route's schema, base64 content, and the base name
 * of a file name sent with a local path.
 */
import { invalidPayload, HttpProblem } from './problem.js';
import { decodeBase64Strict, isJsonContentType, readJsonBody } from './read-json-body.js';
import { describeError, erroredProperty, strictValidator } from './validation.js';

/** A JSON request body valid under `schema` (415 / 400 invalid_payload otherwise). */
export async function validJsonBody<T>(request: Request, maxPayloadBytes: number, schema: object): Promise<T> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpProblem(415, 'unsupported_media_type', 'POST requests must have the content type application/json.');
  }
  const body = await readJsonBody(request, maxPayloadBytes);
  const validate = strictValidator(schema);
  if (!validate(body)) {
    const first = validate.errors![0]!;
    const field = erroredProperty(first);
    throw invalidPayload(field ? `Field ${field} ${describeError(first)}.` : 'The request body must be a JSON object.');
  }
  return body as T;
}

/** The bytes of a body's `content_base64` (400 invalid_payload when it is not valid base64). */
export function contentOf(fields: { content_base64: string }): Uint8Array {
  const content = decodeBase64Strict(fields.content_base64);
  if (!content) throw invalidPayload('Field content_base64 is not valid base64.');
  return content;
}

/** A file name may be sent with a local path; only its last component is kept (paths never appear in answers). */
export function baseFileName(fileName: string | null | undefined): string | null {
  if (fileName === null || fileName === undefined) return null;
  const last = fileName.split(/[\\/]/).pop()!.trim();
  return last.length > 0 ? last : null;
}
