/**
 * Query strings of the query endpoints → the use cases' Basis, DateRange and Page. Every refusal is a
 * 400 invalid_filter naming the parameter; values are never echoed (they may be personal data).
 */
import type { Basis, DateRange, Page } from '../../../core/use-cases/contracts.js';
import { PAGE_DEFAULT_LIMIT } from '../../../core/use-cases/contracts.js';
import { invalidFilter } from './problem.js';
import { isoDay, parseIsoDay, parseIsoWeek, type UtcDay } from '../../../core/time.js';
import { hasUnsafeText } from '../../../core/domain/text.js';
import { ERA_FIRST_DATE, ERA_LAST_DATE, MAX_RANGE_DAYS } from '../../../core/domain/bounds.js';
import type { QueryValues } from './query.schema.js';
import { describeError, erroredProperty, queryValidator } from './validation.js';

export type { QueryValues };

const INTEGER_PARAMETERS = new Set(['limit', 'offset', 'reference_weeks']);
const DATE_PARAMETERS = ['date', 'date_from', 'date_to'] as const;
const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/g;

/** Reads and validates the query string against an endpoint's query schema. */
export function readQuery(url: URL, schema: object): QueryValues {
  const values: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(values, name)) throw invalidFilter(name, `Query parameter ${name} must be given only once.`);
    // the one text rule of core/domain/text.ts: stored text holds no control character, so a value holding one
    // matches nothing (and NUL breaks PostgreSQL); whitespace is left to the basis rules (card numbers drop it)
    if (hasUnsafeText(name) || hasUnsafeText(value.replace(WHITESPACE_CONTROLS, ' '))) {
      const parameter = hasUnsafeText(name) ? 'query' : name;
      throw invalidFilter(parameter, `Query parameter ${parameter} must not contain control characters.`);
    }
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
  for (const name of DATE_PARAMETERS) {
    const value = values[name];
    if (value !== undefined && (value < ERA_FIRST_DATE || value > ERA_LAST_DATE)) {
      throw invalidFilter(name, `Query parameter ${name} must lie between ${ERA_FIRST_DATE} and ${ERA_LAST_DATE}.`);
    }
  }
  // validated and coerced in place by ajv against the route's query schema: the one place the query gets its type
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
    throw invalidFilter(
      given.join(','),
      `Give only one of import_id, archive_id or card_number, not ${given.join(' and ')}.`,
    );
  }
  if (given.length === 0) {
    if (options.optional) return null;
    throw invalidFilter(
      'import_id,archive_id,card_number',
      'Exactly one of import_id, archive_id or card_number is required.',
    );
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

/** A date parameter (already checked as YYYY-MM-DD by the query schema) as a UTC day. */
function dayParameter(query: QueryValues, name: 'date' | 'date_from' | 'date_to'): UtcDay | null {
  const text = query[name];
  if (text === undefined) return null;
  const day = parseIsoDay(text);
  if (day === null) throw invalidFilter(name, `Query parameter ${name} is not a calendar date (YYYY-MM-DD).`);
  return day;
}

function orderedRange(from: UtcDay | null, to: UtcDay | null, fromName = 'date_from'): DateRange {
  if (from !== null && to !== null && from > to) {
    throw invalidFilter(fromName, 'Query parameter date_from must not be after date_to.');
  }
  return { from, to };
}

export function rangeFrom(query: QueryValues): DateRange {
  return orderedRange(dayParameter(query, 'date_from'), dayParameter(query, 'date_to'));
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: UtcDay, to: UtcDay): number {
  return to - from + 1;
}

/**
 * The range of an overview or of the pre-check: at most MAX_RANGE_DAYS when both ends are given (else 400
 * naming date_to). An open end is left to the use case (the basis's own activity range, whose last
 * MAX_RANGE_DAYS are served).
 */
export function boundedRangeFrom(query: QueryValues): DateRange {
  const range = rangeFrom(query);
  if (range.from !== null && range.to !== null && daysInRange(range.from, range.to) > MAX_RANGE_DAYS) {
    throw invalidFilter(
      'date_to',
      `The date range must not span more than ${MAX_RANGE_DAYS} days; date_to must be at most ${isoDay(range.from + MAX_RANGE_DAYS - 1)}.`,
    );
  }
  return range;
}

export function pageFrom(query: QueryValues): Page {
  return {
    limit: query.limit ?? PAGE_DEFAULT_LIMIT,
    offset: query.offset ?? 0,
  };
}

/** day-overview: `date`, or a `date_from`/`date_to` range (at most MAX_RANGE_DAYS), or neither (the activity range). */
export function dayRangeFrom(query: QueryValues): DateRange {
  const hasRange = query.date_from !== undefined || query.date_to !== undefined;
  if (query.date !== undefined) {
    if (hasRange) throw invalidFilter('date', 'Give either date or date_from/date_to, not both.');
    const date = dayParameter(query, 'date');
    return { from: date, to: date };
  }
  if (!hasRange) return { from: null, to: null };
  return boundedRangeFrom(query);
}

/**
 * week-overview: `week=YYYY-Www` (one ISO week), or a `date_from`/`date_to` range (every ISO week it touches,
 * at most MAX_RANGE_DAYS), or neither (the weeks of the activity range).
 */
export function weekSelectionFrom(query: QueryValues): { weeks: string[] | null; range: DateRange } {
  const week = query.week;
  const hasRange = query.date_from !== undefined || query.date_to !== undefined;
  if (week !== undefined) {
    if (hasRange) throw invalidFilter('week', 'Give either week or date_from/date_to, not both.');
    // the year first: week arithmetic of years outside the era is neither useful nor safe (year 0001 fails)
    const year = Number(week.slice(0, 4));
    if (
      !/^\d{4}-W\d{2}$/.test(week) ||
      year < Number(ERA_FIRST_DATE.slice(0, 4)) ||
      year > Number(ERA_LAST_DATE.slice(0, 4))
    ) {
      throw invalidFilter(
        'week',
        `Query parameter week must be an ISO week (YYYY-Www) of the years ${ERA_FIRST_DATE.slice(0, 4)} to ${ERA_LAST_DATE.slice(0, 4)}.`,
      );
    }
    const span = parseIsoWeek(week);
    if (!span) throw invalidFilter('week', 'Query parameter week is not a valid ISO week (YYYY-Www).');
    return { weeks: [week], range: { from: span.start, to: span.end } };
  }
  return { weeks: null, range: hasRange ? boundedRangeFrom(query) : { from: null, to: null } };
}
