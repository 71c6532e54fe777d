/**
 * The query parameters of every endpoint (each a schema of its own so OpenAPI can list them one by one) and the
 * object schema a route's query string is validated against. The values a route reads are typed from these schemas
 * (QueryValues), so no route casts a validated query by hand.
 */
import { FLEET_SORTS } from '../../../core/fleet/fleet-card.js';
import { TODAY_CARD_LISTS } from '../../../core/use-cases/today.js';
import { UNKNOWN_AS_VALUES } from '../../../core/eu561/readings.js';
import { IMPORT_KINDS } from '../../../core/domain/vu-import.js';
import { dateSchema, ISO_WEEK_PATTERN, timestampSchema, type Schema } from './schema-parts.js';
import type { FromSchema } from './schema-type.js';

/** Every boolean query parameter: the words true or false (lower case); anything else is 400 invalid_filter. */
const queryBoolean = { type: 'boolean' } as const;

/** A change cursor (`imported_since`, `since`): `c` and a change number (../imports/import-cursor.ts). */
const changeCursor = { type: 'string', pattern: '^c(0|[1-9][0-9]{0,14})$' } as const;

export const queryParameterSchemas = {
  import_id: { type: 'string', minLength: 1, maxLength: 200 },
  archive_id: { type: 'string', minLength: 1, maxLength: 200 },
  card_number: { type: 'string', minLength: 1, maxLength: 64 },
  date_from: dateSchema,
  date_to: dateSchema,
  date: dateSchema,
  week: { type: 'string', pattern: ISO_WEEK_PATTERN },
  limit: { type: 'integer', minimum: 1, maximum: 5000, default: 500 },
  offset: { type: 'integer', minimum: 0, default: 0 },
  sort: { type: 'string', enum: [...FLEET_SORTS] },
  order: { type: 'string', enum: ['asc', 'desc'] },
  q: { type: 'string', minLength: 1, maxLength: 100 },
  overdue: queryBoolean,
  expiring_within_days: { type: 'integer', minimum: 0, maximum: 3660 },
  unknown_as: { type: 'string', enum: [...UNKNOWN_AS_VALUES] },
  // the pre-check takes an instant only (its handler refuses a date); roadside readiness a date or an instant
  at: { anyOf: [timestampSchema, dateSchema] },
  registration: { type: 'string', minLength: 1, maxLength: 64 },
  nation: { type: 'string', minLength: 1, maxLength: 3 },
  vin: { type: 'string', minLength: 1, maxLength: 17 },
  evidence: { type: 'string', enum: ['full', 'summary'] },
  reference_weeks: { type: 'integer', minimum: 1, maximum: 26 },
  include_quarantined: queryBoolean,
  include_withdrawn: queryBoolean,
  kind: { type: 'string', enum: [...IMPORT_KINDS] },
  imported_since: changeCursor,
  since: changeCursor,
  annotations: { type: 'string', enum: ['apply', 'ignore'] },
  delimiter: { type: 'string', enum: [',', ';'] },
  severity: { type: 'string', pattern: '^(MI|SI|VSI|MSI)(,(MI|SI|VSI|MSI))*$' },
  list: { type: 'string', enum: [...TODAY_CARD_LISTS] },
  tz: { type: 'string', minLength: 1, maxLength: 64 },
  status: {
    type: 'string',
    pattern:
      '^(OPEN|CONFIRMED|JUSTIFIED|DRIVER_INFORMED|ACKNOWLEDGED)(,(OPEN|CONFIRMED|JUSTIFIED|DRIVER_INFORMED|ACKNOWLEDGED))*$',
  },
} as const satisfies Record<string, Schema>;

export type QueryParameterName = keyof typeof queryParameterSchemas;

/** A validated query: each parameter as its schema types it (ajv coerces integers and booleans), all optional. */
export type QueryValues = { [K in QueryParameterName]?: FromSchema<(typeof queryParameterSchemas)[K]> };

