/**
 * The office's setting of a card's home countries (Member State of the employer's establishment, the driver's
 * country of residence: Reg. (EC) No 561/2006 Art. 8(6) and 8(8a) as amended by 2020/1054), one row per card
 * (conformance/home-countries.suite.ts runs the contract on SQLite and PostgreSQL):
 * - `homeCountries` returns the card's row, or null when none was set;
 * - `setHomeCountries` writes it, replacing the card's previous row.
 */
export interface StoredHomeCountries {
  card_number: string;
  /** ISO 3166-1 alpha-2; null: not set (the configured default applies) */
  establishment: string | null;
  residence: string | null;
  /** epoch seconds */
  updated_at: number;
}

export interface HomeCountryStore {
  homeCountries(cardNumber: string): Promise<StoredHomeCountries | null>;
  setHomeCountries(row: StoredHomeCountries): Promise<void>;
}
