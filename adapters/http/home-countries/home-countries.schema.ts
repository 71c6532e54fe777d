/** The home countries of a card: the request body of the office's setting and the one answer shape. */
import { nullableTimestamp } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const country = { type: ['string', 'null'], pattern: '^[A-Za-z]{2}$' } as const;
const source = { type: ['string', 'null'], enum: ['card', 'configuration', null] } as const;

export const homeCountriesRequestSchema = {
  type: 'object',
  properties: { establishment: country, residence: country },
  required: ['establishment', 'residence'],
  additionalProperties: false,
} as const;

export const homeCountriesSchema = {
  type: 'object',
  properties: {
    card_number: { type: 'string' },
    /** Member State of the employer's establishment (ISO 3166-1 alpha-2), null: unknown */
    establishment: { type: ['string', 'null'] },
    /** the driver's country of residence, null: unknown */
    residence: { type: ['string', 'null'] },
    /** card: set by the office for this card; configuration: DRIVERCARD_HOME_COUNTRY; null: unknown */
    establishment_source: source,
    residence_source: source,
    updated_at: nullableTimestamp,
  },
  required: ['card_number', 'establishment', 'residence', 'establishment_source', 'residence_source', 'updated_at'],
  additionalProperties: false,
} as const;

export type HomeCountriesResponse = FromSchema<typeof homeCountriesSchema>;
