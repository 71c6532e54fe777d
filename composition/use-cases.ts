/**
 * Builds the use cases of core/use-cases from the ports (the container calls this once per process).
 */
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { decodeCardFile, verifyingCardDecoder } from '../core/use-cases/decode-card-file.js';
import type { AuthenticityVerifier } from '../core/authenticity/index.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';

export interface UseCasePorts {
  store: ImportStore;
  clock: Clock;
  hasher: Hasher;
  ids: IdGenerator;
  /** absent: imports are not verified (tests of other capabilities) */
  verifier?: AuthenticityVerifier;
  requireVerified?: boolean;
}

export interface UseCaseBundle {
  imports: ImportUseCase;
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  health: HealthUseCase;
}

export function createUseCases(ports: UseCasePorts): UseCaseBundle {
  return {
    imports: new ImportDddFile({
      ...ports,
      decodeCard: ports.verifier ? verifyingCardDecoder(ports.verifier) : decodeCardFile,
      requireVerified: ports.requireVerified ?? false,
    }),
    queries: new DriverCardQueries(ports.store),
    overviews: new OverviewQueries(ports.store),
    health: new HealthCheck(ports.store),
  };
}
