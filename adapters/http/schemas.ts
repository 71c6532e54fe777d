/**
 * JSON Schemas (2020-12, the dialect of OpenAPI 3.1) of the HTTP interface: query parameters, the parse
 * request body and every response. These objects are the single source: the routes validate with them
 * (./validation.ts) and the OpenAPI document (./openapi.ts) embeds the very same objects.
 * Field names follow /work/shared/spec/api-contract.md.
 */

import {
  AUTHENTICITY_STATUSES, CERTIFICATE_ROLES, CERTIFICATE_STATUSES, CHAIN_STATUSES, EF_RESULTS, SIGNED_APPLICATIONS,
} from '../../core/domain/authenticity.js';
import { fleetQueryParameterDescriptions, fleetQueryParameterSchemas } from './fleet-schemas.js';
import {
  activityCode, dateSchema, DATE_PATTERN, intervalSeconds, ISO_WEEK_PATTERN, nullableDate, nullableInteger, nullableNumber,
  nullableString, nullableTimestamp, timestampSchema, totalsSchema, basisDescriptionSchema, type Schema,
} from './schema-parts.js';

export { DATE_PATTERN, ISO_WEEK_PATTERN, dateSchema, timestampSchema };
export { eu561ResponseSchema, workingTimeResponseSchema } from './precheck-schemas.js';

// ---------------------------------------------------------------------------------------------------
// Query parameters (each a schema of its own so OpenAPI can list them one by one)

export const queryParameterSchemas = {
  import_id: { type: 'string', minLength: 1, maxLength: 200 },
  archive_id: { type: 'string', minLength: 1, maxLength: 200 },
  card_number: { type: 'string', minLength: 1, maxLength: 64 },
  date_from: dateSchema,
  date_to: dateSchema,
  date: dateSchema,
  week: { type: 'string', pattern: ISO_WEEK_PATTERN },
  limit: { type: 'integer', minimum: 1, maximum: 5000, default: 500 },
  offset: { type: 'integer', minimum: 0, default: 0 },
  ...fleetQueryParameterSchemas,
  unknown_as: { type: 'string', enum: ['unknown', 'rest'] },
  at: timestampSchema,
  evidence: { type: 'string', enum: ['full', 'summary'] },
  reference_weeks: { type: 'integer', minimum: 1, maximum: 26 },
  include_quarantined: { type: 'string', enum: ['true', 'false'] },
  delimiter: { type: 'string', enum: [',', ';'] },
  severity: { type: 'string', pattern: '^(MI|SI|VSI|MSI)(,(MI|SI|VSI|MSI))*$' },
  status: { type: 'string', pattern: '^(OPEN|CONFIRMED|JUSTIFIED|DRIVER_INFORMED|ACKNOWLEDGED)(,(OPEN|CONFIRMED|JUSTIFIED|DRIVER_INFORMED|ACKNOWLEDGED))*$' },
} as const satisfies Record<string, Schema>;

export type QueryParameterName = keyof typeof queryParameterSchemas;

