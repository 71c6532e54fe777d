/**
 * GET /api/drivercard/today: the office's counts of what needs doing, each with the list it counts
 * (GET /api/drivercard/today/drivers?list=… for the cards, GET /imports for the imports), and the configured
 * time zone the page and the office documents show times in. The vehicle-unit counts (vehicles with a stored VU
 * download, VU downloads overdue, calibrations due within 30 days or overdue, intervals of driving without a card
 * in the last 4 weeks) are listed by GET /vehicle-units and /vehicle-units/driving-without-card.
 */
import { count, timestampSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

const COUNT_KEYS = [
  'drivers',
  'overdue',
  'due_week',
  'expired',
  'expiring_30d',
  'open_findings',
  'drivers_with_open_findings',
  'findings_not_evaluated',
  'quarantined',
  'holder_mismatch',
  'withdrawn',
  'conflicting',
  'readiness',
  'vehicle_units',
  'vu_downloads_overdue',
  'calibrations_due_30d',
  'driving_without_card_4w',
] as const;

export const todayResponseSchema = {
  type: 'object',
  properties: {
    as_of: timestampSchema,
    /** the IANA time zone of the service's configuration (DRIVERCARD_TIME_ZONE, default the machine's) */
    time_zone: { type: 'string', minLength: 1 },
    ...(Object.fromEntries(COUNT_KEYS.map((k) => [k, count])) as { [K in (typeof COUNT_KEYS)[number]]: typeof count }),
    /** the fleet summary's with_infringements (docs/counts.md) */
    drivers_with_infringements: count,
  },
  required: ['as_of', 'time_zone', ...COUNT_KEYS],
  additionalProperties: false,
} as const;

export type TodayResponse = FromSchema<typeof todayResponseSchema>;
