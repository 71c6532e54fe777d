import type { Token } from './record.js';
/**
 * TimeReal (data dictionary 2.162): "Number of seconds since midnight 1 January 1970 UTC", 4 bytes unsigned.
 *   TimeReal ::= INTEGER (0..2^32-1)
 * 0 and FFFFFFFF mean "no value" (EF default {00..00}, data dictionary §2 default 'FF') → null.
 * Values inside the year 1970 (below TIME_REAL_MIN) are read as no value too: no tachograph recorded anything
 * then, and such values are what a zeroed field with a damaged low byte gives — they must not become 1970 dates.
 */
export const TIME_REAL_MIN = 31_536_000; // 1971-01-01T00:00:00Z

export function readTimeReal(b: Uint8Array, o: number): number | null {
  const v = ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
  return v < TIME_REAL_MIN || v === 0xffffffff ? null : v;
}

/** The raw 32-bit value (no sentinel handling). */
export function readUint32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
}

export function readUint16(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}

export function readUint24(b: Uint8Array, o: number): number {
  return (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
}

/** TimeReal (2.162) as a record field: 4 bytes, null for no value */
export const TIME_REAL: Token<number | null> = {
  len: 4,
  get: readTimeReal,
  at: (f) => (b, o) => readTimeReal(b, o + f),
};
