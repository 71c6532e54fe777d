/**
 * The fleet row's fields, declared once: for each field of `GET /drivers` (in answer order) its JSON Schema, whether
 * the answer always carries it, how it is written from the use case's row (core/fleet/fleet-card.ts FleetRow),
 * whether it moves with the clock (written per request by the list's text cache), and its CSV columns
 * (drivers.csv). The response schema (./fleet.schema.ts), the mapper and its text cache (./fleet.mapper.ts), the
 * CSV (../export/exports.ts) and the page's types (adapters/web/client/types.ts, from the schema) derive from it.
 */
import {
  AUTHENTICITY_STATUSES,
  FINDING_COUNT_KEYS,
  type FindingCounts,
  type FleetRow,
} from '../../../core/fleet/fleet-card.js';
import { isoDayOrNull, isoTimestampOrNull, isoWeekOf } from '../../../core/time.js';
import type { Cell } from '../../office/export/csv.js';
import { localIsoWithOffset } from '../../vocabulary/local-time.js';
import { count, nullableDate, nullableInteger, nullableString, nullableTimestamp } from '../shared/schema-parts.js';

const findingCounts = {
  type: 'object',
  properties: Object.fromEntries(FINDING_COUNT_KEYS.map((k) => [k, count])) as {
    [K in (typeof FINDING_COUNT_KEYS)[number]]: typeof count;
  },
  required: FINDING_COUNT_KEYS,
} as const;

/** Why a card's 4 weeks were not evaluated, for a person reading the CSV. */
export const NOT_EVALUATED_TEXT: Record<string, string> = {
  conflicting_data: 'not evaluated: imports of this card disagree about some days',
  quarantined_data: 'not evaluated: the data contains a quarantined import',
};

/** A JSON row as the CSV reads it (its cells are written from the answer's values). */
export type JsonRow = Readonly<Record<string, unknown>>;

/** CSV columns of a field (`csv: true`: one column of the field's name and value; absent: none). */
interface CsvColumns {
  columns: readonly string[];
  cells(row: JsonRow): Cell[];
}

interface FieldDeclaration<S, V> {
  schema: S;
  /** the answer always carries it (the schema's `required`) */
  required: boolean;
  /** the fields of the use case's row it is written from (the only ones `json` reads) */
  from: readonly (keyof FleetRow)[];
  json(row: FleetRow): V;
  /** written per request from the row (the list's text cache keeps the others) */
  clock?: true;
  csv?: true | CsvColumns;
  /** an instant repeated at the CSV's end in the configured time zone (`<name>_local`) */
  local?: true;
}

const field = <const S, V, const R extends boolean, const K extends keyof FleetRow>(
  schema: S,
  required: R,
  from: readonly K[],
  json: (row: Pick<FleetRow, K>) => V,
  more: Omit<FieldDeclaration<S, V>, 'schema' | 'required' | 'from' | 'json'> = {},
): FieldDeclaration<S, V> & { required: R; from: readonly K[] } => ({ schema, required, from, json, ...more });

const evaluated = (row: JsonRow) => row.findings_4w_evaluated === true;

