/**
 * The scalar pieces every schema of the HTTP interface is built from. Every schema is declared `as const`, so that
 * the TypeScript type of an answer is derived from its schema (json-schema-to-ts `FromSchema`; see ./schema-type.ts)
 * instead of being written a second time.
 */

/** A JSON Schema object as the route table, ajv and the OpenAPI document take it. */
export type Schema = Readonly<Record<string, unknown>>;

/** `schema` that also admits null (the `type` becomes `[type, 'null']`, in place, so key order is kept). */
export const nullable = <S extends { readonly type: string }>(schema: S) =>
  ({ ...schema, type: [schema.type, 'null'] }) as Omit<S, 'type'> & { readonly type: readonly [S['type'], 'null'] };

// ---------------------------------------------------------------------------------------------------
// Scalars

export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const ISO_WEEK_PATTERN = '^[0-9]{4}-W[0-9]{2}$';

export const dateSchema = { type: 'string', format: 'date', pattern: DATE_PATTERN } as const;
export const timestampSchema = {
  type: 'string',
  format: 'date-time',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$',
} as const;
export const isoWeekSchema = { type: 'string', pattern: ISO_WEEK_PATTERN } as const;
export const nullableTimestamp = nullable(timestampSchema);
export const nullableDate = nullable(dateSchema);
export const nullableString = { type: ['string', 'null'] } as const;
export const nullableNumber = { type: ['number', 'null'] } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
export const seconds = { type: 'integer', minimum: 0 } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const stringList = { type: 'array', items: { type: 'string' } } as const;
/**
 * An activity interval's duration: the card's own records are served as stored, so a change recorded earlier
 * than its predecessor (seen in real files) gives a NEGATIVE duration, flagged by warning
 * `activity_time_out_of_order`; the day still sums to 86 400 s.
 */
export const intervalSeconds = {
  type: 'integer',
  description:
    'seconds from start to end; negative when the card recorded a change earlier than the one before it ' +
    '(warning activity_time_out_of_order on the import); the day still sums to 86400',
} as const;
export const activityCode = { type: 'string', enum: ['DRIVING', 'WORK', 'AVAILABILITY', 'REST'] } as const;

export const totalsSchema = {
  type: 'object',
  properties: { DRIVING: seconds, WORK: seconds, AVAILABILITY: seconds, REST: seconds, UNKNOWN: seconds },
  required: ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'],
} as const;

export const basisDescriptionSchema = {
  type: 'object',
  properties: {
    card_number: nullableString,
    import_ids: stringList,
    date_from: nullableDate,
    date_to: nullableDate,
    /** pre-check with include_quarantined=true: the quarantined imports evaluated */
    untrusted_imports: stringList,
    /** a trusted operation on a card basis: the card's quarantined imports left out (their days only: data gaps) */
    left_out_imports: {
      type: 'array',
      items: {
        type: 'object',
        properties: { import_id: { type: 'string' }, file_name: nullableString, reason: { type: 'string' } },
        required: ['import_id', 'file_name', 'reason'],
      },
    },
  },
  required: ['card_number', 'import_ids', 'date_from', 'date_to'],
} as const;

export const registrationSchema = {
  type: 'object',
  properties: { nation: nullableString, number: nullableString },
  required: ['nation', 'number'],
} as const;

/** The list envelope of the contract around rows of one kind. */
export function listEnvelopeSchema<S extends Schema>(items: S) {
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
  } as const;
}
