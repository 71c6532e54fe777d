/**
 * GET /api/drivercard/working-time (Directive 2002/15/EC): the pre-check's finding shape with the Directive's own
 * rules. The one declaration of the answer; WorkingTimeResponse is derived from it.
 */
import { answerAnnotationProperties } from '../annotations/annotation-effects.schema.js';
import { WTD_RULE_NAMES } from '../../../core/wtd/working-time.js';
import {
  assumptionsSchema,
  readingsSchema,
  notEvaluatedSchema,
  untrustedFindingSchema,
  warningsSchema,
} from '../shared/finding.schema.js';
import { basisDescriptionSchema, ISO_WEEK_PATTERN, nullableInteger, seconds } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const workingTimeFindingSchema = untrustedFindingSchema(WTD_RULE_NAMES);

export const workingTimeResponseSchema = {
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
    violations: { type: 'array', items: workingTimeFindingSchema },
    not_evaluated: notEvaluatedSchema,
    disclaimer: { type: 'string', minLength: 1 },
    assumptions: assumptionsSchema,
    readings: readingsSchema,
    ...answerAnnotationProperties,
    warnings: warningsSchema,
  },
  required: [
    'rule_version',
    'algorithm_version',
    'basis',
    'reference_weeks',
    'weeks',
    'average_weekly_working_time',
    'violations',
    'not_evaluated',
    'disclaimer',
    'assumptions',
    'readings',
  ],
} as const;

export type WorkingTimeResponse = FromSchema<typeof workingTimeResponseSchema>;
export type WorkingTimeFinding = FromSchema<typeof workingTimeFindingSchema>;
