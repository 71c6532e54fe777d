/**
 * Is an import's card holder the holder stored for its card number? (pure; used by ./import-ddd-file.ts)
 *
 * A card number (FullCardNumber incl. replacement and renewal index) belongs to one holder (Annex IC 2.27,
 * Reg. (EU) 165/2014 Art. 26: one personal card per driver). An import naming another person under a known number
 * is `holder_mismatch` (./quarantine-policy.ts quarantines it); the stored holder is never renamed by it.
 *
 * Compared: surname, first names, birth date. Names are compared after Unicode NFKC normalisation (composed and
 * decomposed accents, full-width forms and ligatures read alike), trimming, collapsing runs of white space into one
 * space and upper-casing (locale-independent `toUpperCase`): the card stores the same bytes on every download, so a
 * genuine re-download, or the gen1 and gen2 applications of one card, can never differ after this. Accents are NOT
 * dropped (MÜLLER and MULLER are different names). Birth dates compare as the YYYY-MM-DD text. A field unknown on
 * either side (null, or empty after trimming: an unreadable identification) proves no difference and is skipped.
 */
import type { DriverSummary } from '../domain/rows.js';

/** The identity part of a driver summary. */
export type CardHolder = Pick<DriverSummary, 'surname' | 'first_names' | 'birth_date'>;

/** The comparable form of a name; null when unknown or empty. */
export function comparableName(text: string | null): string | null {
  if (text === null) return null;
  const form = text.normalize('NFKC').replace(/\s+/gu, ' ').trim().toUpperCase();
  return form === '' ? null : form;
}

function comparableDate(text: string | null): string | null {
  const form = text?.trim() ?? '';
  return form === '' ? null : form;
}

/** true when a field known on both sides differs. */
export function holderDiffers(stored: CardHolder, incoming: CardHolder): boolean {
  const pairs: Array<[string | null, string | null]> = [
    [comparableName(stored.surname), comparableName(incoming.surname)],
    [comparableName(stored.first_names), comparableName(incoming.first_names)],
    [comparableDate(stored.birth_date), comparableDate(incoming.birth_date)],
  ];
  return pairs.some(([a, b]) => a !== null && b !== null && a !== b);
}