export const queryParameterDescriptions: Record<QueryParameterName, string> = {
  import_id: 'identifier of a parsed import (exactly one of import_id, archive_id, card_number)',
  archive_id: 'stable identifier of the archive (exactly one of import_id, archive_id, card_number)',
  card_number: 'card number; whitespace is removed and letters upper-cased before matching',
  date_from: 'start of an inclusive UTC date range',
  date_to: 'end of an inclusive UTC date range',
  date: 'one UTC day',
  week: 'ISO week, Monday to Sunday UTC',
  limit: 'page size (default 500, maximum 5000)',
  offset: 'page start (default 0)',
  ...fleetQueryParameterDescriptions,
  unknown_as: 'card-out time policy: unknown (default: time with no card and no manual entry stays unknown) or rest (such time inside the data, up to 5 days at a stretch, counts as rest)',
  at: 'driver status time, ISO 8601 UTC (YYYY-MM-DDTHH:MM:SSZ) within the evaluated dates; default the end of the last recorded activity',
  evidence: 'summary (default: evidence lists longer than 10 intervals give the first and last plus evidence_summary) or full',
  reference_weeks: 'weeks of the reference period for the 48 h average working time (1..26, default 17)',
  include_quarantined: 'pre-check: true evaluates quarantined imports too, listed in basis.untrusted_imports, their findings marked untrusted',
  delimiter: 'CSV field separator: , (default) or ; (as German and Polish spreadsheet programs expect)',
  severity: 'findings: only these severities, comma-separated (MI, SI, VSI, MSI); a finding without severity is then left out',
  status: 'findings: only these review statuses, comma-separated (OPEN, CONFIRMED, JUSTIFIED, DRIVER_INFORMED, ACKNOWLEDGED; never reviewed = OPEN)',
};

/** The object schema a query string is validated against: only the named parameters, all optional. */
export function querySchema(names: readonly QueryParameterName[]): Schema {
  const properties: Record<string, Schema> = {};
  for (const name of names) properties[name] = queryParameterSchemas[name];
  return { type: 'object', properties, additionalProperties: false };
}

// ---------------------------------------------------------------------------------------------------
// Request body

export const parseRequestSchema: Schema = {
  type: 'object',
  properties: {
    file_name: { type: ['string', 'null'], maxLength: 255 },
    content_base64: { type: 'string' },
    archive_id: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
  },
  required: ['content_base64'],
  additionalProperties: false,
};

/** POST /api/drivercard/anonymize (issue 10) */
export const anonymizeRequestSchema: Schema = {
  type: 'object',
  properties: {
    file_name: { type: ['string', 'null'], maxLength: 255 },
    content_base64: { type: 'string' },
    coarsen_positions: { type: 'boolean' },
  },
  required: ['content_base64'],
  additionalProperties: false,
};

export const anonymizeResponseSchema: Schema = {
  type: 'object',
  properties: {
    file_name: nullableString,
    content_base64: { type: 'string', description: 'the anonymized file: same size and layout as the one sent' },
    notes: { type: 'array', items: { type: 'string' }, description: 'what was replaced, one sentence each' },
  },
  required: ['file_name', 'content_base64', 'notes'],
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------------
// Rows

const registrationSchema: Schema = {
  type: 'object',
  properties: { nation: nullableString, number: nullableString },
  required: ['nation', 'number'],
};

const warningSchema: Schema = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['code', 'message'],
};

const quarantinedFlag: Schema = { type: 'boolean' };

/** Authenticity of an import (issue 8; notes/API-ADDITIONS.md): enums from core/domain/authenticity.ts. */
export const authenticitySchema: Schema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...AUTHENTICITY_STATUSES] },
    chains: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          generation: { type: 'string', enum: ['GEN1', 'GEN2'] },
          status: { type: 'string', enum: [...CHAIN_STATUSES] },
          certificates: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                role: { type: 'string', enum: [...CERTIFICATE_ROLES] },
                car: { type: 'string', pattern: '^[0-9A-F]*$' },
                chr: { type: ['string', 'null'], pattern: '^[0-9A-F]*$' },
                nation: nullableString,
                valid_from: nullableTimestamp,
                valid_to: nullableTimestamp,
                status: { type: 'string', enum: [...CERTIFICATE_STATUSES] },
              },
              required: ['role', 'car', 'chr', 'nation', 'valid_from', 'valid_to', 'status'],
            },
          },
        },
        required: ['generation', 'status', 'certificates'],
      },
    },
    efs: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ef: { type: 'string', pattern: '^[0-9A-F]{4}$' },
          application: { type: 'string', enum: [...SIGNED_APPLICATIONS] },
          result: { type: 'string', enum: [...EF_RESULTS] },
        },
        required: ['ef', 'application', 'result'],
      },
    },
  },
  required: ['status', 'chains', 'efs'],
};

