/**
 * Values shared by the vehicle-unit rows (api-contract.md "Vehicle-unit downloads"): card numbers normalised as a
 * card import's are (./views.ts), registrations with their nation's alpha code, times as ISO 8601 UTC text.
 */
import type { CodePageString } from '../domain/card-values.js';
import type { VuCardNumber, VuRegistration } from '../domain/vu.js';
import { nationCode } from '../decoder/tables/nation-codes.js';
import { dayOf, isoDay, isoTimestampOrNull } from '../time.js';

/** A recorded card number, trimmed, upper-cased, whitespace removed; null for "no card" (type 0 or blank). */
export function vuCardNumber(c: VuCardNumber | null): string | null {
  if (c === null || c.cardType === 0 || c.cardNumber === null) return null;
  const t = c.cardNumber.replace(/\s+/g, '').toUpperCase();
  return t === '' ? null : t;
}

export interface VuRegistrationRow {
  nation: string | null;
  number: string | null;
}

/** A registration; nation null where the record holds the number only (14-byte VehicleRegistrationNumber). */
export function vuRegistration(r: VuRegistration | null): VuRegistrationRow | null {
  if (r === null) return null;
  return { nation: r.nation === null ? null : nationCode(r.nation), number: r.number.text };
}

export const isoAt = isoTimestampOrNull;

/** YYYY-MM-DD of the UTC day holding an instant, or null. */
export function isoDate(seconds: number | null): string | null {
  return seconds === null ? null : isoDay(dayOf(seconds));
}

export const text = (s: CodePageString): string | null => s.text;
