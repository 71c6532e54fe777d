/**
 * The original bytes of an import, kept as evidence, stored losslessly compressed: `import_content.encoding` names
 * how `content` holds them.
 * - `deflate-raw`: RFC 1951 DEFLATE without a zlib or gzip wrapper (node:zlib `deflateRaw`, level 6). Card
 *   downloads shrink to about 0.6 of their size (the two real gen1 cards: 0.60 and 0.67), so the database holds an
 *   import in about the size of its file.
 * - null: the bytes as received (rows written before the column existed, and content DEFLATE does not shrink).
 * Compression runs before the import's transaction. A body the decoder pool's worker decoded was compressed there
 * (`encodeContentSync`, answered as the decoder's `stored_form`); otherwise on libuv's thread pool from INLINE_BELOW_BYTES on, on the
 * event loop below (a card download of a few dozen KiB: ~0.1 ms, cheaper than the thread-pool round trips). A write is
 * checked by inflating it again and comparing, so what is stored always gives back the very bytes received (whose
 * SHA-256 the import row records).
 */
import { deflateRaw, deflateRawSync, inflateRaw, inflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { StoredForm } from '../../../core/ports/import-store.js';

export const CONTENT_ENCODINGS = ['deflate-raw'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number] | null;

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

export interface StoredContent {
  content: Buffer;
  encoding: ContentEncoding;
}

/**
 * Bodies below this are compressed on the event loop: a 26 KiB card costs ~0.1 ms there, less than the two
 * thread-pool round trips (each a wake-up of the loop and of a pool thread that the fsyncs also need).
 */
export const INLINE_BELOW_BYTES = 64 * 1024;

export async function encodeContent(bytes: Uint8Array): Promise<StoredContent> {
  const raw = bufferOf(bytes);
  if (raw.byteLength < INLINE_BELOW_BYTES) return encodeContentSync(raw);
  const packed = await deflate(raw, { level: 6 });
  return packed.byteLength < raw.byteLength
    ? verified(raw, packed, await inflate(packed))
    : { content: raw, encoding: null };
}

/** encodeContent on the calling thread whatever the size (the decoder pool's worker, whose answer carries it as `stored_form`). */
export function encodeContentSync(bytes: Uint8Array): StoredContent {
  const raw = bufferOf(bytes);
  const packed = deflateRawSync(raw, { level: 6 });
  return packed.byteLength < raw.byteLength
    ? verified(raw, packed, inflateRawSync(packed))
    : { content: raw, encoding: null };
}

/** What is stored always gives back the very bytes received. */
function verified(raw: Buffer, packed: Buffer, back: Buffer): StoredContent {
  if (!back.equals(raw)) throw new Error('compressed content does not give back the original bytes');
  return { content: packed, encoding: 'deflate-raw' };
}

/**
 * A stored form computed elsewhere (the decoder's `stored_form`) as the save writes it; an encoding this version
 * does not know is refused, never stored.
 */
export function storedContentOf(form: StoredForm): StoredContent {
  if (form.encoding !== null && !(CONTENT_ENCODINGS as readonly string[]).includes(form.encoding))
    throw new Error('unknown content encoding');
  return { content: bufferOf(form.bytes), encoding: form.encoding as ContentEncoding };
}

/** A Buffer over the same memory as `bytes` (no copy). */
export function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The original bytes of a stored row; an encoding this version does not know is refused, never guessed. */
export function decodeContent(content: Uint8Array, encoding: string | null): Uint8Array {
  const stored = bufferOf(content);
  if (encoding === null) return new Uint8Array(stored);
  if (encoding === 'deflate-raw') return new Uint8Array(inflateRawSync(stored));
  throw new Error('unknown content encoding');
}
