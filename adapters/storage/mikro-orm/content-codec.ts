/**
 * The original bytes of an import, kept as evidence, stored losslessly compressed: `import_content.encoding` names
 * how `content` holds them.
 * - `deflate-raw`: RFC 1951 DEFLATE without a zlib or gzip wrapper (node:zlib `deflateRaw`, level 6). Card
 *   downloads shrink to about 0.6 of their size (the two real gen1 cards: 0.60 and 0.67), so the database holds an
 *   import in about the size of its file.
 * - null: the bytes as received (rows written before the column existed, and content DEFLATE does not shrink).
 * Compression runs on libuv's thread pool, before the import's transaction, never on the event loop. A write is
 * checked by inflating it again and comparing, so what is stored always gives back the very bytes received (whose
 * SHA-256 the import row records).
 */
import { deflateRaw, inflateRaw, inflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';

export const CONTENT_ENCODINGS = ['deflate-raw'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number] | null;

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

export interface StoredContent {
  content: Buffer;
  encoding: ContentEncoding;
}

export async function encodeContent(bytes: Uint8Array): Promise<StoredContent> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packed = await deflate(raw, { level: 6 });
  if (packed.byteLength >= raw.byteLength) return { content: raw, encoding: null };
  const back = await inflate(packed);
  if (!back.equals(raw)) throw new Error('compressed content does not give back the original bytes');
  return { content: packed, encoding: 'deflate-raw' };
}

/** The original bytes of a stored row; an encoding this version does not know is refused, never guessed. */
export function decodeContent(content: Uint8Array, encoding: string | null): Uint8Array {
  const stored = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (encoding === null) return new Uint8Array(stored);
  if (encoding === 'deflate-raw') return new Uint8Array(inflateRawSync(stored));
  throw new Error('unknown content encoding');
}
