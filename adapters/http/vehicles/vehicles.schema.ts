/** The answers of the vehicles-across-cards endpoints (the one declaration of their shape). */
import {
  nullableInteger,
  nullableString,
  nullableTimestamp,
  timestampSchema,
  type Schema,
} from '../shared/schema-parts.js';

const registration: Schema = {
  type: 'object',
  properties: { nation: nullableString, number: nullableString },
  required: ['nation', 'number'],
};
const strings: Schema = { type: 'array', items: { type: 'string' } };

const cardPeriod: Schema = {
  type: 'object',
  properties: {
    card_number: nullableString,
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    uses: { type: 'integer' },
  },
  required: ['card_number', 'first_use', 'last_use', 'uses'],
  additionalProperties: false,
};

const figures = {
  recorded_km: { type: 'integer' },
  unaccounted_km: { type: 'integer' },
  inconsistent_segments: { type: 'integer' },
} as const;

export const vehicleSummarySchema: Schema = {
  type: 'object',
  properties: {
    registration,
    vins: strings,
    cards: { type: 'array', items: cardPeriod },
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    uses: { type: 'integer' },
    ...figures,
    crew_disagreements: { type: 'integer' },
    quarantined: { type: 'boolean' },
  },
  required: [
    'registration',
    'vins',
    'cards',
    'first_use',
    'last_use',
    'uses',
    'recorded_km',
    'unaccounted_km',
    'inconsistent_segments',
    'crew_disagreements',
    'quarantined',
  ],
  additionalProperties: false,
};

export const vehicleListResponseSchema: Schema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: vehicleSummarySchema },
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    conflicts: strings,
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts'],
};

const use: Schema = {
  type: 'object',
  properties: {
    import_id: { type: 'string' },
    card_number: nullableString,
    quarantined: { type: 'boolean' },
    vin: nullableString,
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    odometer_begin_km: nullableInteger,
    odometer_end_km: nullableInteger,
  },
  required: [
    'import_id',
    'card_number',
    'quarantined',
    'vin',
    'first_use',
    'last_use',
    'odometer_begin_km',
    'odometer_end_km',
  ],
  additionalProperties: false,
};

const segment: Schema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['unaccounted', 'inconsistent'] },
    reason: { type: ['string', 'null'], enum: ['overlap', 'odometer_backwards', 'use_odometer_backwards', null] },
    from: timestampSchema,
    to: timestampSchema,
    odometer_from_km: nullableInteger,
    odometer_to_km: nullableInteger,
    km: nullableInteger,
    rollover: { type: 'boolean' },
    cards_before: strings,
    cards_after: strings,
    quarantined: { type: 'boolean' },
  },
  required: [
    'kind',
    'reason',
    'from',
    'to',
    'odometer_from_km',
    'odometer_to_km',
    'km',
    'rollover',
    'cards_before',
    'cards_after',
    'quarantined',
  ],
  additionalProperties: false,
};

/** A disagreement between a crew's cards: odometer readings, crew in two vehicles at once, or crew times. */
const disagreement: Schema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['odometer', 'other_vehicle', 'times'] },
    cards: strings,
    at: timestampSchema,
    until: timestampSchema,
    card_a: nullableString,
    odometer_a_km: nullableInteger,
    card_b: nullableString,
    odometer_b_km: nullableInteger,
    registration_b: { anyOf: [registration, { type: 'null' }] },
  },
  required: ['kind', 'cards', 'at', 'until', 'card_a', 'odometer_a_km', 'card_b', 'odometer_b_km', 'registration_b'],
  additionalProperties: false,
};

export const vehicleMileageResponseSchema: Schema = {
  type: 'object',
  properties: {
    tolerance_km: { type: 'integer' },
    odometer_modulus_km: { type: 'integer' },
    unaccounted_km: { type: 'integer' },
    recorded_km: { type: 'integer' },
    segments: {
      type: 'array',
      items: {
        ...segment,
        properties: { registration, ...(segment.properties as object) },
        required: ['registration', ...(segment.required as string[])],
      },
    },
    vehicles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          registration,
          vins: strings,
          uses: { type: 'array', items: use },
          undated: { type: 'array', items: use },
          segments: { type: 'array', items: segment },
          crew_disagreements: { type: 'array', items: disagreement },
          ...figures,
          first_odometer_km: nullableInteger,
          last_odometer_km: nullableInteger,
        },
        required: [
          'registration',
          'vins',
          'uses',
          'undated',
          'segments',
          'crew_disagreements',
          'recorded_km',
          'unaccounted_km',
          'inconsistent_segments',
          'first_odometer_km',
          'last_odometer_km',
        ],
        additionalProperties: false,
      },
    },
  },
  required: ['tolerance_km', 'odometer_modulus_km', 'unaccounted_km', 'recorded_km', 'segments', 'vehicles'],
};
