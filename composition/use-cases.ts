/**
 * The use cases of core/use-cases, each bound in the container to the ports it declares (`toResolvedValue` with
 * its tokens): the one wiring the service, the CLI, the benchmarks and the tests resolve. Core stays free of
 * decorators: the factories below (and those of ./office-records.ts and ./home-countries.ts) are the only place
 * that knows a use case's constructor. The ports are bound by ./storage-bindings.ts (the storage bundle) and the
 * composition root, ./container.ts (clock, hasher, ids, decoder: the service's, or those a test brings).
 */
import type { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import type { CardDecoder } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import type { VuDecoder } from '../core/use-cases/decode-vu-file.js';
import { VehicleUnitQueries } from '../core/use-cases/vehicle-unit-queries.js';
import type { VehicleUnitStore } from '../core/ports/vehicle-unit-store.js';
import { VehicleUnitAnalysis } from '../core/use-cases/vehicle-unit-analysis.js';
import { ReplayImports } from '../core/use-cases/replay-imports.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { ImportLifecycle, type ImportLifecycleUseCases } from '../core/use-cases/withdraw-import.js';
import { fleetChecks, type FleetChecks } from '../core/use-cases/fleet-checks.js';
import { AnnotationCoveredDays } from '../core/use-cases/annotation-covered-days.js';
import type { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import { bindOfficeRecords, type OfficeRecords } from './office-records.js';
import { bindHomeCountries } from './home-countries.js';
import { bindFleet } from './fleet-bindings.js';
import { TOKENS } from './tokens.js';

export type { BackgroundWork } from './fleet-bindings.js';
export { once } from './fleet-bindings.js';

/** Binds every use case (singletons) to the port tokens it needs; the ports are bound by the caller. */
export function bindUseCases(container: Container, options: { fleetDrain?: boolean } = {}): void {
  bindImports(container);
  bindQueries(container);
  bindOfficeRecords(container);
  bindHomeCountries(container);
  bindFleet(container, options);
}

/** POST /parse and an import's life after it (withdraw, restore, purge): both tell the fleet row of the card. */
function bindImports(container: Container): void {
  container
    .bind<ImportUseCase>(TOKENS.ImportUseCase)
    .toResolvedValue(
      (
        store: ImportStore,
        clock: Clock,
        hasher: Hasher,
        ids: IdGenerator,
        decodeCard: CardDecoder,
        requireVerified: boolean,
        refresh: RefreshFleetCard,
        decodeVu: VuDecoder,
      ) =>
        new ImportDddFile({
          store,
          clock,
          hasher,
          ids,
          decodeCard,
          decodeVu,
          requireVerified,
          onStored: (row, card) => refresh.stored(row, card),
        }),
      [
        TOKENS.ImportStore,
        TOKENS.Clock,
        TOKENS.Hasher,
        TOKENS.IdGenerator,
        TOKENS.CardDecoder,
        TOKENS.RequireVerified,
        TOKENS.RefreshFleetCard,
        TOKENS.VuDecoder,
      ],
    )
    .inSingletonScope();
  container
    .bind<ImportLifecycleUseCases>(TOKENS.ImportLifecycle)
    .toResolvedValue(
      (store: ImportStore, clock: Clock, refresh: RefreshFleetCard) =>
        new ImportLifecycle({ store, clock, onCardChanged: (card) => refresh.recompute(card) }),
      [TOKENS.ImportStore, TOKENS.Clock, TOKENS.RefreshFleetCard],
    )
    .inSingletonScope();
  // a restore: the originals imported again by the same use case, with what was recorded about them
  container.bind<ReplayImports>(TOKENS.ReplayImports).toResolvedValue(
    (
      store: ImportStore,
      hasher: Hasher,
      decodeCard: CardDecoder,
      requireVerified: boolean,
      refresh: RefreshFleetCard,
    ) =>
      new ReplayImports({
        store,
        hasher,
        decodeCard,
        requireVerified,
        onStored: (row, card) => refresh.stored(row, card),
        onCardChanged: (card) => refresh.recompute(card),
      }),
    [TOKENS.ImportStore, TOKENS.Hasher, TOKENS.CardDecoder, TOKENS.RequireVerified, TOKENS.RefreshFleetCard],
  );
}

/** The reads: rows, overviews and checks, the health check, and the checks across cards. */
function bindQueries(container: Container): void {
  container
    .bind<QueryUseCases>(TOKENS.QueryUseCases)
    .toResolvedValue((store: ImportStore) => new DriverCardQueries(store), [TOKENS.ImportStore])
    .inSingletonScope();
  container
    .bind<OverviewUseCases>(TOKENS.OverviewUseCases)
    .toResolvedValue(
      (store: ImportStore, records: OfficeRecords, homes: HomeCountrySettings) =>
        new OverviewQueries(store, records, homes),
      [TOKENS.ImportStore, TOKENS.OfficeRecords, TOKENS.EffectiveHomeCountries],
    )
    .inSingletonScope();
  container
    .bind<HealthUseCase>(TOKENS.HealthUseCase)
    .toResolvedValue((store: ImportStore) => new HealthCheck(store), [TOKENS.ImportStore])
    .inSingletonScope();
  container
    .bind<VehicleUnitQueries>(TOKENS.VehicleUnitQueries)
    .toResolvedValue(
      (vehicleUnits: VehicleUnitStore, imports: ImportStore) => new VehicleUnitQueries({ vehicleUnits, imports }),
      [TOKENS.VehicleUnitStore, TOKENS.ImportStore],
    )
    .inSingletonScope();
  container
    .bind<VehicleUnitAnalysis>(TOKENS.VehicleUnitAnalysis)
    .toResolvedValue(
      (vehicleUnits: VehicleUnitStore, imports: ImportStore, clock: Clock) =>
        new VehicleUnitAnalysis({ vehicleUnits, imports, clock }),
      [TOKENS.VehicleUnitStore, TOKENS.ImportStore, TOKENS.Clock],
    )
    .inSingletonScope();
  // vehicles across cards, roadside readiness (the days the office's annotations cover), time by country
  container
    .bind<FleetChecks>(TOKENS.FleetChecks)
    .toResolvedValue(
      (store: ImportStore, clock: Clock, records: OfficeRecords) =>
        fleetChecks(store, clock, new AnnotationCoveredDays(records)),
      [TOKENS.ImportStore, TOKENS.Clock, TOKENS.OfficeRecords],
    )
    .inSingletonScope();
}
