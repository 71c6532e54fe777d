/**
 * Reads a JSON request body under a byte limit without ever holding more than the limit: a declared
 * Content-Length above the limit is refused before a byte is read, and the streamed bytes are counted
 * as they arrive (a chunked body that grows past the limit is cut off at that point).
 */
import { HttpProblem, invalidPayload } from './problem.js';

export function payloadTooLarge(maxBytes: number): HttpProblem {
  return new HttpProblem(
    413,
    'payload_too_large',
    `The request body exceeds the configured limit of ${maxBytes} bytes.`,
  );
}

/** true for application/json and application/*+json, with an optional UTF-8 charset. */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [mediaType, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType ?? '')) return false;
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim().replace(/^"|"$/g, ''));
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d+$/.test(declared.trim())) throw invalidPayload('The Content-Length header is not a number.');
    if (Number(declared) > maxBytes) throw payloadTooLarge(maxBytes);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      // Stop reading: the rest is never buffered (Node discards it once the answer is sent). The stream is
      // released, not cancelled: cancelling destroys the socket before the 413 can be written.
      reader.releaseLock();
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes.byteLength === 0) throw invalidPayload('The request body is empty; a JSON object is expected.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidPayload('The request body is not valid UTF-8.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidPayload('The request body is not valid JSON.');
  }
}

/**
 * Decodes standard base64 (RFC 4648 §4). Line breaks and spaces, as MIME tools write them, are ignored;
 * padding is optional; any other character is refused.
 */
export function decodeBase64Strict(text: string): Uint8Array | null {
  const compact = text.replace(/[\t\n\r ]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  if (compact.length !== unpadded.length && compact.length % 4 !== 0) return null;
  const buffer = Buffer.from(unpadded, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