export const FLEET_ROW_FIELDS = {
  card_number: field({ type: 'string' }, true, ['card_number'], (r) => r.card_number, { csv: true }),
  surname: field(nullableString, true, ['surname'], (r) => r.surname, { csv: true }),
  first_names: field(nullableString, true, ['first_names'], (r) => r.first_names, { csv: true }),
  issuing_member_state: field(nullableString, true, ['issuing_member_state'], (r) => r.issuing_member_state, {
    csv: true,
  }),
  expiry_date: field(nullableDate, true, ['expiry_day'], (r) => isoDayOrNull(r.expiry_day), { csv: true }),
  expiry_days_left: field(nullableInteger, true, ['expiry_days_left'], (r) => r.expiry_days_left, {
    clock: true,
    csv: true,
  }),
  last_download: field(nullableTimestamp, true, ['last_download_s'], (r) => isoTimestampOrNull(r.last_download_s), {
    csv: true,
    local: true,
  }),
  last_download_source: field(
    {
      type: ['string', 'null'],
      enum: ['CARD_DOWNLOAD', 'ACTIVITY_END', null],
      description:
        "where last_download comes from: ACTIVITY_END, the newest download's moment (its newest day ends at it); CARD_DOWNLOAD, EF Card_Download when it lies after that (the card was downloaded after its last use)",
    },
    true,
    ['last_download_source'],
    (r) => r.last_download_source,
    { csv: true },
  ),
  card_previous_download: field(
    {
      ...nullableTimestamp,
      description:
        "EF Card_Download as the newest file carried it: the card's download before that file's (the equipment writes it after reading the card)",
    },
    false,
    ['card_previous_download_s'],
    (r) => isoTimestampOrNull(r.card_previous_download_s),
  ),
  next_download_due: field(
    nullableTimestamp,
    true,
    ['next_download_due_s'],
    (r) => isoTimestampOrNull(r.next_download_due_s),
    {
      csv: true,
      local: true,
    },
  ),
  overdue: field({ type: 'boolean' }, true, ['overdue'], (r) => r.overdue, { clock: true, csv: true }),
  download_days_left: field(nullableInteger, true, ['download_days_left'], (r) => r.download_days_left, {
    clock: true,
    csv: true,
  }),
  coverage_days_28: field(
    { type: 'integer', minimum: 0, maximum: 28 },
    true,
    ['coverage_days_28'],
    (r) => r.coverage_days_28,
    {
      clock: true,
      csv: true,
    },
  ),
  readiness_missing_days: field(
    {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 57,
      description:
        'days of today and the 56 before it without card data and without an annotation covering them (roadside readiness, as GET /drivers/readiness); null until the card is imported again',
    },
    true,
    ['readiness_missing_days'],
    (r) => r.readiness_missing_days,
    { clock: true },
  ),
  imports: field(count, true, ['imports'], (r) => r.imports, { csv: true }),
  quarantined_imports: field(count, true, ['quarantined_imports'], (r) => r.quarantined_imports, { csv: true }),
  conflicting_days: field(count, true, ['conflicting_days'], (r) => r.conflicting_days, { csv: true }),
  authenticity_status: field(
    { type: ['string', 'null'], enum: [...AUTHENTICITY_STATUSES, null] },
    true,
    ['authenticity_status'],
    (r) => r.authenticity_status,
    { csv: true },
  ),
  // a card whose 4 weeks were not evaluated leaves its finding counts empty in the CSV (never "0")
  findings_4w: field(findingCounts, true, ['findings_4w'], (r) => r.findings_4w, {
    csv: {
      columns: ['violations_4w', 'potential_4w', 'incomplete_data_4w', 'mi_4w', 'si_4w', 'vsi_4w', 'msi_4w'],
      cells: (row) => {
        const f = row.findings_4w as FindingCounts;
        return evaluated(row) ? FINDING_COUNT_KEYS.map((k) => f[k]) : Array<Cell>(7).fill(null);
      },
    },
  }),
  findings_4w_evaluated: field({ type: 'boolean' }, false, ['findings_4w_evaluated'], (r) => r.findings_4w_evaluated, {
    csv: { columns: ['evaluated'], cells: (row) => [evaluated(row)] },
  }),
  /** why the 4 weeks were not evaluated (their counts then say nothing), null when they were */
  findings_4w_not_evaluated_reason: field(
    { type: ['string', 'null'], enum: ['conflicting_data', 'quarantined_data', null] },
    false,
    ['findings_4w_not_evaluated_reason'],
    (r) => r.findings_4w_not_evaluated_reason,
    {
      csv: {
        columns: ['not_evaluated_reason'],
        cells: (row) => [
          evaluated(row)
            ? null
            : (NOT_EVALUATED_TEXT[(row.findings_4w_not_evaluated_reason as string | null) ?? ''] ?? 'not evaluated'),
        ],
      },
    },
  ),
  findings_4w_most_serious: field(
    { type: ['string', 'null'], enum: ['MSI', 'VSI', 'SI', 'MI', null] },
    false,
    ['findings_4w_most_serious'],
    (r) => r.findings_4w_most_serious,
    { csv: { columns: ['most_serious_4w'], cells: (row) => [row.findings_4w_most_serious as Cell] } },
  ),
  findings_4w_most_serious_week: field(
    {
      type: ['string', 'null'],
      pattern: '^\\d{4}-W\\d{2}$',
      description:
        "the ISO week (YYYY-Www) holding the most serious of the 4 weeks' findings (most serious first, then the earliest; one begun before the 4 weeks: their first week), the week the page opens; null when none or not evaluated",
    },
    false,
    ['findings_4w_most_serious_monday'],
    (r) => (r.findings_4w_most_serious_monday === null ? null : isoWeekOf(r.findings_4w_most_serious_monday)),
  ),
  findings_4w_most_serious_week_start: field(
    { ...nullableDate, description: 'the Monday of findings_4w_most_serious_week' },
    false,
    ['findings_4w_most_serious_monday'],
    (r) => isoDayOrNull(r.findings_4w_most_serious_monday),
  ),
};

