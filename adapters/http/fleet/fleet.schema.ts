/**
 * GET /api/drivercard/drivers and /drivers/summary: the fleet overview's answers. Its query parameters are in
 * ../shared/query.schema.ts with every other parameter.
 */
import { AUTHENTICITY_STATUSES } from '../../../core/fleet/fleet-card.js';
import { count, nullableDate, nullableInteger, nullableString, nullableTimestamp } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const FINDING_COUNT_KEYS = ['VIOLATION', 'POTENTIAL', 'INCOMPLETE_DATA', 'MI', 'SI', 'VSI', 'MSI'] as const;

const findingCounts = {
  type: 'object',
  properties: Object.fromEntries(FINDING_COUNT_KEYS.map((k) => [k, count])) as {
    [K in (typeof FINDING_COUNT_KEYS)[number]]: typeof count;
  },
  required: FINDING_COUNT_KEYS,
} as const;

export const fleetRowSchema = {
  type: 'object',
  properties: {
    card_number: { type: 'string' },
    surname: nullableString,
    first_names: nullableString,
    issuing_member_state: nullableString,
    expiry_date: nullableDate,
    expiry_days_left: nullableInteger,
    last_download: nullableTimestamp,
    last_download_source: {
      type: ['string', 'null'],
      enum: ['CARD_DOWNLOAD', 'ACTIVITY_END', null],
      description:
        "where last_download comes from: ACTIVITY_END, the newest download's moment (its newest day ends at it); CARD_DOWNLOAD, EF Card_Download when it lies after that (the card was downloaded after its last use)",
    },
    card_previous_download: {
      ...nullableTimestamp,
      description:
        "EF Card_Download as the newest file carried it: the card's download before that file's (the equipment writes it after reading the card)",
    },
    next_download_due: nullableTimestamp,
    overdue: { type: 'boolean' },
    download_days_left: nullableInteger,
    coverage_days_28: { type: 'integer', minimum: 0, maximum: 28 },
    readiness_missing_days: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 57,
      description:
        'days of today and the 56 before it without card data and without an annotation covering them (roadside readiness, as GET /drivers/readiness); null until the card is imported again',
    },
    imports: count,
    quarantined_imports: count,
    conflicting_days: count,
    authenticity_status: { type: ['string', 'null'], enum: [...AUTHENTICITY_STATUSES, null] },
    findings_4w: findingCounts,
    findings_4w_evaluated: { type: 'boolean' },
    /** why the 4 weeks were not evaluated (their counts then say nothing), null when they were */
    findings_4w_not_evaluated_reason: {
      type: ['string', 'null'],
      enum: ['conflicting_data', 'quarantined_data', null],
    },
    findings_4w_most_serious: { type: ['string', 'null'], enum: ['MSI', 'VSI', 'SI', 'MI', null] },
    findings_4w_most_serious_week: {
      type: ['string', 'null'],
      pattern: '^\\d{4}-W\\d{2}$',
      description:
        "the ISO week (YYYY-Www) holding the most serious of the 4 weeks' findings (most serious first, then the earliest; one begun before the 4 weeks: their first week), the week the page opens; null when none or not evaluated",
    },
    findings_4w_most_serious_week_start: {
      ...nullableDate,
      description: 'the Monday of findings_4w_most_serious_week',
    },
  },
  required: [
    'card_number',
    'surname',
    'first_names',
    'issuing_member_state',
    'expiry_date',
    'expiry_days_left',
    'last_download',
    'last_download_source',
    'next_download_due',
    'overdue',
    'download_days_left',
    'coverage_days_28',
    'readiness_missing_days',
    'imports',
    'quarantined_imports',
    'conflicting_days',
    'authenticity_status',
    'findings_4w',
  ],
} as const;

export const fleetListResponseSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: fleetRowSchema },
    total: count,
    limit: { type: 'integer', minimum: 1, maximum: 5000 },
    offset: count,
    conflicts: { type: 'array', maxItems: 0 },
  },
  required: ['items', 'total', 'limit', 'offset', 'conflicts'],
} as const;

export const fleetSummaryResponseSchema = {
  type: 'object',
  properties: {
    drivers: count,
    overdue: count,
    expiring_30d: count,
    expired: count,
    with_infringements: count,
    not_evaluated: count,
  },
  required: ['drivers', 'overdue', 'expiring_30d', 'expired', 'with_infringements', 'not_evaluated'],
} as const;

export type FleetRowResponse = FromSchema<typeof fleetRowSchema>;
export type FleetSummaryResponse = FromSchema<typeof fleetSummaryResponseSchema>;
