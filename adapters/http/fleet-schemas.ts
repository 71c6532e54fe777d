/**
 * JSON Schemas of the fleet overview (issue 12; names decided in notes/API-ADDITIONS.md): its query
 * parameters (merged into ./schemas.ts's queryParameterSchemas) and its answers. Self-contained scalars:
 * ./schemas.ts imports this module, so it cannot import values from there.
 */
import { AUTHENTICITY_STATUSES, FLEET_SORTS } from '../../core/fleet/fleet-card.js';

type Schema = Record<string, unknown>;

const date: Schema = { type: ['string', 'null'], format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };
const timestamp: Schema = {
  type: ['string', 'null'],
  format: 'date-time',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$',
};
const count: Schema = { type: 'integer', minimum: 0 };
const nullableString: Schema = { type: ['string', 'null'] };
const nullableInteger: Schema = { type: ['integer', 'null'] };

export const fleetQueryParameterSchemas = {
  sort: { type: 'string', enum: [...FLEET_SORTS] },
  order: { type: 'string', enum: ['asc', 'desc'] },
  q: { type: 'string', minLength: 1, maxLength: 100 },
  overdue: { type: 'boolean' },
  expiring_within_days: { type: 'integer', minimum: 0, maximum: 3660 },
} as const satisfies Record<string, Schema>;

export const fleetQueryParameterDescriptions: Record<keyof typeof fleetQueryParameterSchemas, string> = {
  sort:
    'due (default: overdue first, then soonest next download, then soonest card expiry), card_number, surname, ' +
    'expiry_date, last_download or findings (violations, then potential, then incomplete-data findings)',
  order: 'asc or desc (default asc; desc for sort=findings); rows without a value sort last either way',
  q: 'text in the surname, first names or card number (case-insensitive)',
  overdue: 'true: only cards whose next download is overdue; false: only the others',
  expiring_within_days: 'only cards whose expiry date is at most this many days away (expired cards included)',
};

const findingCounts: Schema = {
  type: 'object',
  properties: Object.fromEntries(['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA', 'MI', 'SI', 'VSI', 'MSI'].map((k) => [k, count])),
  required: ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA', 'MI', 'SI', 'VSI', 'MSI'],
};

export const fleetRowSchema: Schema = {
  type: 'object',
  properties: {
    card_number: { type: 'string' },
    surname: nullableString,
    first_names: nullableString,
    issuing_member_state: nullableString,
    expiry_date: date,
    expiry_days_left: nullableInteger,
    last_download: timestamp,
    last_download_source: { type: ['string', 'null'], enum: ['CARD_DOWNLOAD', 'ACTIVITY_END', null] },
    next_download_due: timestamp,
    overdue: { type: 'boolean' },
    download_days_left: nullableInteger,
    coverage_days_28: { type: 'integer', minimum: 0, maximum: 28 },
    imports: count,
    quarantined_imports: count,
    conflicting_days: count,
    authenticity_status: { type: ['string', 'null'], enum: [...AUTHENTICITY_STATUSES, null] },
    findings_4w: findingCounts,
    findings_4w_evaluated: { type: 'boolean' },
    /** why the 4 weeks were not evaluated (their counts then say nothing), null when they were */
    findings_4w_not_evaluated_reason: { type: ['string', 'null'], enum: ['conflicting_data', 'quarantined_data', null] },
    findings_4w_most_serious: { type: ['string', 'null'], enum: ['MSI', 'VSI', 'SI', 'MI', null] },
  },
  required: [
    'card_number', 'surname', 'first_names', 'issuing_member_state', 'expiry_date', 'expiry_days_left',
    'last_download', 'last_download_source', 'next_download_due', 'overdue', 'download_days_left',
    'coverage_days_28', 'imports', 'quarantined_imports', 'conflicting_days', 'authenticity_status', 'findings_4w',
  ],
};

export const fleetListResponseSchema: Schema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: fleetRowSchema },
    total: count,
    limit: { type: 'integer', minimum: 1, maximum: 5000 },
    offset: count,
    conflicts: { type: 'array', maxItems: 0 },
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts'],
};

export const fleetSummaryResponseSchema: Schema = {
  type: 'object',
  properties: { drivers: count, overdue: count, expiring_30d: count, expired: count, with_infringements: count, not_evaluated: count },
  required: ['drivers', 'overdue', 'expiring_30d', 'expired', 'with_infringements', 'not_evaluated'],
};
