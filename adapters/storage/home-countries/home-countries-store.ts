/**
 * HomeCountryStore (core/ports/home-country-store.ts) on the MikroORM adapter's connection: the
 * `card_home_countries` table of ./home-countries-schema.ts, one row per card, replaced by an upsert
 * (`INSERT … ON CONFLICT (card_number) DO UPDATE`, the same statement on SQLite and PostgreSQL).
 */
import type { HomeCountryStore, StoredHomeCountries } from '../../../core/ports/home-country-store.js';
import type { Database } from '../database/database.js';
import { HOME_COUNTRIES_COLUMNS } from '../mikro-orm-schema/home-countries-schema.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export class SqlHomeCountries implements HomeCountryStore {
  constructor(private readonly db: Database) {}

  async homeCountries(cardNumber: string): Promise<StoredHomeCountries | null> {
    const rows = await this.db.query(
      `SELECT ${HOME_COUNTRIES_COLUMNS.join(', ')} FROM card_home_countries WHERE card_number = ?`,
      [cardNumber],
    );
    const r = rows[0];
    if (r === undefined) return null;
    return {
      card_number: String(r.card_number),
      establishment: text(r.establishment),
      residence: text(r.residence),
      updated_at: Number(r.updated_at),
    };
  }

  async setHomeCountries(row: StoredHomeCountries): Promise<void> {
    await this.db.query(
      `INSERT INTO card_home_countries (${HOME_COUNTRIES_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?)
       ON CONFLICT (card_number) DO UPDATE SET establishment = excluded.establishment, residence = excluded.residence, updated_at = excluded.updated_at`,
      [row.card_number, row.establishment, row.residence, row.updated_at],
    );
  }
}
