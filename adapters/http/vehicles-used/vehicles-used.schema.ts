/** GET /api/drivercard/vehicles-used: the vehicles recorded on the card. */
import {
  listEnvelopeSchema,
  nullableInteger,
  nullableNumber,
  nullableString,
  nullableTimestamp,
  registrationSchema,
} from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const vehicleUsedRowSchema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    registration: registrationSchema,
    vin: nullableString,
    first_use: nullableTimestamp,
    last_use: nullableTimestamp,
    odometer_begin_km: nullableNumber,
    odometer_end_km: nullableNumber,
    distance_km: nullableNumber,
    vu_data_block_counter: nullableInteger,
    quarantined: { type: 'boolean' },
  },
  required: [
    'import_id',
    'card_number',
    'registration',
    'vin',
    'first_use',
    'last_use',
    'odometer_begin_km',
    'odometer_end_km',
    'distance_km',
    'vu_data_block_counter',
  ],
} as const;

export const vehiclesUsedResponseSchema = listEnvelopeSchema(vehicleUsedRowSchema);

export type VehicleUsedRowResponse = FromSchema<typeof vehicleUsedRowSchema>;
