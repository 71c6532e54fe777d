/**
 * Import metadata (api-contract.md "import"): generation, card and driver summaries, activity range, warnings.
 */
import type { DecodedCard } from '../domain/card.js';
import type { ImportMetadata, Warning } from '../domain/rows.js';
import { dayOf, isoDay } from '../time.js';
import { nationCode } from '../decoder/tables/nation-codes.js';
import { pick } from './views.js';

export function metadataOf(card: DecodedCard, cardNumber: string | null, warnings: Warning[]): ImportMetadata {
  const id = pick(card, 'identification');
  const licence = pick(card, 'drivingLicenceInfo');
  const days = pick(card, 'driverActivity')?.days ?? [];
  return {
    generation: card.generation,
    card: {
      card_number: cardNumber,
      issuing_member_state: id ? nationCode(id.issuingMemberState) : null,
      issuing_authority: id?.issuingAuthorityName.text ?? null,
      issue_date: dateText(id?.issueDate ?? null),
      validity_begin: dateText(id?.validityBegin ?? null),
      expiry_date: dateText(id?.expiryDate ?? null),
    },
    driver: {
      surname: id?.holderSurname.text ?? null,
      first_names: id?.holderFirstNames.text ?? null,
      birth_date: id?.birthDate ?? null,
      preferred_language: id?.preferredLanguage ?? null,
      licence_issuing_nation: licence ? nationCode(licence.issuingNation) : null,
      licence_number: licence?.licenceNumber ?? null,
    },
    activity_range: {
      from: days.length > 0 ? dayOf(days[0].date) : null,
      to: days.length > 0 ? dayOf(days[days.length - 1].date) : null,
      days: days.length,
    },
    warnings,
  };
}

/** Card identity dates stay YYYY-MM-DD text (the card summary is identity data, stored as written). */
function dateText(seconds: number | null): string | null {
  return seconds === null ? null : isoDay(dayOf(seconds));
}