export const importRowSchema: Schema = {
  type: 'object',
  properties: {
    import_id: { type: 'string' },
    archive_id: { type: 'string' },
    file_name: nullableString,
    content_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    size_bytes: { type: 'integer', minimum: 0 },
    imported_at: timestampSchema,
    generation: { type: 'string', enum: ['GEN1', 'GEN2', 'GEN2V2'] },
    status: { type: 'string', enum: ['OK', 'QUARANTINED'] },
    card: {
      type: 'object',
      properties: {
        card_number: nullableString,
        issuing_member_state: nullableString,
        issuing_authority: nullableString,
        issue_date: nullableDate,
        validity_begin: nullableDate,
        expiry_date: nullableDate,
      },
      required: ['card_number', 'issuing_member_state', 'issuing_authority', 'issue_date', 'validity_begin', 'expiry_date'],
    },
    driver: {
      type: 'object',
      properties: {
        surname: nullableString,
        first_names: nullableString,
        birth_date: nullableDate,
        preferred_language: nullableString,
        licence_issuing_nation: nullableString,
        licence_number: nullableString,
      },
      required: ['surname', 'first_names', 'birth_date', 'preferred_language', 'licence_issuing_nation', 'licence_number'],
    },
    activity_range: {
      type: 'object',
      properties: { from: nullableDate, to: nullableDate, days: { type: 'integer', minimum: 0 } },
      required: ['from', 'to', 'days'],
    },
    warnings: { type: 'array', items: warningSchema },
    /** null for imports stored before verification existed */
    authenticity: { oneOf: [authenticitySchema, { type: 'null' }] },
  },
  required: [
    'import_id', 'archive_id', 'file_name', 'content_sha256', 'size_bytes', 'imported_at', 'generation',
    'status', 'card', 'driver', 'activity_range', 'warnings',
  ],
};

export const parseResponseSchema: Schema = {
  type: 'object',
  allOf: [importRowSchema],
  properties: { reused: { type: 'boolean' } },
  required: ['reused'],
};

export const activityRowSchema: Schema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    date: dateSchema,
    start: timestampSchema,
    end: timestampSchema,
    activity: activityCode,
    duration: intervalSeconds,
    slot: { type: 'string', enum: ['DRIVER', 'CO_DRIVER'] },
    crew: { type: 'boolean' },
    card_inserted: { type: 'boolean' },
    manual_entry: { type: 'boolean' },
    quarantined: quarantinedFlag,
  },
  required: ['import_id', 'card_number', 'date', 'start', 'end', 'activity', 'duration', 'slot', 'crew', 'card_inserted', 'manual_entry'],
};

export const eventFaultRowSchema: Schema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    code: { type: 'integer' },
    type: nullableString,
    description: nullableString,
    start: nullableTimestamp,
    end: nullableTimestamp,
    vehicle_registration: { oneOf: [registrationSchema, { type: 'null' }] },
    quarantined: quarantinedFlag,
  },
  required: ['import_id', 'card_number', 'code', 'type', 'description', 'start', 'end', 'vehicle_registration'],
};

export const vehicleUsedRowSchema: Schema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    registration: registrationSchema,
    vin: nullableString,
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    odometer_begin_km: nullableNumber,
    odometer_end_km: nullableNumber,
    distance_km: nullableNumber,
    vu_data_block_counter: nullableInteger,
    quarantined: quarantinedFlag,
  },
  required: [
    'import_id', 'card_number', 'registration', 'vin', 'first_use', 'last_use', 'odometer_begin_km',
    'odometer_end_km', 'distance_km', 'vu_data_block_counter',
  ],
};

