/**
 * Where every storage port is bound: each port's token resolves to its member of the storage bundle
 * (core/ports/storage.ts; adapters/storage/open-storage.ts opens it over one database), bound by the caller to
 * TOKENS.Storage (the service's container opens the configured database, tests and benchmarks give their own).
 */
import type { Container } from 'inversify';
import type { StoragePorts } from '../core/ports/storage.js';
import { TOKENS } from './tokens.js';

/** The token of each port and the bundle's member it resolves to. */
const STORAGE_PORT_TOKENS = {
  imports: TOKENS.ImportStore,
  fleet: TOKENS.FleetStore,
  officeRecords: TOKENS.OfficeRecords,
  openFindings: TOKENS.OpenFindings,
  homeCountries: TOKENS.HomeCountryStore,
  attention: TOKENS.ImportAttention,
  vehicleUnits: TOKENS.VehicleUnitStore,
  idempotencyKeys: TOKENS.IdempotencyKeys,
  changes: TOKENS.ChangeFeed,
} as const satisfies Record<Exclude<keyof StoragePorts, 'close'>, symbol>;

export function bindStoragePorts(container: Container): void {
  for (const [port, token] of Object.entries(STORAGE_PORT_TOKENS)) {
    container
      .bind(token)
      .toResolvedValue((storage: StoragePorts) => storage[port as keyof typeof STORAGE_PORT_TOKENS], [TOKENS.Storage])
      .inSingletonScope();
  }
}
