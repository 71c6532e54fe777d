/**
 * Datef (data dictionary 2.57): date in a printable numeric format.
 *   Datef ::= SEQUENCE { year BCDString(SIZE(2)), month BCDString(SIZE(1)), day BCDString(SIZE(1)) }
 * '00000000'H denotes explicitly no date → null. Invalid BCD or an impossible calendar date → null.
 */
import { readBcd } from './bcd.js';
import type { Token } from './record.js';

export function readDatef(b: Uint8Array, o: number): string | null {
  const year = readBcd(b, o, 2);
  const month = readBcd(b, o + 2, 1);
  const day = readBcd(b, o + 3, 1);
  if (year === null || month === null || day === null) return null;
  if (year === 0 && month === 0 && day === 0) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0..99 to 1900..1999 (0000-02-29 exists, 1900-02-29 not)
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  if (check.getUTCDate() !== day) return null;
  return String(year).padStart(4, '0') + '-' + String(month).padStart(2, '0') + '-' + String(day).padStart(2, '0');
}

/** Datef (2.57) as a record field: 4 bytes */
export const DATEF: Token<string | null> = { len: 4, get: readDatef, at: (f) => (b, o) => readDatef(b, o + f) };
