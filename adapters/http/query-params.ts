/**
 * Query strings of the query endpoints → the use cases' Basis, DateRange and Page. Every refusal is a
 * 400 invalid_filter naming the parameter; values are never echoed (they may be personal data).
 */
import type { Basis, DateRange, Page } from '../../core/use-cases/contracts.js';
import { PAGE_DEFAULT_LIMIT } from '../../core/use-cases/contracts.js';
import { invalidFilter } from './problem.js';
import { parseIsoWeek } from '../../core/overview/iso-week.js';
import type { QueryParameterName } from './schemas.js';
import { describeError, erroredProperty, queryValidator } from './validation.js';

export type QueryValues = Partial<Record<QueryParameterName, string | number>>;

const INTEGER_PARAMETERS = new Set(['limit', 'offset', 'reference_weeks']);

/** Reads and validates the query string against an endpoint's query schema. */
export function readQuery(url: URL, schema: object): QueryValues {
  const values: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(values, name)) throw invalidFilter(name, `Query parameter ${name} must be given only once.`);
    if (INTEGER_PARAMETERS.has(name) && !/^\d{1,15}$/.test(value)) {
      throw invalidFilter(name, `Query parameter ${name} must be a non-negative whole number.`);
    }
    values[name] = value;
  }
  const validate = queryValidator(schema);
  if (!validate(values)) {
    const error = validate.errors![0]!;
    const name = erroredProperty(error);
    if (error.keyword === 'additionalProperties') {
      throw invalidFilter(name, `Query parameter ${name} is not recognised by this endpoint.`);
    }
    throw invalidFilter(name, `Query parameter ${name} ${describeError(error)}.`);
  }
  return values as QueryValues;
}

/** Card numbers are matched with whitespace removed and letters upper-cased (API contract, "Card numbers"). */
export function normaliseCardNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const BASIS_NAMES = ['import_id', 'archive_id', 'card_number'] as const;

/** Exactly one of import_id, archive_id, card_number (or none, when `optional`). */
export function basisFrom(query: QueryValues, options: { optional: true }): Basis | null;
export function basisFrom(query: QueryValues, options?: { optional: false }): Basis;
export function basisFrom(query: QueryValues, options: { optional: boolean } = { optional: false }): Basis | null {
  const given = BASIS_NAMES.filter((name) => query[name] !== undefined);
  if (given.length > 1) {
    throw invalidFilter(given.join(','), `Give only one of import_id, archive_id or card_number, not ${given.join(' and ')}.`);
  }
  if (given.length === 0) {
    if (options.optional) return null;
    throw invalidFilter('import_id,archive_id,card_number', 'Exactly one of import_id, archive_id or card_number is required.');
  }
  const kind = given[0]!;
  const raw = String(query[kind]);
  if (kind === 'card_number') {
    const value = normaliseCardNumber(raw);
    if (value.length === 0) throw invalidFilter('card_number', 'Query parameter card_number must not be blank.');
    return { kind, value };
  }
  if (raw.trim() !== raw || raw.length === 0) {
    throw invalidFilter(kind, `Query parameter ${kind} must not be blank or padded with spaces.`);
  }
  return { kind, value: raw };
}

function orderedRange(from: string | null, to: string | null, fromName = 'date_from'): DateRange {
  if (from !== null && to !== null && from > to) {
    throw invalidFilter(fromName, 'Query parameter date_from must not be after date_to.');
  }
  return { from, to };
}

export function rangeFrom(query: QueryValues): DateRange {
  return orderedRange((query.date_from as string | undefined) ?? null, (query.date_to as string | undefined) ?? null);
}

export function pageFrom(query: QueryValues): Page {
  return {
    limit: (query.limit as number | undefined) ?? PAGE_DEFAULT_LIMIT,
    offset: (query.offset as number | undefined) ?? 0,
  };
}

/** day-overview: `date`, or a `date_from`/`date_to` range (at least one end). */
export function dayRangeFrom(query: QueryValues): DateRange {
  const date = query.date as string | undefined;
  const hasRange = query.date_from !== undefined || query.date_to !== undefined;
  if (date !== undefined) {
    if (hasRange) throw invalidFilter('date', 'Give either date or date_from/date_to, not both.');
    return { from: date, to: date };
  }
  if (!hasRange) throw invalidFilter('date', 'Query parameter date (or date_from/date_to) is required.');
  return rangeFrom(query);
}

/**
 * week-overview: `week=YYYY-Www` (one ISO week), or a `date_from`/`date_to` range (at least one end;
 * every ISO week it touches).
 */
export function weekSelectionFrom(query: QueryValues): { weeks: string[] | null; range: DateRange } {
  const week = query.week as string | undefined;
  const hasRange = query.date_from !== undefined || query.date_to !== undefined;
  if (week !== undefined) {
    if (hasRange) throw invalidFilter('week', 'Give either week or date_from/date_to, not both.');
    const span = parseIsoWeek(week);
    if (!span) throw invalidFilter('week', 'Query parameter week is not a valid ISO week (YYYY-Www).');
    return { weeks: [week], range: { from: span.start_date, to: span.end_date } };
  }
  if (!hasRange) throw invalidFilter('week', 'Query parameter week (or date_from/date_to) is required.');
  return { weeks: null, range: rangeFrom(query) };
}
