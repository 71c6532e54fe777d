/**
 * The finding shape both pre-checks answer with (EU 561/2006 and the Working Time Directive): one definition,
 * differing only in the `rule` enum (and the `untrusted` mark of findings drawn from quarantined imports, `include_quarantined=true`). Enums come from core.
 */
import { findingAnnotationProperties } from '../annotations/annotation-effects.schema.js';
import { FINDING_STATUSES, SEVERITIES } from '../../../core/eu561/types.js';
import { READING_IDS, UNKNOWN_AS_VALUES } from '../../../core/eu561/readings.js';
import {
  nullableInteger,
  nullableNumber,
  nullableString,
  nullableTimestamp,
  timestampSchema,
  totalsSchema,
} from './schema-parts.js';

export const evidenceSchema = {
  type: 'object',
  properties: { start: timestampSchema, end: timestampSchema, activity: { type: ['string', 'null'] } },
  required: ['start', 'end', 'activity'],
} as const;

export const evidenceSummarySchema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 0 },
    first: evidenceSchema,
    last: evidenceSchema,
    totals: totalsSchema,
  },
  required: ['count', 'first', 'last', 'totals'],
} as const;

export const assumptionsSchema = {
  type: 'object',
  properties: {
    unknown_as: { type: 'string', enum: [...UNKNOWN_AS_VALUES] },
    card_out_rest_max_seconds: nullableInteger,
    text: { type: 'array', items: { type: 'string' } },
  },
  required: ['unknown_as', 'card_out_rest_max_seconds', 'text'],
} as const;

/** One reading in force (core/eu561/readings.ts): what the regulation leaves open and how the answer reads it. */
export const readingSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', enum: [...READING_IDS] },
    name: { type: 'string' },
    question: { type: 'string' },
    choice: { type: 'string' },
    alternative: { type: 'string' },
    article: { type: 'string' },
  },
  required: ['id', 'name', 'question', 'choice', 'alternative', 'article'],
} as const;

/** The readings in force of an answer (top-level `readings`). */
export const readingsSchema = { type: 'array', items: readingSchema } as const;

export const notEvaluatedSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { rule: { type: 'string' }, reason: { type: 'string' } },
    required: ['rule', 'reason'],
  },
} as const;

const FINDING_REQUIRED = [
  'rule',
  'status',
  'article',
  'start',
  'end',
  'value',
  'limit',
  'excess',
  'severity',
  'description',
  'evidence',
  'severity_verified',
  'assumption_dependent',
  'finding_id',
] as const;

/** The fields of a finding from `status` to `severity`, in the answer's order. */
const FINDING_HEAD = {
  status: { type: 'string', enum: [...FINDING_STATUSES] },
  article: nullableString,
  start: nullableTimestamp,
  end: nullableTimestamp,
  value: nullableNumber,
  limit: nullableNumber,
  excess: nullableNumber,
  severity: { type: ['string', 'null'], enum: [...SEVERITIES, null] },
} as const;

/** The fields of a finding from `description` on. */
const FINDING_TAIL = {
  description: { type: 'string' },
  evidence: { type: 'array', items: evidenceSchema },
  severity_verified: { type: 'boolean' },
  assumption_dependent: { type: 'boolean' },
  /** the readings the verdict depends on (ids of the answer's `readings`); set on every finding of both checks */
  readings: { type: 'array', items: { type: 'string', enum: [...READING_IDS] } },
  evidence_summary: evidenceSummarySchema,
  ...findingAnnotationProperties,
} as const;

/** A finding of the pre-check whose rules are `rules`. */
export function findingSchema<R extends readonly string[]>(rules: R) {
  return {
    type: 'object',
    properties: { rule: { type: 'string', enum: [...rules] as [...R] }, ...FINDING_HEAD, ...FINDING_TAIL },
    required: FINDING_REQUIRED,
  } as const;
}

/** A finding of the EU 561 pre-check: include_quarantined=true marks those drawn from a quarantined import. */
export function untrustedFindingSchema<R extends readonly string[]>(rules: R) {
  return {
    type: 'object',
    properties: {
      rule: { type: 'string', enum: [...rules] as [...R] },
      ...FINDING_HEAD,
      /** include_quarantined=true: drawn from the data of a quarantined import */
      untrusted: { type: 'boolean' },
      ...FINDING_TAIL,
    },
    required: FINDING_REQUIRED,
  } as const;
}

/** The warnings of a pre-check answer (EU 561 and working time): what the data or the reading left uncertain. */
export const warningsSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      start: nullableTimestamp,
      end: nullableTimestamp,
    },
    required: ['code', 'message', 'start', 'end'],
  },
} as const;
