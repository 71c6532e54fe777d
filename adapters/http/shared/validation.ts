/**
 * Ajv validators compiled from ./schemas.ts. Query strings go through an instance that coerces the
 * strings of a URL into the schema's types (limit and offset become integers) and fills defaults;
 * bodies and responses go through a strict one that changes nothing.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/** A real calendar date YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which maps years 0-99 to 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))
  );
}

function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    allowUnionTypes: true,
    coerceTypes: options.coerce,
    useDefaults: options.coerce,
    strict: true,
  });
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

const queryAjv = createAjv({ coerce: true });
const strictAjv = createAjv({ coerce: false });

const queryCache = new WeakMap<object, ValidateFunction>();
const strictCache = new WeakMap<object, ValidateFunction>();

function compiled(cache: WeakMap<object, ValidateFunction>, ajv: Ajv2020, schema: object): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** A validator for a query object (string values); coerces in place and applies defaults. */
export function queryValidator(schema: object): ValidateFunction {
  return compiled(queryCache, queryAjv, schema);
}

/** A validator for a JSON body or a response; never changes the data. */
export function strictValidator(schema: object): ValidateFunction {
  return compiled(strictCache, strictAjv, schema);
}

/** The name of the property an Ajv error is about ('' for the whole object). */
export function erroredProperty(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.additionalProperty === 'string') return params.additionalProperty;
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  const path = error.instancePath.split('/').filter(Boolean);
  return path[0] ?? '';
}

/** A short English account of an Ajv error, without echoing the offending value. */
export function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return 'is not a recognised field';
    case 'required':
      return 'is required';
    case 'type':
      return `must be of type ${String(params.type)}`;
    case 'format':
      return params.format === 'date' ? 'must be a valid date YYYY-MM-DD' : `must be a valid ${String(params.format)}`;
    case 'pattern':
      return 'has the wrong format';
    case 'minimum':
    case 'maximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'enum':
      // the schema's own list, so a person can correct the value without the documentation
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    default:
      return error.message ?? 'is invalid';
  }
}
