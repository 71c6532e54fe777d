/** The answer of GET /api/drivercard/countries (the one declaration of its shape). */
import {
  basisDescriptionSchema,
  dateSchema,
  nullableInteger,
  nullableNumber,
  nullableString,
  timestampSchema,
  totalsSchema,
  type Schema,
} from '../shared/schema-parts.js';

const evidence: Schema = {
  type: 'object',
  properties: {
    source: { type: 'string', enum: ['PLACE', 'GNSS_ACCUMULATED_DRIVING', 'BORDER_CROSSING', 'LOAD_UNLOAD'] },
    timestamp: timestampSchema,
    type: nullableString,
    country_code: nullableString,
    latitude: nullableNumber,
    longitude: nullableNumber,
    odometer_km: nullableInteger,
    inferred: { type: 'boolean' },
  },
  required: ['source', 'timestamp', 'type', 'country_code', 'latitude', 'longitude', 'odometer_km', 'inferred'],
  additionalProperties: false,
};
const dates: Schema = { type: 'array', items: dateSchema };
const seconds: Schema = { type: 'integer' };

export const countryTimeSchema: Schema = {
  type: 'object',
  properties: {
    country_code: nullableString,
    totals: totalsSchema,
    driving_s: seconds,
    working_s: seconds,
    total_s: seconds,
    inferred_s: seconds,
    inferred: { type: 'boolean' },
    days: { type: 'integer' },
    working_days: { type: 'integer' },
    dates,
    working_dates: dates,
    evidence: { type: 'array', items: evidence },
    operations: { type: 'array', items: evidence },
  },
  required: [
    'country_code',
    'totals',
    'driving_s',
    'working_s',
    'total_s',
    'inferred_s',
    'inferred',
    'days',
    'working_days',
    'dates',
    'working_dates',
    'evidence',
    'operations',
  ],
  additionalProperties: false,
};

export const countriesResponseSchema: Schema = {
  type: 'object',
  properties: {
    basis: basisDescriptionSchema,
    recorded_s: seconds,
    countries: { type: 'array', items: countryTimeSchema },
    conflicts: dates,
  },
  required: ['basis', 'recorded_s', 'countries', 'conflicts'],
  additionalProperties: false,
};
