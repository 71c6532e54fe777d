/** Position rows → the API's JSON (./positions.schema.ts). */
import type { PositionRow } from '../../../core/domain/rows.js';
import { isoTimestampOrNull } from '../../../core/time.js';
import type { Text } from '../activities/activities.mapper.js';

export type PositionResponse = Text<PositionRow, 'timestamp'> & { quarantined?: boolean };

export function positionToResponse<T extends PositionRow>(row: T): Text<T, 'timestamp'> {
  return <Text<T, 'timestamp'>>{ ...row, timestamp: isoTimestampOrNull(row.timestamp) };
}
