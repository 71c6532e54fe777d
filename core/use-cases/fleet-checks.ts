/**
 * The checks across an office's cards, bundled for the inbound adapters (ports: ImportStore, Clock): vehicles
 * across cards (./vehicle-queries.ts).
 */
import type { Clock } from '../ports/clock.js';
import type { ImportStore } from '../ports/import-store.js';
import { VehicleQueries } from './vehicle-queries.js';

export interface FleetChecks {
  vehicles: VehicleQueries;
}

export function fleetChecks(store: ImportStore, _clock: Clock): FleetChecks {
  return { vehicles: new VehicleQueries(store) };
}
