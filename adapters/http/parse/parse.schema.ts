/** POST /api/drivercard/parse: the request body and the answer (the import row plus `reused`). */
import { importRowSchema, vuImportRowSchema } from '../imports/imports.schema.js';
import { dateSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const parseRequestSchema = {
  type: 'object',
  properties: {
    file_name: { type: ['string', 'null'], maxLength: 255 },
    content_base64: { type: 'string' },
    archive_id: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
  },
  required: ['content_base64'],
  additionalProperties: false,
} as const;

const parseProperties = {
  reused: { type: 'boolean' },
  /** the import's days on which the card's imports disagree (served from the newest); [] when none */
  conflicting_dates: { type: 'array', items: dateSchema },
} as const;

/** The import row of either kind plus `reused` and `conflicting_dates`: one complete object per kind. */
export const parseResponseSchema = {
  oneOf: [
    {
      type: 'object',
      allOf: [importRowSchema],
      properties: parseProperties,
      required: ['reused', 'conflicting_dates'],
    },
    {
      type: 'object',
      allOf: [vuImportRowSchema],
      properties: parseProperties,
      required: ['reused', 'conflicting_dates'],
    },
  ],
} as const;

export type ParseRequest = FromSchema<typeof parseRequestSchema>;