type Fields = typeof FLEET_ROW_FIELDS;
export type FleetRowField = keyof Fields;
export const FLEET_ROW_FIELD_NAMES = Object.keys(FLEET_ROW_FIELDS) as FleetRowField[];

/** The JSON row: each field as its declaration writes it. */
export type FleetRowJson = { [K in FleetRowField]: ReturnType<Fields[K]['json']> };

/**
 * Every field of the use case's row is written by some field of the answer: a stored field meant to be served
 * (core/fleet/fleet-record.ts `served`) fails to compile until the answer writes the row field it feeds.
 */
export type UnwrittenRowField<F extends Record<string, { from: readonly (keyof FleetRow)[] }>> = Exclude<
  keyof FleetRow,
  F[keyof F]['from'][number]
>;
export const ROW_WRITTEN_IN_FULL: [UnwrittenRowField<Fields>] extends [never] ? true : never = true;

type RequiredField = { [K in FleetRowField]: Fields[K]['required'] extends true ? K : never }[FleetRowField];

/** Any declaration of fields (the fleet row's, or a test's variant of it). */
export type FieldDeclarations = Readonly<Record<string, FieldDeclaration<unknown, unknown>>>;

/** A schema's `properties`, in declaration order. */
export const propertiesOf = (fields: FieldDeclarations) =>
  Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.schema]));

/** A schema's `required`: the fields the answer always carries. */
export const requiredOf = (fields: FieldDeclarations): string[] =>
  Object.keys(fields).filter((name) => fields[name]!.required);

/** The JSON row of a use case's row, in declaration order. */
export function rowJsonOf(fields: FieldDeclarations, row: FleetRow): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const name in fields) json[name] = fields[name]!.json(row);
  return json;
}

/** The fields written per request (the text cache keeps the others), in declaration order. */
export const clockFieldsOf = (fields: FieldDeclarations): string[] =>
  Object.keys(fields).filter((name) => fields[name]!.clock);

/** The CSV of rows: its header and a row's cells, the instants in `timeZone` at the end. */
export function csvOf(fields: FieldDeclarations) {
  const groups = Object.entries(fields).flatMap(([name, f]) =>
    f.csv === undefined ? [] : [f.csv === true ? { columns: [name], cells: (r: JsonRow) => [r[name] as Cell] } : f.csv],
  );
  const local = Object.keys(fields).filter((name) => fields[name]!.local);
  return {
    header: [...groups.flatMap((g) => g.columns), ...local.map((n) => `${n}_local`), 'time_zone'],
    cells: (row: JsonRow, timeZone: string): Cell[] => [
      ...groups.flatMap((g) => g.cells(row)),
      ...local.map((name) => localIsoWithOffset(row[name] as string | null, timeZone)),
      timeZone,
    ],
  };
}

/** The fleet row's schema parts, typed for the answer's type (FromSchema). */
export const fleetRowProperties = propertiesOf(FLEET_ROW_FIELDS) as { [K in FleetRowField]: Fields[K]['schema'] };
export const fleetRowRequired = requiredOf(FLEET_ROW_FIELDS) as readonly RequiredField[];
export const CLOCK_FIELDS = clockFieldsOf(FLEET_ROW_FIELDS) as FleetRowField[];
