/**
 * The home countries of a card (ports: HomeCountryStore, ImportStore, Clock): the office's setting per card, each
 * field falling back to the configured default (DRIVERCARD_HOME_COUNTRY, the default for both the Member State of
 * establishment and the country of residence). The EU 561 pre-check reads them (./overview-use-cases.ts); without
 * either country the Mobility Package rules are not evaluated (../eu561/rules/mobility-package.ts).
 */
import { isNationIsoCode } from '../decoder/tables/nation-codes.js';
import { InvalidPayloadError } from '../domain/errors.js';
import type { HomeCountries } from '../eu561/types.js';
import type { Clock } from '../ports/clock.js';
import type { HomeCountryStore } from '../ports/home-country-store.js';
import type { ImportStore } from '../ports/import-store.js';
import { resolveBasis } from './data-basis.js';

/** Where a home country comes from: the card's own setting, the configured default, or nowhere (null). */
export type HomeCountrySource = 'card' | 'configuration' | null;

export interface CardHomeCountries extends HomeCountries {
  card_number: string;
  establishment_source: HomeCountrySource;
  residence_source: HomeCountrySource;
  /** epoch seconds of the card's setting; null when none was set */
  updated_at: number | null;
}

export class HomeCountrySettings {
  /** `store` null: no per-card setting is kept (only the configured default applies) */
  constructor(
    private readonly deps: {
      store: ImportStore;
      homes: HomeCountryStore | null;
      clock: Clock;
      defaultCountry: string | null;
      /** told after a card's home countries changed (its fleet row, whose findings the pre-check judges with them) */
      onCardChanged?: ((cardNumber: string) => Promise<void>) | null;
    },
  ) {}

  /** The countries the checks use for the card (no lookup of the card: the pre-check has resolved it). */
  async effective(cardNumber: string): Promise<CardHomeCountries> {
    const stored = this.deps.homes ? await this.deps.homes.homeCountries(cardNumber) : null;
    const fallback = this.deps.defaultCountry;
    const pick = (own: string | null | undefined) =>
      own
        ? { country: own, source: 'card' as const }
        : { country: fallback, source: fallback ? ('configuration' as const) : null };
    const e = pick(stored?.establishment);
    const r = pick(stored?.residence);
    return {
      card_number: cardNumber,
      establishment: e.country,
      residence: r.country,
      establishment_source: e.source,
      residence_source: r.source,
      updated_at: stored?.updated_at ?? null,
    };
  }

  /** GET: a known card's home countries (404 for an unknown card). */
  async of(cardNumber: string): Promise<CardHomeCountries> {
    await resolveBasis(this.deps.store, { kind: 'card_number', value: cardNumber });
    return this.effective(cardNumber);
  }

  /** Sets a known card's home countries; a null field falls back to the configured default. */
  async set(
    cardNumber: string,
    input: { establishment: string | null; residence: string | null },
  ): Promise<CardHomeCountries> {
    if (!this.deps.homes)
      throw new InvalidPayloadError(
        'Home countries per card are not kept by this storage; set DRIVERCARD_HOME_COUNTRY.',
      );
    const establishment = countryOf('establishment', input.establishment);
    const residence = countryOf('residence', input.residence);
    await resolveBasis(this.deps.store, { kind: 'card_number', value: cardNumber });
    const updated_at = Math.floor(this.deps.clock.now().getTime() / 1000);
    await this.deps.homes.setHomeCountries({ card_number: cardNumber, establishment, residence, updated_at });
    await this.deps.onCardChanged?.(cardNumber);
    return this.effective(cardNumber);
  }
}

function countryOf(field: string, value: string | null): string | null {
  if (value === null) return null;
  const code = value.trim().toUpperCase();
  if (!isNationIsoCode(code))
    throw new InvalidPayloadError(
      `Field ${field} must be an ISO 3166-1 alpha-2 country code (for example NL) or null.`,
    );
  return code;
}
