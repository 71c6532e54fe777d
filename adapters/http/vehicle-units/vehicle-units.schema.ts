/**
 * The vehicle-unit answers (api-contract.md "Vehicle-unit downloads"): what a VU import adds to the import row, and
 * the rows of GET /api/drivercard/vehicle-units and its lists. Enums come from core (authenticity, activities).
 */
import { vehicleUnitDueProperties, vehicleUnitDueSchema } from '../vehicle-analysis/vehicle-analysis.schema.js';
import { AUTHENTICITY_STATUSES, CERTIFICATE_ROLES, EF_RESULTS } from '../../../core/domain/authenticity.js';
import { IMPORT_STATUSES } from '../../../core/domain/rows.js';
import { certificateChainsSchema } from '../shared/certificate-chains.schema.js';
import {
  activityCode,
  dateSchema,
  listEnvelopeSchema,
  nullableDate,
  nullableInteger,
  nullableNumber,
  nullableString,
  nullableTimestamp,
  registrationSchema,
  stringList,
  timestampSchema,
} from '../shared/schema-parts.js';

const slot = { type: 'string', enum: ['DRIVER', 'CO_DRIVER'] } as const;
const nullableRegistration = { oneOf: [registrationSchema, { type: 'null' }] } as const;
const quarantined = { type: 'boolean', description: 'true on rows of a quarantined import' } as const;
const owner = { import_id: { type: 'string' }, vin: nullableString } as const;
const OWNER = ['import_id', 'vin'] as const;

/** A VU download's authenticity: the verdict, a chain per generation (last certificate the VU's), one result per TREP. */
export const vuAuthenticitySchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...AUTHENTICITY_STATUSES] },
    chains: certificateChainsSchema([...CERTIFICATE_ROLES.filter((r) => r !== 'CARD'), 'VEHICLE_UNIT']),
    treps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          trep: { type: 'string', pattern: '^[0-9A-F]{2}$' },
          offset: { type: 'integer', minimum: 0, description: "bytes from the file's start to the TREP's '76'" },
          day: nullableDate,
          result: { type: 'string', enum: [...EF_RESULTS] },
        },
        required: ['trep', 'offset', 'day', 'result'],
      },
    },
  },
  required: ['status', 'chains', 'treps'],
} as const;

const vuIdentification = {
  type: 'object',
  properties: {
    manufacturer_name: nullableString,
    part_number: nullableString,
    serial_number: {
      type: 'integer',
      minimum: 0,
      description: "the VU's serial number, an identifier (not a quantity)",
    },
    software_version: nullableString,
  },
  required: ['manufacturer_name', 'part_number', 'serial_number', 'software_version'],
} as const;
const nullableVu = { oneOf: [vuIdentification, { type: 'null' }] } as const;

/** What a VU import's row adds (present on VEHICLE_UNIT imports only). */
export const vuImportProperties = {
  vehicle: {
    type: 'object',
    properties: { vin: nullableString, registration: nullableRegistration },
    required: ['vin', 'registration'],
  },
  downloaded_at: { ...nullableTimestamp, description: "the VU's clock at this download (TREP 01 CurrentDateTime)" },
  previous_download: {
    oneOf: [
      {
        type: 'object',
        properties: { at: nullableTimestamp, card_number: nullableString, company_or_workshop: nullableString },
        required: ['at', 'card_number', 'company_or_workshop'],
      },
      { type: 'null' },
    ],
  },
  data_range: {
    type: 'object',
    properties: { from: nullableTimestamp, to: nullableTimestamp },
    required: ['from', 'to'],
  },
  trep: { type: 'array', items: { type: 'string', pattern: '^[0-9A-F]{2}$' } },
  vu: nullableVu,
} as const;

/** One row per VIN of GET /vehicle-units (the fields the storage gives; due dates are added beside them). */
export const vehicleUnitRowSchema = {
  type: 'object',
  properties: {
    vin: { type: 'string' },
    registration: nullableRegistration,
    vu: nullableVu,
    newest_download: {
      type: 'object',
      properties: {
        import_id: { type: 'string' },
        downloaded_at: nullableTimestamp,
        status: { type: 'string', enum: [...IMPORT_STATUSES] },
        authenticity: { type: ['string', 'null'], enum: [...AUTHENTICITY_STATUSES, null] },
      },
      required: ['import_id', 'downloaded_at', 'status', 'authenticity'],
    },
    ...vehicleUnitDueProperties,
    overspeed_control: {
      oneOf: [
        {
          type: 'object',
          properties: {
            last_control_at: nullableTimestamp,
            first_overspeed_since: nullableTimestamp,
            overspeed_events_since: {
              ...nullableInteger,
              description: 'a count: overspeeding events since the last overspeed control',
            },
          },
          required: ['last_control_at', 'first_overspeed_since', 'overspeed_events_since'],
        },
        { type: 'null' },
      ],
    },
    imports: { type: 'integer', minimum: 1 },
  },
  required: [
    'vin',
    'registration',
    'vu',
    'newest_download',
    ...vehicleUnitDueSchema.required,
    'overspeed_control',
    'imports',
  ],
} as const;

export const vuActivityRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    date: dateSchema,
    slot,
    start: timestampSchema,
    end: timestampSchema,
    activity: activityCode,
    duration: { type: 'integer', minimum: 0 },
    card_inserted: { type: 'boolean' },
    card_number: nullableString,
    crew: { type: 'boolean' },
    quarantined,
  },
  required: [...OWNER, 'date', 'slot', 'start', 'end', 'activity', 'duration', 'card_inserted', 'card_number', 'crew'],
} as const;

