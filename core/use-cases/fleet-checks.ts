/**
 * The checks across an office's cards, bundled for the inbound adapters: vehicles across cards
 * (./vehicle-queries.ts, port ImportStore) and roadside readiness (./roadside-readiness.ts, ports ImportStore,
 * Clock and the optional CoveredDays through which office annotations count as covered days), time by country
 * (./country-times.ts, port ImportStore).
 */
import type { Clock } from '../ports/clock.js';
import type { CoveredDays } from '../ports/covered-days.js';
import type { ImportStore } from '../ports/import-store.js';
import { CountryTimes } from './country-times.js';
import { RoadsideReadiness } from './roadside-readiness.js';
import { VehicleQueries } from './vehicle-queries.js';

export interface FleetChecks {
  vehicles: VehicleQueries;
  readiness: RoadsideReadiness;
  countries: CountryTimes;
}

export function fleetChecks(store: ImportStore, clock: Clock, covered: CoveredDays | null = null): FleetChecks {
  return {
    vehicles: new VehicleQueries(store),
    readiness: new RoadsideReadiness({ store, clock, covered }),
    countries: new CountryTimes(store),
  };
}
