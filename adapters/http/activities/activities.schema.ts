/** GET /api/drivercard/activities: an activity interval row and its list (the rows of the day and week overviews too). */
import {
  activityCode,
  dateSchema,
  intervalSeconds,
  listEnvelopeSchema,
  nullableString,
  timestampSchema,
} from '../shared/schema-parts.js';
import type { FromSchema } from '../shared/schema-type.js';
import { ACTIVITY_FIELDS } from '../shared/activity-json.js';

export const activityRowSchema = {
  type: 'object',
  properties: {
    import_id: nullableString,
    card_number: nullableString,
    date: dateSchema,
    start: timestampSchema,
    end: timestampSchema,
    activity: activityCode,
    duration: intervalSeconds,
    slot: { type: 'string', enum: ['DRIVER', 'CO_DRIVER'] },
    crew: { type: 'boolean' },
    card_inserted: { type: 'boolean' },
    manual_entry: { type: 'boolean' },
    quarantined: { type: 'boolean' },
  },
  // every field but `quarantined`: the fields the JSON writer always writes, in its order
  required: ACTIVITY_FIELDS,
} as const;

export const activitiesResponseSchema = listEnvelopeSchema(activityRowSchema);

export type ActivityRowResponse = FromSchema<typeof activityRowSchema>;
