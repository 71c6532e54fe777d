/**
 * GET /api/drivercard/eu561/violations: the answer of the EU 561/2006 technical pre-check. The one declaration of
 * its shape; Eu561Response is derived from it.
 */
import { answerAnnotationProperties } from '../annotations/annotation-effects.schema.js';
import { RULE_NAMES } from '../../../core/eu561/types.js';
import {
  assumptionsSchema,
  notEvaluatedSchema,
  readingsSchema,
  untrustedFindingSchema,
  warningsSchema,
} from '../shared/finding.schema.js';
import {
  basisDescriptionSchema,
  ISO_WEEK_PATTERN,
  nullableInteger,
  nullableString,
  nullableTimestamp,
  seconds,
  timestampSchema,
} from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const nullableSeconds = { type: ['integer', 'null'], minimum: 0 } as const;

export const driverStatusSchema = {
  type: ['object', 'null'],
  properties: {
    at: timestampSchema,
    driving_today: nullableSeconds,
    driving_left_today: nullableSeconds,
    daily_driving_limit: nullableSeconds,
    extended_days_left_this_week: nullableInteger,
    driving_since_break: nullableSeconds,
    driving_left_before_break: nullableSeconds,
    weekly_driving: nullableSeconds,
    weekly_driving_left: nullableSeconds,
    fortnightly_driving: nullableSeconds,
    fortnightly_driving_left: nullableSeconds,
    reduced_daily_rests_left: nullableInteger,
    next_daily_rest_latest_start: nullableTimestamp,
    next_weekly_rest_latest_start: nullableTimestamp,
    compensation_owed: {
      type: 'array',
      items: {
        type: 'object',
        properties: { week: { type: 'string', pattern: ISO_WEEK_PATTERN }, seconds, due_by: timestampSchema },
        required: ['week', 'seconds', 'due_by'],
      },
    },
  },
  required: [
    'at',
    'driving_today',
    'driving_left_today',
    'daily_driving_limit',
    'extended_days_left_this_week',
    'driving_since_break',
    'driving_left_before_break',
    'weekly_driving',
    'weekly_driving_left',
    'fortnightly_driving',
    'fortnightly_driving_left',
    'reduced_daily_rests_left',
    'next_daily_rest_latest_start',
    'next_weekly_rest_latest_start',
    'compensation_owed',
  ],
} as const;

export const eu561FindingSchema = untrustedFindingSchema(RULE_NAMES);

export const eu561ResponseSchema = {
  type: 'object',
  properties: {
    rule_version: { type: 'string' },
    algorithm_version: { type: 'string' },
    basis: basisDescriptionSchema,
    driver: {
      type: 'object',
      properties: { card_number: nullableString, surname: nullableString, first_names: nullableString },
      required: ['card_number', 'surname', 'first_names'],
    },
    summary: {
      type: 'object',
      properties: {
        driving: seconds,
        work: seconds,
        availability: seconds,
        rest: seconds,
        unknown: seconds,
        weeks: {
          type: 'array',
          items: {
            type: 'object',
            properties: { week: { type: 'string', pattern: ISO_WEEK_PATTERN }, driving: seconds },
            required: ['week', 'driving'],
          },
        },
      },
      required: ['driving', 'work', 'availability', 'rest', 'unknown', 'weeks'],
    },
    violations: { type: 'array', items: eu561FindingSchema },
    warnings: warningsSchema,
    data_gaps: {
      type: 'array',
      items: {
        type: 'object',
        properties: { start: timestampSchema, end: timestampSchema, duration: seconds },
        required: ['start', 'end', 'duration'],
      },
    },
    not_evaluated: notEvaluatedSchema,
    disclaimer: { type: 'string', minLength: 1 },
    assumptions: assumptionsSchema,
    readings: readingsSchema,
    driver_status: driverStatusSchema,
    ...answerAnnotationProperties,
  },
  required: [
    'rule_version',
    'algorithm_version',
    'basis',
    'driver',
    'summary',
    'violations',
    'warnings',
    'data_gaps',
    'not_evaluated',
    'disclaimer',
    'assumptions',
    'readings',
    'driver_status',
  ],
} as const;

export type Eu561Response = FromSchema<typeof eu561ResponseSchema>;
export type Eu561Finding = FromSchema<typeof eu561FindingSchema>;
export type DriverStatusResponse = FromSchema<typeof driverStatusSchema>;
