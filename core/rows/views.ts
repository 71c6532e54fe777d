/**
 * Which application a view is built from: the G2 application (DF Tachograph_G2) when it holds the EF, else
 * the gen1 application (DF Tachograph). A gen2 card carries both; gen1 data is then a subset.
 */
import type { CardApplication, DecodedCard } from '../domain/card.js';

export function pick<K extends keyof CardApplication>(
  card: DecodedCard,
  key: K,
): NonNullable<CardApplication[K]> | null {
  const g2 = card.gen2?.[key];
  if (g2 !== undefined && g2 !== null) return g2 as NonNullable<CardApplication[K]>;
  const g1 = card.gen1?.[key];
  if (g1 !== undefined && g1 !== null) return g1 as NonNullable<CardApplication[K]>;
  return null;
}

/**
 * The card number of the API contract: the 16 characters as recorded, trimmed, upper-cased — and, since
 * "query parameters are normalised the same way (whitespace removed, upper-cased)", with every whitespace
 * removed, so that a stored number is always found by a query for it (a card number holds no inner blanks
 * in practice; 2.26: driverIdentification 14 + replacement index 1 + renewal index 1).
 */
export function normalisedCardNumber(card: DecodedCard): string | null {
  const n = pick(card, 'identification')?.cardNumber;
  if (n === undefined || n === null) return null;
  const t = n.replace(/\s+/g, '').toUpperCase();
  return t === '' ? null : t;
}