export const queryParameterDescriptions: Record<QueryParameterName, string> = {
  import_id: 'identifier of a parsed import (exactly one of import_id, archive_id, card_number)',
  archive_id: 'stable identifier of the archive (exactly one of import_id, archive_id, card_number)',
  card_number: 'card number; whitespace is removed and letters upper-cased before matching',
  date_from: 'start of an inclusive UTC date range',
  date_to: 'end of an inclusive UTC date range',
  date: 'one UTC day',
  week: 'ISO week, Monday to Sunday UTC',
  limit: 'page size (default 500, maximum 5000)',
  offset: 'page start (default 0)',
  sort:
    'findings (default: the most serious finding of the last 4 weeks first (MSI, VSI, SI, MI), then cards not ' +
    'evaluated, then the counts of violations, potential and incomplete-data findings), due (overdue first, then ' +
    'soonest next download, then soonest card expiry), card_number, surname, expiry_date or last_download',
  order:
    'asc or desc (default asc; desc for sort=findings, the default sort); rows without a value sort last either way',
  q: 'text in the surname, first names or card number (case-insensitive)',
  overdue: 'true: only cards whose next download is overdue; false: only the others',
  expiring_within_days: 'only cards whose expiry date is at most this many days away (expired cards included)',
  unknown_as:
    'card-out time reading (GET /api/drivercard/readings, card_out_time): gap (default: each period with no card and no manual entry is a gap to explain, read as rest until annotated, the findings that reading changes marked), unknown (such time stays unknown: findings it could change are INCOMPLETE_DATA) or rest (such time inside the data, up to 5 days at a stretch, counts as rest)',
  at: 'pre-check: driver status time, ISO 8601 UTC (YYYY-MM-DDTHH:MM:SSZ) within the evaluated dates; default the end of the last recorded activity. Roadside readiness: the day of the check (YYYY-MM-DD, or an instant whose UTC date is taken); default today',
  registration: 'vehicle registration number as recorded on the cards (exactly one of registration, vin)',
  nation: 'registering nation of the vehicle (with registration; default: every nation)',
  vin: 'vehicle identification number (exactly one of registration, vin)',
  evidence:
    'summary (default: evidence lists longer than 10 intervals give the first and last plus evidence_summary) or full',
  reference_weeks: 'weeks of the reference period for the 48 h average working time (1..26, default 17)',
  include_quarantined:
    'pre-check and working time: true evaluates quarantined imports too, listed in basis.untrusted_imports, their findings marked untrusted',
  include_withdrawn:
    'imports and annotations lists: true lists withdrawn ones too (default: left out, as from every basis and check)',
  kind: 'imports list: only imports of this kind, DRIVER_CARD or VEHICLE_UNIT (default: both)',
  imported_since:
    'imports: a cursor (c0 for the beginning, else the next_cursor of the previous answer): only the imports saved, withdrawn or restored since, oldest change first, withdrawn ones included; each change is listed once, whatever runs at the same time',
  since:
    'changes: a cursor (c0 for the beginning, else the next_cursor of the previous answer): only the changes made since, oldest first; each change is listed once, whatever runs at the same time',
  delimiter:
    'CSV field separator: , or ; (default: ; when the configured locale, DRIVERCARD_LOCALE, writes decimals with a comma, as German, Polish or French spreadsheet programs expect; else ,)',
  severity:
    'findings: only these severities, comma-separated (MI, SI, VSI, MSI); a finding without severity is then left out',
  status:
    'findings: only these review statuses, comma-separated (OPEN, CONFIRMED, JUSTIFIED, DRIVER_INFORMED, ACKNOWLEDGED; never reviewed = OPEN)',
  list: 'today: the list of cards a count of GET /today counts (overdue, due_week, expired, expiring_30d, open_findings, conflicting, readiness)',
  tz: 'office documents: the IANA time zone times are shown in (default: the configured DRIVERCARD_TIME_ZONE); the API answers stay UTC',
  annotations:
    "apply (default: the office's annotations fill the unknown time they cover) or ignore (the card-only answer)",
};

/** The object schema a query string is validated against: only the named parameters, `required` ones required. */
export function querySchema(
  names: readonly QueryParameterName[],
  required: readonly QueryParameterName[] = [],
): Schema {
  const properties: Record<string, Schema> = {};
  for (const name of names) properties[name] = queryParameterSchemas[name];
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The basis, range and page parameter groups most endpoints take. */
export const BASIS = ['import_id', 'archive_id', 'card_number'] as const;
export const RANGE = ['date_from', 'date_to'] as const;
export const PAGE = ['limit', 'offset'] as const;
export const FLEET_FILTERS = ['sort', 'order', 'q', 'overdue', 'expiring_within_days'] as const;
