import type { Token } from './record.js';
/**
 * OdometerShort (data dictionary 2.113): 3 bytes unsigned, km, operating range 0..9 999 999.
 *   OdometerShort ::= INTEGER(0..2^24-1)
 * FFFFFF ("unknown", data dictionary §2 default) → null. Values above 9 999 999 are outside the operating
 * range and read as null too.
 */
export function readOdometerShort(b: Uint8Array, o: number): number | null {
  const v = (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
  return v > 9_999_999 ? null : v;
}

/** OdometerShort (2.113) as a record field: 3 bytes, null when unknown */
export const ODOMETER_SHORT: Token<number | null> = {
  len: 3,
  get: readOdometerShort,
  at: (f) => (b, o) => readOdometerShort(b, o + f),
};