export const positionRowSchema: Schema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    timestamp: nullableTimestamp,
    latitude: nullableNumber,
    longitude: nullableNumber,
    source: { type: 'string', enum: ['PLACE', 'GNSS_ACCUMULATED_DRIVING', 'BORDER_CROSSING', 'LOAD_UNLOAD'] },
    type: nullableString,
    country_code: nullableString,
    region_code: nullableString,
    odometer_km: nullableNumber,
    gnss_accuracy: nullableNumber,
    quarantined: quarantinedFlag,
  },
  required: [
    'import_id', 'card_number', 'timestamp', 'latitude', 'longitude', 'source', 'type', 'country_code',
    'region_code', 'odometer_km', 'gnss_accuracy',
  ],
};

/** The list envelope of the contract around rows of one kind. */
export function listEnvelopeSchema(items: Schema): Schema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items },
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1, maximum: 5000 },
      offset: { type: 'integer', minimum: 0 },
      conflicts: { type: 'array', items: dateSchema },
    },
    required: ['items', 'total', 'limit', 'offset', 'conflicts'],
  };
}

export const importsResponseSchema = listEnvelopeSchema(importRowSchema);
export const activitiesResponseSchema = listEnvelopeSchema(activityRowSchema);
export const eventsResponseSchema = listEnvelopeSchema(eventFaultRowSchema);
export const faultsResponseSchema = listEnvelopeSchema(eventFaultRowSchema);
export const vehiclesUsedResponseSchema = listEnvelopeSchema(vehicleUsedRowSchema);
export const positionsResponseSchema = listEnvelopeSchema(positionRowSchema);

// ---------------------------------------------------------------------------------------------------
// Summaries and overviews



export const timeSummaryResponseSchema: Schema = {
  type: 'object',
  properties: {
    basis: basisDescriptionSchema,
    totals: totalsSchema,
    days: { type: 'integer', minimum: 0 },
    distance_km: { type: 'number', minimum: 0 },
  },
  required: ['basis', 'totals', 'days', 'distance_km'],
};

export const dayObjectSchema: Schema = {
  type: 'object',
  properties: {
    date: dateSchema,
    card_number: nullableString,
    intervals: { type: 'array', items: activityRowSchema },
    totals: totalsSchema,
    distance_km: nullableNumber,
    vehicles: { type: 'array', items: registrationSchema },
  },
  required: ['date', 'card_number', 'intervals', 'totals', 'distance_km', 'vehicles'],
};

export const dayOverviewResponseSchema: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: dayObjectSchema }, conflicts: { type: 'array', items: dateSchema } },
  required: ['items', 'conflicts'],
};

export const weekOverviewResponseSchema: Schema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          week: { type: 'string', pattern: ISO_WEEK_PATTERN },
          start_date: dateSchema,
          end_date: dateSchema,
          days: { type: 'array', items: dayObjectSchema, minItems: 7, maxItems: 7 },
          totals: totalsSchema,
        },
        required: ['week', 'start_date', 'end_date', 'days', 'totals'],
      },
    },
    conflicts: { type: 'array', items: dateSchema },
  },
  required: ['items', 'conflicts'],
};

export const healthResponseSchema: Schema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    service: { type: 'string', const: 'drivercard-rest' },
    database: { type: 'string', enum: ['available', 'unavailable'] },
  },
  required: ['status', 'service', 'database'],
};

export const errorResponseSchema: Schema = {
  type: 'object',
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_payload', 'invalid_filter', 'unsupported_media_type', 'not_found', 'method_not_allowed',
        'misdirected_request', 'conflicting_data', 'quarantined_data', 'archive_conflict', 'payload_too_large',
        'unparseable_ddd', 'service_busy', 'internal_error',
      ],
    },
    message: { type: 'string', minLength: 1 },
    parameter: { type: 'string' },
    reason: { type: 'string' },
    dates: { type: 'array', items: dateSchema },
    import_ids: { type: 'array', items: { type: 'string' } },
    correlation_id: { type: 'string' },
  },
  required: ['error', 'message'],
};
