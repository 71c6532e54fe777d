/**
 * FullCardNumber (data dictionary 2.73), 18 bytes:
 *   FullCardNumber ::= SEQUENCE {
 *     cardType EquipmentType,                 -- 1 byte
 *     cardIssuingMemberState NationNumeric,   -- 1 byte
 *     cardNumber CardNumber                   -- IA5String 16 bytes
 *   }
 */
import type { FullCardNumber } from '../../domain/card.js';
import { readIa5 } from './strings.js';

export const FULL_CARD_NUMBER_LENGTH = 18;

export function readFullCardNumber(b: Uint8Array, o: number): FullCardNumber {
  return { cardType: b[o], issuingMemberState: b[o + 1], cardNumber: readIa5(b, o + 2, 16) };
}
