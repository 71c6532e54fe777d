/**
 * The scalar pieces every schema of the HTTP interface is built from (./schemas.ts, ./precheck-schemas.ts).
 */

export type Schema = Record<string, unknown>;

export const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type as string, 'null'] });

// ---------------------------------------------------------------------------------------------------
// Scalars

export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const ISO_WEEK_PATTERN = '^[0-9]{4}-W[0-9]{2}$';

export const dateSchema: Schema = { type: 'string', format: 'date', pattern: DATE_PATTERN };
export const timestampSchema: Schema = {
  type: 'string',
  format: 'date-time',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$',
};
export const nullableTimestamp = nullable(timestampSchema);
export const nullableDate = nullable(dateSchema);
export const nullableString: Schema = { type: ['string', 'null'] };
export const nullableNumber: Schema = { type: ['number', 'null'] };
export const nullableInteger: Schema = { type: ['integer', 'null'] };
export const seconds: Schema = { type: 'integer', minimum: 0 };
/**
 * An activity interval's duration: the card's own records are served as stored, so a change recorded earlier
 * than its predecessor (seen in real files) gives a NEGATIVE duration, flagged by warning
 * `activity_time_out_of_order`; the day still sums to 86 400 s.
 */
export const intervalSeconds: Schema = {
  type: 'integer',
  description:
    'seconds from start to end; negative when the card recorded a change earlier than the one before it ' +
    '(warning activity_time_out_of_order on the import); the day still sums to 86400',
};
export const activityCode: Schema = { type: 'string', enum: ['DRIVING', 'WORK', 'AVAILABILITY', 'REST'] };

export const totalsSchema: Schema = {
  type: 'object',
  properties: { DRIVING: seconds, WORK: seconds, AVAILABILITY: seconds, REST: seconds, UNKNOWN: seconds },
  required: ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'],
};

export const basisDescriptionSchema: Schema = {
  type: 'object',
  properties: {
    card_number: nullableString,
    import_ids: { type: 'array', items: { type: 'string' } },
    date_from: nullableDate,
    date_to: nullableDate,
    /** pre-check with include_quarantined=true: the quarantined imports evaluated */
    untrusted_imports: { type: 'array', items: { type: 'string' } },
  },
  required: ['card_number', 'import_ids', 'date_from', 'date_to'],
};
