/** GET /api/drivercard/events and /faults: one row shape for card events and card faults. */
import { listEnvelopeSchema, nullableString, nullableTimestamp, registrationSchema } from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';

export const eventFaultRowSchema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    code: { type: 'integer' },
    type: nullableString,
    description: nullableString,
    start: nullableTimestamp,
    end: nullableTimestamp,
    vehicle_registration: { oneOf: [registrationSchema, { type: 'null' }] },
    quarantined: { type: 'boolean' },
  },
  required: ['import_id', 'card_number', 'code', 'type', 'description', 'start', 'end', 'vehicle_registration'],
} as const;

export const eventsResponseSchema = listEnvelopeSchema(eventFaultRowSchema);
export const faultsResponseSchema = listEnvelopeSchema(eventFaultRowSchema);

export type EventFaultRowResponse = FromSchema<typeof eventFaultRowSchema>;
