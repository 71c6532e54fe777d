/**
 * GET /api/drivercard/imports: an import row (also the parse answer's body) and its list. Authenticity enums come
 * from core/domain/authenticity.ts.
 */
import {
  AUTHENTICITY_STATUSES,
  CERTIFICATE_ROLES,
  EF_RESULTS,
  SIGNED_APPLICATIONS,
} from '../../../core/domain/authenticity.js';
import { listEnvelopeSchema, nullableDate, nullableString, timestampSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';
import { certificateChainsSchema } from '../shared/certificate-chains.schema.js';
import { IMPORT_STATUSES } from '../../../core/domain/rows.js';
import { withdrawalSchema } from './withdrawal.schema.js';
import { vuAuthenticitySchema, vuImportProperties } from '../vehicle-units/vehicle-units.schema.js';
import { IMPORT_CURSOR_PATTERN } from './import-cursor.js';

const warningSchema = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['code', 'message'],
} as const;

/** Authenticity of an import: enums from core/domain/authenticity.ts. */
export const authenticitySchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...AUTHENTICITY_STATUSES] },
    chains: certificateChainsSchema([...CERTIFICATE_ROLES]),
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
} as const;

/** The fields of every import row, whatever was downloaded. */
const importProperties = {
  import_id: { type: 'string' },
  archive_id: { type: 'string' },
  file_name: nullableString,
  content_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  size_bytes: { type: 'integer', minimum: 0 },
  imported_at: timestampSchema,
  generation: { type: 'string', enum: ['GEN1', 'GEN2', 'GEN2V2'] },
  status: { type: 'string', enum: [...IMPORT_STATUSES] },
} as const;

const activityRangeSchema = {
  type: 'object',
  properties: { from: nullableDate, to: nullableDate, days: { type: 'integer', minimum: 0 } },
  required: ['from', 'to', 'days'],
} as const;

/** A driver card's import row (`kind` DRIVER_CARD). */
export const importRowSchema = {
  type: 'object',
  properties: {
    ...importProperties,
    /** what was downloaded: DRIVER_CARD on every card import */
    kind: { type: 'string', enum: ['DRIVER_CARD'] },
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
      required: [
        'card_number',
        'issuing_member_state',
        'issuing_authority',
        'issue_date',
        'validity_begin',
        'expiry_date',
      ],
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
      required: [
        'surname',
        'first_names',
        'birth_date',
        'preferred_language',
        'licence_issuing_nation',
        'licence_number',
      ],
    },
    activity_range: activityRangeSchema,
    warnings: { type: 'array', items: warningSchema },
    /** null for imports stored before verification existed */
    authenticity: { oneOf: [authenticitySchema, { type: 'null' }] },
    /** the latest withdrawal (kept after a restore, with restored_at); null when never withdrawn */
    withdrawal: { oneOf: [withdrawalSchema, { type: 'null' }] },
  },
  required: [
    'import_id',
    'archive_id',
    'file_name',
    'content_sha256',
    'size_bytes',
    'imported_at',
    'generation',
    'status',
    'card',
    'driver',
    'activity_range',
    'warnings',
  ],
} as const;

/**
 * A vehicle unit's import row (`kind` VEHICLE_UNIT; api-contract.md "Vehicle-unit downloads"): `card` and `driver`
 * null, the vehicle, the VU's clock at the download, the previous download, the downloadable period, the TREPs, the
 * VU's identification, and the authenticity per TREP.
 */
export const vuImportRowSchema = {
  type: 'object',
  properties: {
    ...importProperties,
    kind: { type: 'string', enum: ['VEHICLE_UNIT'] },
    card: { type: 'null' },
    driver: { type: 'null' },
    activity_range: activityRangeSchema,
    warnings: { type: 'array', items: warningSchema },
    authenticity: { oneOf: [vuAuthenticitySchema, { type: 'null' }] },
    withdrawal: { oneOf: [withdrawalSchema, { type: 'null' }] },
    ...vuImportProperties,
  },
  required: [
    ...Object.keys(importProperties),
    'kind',
    'card',
    'driver',
    'activity_range',
    'warnings',
    'authenticity',
    ...Object.keys(vuImportProperties),
  ],
} as const;

/** An import row of either kind (the answers of POST /parse, GET /imports, withdraw and restore). */
export const anyImportRowSchema = { oneOf: [importRowSchema, vuImportRowSchema] } as const;

const importsEnvelope = listEnvelopeSchema(anyImportRowSchema);

/** The imports list; with `imported_since`, also the cursor to send next (./import-cursor.ts). */
export const importsResponseSchema = {
  ...importsEnvelope,
  properties: {
    ...importsEnvelope.properties,
    next_cursor: {
      type: 'string',
      pattern: IMPORT_CURSOR_PATTERN,
      description:
        'present when imported_since was given: the imported_since of the next poll (the last change listed, or the cursor sent when none is)',
    },
  },
} as const;

export type ImportRowResponse = FromSchema<typeof importRowSchema>;
export type AuthenticityResponse = FromSchema<typeof authenticitySchema>;
