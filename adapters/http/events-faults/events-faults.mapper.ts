/** Card event and fault rows → the API's JSON (./events-faults.schema.ts). */
import type { EventFaultRow } from '../../../core/domain/rows.js';
import { isoTimestampOrNull } from '../../../core/time.js';
import type { Text } from '../activities/activities.mapper.js';

export type EventFaultResponse = Text<EventFaultRow, 'start' | 'end'> & { quarantined?: boolean };

export function eventFaultToResponse<T extends EventFaultRow>(row: T): Text<T, 'start' | 'end'> {
  return <Text<T, 'start' | 'end'>>{ ...row, start: isoTimestampOrNull(row.start), end: isoTimestampOrNull(row.end) };
}
