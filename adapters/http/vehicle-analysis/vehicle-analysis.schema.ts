/**
 * The answers of what only the vehicle knows (the one declaration of their shape; the mapper's types are derived
 * from these): driving without a card, card against vehicle, unaccounted kilometres, overspeeding per driver, and
 * the due-date fields of a vehicle unit's fleet row.
 */
import {
  count,
  listEnvelopeSchema,
  nullableDate,
  nullableInteger,
  nullableString,
  nullableTimestamp,
  registrationSchema,
  seconds,
  stringList,
  timestampSchema,
} from '../shared/schema-parts.js';

const slot = { type: 'string', enum: ['DRIVER', 'CO_DRIVER'] } as const;
const nullableSlot = { type: ['string', 'null'], enum: ['DRIVER', 'CO_DRIVER', null] } as const;
const registration = { anyOf: [registrationSchema, { type: 'null' }] } as const;
const km = { type: 'integer' } as const;

const reading = {
  type: 'object',
  description: 'an odometer reading the VU holds: at a card insertion or withdrawal, or at 00:00 UTC of a day',
  properties: {
    source: { type: 'string', enum: ['CARD_INSERTION', 'CARD_WITHDRAWAL', 'MIDNIGHT'] },
    at: timestampSchema,
    odometer_km: km,
    card_number: nullableString,
  },
  required: ['source', 'at', 'odometer_km', 'card_number'],
  additionalProperties: false,
} as const;

