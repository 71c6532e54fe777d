/** `card_home_countries`: the office's home countries of a card (core/ports/home-country-store.ts), one row per card. */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface HomeCountriesEntity {
  card_number: string;
  establishment: string | null;
  residence: string | null;
  updated_at: number;
}

export const HOME_COUNTRIES_COLUMNS = [
  'card_number',
  'establishment',
  'residence',
  'updated_at',
] as const satisfies readonly (keyof HomeCountriesEntity)[];

export function homeCountriesSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<HomeCountriesEntity>({
      name: 'HomeCountriesEntity',
      tableName: 'card_home_countries',
      properties: {
        card_number: { type: 'string', ...string, primary: true },
        establishment: { type: 'string', ...string, nullable: true },
        residence: { type: 'string', ...string, nullable: true },
        updated_at: { type: 'integer', ...seconds },
      },
    }),
  ];
}
