/**
 * Vehicle-used rows from EF Vehicles_Used: empty slots skipped; distance = end − begin when both odometers are
 * known and end ≥ begin. Ordered by first use (unknown last), then storage position.
 */
import type { VehiclesUsed } from '../domain/card.js';
import type { VehicleUsedRow } from '../domain/rows.js';
import { registrationRow } from './events-faults.js';

export function vehicleRows(data: VehiclesUsed | null, cardNumber: string | null): VehicleUsedRow[] {
  if (data === null) return [];
  const kept = data.records.filter((r) => !r.empty);
  kept.sort((a, b) => (a.firstUse ?? Infinity) - (b.firstUse ?? Infinity) || a.index - b.index);
  return kept.map((r) => ({
    import_id: null,
    card_number: cardNumber,
    registration: registrationRow(r.registration),
    vin: r.vin,
    first_use: r.firstUse,
    last_use: r.lastUse,
    odometer_begin_km: r.odometerBegin,
    odometer_end_km: r.odometerEnd,
    distance_km:
      r.odometerBegin !== null && r.odometerEnd !== null && r.odometerEnd >= r.odometerBegin
        ? r.odometerEnd - r.odometerBegin
        : null,
    vu_data_block_counter: r.vuDataBlockCounter,
  }));
}
