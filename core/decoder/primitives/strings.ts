/**
 * String primitives of the data dictionary, decoded through the lookup tables of ../tables/code-pages.ts:
 *   Name ::= SEQUENCE { codePage INTEGER (0..255), name OCTET STRING (SIZE (35)) }            (2.99, 36 bytes)
 *   VehicleRegistrationNumber ::= SEQUENCE { codePage INTEGER (0..255),
 *                                            vehicleRegNumber OCTET STRING (SIZE (13)) }     (2.167, 14 bytes)
 *   IA5String fields (CardNumber, Language, VIN, …) are plain ASCII.
 * Code page 0 or FF → text null.
 */
import type { CodePageString } from '../../domain/card.js';
import { decodeCodePageString, decodeIa5String } from '../tables/code-pages.js';
import type { Token } from './record.js';

/** A code page byte followed by `length` bytes of text (e.g. Name: readCodePageString(b, o, 35)). */
export function readCodePageString(b: Uint8Array, o: number, length: number): CodePageString {
  const codePage = b[o];
  return { codePage, text: decodeCodePageString(b, o + 1, length, codePage) };
}

/** Name (2.99): 36 bytes. */
export function readName(b: Uint8Array, o: number): CodePageString {
  return readCodePageString(b, o, 35);
}

export function readIa5(b: Uint8Array, o: number, length: number): string | null {
  return decodeIa5String(b, o, length);
}

/** An IA5String(SIZE(length)) field */
export function ia5(length: number): Token<string | null> {
  return {
    len: length,
    get: (b, o) => decodeIa5String(b, o, length),
    at: (f) => (b, o) => decodeIa5String(b, o + f, length),
  };
}

/** A code page byte + `length` bytes of text (Name: codePageString(35), VehicleRegistrationNumber: 13) */
export function codePageString(length: number): Token<CodePageString> {
  return {
    len: 1 + length,
    get: (b, o) => readCodePageString(b, o, length),
    at: (f) => (b, o) => readCodePageString(b, o + f, length),
  };
}

/** Name (2.99): codePage 1 + name 35 */
export const NAME: Token<CodePageString> = codePageString(35);
