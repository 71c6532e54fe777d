/** JSON Schemas of the annotation routes: the request bodies and the one answer shape of an annotation. */
import { ANNOTATION_KINDS } from '../../../core/annotations/annotation.js';
import { nullableString, nullableTimestamp, timestampSchema, type Schema } from '../shared/schema-parts.js';

const text = (maxLength: number): Schema => ({ type: 'string', maxLength });
/** ISO 8601 UTC with Z; minutes and fractions of a second accepted on input (stored to the second) */
const instantInput: Schema = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?Z$',
};

export const annotationRequestSchema: Schema = {
  type: 'object',
  properties: {
    card_number: { type: 'string', minLength: 1, maxLength: 64 },
    kind: { type: 'string', enum: [...ANNOTATION_KINDS] },
    start: instantInput,
    end: instantInput,
    note: { type: ['string', 'null'], maxLength: 2000 },
    author: { type: ['string', 'null'], maxLength: 200 },
  },
  required: ['card_number', 'kind', 'start', 'end'],
  additionalProperties: false,
};

export const withdrawRequestSchema: Schema = {
  type: 'object',
  properties: { author: text(200), reason: { type: ['string', 'null'], maxLength: 2000 } },
  additionalProperties: false,
};

const historySchema: Schema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['CREATED', 'WITHDRAWN'] },
      at: timestampSchema,
      author: nullableString,
      text: nullableString,
    },
    required: ['action', 'at', 'author', 'text'],
  },
};

export const annotationSchema: Schema = {
  type: 'object',
  properties: {
    annotation_id: { type: 'string' },
    card_number: { type: 'string' },
    kind: { type: 'string', enum: [...ANNOTATION_KINDS] },
    start: timestampSchema,
    end: timestampSchema,
    duration: { type: 'integer', minimum: 1 },
    note: nullableString,
    author: nullableString,
    created_at: timestampSchema,
    status: { type: 'string', enum: ['ACTIVE', 'WITHDRAWN'] },
    withdrawn_at: nullableTimestamp,
    withdrawn_by: nullableString,
    withdraw_reason: nullableString,
    history: historySchema,
  },
  required: [
    'annotation_id',
    'card_number',
    'kind',
    'start',
    'end',
    'duration',
    'note',
    'author',
    'created_at',
    'status',
    'withdrawn_at',
    'withdrawn_by',
    'withdraw_reason',
    'history',
  ],
};

export const annotationListSchema: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: annotationSchema }, total: { type: 'integer', minimum: 0 } },
  required: ['items', 'total'],
};
