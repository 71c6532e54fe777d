import t from 'tap';
import { randomBytes } from 'node:crypto';
import {
  decodeContent,
  encodeContent,
  encodeContentSync,
  INLINE_BELOW_BYTES,
  storedContentOf,
} from './content-codec.js';

/** bytes DEFLATE shrinks: a card-like repetition of records */
const repetitive = (n: number) => new Uint8Array(n).map((_, i) => (i % 97) & 0xff);

t.test('the stored form gives back the very bytes, on and off the event loop alike', async (t) => {
  for (const size of [1_000, INLINE_BELOW_BYTES - 1, INLINE_BELOW_BYTES, 3 * INLINE_BELOW_BYTES]) {
    const bytes = repetitive(size);
    const stored = await encodeContent(bytes);
    t.equal(stored.encoding, 'deflate-raw', `${size} bytes: compressed`);
    t.ok(stored.content.byteLength < size / 4, `${size} bytes: smaller`);
    t.same(encodeContentSync(bytes), stored, `${size} bytes: the synchronous form is the same`);
    t.same(decodeContent(stored.content, stored.encoding), bytes, `${size} bytes: back to the bytes`);
  }
});

t.test('bytes DEFLATE does not shrink are kept as they are', async (t) => {
  for (const size of [2_000, 2 * INLINE_BELOW_BYTES]) {
    const bytes = new Uint8Array(randomBytes(size));
    const stored = await encodeContent(bytes);
    t.equal(stored.encoding, null, `${size} random bytes`);
    t.same(new Uint8Array(stored.content), bytes);
    t.same(encodeContentSync(bytes), stored);
    t.same(decodeContent(stored.content, null), bytes);
  }
});

t.test('an encoding this version does not know is refused, never guessed', async (t) => {
  t.throws(() => decodeContent(new Uint8Array([1, 2, 3]), 'zstd'), /unknown content encoding/);
});

t.test('a stored form computed elsewhere is kept as given, an unknown encoding refused', async (t) => {
  const bytes = new Uint8Array([1, 2, 3]);
  t.same(storedContentOf({ bytes, encoding: null }), { content: Buffer.from(bytes), encoding: null });
  const packed = encodeContentSync(new Uint8Array(4096));
  t.same(storedContentOf({ bytes: packed.content, encoding: 'deflate-raw' }), packed);
  t.throws(() => storedContentOf({ bytes, encoding: 'zstd' }), /unknown content encoding/);
});
