import type { Token } from './record.js';
/**
 * BCDString (data dictionary 2.7): one decimal digit per semi-octet, most significant first.
 * Returns the number, or null when a nibble is not a decimal digit (0..9).
 */
export function readBcd(b: Uint8Array, o: number, length: number): number | null {
  let v = 0;
  for (let i = 0; i < length; i++) {
    const x = b[o + i];
    const hi = x >> 4;
    const lo = x & 0x0f;
    if (hi > 9 || lo > 9) return null;
    v = v * 100 + hi * 10 + lo;
  }
  return v;
}

/** BCDString(SIZE(2)) (DailyPresenceCounter 2.56, VuDataBlockCounter 2.189): 4 digits, null when not BCD */
export const BCD2: Token<number | null> = {
  len: 2,
  get: (b, o) => readBcd(b, o, 2),
  at: (f) => (b, o) => readBcd(b, o + f, 2),
};
