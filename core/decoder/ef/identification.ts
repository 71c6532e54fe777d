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
import { readDatef } from '../primitives/datef.js';
import { readIa5, readName } from '../primitives/strings.js';
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeIdentification(b: Uint8Array, ctx: DecodeContext, label: string): CardIdentification | null {
  if (!fixedSize(ctx, label, b.length, 143)) return null;
  return {
    issuingMemberState: b[0],
    cardNumber: readIa5(b, 1, 16),
    driverIdentification: readIa5(b, 1, 14),
    replacementIndex: readIa5(b, 15, 1),
    renewalIndex: readIa5(b, 16, 1),
    issuingAuthorityName: readName(b, 17),
    issueDate: readTimeReal(b, 53),
    validityBegin: readTimeReal(b, 57),
    expiryDate: readTimeReal(b, 61),
    holderSurname: readName(b, 65),
    holderFirstNames: readName(b, 101),
    birthDate: readDatef(b, 137),
    preferredLanguage: readIa5(b, 141, 2),
  };
}
