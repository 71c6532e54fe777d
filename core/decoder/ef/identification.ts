/**
 * EF Identification (0520), 143 bytes = CardIdentification (65) + DriverCardHolderIdentification (78).
 *   CardIdentification ::= SEQUENCE {                      (2.24)
 *     cardIssuingMemberState NationNumeric,                -- 1
 *     cardNumber CardNumber,                               -- 16 IA5: driverIdentification 14,
 *                                                          --   cardReplacementIndex 1, cardRenewalIndex 1 (2.26)
 *     cardIssuingAuthorityName Name,                       -- 36
 *     cardIssueDate TimeReal,                              -- 4
 *     cardValidityBegin TimeReal,                          -- 4
 *     cardExpiryDate TimeReal                              -- 4
 *   }
 *   DriverCardHolderIdentification ::= SEQUENCE {          (2.62)
 *     cardHolderName HolderName,                           -- holderSurname Name 36, holderFirstNames Name 36
 *     cardHolderBirthDate Datef,                           -- 4
 *     cardHolderPreferredLanguage Language                 -- 2 IA5
 *   }
 */
import type { CardIdentification } from '../../domain/card.js';
import { DATEF } from '../primitives/datef.js';
import { U8, declare } from '../primitives/record.js';
import { NAME, ia5 } from '../primitives/strings.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, fixedSize } from './context.js';

/** CardNumber (2.26) of a driver card: driverIdentification 14, cardReplacementIndex 1, cardRenewalIndex 1 */
export const DRIVER_CARD_NUMBER = declare({
  driverIdentification: ia5(14),
  cardReplacementIndex: ia5(1),
  cardRenewalIndex: ia5(1),
});
export const CARD_IDENTIFICATION = declare({
  cardIssuingMemberState: U8,
  cardNumber: ia5(DRIVER_CARD_NUMBER.len),
  cardIssuingAuthorityName: NAME,
  cardIssueDate: TIME_REAL,
  cardValidityBegin: TIME_REAL,
  cardExpiryDate: TIME_REAL,
});
export const DRIVER_CARD_HOLDER_IDENTIFICATION = declare({
  holderSurname: NAME,
  holderFirstNames: NAME,
  cardHolderBirthDate: DATEF,
  cardHolderPreferredLanguage: ia5(2),
});
/** EF Identification: CardIdentification then DriverCardHolderIdentification */
export const IDENTIFICATION_HOLDER_OFFSET = CARD_IDENTIFICATION.len;
export const IDENTIFICATION_LENGTH = CARD_IDENTIFICATION.len + DRIVER_CARD_HOLDER_IDENTIFICATION.len;

const C = CARD_IDENTIFICATION.read;
const N = DRIVER_CARD_NUMBER.read;
const H = DRIVER_CARD_HOLDER_IDENTIFICATION.read;

export function decodeIdentification(b: Uint8Array, ctx: DecodeContext, label: string): CardIdentification | null {
  if (!fixedSize(ctx, label, b.length, IDENTIFICATION_LENGTH)) return null;
  const n = CARD_IDENTIFICATION.offset.cardNumber;
  const h = IDENTIFICATION_HOLDER_OFFSET;
  return {
    issuingMemberState: C.cardIssuingMemberState(b, 0),
    cardNumber: C.cardNumber(b, 0),
    driverIdentification: N.driverIdentification(b, n),
    replacementIndex: N.cardReplacementIndex(b, n),
    renewalIndex: N.cardRenewalIndex(b, n),
    issuingAuthorityName: C.cardIssuingAuthorityName(b, 0),
    issueDate: C.cardIssueDate(b, 0),
    validityBegin: C.cardValidityBegin(b, 0),
    expiryDate: C.cardExpiryDate(b, 0),
    holderSurname: H.holderSurname(b, h),
    holderFirstNames: H.holderFirstNames(b, h),
    birthDate: H.cardHolderBirthDate(b, h),
    preferredLanguage: H.cardHolderPreferredLanguage(b, h),
  };
}