export const cardInsertionRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    card_number: nullableString,
    holder: {
      type: 'object',
      properties: { surname: nullableString, first_names: nullableString },
      required: ['surname', 'first_names'],
    },
    card_expiry_date: nullableDate,
    slot: { type: ['string', 'null'], enum: ['DRIVER', 'CO_DRIVER', null] },
    inserted_at: nullableTimestamp,
    withdrawn_at: nullableTimestamp,
    odometer_at_insertion_km: nullableInteger,
    odometer_at_withdrawal_km: nullableInteger,
    previous_vehicle: {
      oneOf: [
        {
          type: 'object',
          properties: { registration: nullableRegistration, withdrawn_at: nullableTimestamp },
          required: ['registration', 'withdrawn_at'],
        },
        { type: 'null' },
      ],
    },
    manual_input: { type: 'boolean' },
    quarantined,
  },
  required: [
    ...OWNER,
    'card_number',
    'holder',
    'card_expiry_date',
    'slot',
    'inserted_at',
    'withdrawn_at',
    'odometer_at_insertion_km',
    'odometer_at_withdrawal_km',
    'previous_vehicle',
    'manual_input',
  ],
} as const;

export const vuEventRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    code: { type: 'integer' },
    type: nullableString,
    description: nullableString,
    start: nullableTimestamp,
    end: nullableTimestamp,
    card_numbers: stringList,
    similar_events: { ...nullableInteger, description: 'a count: similar events the VU recorded that day' },
    quarantined,
  },
  required: [...OWNER, 'code', 'type', 'description', 'start', 'end', 'card_numbers', 'similar_events'],
} as const;

export const overspeedingRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    start: nullableTimestamp,
    end: nullableTimestamp,
    max_speed_kmh: { type: 'integer', description: 'km/h, the highest speed of the event' },
    average_speed_kmh: { type: 'integer', description: 'km/h, the average speed of the event' },
    card_number: nullableString,
    similar_events: { type: 'integer', description: 'a count: similar events the VU recorded that day' },
    quarantined,
  },
  required: [...OWNER, 'start', 'end', 'max_speed_kmh', 'average_speed_kmh', 'card_number', 'similar_events'],
} as const;

export const calibrationRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    purpose: {
      type: 'object',
      properties: { code: { type: 'integer' }, name: nullableString },
      required: ['code', 'name'],
    },
    workshop: {
      type: 'object',
      properties: { name: nullableString, address: nullableString, card_number: nullableString },
      required: ['name', 'address', 'card_number'],
    },
    at: nullableTimestamp,
    registration: nullableRegistration,
    w: { type: 'integer', description: "pulses per km: the vehicle's characteristic coefficient (Annex IC 2.239)" },
    k: { type: 'integer', description: "pulses per km: the recording equipment's constant (Annex IC 2.85)" },
    l: { type: 'integer', description: "eighths of a millimetre: the tyres' effective circumference (Annex IC 2.91)" },
    tyre_size: nullableString,
    authorised_speed_kmh: {
      type: 'integer',
      description: 'km/h, the maximum authorised speed of the vehicle (Annex IC 2.156)',
    },
    odometer_old_km: nullableInteger,
    odometer_new_km: nullableInteger,
    next_calibration_date: nullableDate,
    quarantined,
  },
  required: [
    ...OWNER,
    'purpose',
    'workshop',
    'at',
    'registration',
    'w',
    'k',
    'l',
    'tyre_size',
    'authorised_speed_kmh',
    'odometer_old_km',
    'odometer_new_km',
    'next_calibration_date',
  ],
} as const;

export const vuPositionRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    timestamp: nullableTimestamp,
    latitude: nullableNumber,
    longitude: nullableNumber,
    source: { type: 'string', enum: ['PLACE', 'GNSS_ACCUMULATED_DRIVING', 'BORDER_CROSSING', 'LOAD_UNLOAD'] },
    type: nullableString,
    country_code: nullableString,
    odometer_km: nullableInteger,
    card_number: nullableString,
    quarantined,
  },
  required: [
    ...OWNER,
    'timestamp',
    'latitude',
    'longitude',
    'source',
    'type',
    'country_code',
    'odometer_km',
    'card_number',
  ],
} as const;

export const vuSpeedRowSchema = {
  type: 'object',
  properties: {
    ...owner,
    start: timestampSchema,
    speeds_kmh: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 }, minItems: 60, maxItems: 60 },
    quarantined,
  },
  required: [...OWNER, 'start', 'speeds_kmh'],
} as const;

export const vehicleUnitsResponseSchema = listEnvelopeSchema(vehicleUnitRowSchema);
export const vuActivitiesResponseSchema = listEnvelopeSchema(vuActivityRowSchema);
export const cardInsertionsResponseSchema = listEnvelopeSchema(cardInsertionRowSchema);
export const vuEventsResponseSchema = listEnvelopeSchema(vuEventRowSchema);
export const overspeedingResponseSchema = listEnvelopeSchema(overspeedingRowSchema);
export const calibrationsResponseSchema = listEnvelopeSchema(calibrationRowSchema);
export const vuPositionsResponseSchema = listEnvelopeSchema(vuPositionRowSchema);
export const vuSpeedResponseSchema = listEnvelopeSchema(vuSpeedRowSchema);
