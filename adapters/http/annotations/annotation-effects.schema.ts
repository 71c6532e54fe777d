/**
 * What the pre-check and the working-time answers say about the office's annotations and reviews: fields of each
 * finding (finding_id, annotations_applied, possibly_justified) and of the answer (annotations, annotation_effects).
 * Spread into ../shared/finding.schema.ts and the two answers' schemas.
 */
import { FINDING_ID_PATTERN } from '../../../core/eu561/finding-id.js';
import { ANNOTATION_KINDS } from '../../../core/annotations/annotation.js';
import { FINDING_STATUSES } from '../../../core/eu561/types.js';
import { nullableString, seconds, timestampSchema } from '../shared/schema-parts.js';

export const findingAnnotationProperties = {
  finding_id: { type: 'string', pattern: FINDING_ID_PATTERN },
  annotations_applied: { type: 'array', items: { type: 'string' } },
  possibly_justified: { type: 'boolean' },
} as const;

const status = { type: 'string', enum: [...FINDING_STATUSES] } as const;

export const answerAnnotationProperties = {
  annotations: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['apply', 'ignore'] },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            annotation_id: { type: 'string' },
            kind: { type: 'string', enum: [...ANNOTATION_KINDS] },
            start: timestampSchema,
            end: timestampSchema,
            filled_seconds: seconds,
            over_recorded_seconds: seconds,
            marks_findings: { type: 'boolean' },
          },
          required: [
            'annotation_id',
            'kind',
            'start',
            'end',
            'filled_seconds',
            'over_recorded_seconds',
            'marks_findings',
          ],
        },
      },
    },
    required: ['mode', 'items'],
  },
  annotation_effects: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        effect: { type: 'string', enum: ['removed'] },
        annotation_ids: { type: 'array', items: { type: 'string' } },
        finding: {
          type: 'object',
          properties: {
            finding_id: { type: ['string', 'null'] },
            rule: { type: 'string' },
            status,
            article: nullableString,
            start: timestampSchema,
            end: timestampSchema,
            value: { type: 'number' },
            limit: { type: 'number' },
            description: { type: 'string' },
          },
          required: ['finding_id', 'rule', 'status', 'article', 'start', 'end', 'value', 'limit', 'description'],
        },
      },
      required: ['effect', 'annotation_ids', 'finding'],
    },
  },
} as const;