export const drivingWithoutCardRowSchema = {
  type: 'object',
  properties: {
    vin: { type: 'string' },
    registration,
    slot,
    start: timestampSchema,
    end: timestampSchema,
    duration: seconds,
    distance_km: { ...nullableInteger, description: 'null when no pair of readings bounds the interval' },
    distance_basis: {
      anyOf: [
        {
          type: 'object',
          properties: { from: reading, to: reading },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    insertion_before: {
      anyOf: [
        {
          type: 'object',
          properties: { card_number: nullableString, withdrawn_at: timestampSchema, odometer_km: nullableInteger },
          required: ['card_number', 'withdrawn_at', 'odometer_km'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    insertion_after: {
      anyOf: [
        {
          type: 'object',
          properties: { card_number: nullableString, inserted_at: timestampSchema, odometer_km: nullableInteger },
          required: ['card_number', 'inserted_at', 'odometer_km'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    quarantined: { type: 'boolean' },
  },
  required: [
    'vin',
    'registration',
    'slot',
    'start',
    'end',
    'duration',
    'distance_km',
    'distance_basis',
    'insertion_before',
    'insertion_after',
    'quarantined',
  ],
  additionalProperties: false,
} as const;

export const drivingWithoutCardResponseSchema = listEnvelopeSchema(drivingWithoutCardRowSchema);

const disagreement = {
  type: 'object',
  properties: {
    field: {
      type: 'string',
      enum: ['inserted_at', 'withdrawn_at', 'odometer_at_insertion_km', 'odometer_at_withdrawal_km'],
    },
    vehicle_unit: { type: ['string', 'integer'], description: 'an instant (times) or km (odometers)' },
    card: { type: ['string', 'integer'], description: 'an instant (times) or km (odometers)' },
    difference: { type: 'integer', description: 'card − vehicle unit: seconds (times) or km (odometers)' },
  },
  required: ['field', 'vehicle_unit', 'card', 'difference'],
  additionalProperties: false,
} as const;

const cardUse = {
  type: 'object',
  properties: {
    import_id: { type: 'string' },
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    odometer_begin_km: nullableInteger,
    odometer_end_km: nullableInteger,
  },
  required: ['import_id', 'first_use', 'last_use', 'odometer_begin_km', 'odometer_end_km'],
  additionalProperties: false,
} as const;

export const cardMismatchRowSchema = {
  type: 'object',
  properties: {
    vin: { type: 'string' },
    registration,
    card_number: { type: 'string' },
    slot: nullableSlot,
    inserted_at: timestampSchema,
    withdrawn_at: nullableTimestamp,
    odometer_at_insertion_km: nullableInteger,
    odometer_at_withdrawal_km: nullableInteger,
    kind: { type: 'string', enum: ['USE_MISSING_ON_CARD', 'USE_DIFFERS'] },
    disagreements: { type: 'array', items: disagreement },
    card_use: { anyOf: [cardUse, { type: 'null' }] },
    quarantined: { type: 'boolean' },
  },
  required: [
    'vin',
    'registration',
    'card_number',
    'slot',
    'inserted_at',
    'withdrawn_at',
    'odometer_at_insertion_km',
    'odometer_at_withdrawal_km',
    'kind',
    'disagreements',
    'card_use',
    'quarantined',
  ],
  additionalProperties: false,
} as const;

const envelope = <S extends ReturnType<typeof listEnvelopeSchema>, P extends Record<string, unknown>>(
  list: S,
  extra: P,
) =>
  ({
    ...list,
    properties: { ...list.properties, ...extra },
    required: [...list.required, ...(Object.keys(extra) as Array<keyof P & string>)],
  }) as const;

export const cardMismatchesResponseSchema = envelope(listEnvelopeSchema(cardMismatchRowSchema), {
  time_tolerance_seconds: count,
  odometer_tolerance_km: count,
});

const basis = { type: 'string', enum: ['VEHICLE_UNIT', 'CARDS'] } as const;

const segment = {
  type: 'object',
  properties: {
    basis,
    from: timestampSchema,
    to: timestampSchema,
    odometer_from_km: km,
    odometer_to_km: km,
    km,
    rollover: { type: 'boolean' },
    cards_before: stringList,
    cards_after: stringList,
    quarantined: { type: 'boolean' },
  },
  required: [
    'basis',
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
} as const;

export const unaccountedKmRowSchema = {
  type: 'object',
  properties: {
    vin: { type: 'string' },
    registration,
    unaccounted_km: km,
    km_by_basis: {
      type: 'object',
      properties: {
        VEHICLE_UNIT: { ...km, description: "kilometres resting on the VU's odometer and insertions" },
        CARDS: { ...km, description: "kilometres resting on the imported cards' vehicle records alone" },
      },
      required: ['VEHICLE_UNIT', 'CARDS'],
      additionalProperties: false,
    },
    vehicle_unit_periods: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { ...timestampSchema, description: 'first instant the VU downloads hold (00:00 UTC of a day)' },
          to: { ...timestampSchema, description: 'end of the period held, excluded (24:00 UTC, or the download)' },
        },
        required: ['from', 'to'],
        additionalProperties: false,
      },
    },
    segments: { type: 'array', items: segment },
  },
  required: ['vin', 'registration', 'unaccounted_km', 'km_by_basis', 'vehicle_unit_periods', 'segments'],
  additionalProperties: false,
} as const;

export const unaccountedKmResponseSchema = envelope(listEnvelopeSchema(unaccountedKmRowSchema), {
  tolerance_km: count,
});

const attributed = {
  type: 'object',
  properties: {
    vin: { type: 'string' },
    start: nullableTimestamp,
    end: nullableTimestamp,
    max_speed_kmh: { ...count, description: 'km/h, the highest speed of the event' },
    average_speed_kmh: { ...count, description: 'km/h, the average speed of the event' },
    similar_events: { ...count, description: 'a count: similar events the VU recorded that day' },
    card_source: { type: ['string', 'null'], enum: ['RECORD', 'INSERTION', null] },
    quarantined: { type: 'boolean' },
  },
  required: [
    'vin',
    'start',
    'end',
    'max_speed_kmh',
    'average_speed_kmh',
    'similar_events',
    'card_source',
    'quarantined',
  ],
  additionalProperties: false,
} as const;

export const driverOverspeedingRowSchema = {
  type: 'object',
  properties: {
    card_number: nullableString,
    events: { ...count, description: 'a count of overspeeding events' },
    max_speed_kmh: { ...count, description: 'km/h, the highest speed of its events' },
    duration: seconds,
    overspeeding: { type: 'array', items: attributed },
  },
  required: ['card_number', 'events', 'max_speed_kmh', 'duration', 'overspeeding'],
  additionalProperties: false,
} as const;

export const overspeedingByDriverResponseSchema = listEnvelopeSchema(driverOverspeedingRowSchema);

/** The due-date fields a vehicle unit's fleet row (GET /vehicle-units) carries. */
export const vehicleUnitDueProperties = {
  download_due: {
    ...nullableTimestamp,
    description: 'the moment 90 days after the newest download (the VU clock at it); null without one',
  },
  download_overdue: { type: 'boolean' },
  next_calibration_date: nullableDate,
  calibration_overdue: { type: 'boolean' },
  calibration_due_soon: { type: 'boolean', description: 'the next calibration is today or within 30 days' },
} as const;

export const vehicleUnitDueSchema = {
  type: 'object',
  properties: vehicleUnitDueProperties,
  required: [
    'download_due',
    'download_overdue',
    'next_calibration_date',
    'calibration_overdue',
    'calibration_due_soon',
  ],
  additionalProperties: false,
} as const;
