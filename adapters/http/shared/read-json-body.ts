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
  // the common case in native code: canonical base64 (as every encoder writes it) decodes and encodes back to itself
  const decoded = Buffer.from(text, 'base64');
  const again = decoded.toString('base64');
  if (again === text || isUnpaddedForm(text, again)) {
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  // otherwise one pass over the code units (a regex and a replace over a 16 MiB string cost ~0.4 s)
  let data = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c === 0x3d) {
      padding++;
      continue;
    }
    if (padding > 0 || !isBase64Letter(c)) return null; // nothing but whitespace after the padding
    data++;
  }
  if (padding > 2 || data % 4 === 1) return null;
  if (padding > 0 && (data + padding) % 4 !== 0) return null;
  const buffer = Buffer.from(text, 'base64'); // Node skips the whitespace checked above
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** `text` is `canonical` without its padding */
function isUnpaddedForm(text: string, canonical: string): boolean {
  const missing = (4 - (text.length % 4)) % 4;
  return missing > 0 && !text.endsWith('=') && canonical.length === text.length + missing && canonical.startsWith(text);
}

const BASE64_LETTERS = (() => {
  const table = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') table[c.charCodeAt(0)] = 1;
  return table;
})();

function isBase64Letter(c: number): boolean {
  return c < 128 && BASE64_LETTERS[c] === 1;
}

/**
 * A bound on request bodies in flight, and so on memory: every request with a body reserves its declared
 * Content-Length (the payload limit when it declares none) from one budget until its answer is ready
 * (reading, JSON, base64, decoding and storing all hold copies of it). A request that does not fit waits
 * its turn (first come, first served) for at most `waitMs`, then gets 503 with Retry-After.
 */
export class BodyBudget {
  private used = 0;
  private readonly waiting: Array<{ bytes: number; grant: () => void }> = [];

  constructor(
    readonly capacityBytes: number,
    readonly waitMs: number,
  ) {}

  get inFlightBytes(): number {
    return this.used;
  }

  /** Reserves `bytes` (at most the capacity); resolves to the release function. */
  async acquire(bytes: number): Promise<() => void> {
    const amount = Math.min(Math.max(bytes, 1), this.capacityBytes);
    if (this.waiting.length === 0 && this.used + amount <= this.capacityBytes) return this.take(amount);
    return new Promise<() => void>((resolve, reject) => {
      const entry = { bytes: amount, grant: () => resolve(this.take(amount)) };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(serviceBusy());
        this.grantWaiting(); // a large request timing out may unblock smaller ones behind it
      }, this.waitMs);
      entry.grant = () => {
        clearTimeout(timer);
        resolve(this.take(amount));
      };
      this.waiting.push(entry);
    });
  }

  private take(amount: number): () => void {
    this.used += amount;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= amount;
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0]!.bytes <= this.capacityBytes) {
      this.waiting.shift()!.grant();
    }
  }
}

/** The bytes a request reserves: its declared Content-Length, else the payload limit (capped at the limit). */
export function bodyReservation(request: Request, maxBytes: number): number {
  const declared = request.headers.get('content-length');
  const n = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : maxBytes;
  return Math.min(n, maxBytes);
}

export const RETRY_AFTER_SECONDS = 1;

/**
 * Reads and drops a body that will not be processed (a request refused with 503 while it waited), so the
 * client, still sending, reads the answer instead of a broken pipe. Chunks are dropped as they arrive (no
 * memory held); at most `maxBytes` are read, then the rest is left to the closing connection.
 */
export async function discardBody(request: Request, maxBytes: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // the client went away: nothing to answer to
  } finally {
    reader.releaseLock();
  }
}

export function serviceBusy(): HttpProblem {
  return new HttpProblem(
    503,
    'service_busy',
    'Too many request bodies are being processed at once; retry after the time given in Retry-After.',
  );
}
