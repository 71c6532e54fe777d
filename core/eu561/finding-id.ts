/**
 * finding_id: a finding's name that stays the same across requests and later imports, so the office's review of
 * it (../reviews/) follows it. Derived from what identifies the finding: the card, the rule, the period (start and
 * end, epoch seconds) and the rule version (a new reading of a rule is a new finding). Not from its status, value
 * or evidence: an annotation or a later import that settles an INCOMPLETE_DATA finding keeps its id.
 * The id is "f_" + the first 20 hex digits (80 bits) of SHA-256 over "card|rule|start|end|version", computed
 * here in pure code (FIPS 180-4) so that the core needs no crypto port for it.
 */

export function findingId(
  cardNumber: string | null,
  rule: string,
  start: number,
  end: number,
  ruleVersion: string,
): string {
  return `f_${sha256Hex(`${cardNumber ?? ''}|${rule}|${start}|${end}|${ruleVersion}`).slice(0, 20)}`;
}

/** The shape of a finding id (what the review routes accept). */
export const FINDING_ID_PATTERN = '^f_[0-9a-f]{20}$';

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** H(0), the initial hash value (FIPS 180-4 §5.3.3). */
const INITIAL = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Two lowercase hex digits of each byte value. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Scratch space of sha256Hex, reused by every call (a year's pre-check names hundreds of findings; a fresh byte list
 * and three typed arrays each were most of the garbage an id made). Safe: the core runs on one thread and
 * sha256Hex calls nothing that hashes.
 */
let message = new Int32Array(32);
const state = new Int32Array(8);
const w = new Int32Array(64);

/** Byte `i` of the message (big-endian within its 32-bit word; the words start zeroed). */
function putByte(i: number, byte: number): void {
  message[i >> 2]! |= byte << (24 - 8 * (i & 3));
}

/**
 * Writes the text's UTF-8 bytes followed by SHA-256's padding (FIPS 180-4 §5.1.1: 0x80, zeros, the bit length as 64
 * bits big-endian) into `message` as 32-bit big-endian words; returns how many words the padded message holds.
 */
function paddedWords(text: string): number {
  // at most 3 bytes a UTF-16 unit (a surrogate pair's 4 bytes take two units), 9 more for the padding
  const most = ((text.length * 3 + 8) >> 6) + 1;
  if (message.length < most * 16) message = new Int32Array(most * 16);
  message.fill(0, 0, most * 16);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00); // a surrogate pair: one code point
      i++;
    }
    if (c < 0x80) putByte(length++, c);
    else if (c < 0x800) {
      putByte(length++, 0xc0 | (c >> 6));
      putByte(length++, 0x80 | (c & 63));
    } else if (c < 0x10000) {
      putByte(length++, 0xe0 | (c >> 12));
      putByte(length++, 0x80 | ((c >> 6) & 63));
      putByte(length++, 0x80 | (c & 63));
    } else {
      putByte(length++, 0xf0 | (c >> 18));
      putByte(length++, 0x80 | ((c >> 12) & 63));
      putByte(length++, 0x80 | ((c >> 6) & 63));
      putByte(length++, 0x80 | (c & 63));
    }
  }
  putByte(length, 0x80);
  const words = (((length + 8) >> 6) + 1) * 16;
  message[words - 2] = Math.floor(length / 0x20000000); // the bit length's high word
  message[words - 1] = (length << 3) | 0;
  return words;
}

/** SHA-256 (FIPS 180-4 §6.2) of the text's UTF-8 bytes as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  const words = paddedWords(text);
  const m = message;
  const h = state;
  h.set(INITIAL);
  for (let off = 0; off < words; off += 16) {
    for (let i = 0; i < 16; i++) w[i] = m[off + i]!;
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h[0]!,
      b = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      k = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0]! += a;
    h[1]! += b;
    h[2]! += c;
    h[3]! += d;
    h[4]! += e;
    h[5]! += f;
    h[6]! += g;
    h[7]! += k;
  }
  let hex = '';
  for (let i = 0; i < 8; i++) {
    const x = h[i]!;
    hex += HEX[(x >>> 24) & 255]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
  }
  return hex;
}
