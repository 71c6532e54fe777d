/**
 * JSON Schemas of the pre-check answers: EU 561/2006 (GET /eu561/violations) and the Working Time Directive
 * (GET /working-time). Re-exported by ./schemas.ts, the single source the routes and OpenAPI read.
 */
import {
  basisDescriptionSchema, ISO_WEEK_PATTERN, nullableInteger, nullableNumber, nullableString,
  nullableTimestamp, seconds, timestampSchema, totalsSchema, type Schema,
} from './schema-parts.js';
import { answerAnnotationProperties, findingAnnotationProperties } from './annotations/annotation-effects.schema.js';

const evidenceSchema: Schema = {
  type: 'object',
  properties: { start: timestampSchema, end: timestampSchema, activity: { type: ['string', 'null'] } },
  required: ['start', 'end', 'activity'],
};

const evidenceSummarySchema: Schema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 0 },
    first: evidenceSchema,
    last: evidenceSchema,
    totals: totalsSchema,
  },
  required: ['count', 'first', 'last', 'totals'],
};

const assumptionsSchema: Schema = {
  type: 'object',
  properties: {
    unknown_as: { type: 'string', enum: ['unknown', 'rest'] },
    card_out_rest_max_seconds: nullableInteger,
    text: { type: 'array', items: { type: 'string' } },
  },
  required: ['unknown_as', 'card_out_rest_max_seconds', 'text'],
};

const nullableSeconds: Schema = { type: ['integer', 'null'], minimum: 0 };

const driverStatusSchema: Schema = {
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
    'at', 'driving_today', 'driving_left_today', 'daily_driving_limit', 'extended_days_left_this_week',
    'driving_since_break', 'driving_left_before_break', 'weekly_driving', 'weekly_driving_left', 'fortnightly_driving',
    'fortnightly_driving_left', 'reduced_daily_rests_left', 'next_daily_rest_latest_start',
    'next_weekly_rest_latest_start', 'compensation_owed',
  ],
};

export const eu561ResponseSchema: Schema = {
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
    violations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rule: {
            type: 'string',
            enum: [
              'daily_driving', 'weekly_driving', 'fortnightly_driving', 'break', 'daily_rest', 'weekly_rest',
              'reduced_weekly_rest_compensation', 'daily_rest_multi_manning', 'consecutive_reduced_weekly_rest',
            ],
          },
          status: { type: 'string', enum: ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA'] },
          article: nullableString,
          start: nullableTimestamp,
          end: nullableTimestamp,
          value: nullableNumber,
          limit: nullableNumber,
          excess: nullableNumber,
          severity: { type: ['string', 'null'], enum: ['MI', 'SI', 'VSI', 'MSI', null] },
          /** include_quarantined=true: drawn from the data of a quarantined import */
          untrusted: { type: 'boolean' },
          description: { type: 'string' },
          evidence: { type: 'array', items: evidenceSchema },
          severity_verified: { type: 'boolean' },
          assumption_dependent: { type: 'boolean' },
          evidence_summary: evidenceSummarySchema,
          ...findingAnnotationProperties,
        },
        required: [
          'rule', 'status', 'article', 'start', 'end', 'value', 'limit', 'excess', 'severity', 'description', 'evidence',
          'severity_verified', 'assumption_dependent', 'finding_id',
        ],
      },
    },
    warnings: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' }, start: nullableTimestamp, end: nullableTimestamp },
        required: ['code', 'message', 'start', 'end'],
      },
    },
    data_gaps: {
      type: 'array',
      items: {
        type: 'object',
        properties: { start: timestampSchema, end: timestampSchema, duration: seconds },
        required: ['start', 'end', 'duration'],
      },
    },
    not_evaluated: {
      type: 'array',
      items: {
        type: 'object',
        properties: { rule: { type: 'string' }, reason: { type: 'string' } },
        required: ['rule', 'reason'],
      },
    },
    disclaimer: { type: 'string', minLength: 1 },
    assumptions: assumptionsSchema,
    driver_status: driverStatusSchema,
    ...answerAnnotationProperties,
  },
  required: [
    'rule_version', 'algorithm_version', 'basis', 'driver', 'summary', 'violations', 'warnings', 'data_gaps', 'not_evaluated',
    'disclaimer', 'assumptions', 'driver_status',
  ],
};

const notEvaluatedSchema: Schema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { rule: { type: 'string' }, reason: { type: 'string' } },
    required: ['rule', 'reason'],
  },
};

/** GET /api/drivercard/working-time (Directive 2002/15/EC): the pre-check's finding shape, its own rules. */
export const workingTimeResponseSchema: Schema = {
  type: 'object',
  properties: {
    rule_version: { type: 'string' },
    algorithm_version: { type: 'string' },
    basis: basisDescriptionSchema,
    reference_weeks: { type: 'integer', minimum: 1, maximum: 26 },
    weeks: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          week: { type: 'string', pattern: ISO_WEEK_PATTERN },
          working_time: seconds,
          driving: seconds,
          work: seconds,
          availability: seconds,
        },
        required: ['week', 'working_time', 'driving', 'work', 'availability'],
      },
    },
    average_weekly_working_time: nullableInteger,
    violations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rule: { type: 'string', enum: ['wtd_weekly_max', 'wtd_average_weekly', 'wtd_break'] },
          status: { type: 'string', enum: ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA'] },
          article: nullableString,
          start: nullableTimestamp,
          end: nullableTimestamp,
          value: nullableNumber,
          limit: nullableNumber,
          excess: nullableNumber,
          severity: { type: ['string', 'null'], enum: ['MI', 'SI', 'VSI', 'MSI', null] },
          description: { type: 'string' },
          evidence: { type: 'array', items: evidenceSchema },
          severity_verified: { type: 'boolean' },
          assumption_dependent: { type: 'boolean' },
          evidence_summary: evidenceSummarySchema,
          ...findingAnnotationProperties,
        },
        required: [
          'rule', 'status', 'article', 'start', 'end', 'value', 'limit', 'excess', 'severity', 'description', 'evidence',
          'severity_verified', 'assumption_dependent', 'finding_id',
        ],
      },
    },
    not_evaluated: notEvaluatedSchema,
    disclaimer: { type: 'string', minLength: 1 },
    assumptions: assumptionsSchema,
    ...answerAnnotationProperties,
    warnings: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' }, start: nullableTimestamp, end: nullableTimestamp },
        required: ['code', 'message', 'start', 'end'],
      },
    },
  },
  required: [
    'rule_version', 'algorithm_version', 'basis', 'reference_weeks', 'weeks', 'average_weekly_working_time', 'violations',
    'not_evaluated', 'disclaimer', 'assumptions',
  ],
};
