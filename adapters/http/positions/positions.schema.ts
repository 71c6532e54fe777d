/** GET /api/drivercard/positions: the recorded positions (places, GNSS, border crossings, load/unload). */
import { listEnvelopeSchema, nullableNumber, nullableString, nullableTimestamp } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const positionRowSchema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    timestamp: nullableTimestamp,
    latitude: nullableNumber,
    longitude: nullableNumber,
    source: { type: 'string', enum: ['PLACE', 'GNSS_ACCUMULATED_DRIVING', 'BORDER_CROSSING', 'LOAD_UNLOAD'] },
    type: nullableString,
    country_code: nullableString,
    region_code: nullableString,
    odometer_km: nullableNumber,
    gnss_accuracy: nullableNumber,
    quarantined: { type: 'boolean' },
  },
  required: [
    'import_id',
    'card_number',
    'timestamp',
    'latitude',
    'longitude',
    'source',
    'type',
    'country_code',
    'region_code',
    'odometer_km',
    'gnss_accuracy',
  ],
} as const;

export const positionsResponseSchema = listEnvelopeSchema(positionRowSchema);

export type PositionRowResponse = FromSchema<typeof positionRowSchema>;
