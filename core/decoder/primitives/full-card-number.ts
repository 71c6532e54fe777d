/**
 * FullCardNumber (data dictionary 2.73):
 *   FullCardNumber ::= SEQUENCE {
 *     cardType EquipmentType,                 -- 1
 *     cardIssuingMemberState NationNumeric,   -- 1
 *     cardNumber CardNumber                   -- IA5String 16
 *   }                                         -- 18 bytes
 */
import type { FullCardNumber } from '../../domain/card.js';
import { type Token, U8, declare, nested } from './record.js';
import { ia5 } from './strings.js';

export const FULL_CARD_NUMBER_LAYOUT = declare({ cardType: U8, cardIssuingMemberState: U8, cardNumber: ia5(16) });
const F = FULL_CARD_NUMBER_LAYOUT.read;

export const FULL_CARD_NUMBER_LENGTH = FULL_CARD_NUMBER_LAYOUT.len;

export function readFullCardNumber(b: Uint8Array, o: number): FullCardNumber {
  return {
    cardType: F.cardType(b, o),
    issuingMemberState: F.cardIssuingMemberState(b, o),
    cardNumber: F.cardNumber(b, o),
  };
}

export const FULL_CARD_NUMBER: Token<FullCardNumber> = {
  ...nested(FULL_CARD_NUMBER_LAYOUT, readFullCardNumber),
  at: (f) => (b, o) => readFullCardNumber(b, o + f),
};
