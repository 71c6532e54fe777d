/** Vehicle-used rows → the API's JSON (./vehicles-used.schema.ts). */
import type { VehicleUsedRow } from '../../../core/domain/rows.js';
import { isoTimestampOrNull } from '../../../core/time.js';
import type { Text } from '../activities/activities.mapper.js';

export type VehicleUsedResponse = Text<VehicleUsedRow, 'first_use' | 'last_use'> & { quarantined?: boolean };

export function vehicleUsedToResponse<T extends VehicleUsedRow>(row: T): Text<T, 'first_use' | 'last_use'> {
  return <Text<T, 'first_use' | 'last_use'>>{
    ...row,
    first_use: isoTimestampOrNull(row.first_use),
    last_use: isoTimestampOrNull(row.last_use),
  };
}
