/** A card's home countries: domain → JSON. */
import { isoTimestamp } from '../../../core/time.js';
import type { CardHomeCountries } from '../../../core/use-cases/home-countries.js';

export function homeCountriesToResponse(h: CardHomeCountries) {
  return {
    card_number: h.card_number,
    establishment: h.establishment,
    residence: h.residence,
    establishment_source: h.establishment_source,
    residence_source: h.residence_source,
    updated_at: h.updated_at === null ? null : isoTimestamp(h.updated_at),
  };
}
