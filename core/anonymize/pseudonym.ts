/**
 * Pseudonyms that keep a field's structure: same length, digits stay digits, letters stay letters (A–Z), every
 * other byte (padding spaces, 00, dashes, dots) stays as it was. The same original always gives the same
 * pseudonym (a seeded generator keyed by the original bytes), so a card number or a registration that several
 * EFs hold is replaced consistently and two different originals stay (almost surely) different.
 */

/** FNV-1a over the bytes plus a purpose tag, as the generator's seed */
function seedOf(bytes: Uint8Array, purpose: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < purpose.length; i++) h = Math.imul(h ^ purpose.charCodeAt(i), 0x01000193);
  for (const x of bytes) h = Math.imul(h ^ x, 0x01000193);
  return h >>> 0;
}

/** xorshift32: enough to scatter pseudonyms, not a secret (the originals are gone from the file) */
function generator(seed: number): () => number {
  let s = seed || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const isDigit = (x: number): boolean => x >= 0x30 && x <= 0x39;
/** a byte of text that is not a digit, a space, 00, FF or ASCII punctuation: a letter in any code page */
const isLetter = (x: number): boolean =>
  (x >= 0x41 && x <= 0x5a) || (x >= 0x61 && x <= 0x7a) || (x >= 0xa0 && x < 0xff);

/** A structure-keeping pseudonym of `original` (a new array; never equal to a non-blank original). */
export function pseudonym(original: Uint8Array, purpose: string): Uint8Array {
  const next = generator(seedOf(original, purpose));
  const out = original.slice();
  for (let attempt = 0; attempt < 8; attempt++) {
    let changed = false;
    for (let i = 0; i < out.length; i++) {
      const x = original[i]!;
      if (isDigit(x)) out[i] = 0x30 + Math.floor(next() * 10);
      else if (isLetter(x)) out[i] = 0x41 + Math.floor(next() * 26);
      if (out[i] !== x) changed = true;
    }
    if (changed || !original.some((x) => isDigit(x) || isLetter(x))) return out;
  }
  return out;
}

/** `text` written over `length` bytes, padded with spaces (ASCII, the same bytes in every code page) */
export function fixedText(text: string, length: number): Uint8Array {
  const out = new Uint8Array(length).fill(0x20);
  for (let i = 0; i < Math.min(length, text.length); i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}
