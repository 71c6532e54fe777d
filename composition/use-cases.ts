/**
 * Builds the use cases of core/use-cases from the ports without the container (test services, benchmarks);
 * the service itself resolves each use case through the container (./container.ts).
 */
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { decodeCardFile, verifyingCardDecoder, withDayRecords, type CardDecoder, type ParsedCardDecoder } from '../core/use-cases/decode-card-file.js';
import type { AuthenticityVerifier } from '../core/authenticity/index.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import type { FleetStore } from '../core/ports/fleet-store.js';
import { fleetUseCases, type FleetUseCases } from '../core/use-cases/fleet-overview.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';

export interface UseCasePorts {
  store: ImportStore;
  clock: Clock;
  hasher: Hasher;
  ids: IdGenerator;
  /** absent: imports are not verified (tests of other capabilities) */
  verifier?: AuthenticityVerifier;
  requireVerified?: boolean;
  /** the fleet summaries (issue 12), kept up to date by every import */
  fleet: FleetStore;
  /** default: the DDD decoder (tests file built cards) */
  decodeCard?: ParsedCardDecoder;
  /** a decoder that answers the day records too (the decoder pool); wins over decodeCard */
  cardDecoder?: CardDecoder;
}

export interface UseCaseBundle {
  imports: ImportUseCase;
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  health: HealthUseCase;
  fleet: FleetUseCases;
  refreshFleet: RefreshFleetCard;
}

export function createUseCases(ports: UseCasePorts): UseCaseBundle {
  const overviews = new OverviewQueries(ports.store);
  const refreshFleet = new RefreshFleetCard({ store: ports.store, fleet: ports.fleet, overviews });
  return {
    imports: new ImportDddFile({
      ...ports,
      decodeCard: ports.cardDecoder ?? withDayRecords(ports.decodeCard ?? (ports.verifier ? verifyingCardDecoder(ports.verifier) : decodeCardFile), ports.hasher),
      requireVerified: ports.requireVerified ?? false,
      onStored: (row, card) => refreshFleet.stored(row, card),
    }),
    queries: new DriverCardQueries(ports.store),
    overviews,
    health: new HealthCheck(ports.store),
    // a database from before the fleet table (or a refresh cut short) gets its missing summaries on the first read
    fleet: fleetUseCases(ports.fleet, ports.clock, once(() => refreshFleet.refreshMissing())),
    refreshFleet,
  };
}

/** Runs `task` once; a failed run is retried by the next call. */
export function once(task: () => Promise<unknown>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= task().then(
      () => undefined,
      (error: unknown) => {
        done = null;
        throw error;
      },
    );
    return done;
  };
}
