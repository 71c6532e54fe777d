/**
 * The use cases of core/use-cases, each bound in the container to the ports it declares (`toResolvedValue` with
 * its tokens): the one wiring the service, the CLI, the benchmarks and the tests resolve. Core stays free of
 * decorators: the factories below (and those of ./office-records.ts and ./home-countries.ts) are the only place
 * that knows a use case's constructor. The ports are bound by ./storage-bindings.ts (the storage bundle) and the
 * caller (clock, hasher, ids, decoder).
 *
 * createUseCases: the same bindings over ports given as values (tests and benchmarks that bring their own storage,
 * clock or decoder), resolved synchronously.
 */
import { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { StoragePorts } from '../core/ports/storage.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import type { AuthenticityVerifier } from '../core/authenticity/index.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import {
  decodeCardFile,
  verifyingCardDecoder,
  withDayRecords,
  type CardDecoder,
  type ParsedCardDecoder,
} from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { vuFileDecoder, type VuDecoder } from '../core/use-cases/decode-vu-file.js';
import { VehicleUnitQueries } from '../core/use-cases/vehicle-unit-queries.js';
import type { VehicleUnitStore } from '../core/ports/vehicle-unit-store.js';
import { VehicleUnitAnalysis } from '../core/use-cases/vehicle-unit-analysis.js';
import type { VehicleReportQuery } from '../core/use-cases/vehicle-report.js';
import type { VuAuthenticityVerifier } from '../core/authenticity/verify-vu.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import type { FleetUseCases } from '../core/use-cases/fleet-overview.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { ImportLifecycle, type ImportLifecycleUseCases } from '../core/use-cases/withdraw-import.js';
import { ReplayImports } from '../core/use-cases/replay-imports.js';
import { fleetChecks, type FleetChecks } from '../core/use-cases/fleet-checks.js';
import { AnnotationCoveredDays } from '../core/use-cases/annotation-covered-days.js';
import type { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import type { TodayView } from '../core/use-cases/today.js';
import type { OfficeAnnotations } from '../core/use-cases/annotations.js';
import { bindOfficeRecords, type OfficeRecords } from './office-records.js';
import { bindHomeCountries } from './home-countries.js';
import { bindFleet } from './fleet-bindings.js';
import { bindStoragePorts } from './storage-bindings.js';
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

export interface UseCasePorts {
  /** every storage port (adapters/storage/open-storage.ts `openStorage`, or a test's own) */
  storage: StoragePorts;
  clock: Clock;
  hasher: Hasher;
  ids: IdGenerator;
  /** absent: imports are not verified (tests of other capabilities) */
  verifier?: AuthenticityVerifier;
  requireVerified?: boolean;
  /** DRIVERCARD_HOME_COUNTRY; default none */
  homeCountry?: string | null;
  /** default: the DDD decoder (tests file built cards); the day records are computed after it */
  decodeCard?: ParsedCardDecoder;
  /** a decoder that answers the day records too (the decoder pool); wins over decodeCard */
  cardDecoder?: CardDecoder;
  /** verifies vehicle-unit downloads; absent: they are imported unverified (authenticity null) */
  vuVerifier?: VuAuthenticityVerifier;
}

export interface UseCaseBundle {
  imports: ImportUseCase;
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  health: HealthUseCase;
  fleet: FleetUseCases;
  refreshFleet: RefreshFleetCard;
  lifecycle: ImportLifecycleUseCases;
  fleetChecks: FleetChecks;
  homeCountries: HomeCountrySettings;
  today: TodayView;
  annotations: OfficeAnnotations;
  vehicleUnits: VehicleUnitQueries;
  vehicleUnitAnalysis: VehicleUnitAnalysis;
  vehicleReport: VehicleReportQuery;
}

/** The use cases over ports given as values, through the same bindings as the service's container. */
export function createUseCases(ports: UseCasePorts): UseCaseBundle {
  const container = new Container();
  const decode = ports.decodeCard ?? (ports.verifier ? verifyingCardDecoder(ports.verifier) : decodeCardFile);
  container.bind<StoragePorts>(TOKENS.Storage).toConstantValue(ports.storage);
  bindStoragePorts(container);
  container.bind<Clock>(TOKENS.Clock).toConstantValue(ports.clock);
  container.bind<Hasher>(TOKENS.Hasher).toConstantValue(ports.hasher);
  container.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(ports.ids);
  container
    .bind<CardDecoder>(TOKENS.CardDecoder)
    .toConstantValue(ports.cardDecoder ?? withDayRecords(decode, ports.hasher));
  container.bind<VuDecoder>(TOKENS.VuDecoder).toConstantValue(vuFileDecoder(ports.vuVerifier ?? null));
  container.bind<boolean>(TOKENS.RequireVerified).toConstantValue(ports.requireVerified ?? false);
  container.bind<string | null>(TOKENS.HomeCountry).toConstantValue(ports.homeCountry ?? null);
  bindUseCases(container);
  return useCaseBundle(container);
}

function useCaseBundle(container: Container): UseCaseBundle {
  return {
    imports: container.get<ImportUseCase>(TOKENS.ImportUseCase),
    queries: container.get<QueryUseCases>(TOKENS.QueryUseCases),
    overviews: container.get<OverviewUseCases>(TOKENS.OverviewUseCases),
    health: container.get<HealthUseCase>(TOKENS.HealthUseCase),
    fleet: container.get<FleetUseCases>(TOKENS.FleetUseCases),
    refreshFleet: container.get<RefreshFleetCard>(TOKENS.RefreshFleetCard),
    lifecycle: container.get<ImportLifecycleUseCases>(TOKENS.ImportLifecycle),
    fleetChecks: container.get<FleetChecks>(TOKENS.FleetChecks),
    homeCountries: container.get<HomeCountrySettings>(TOKENS.HomeCountries),
    today: container.get<TodayView>(TOKENS.Today),
    annotations: container.get<OfficeAnnotations>(TOKENS.Annotations),
    vehicleUnits: container.get<VehicleUnitQueries>(TOKENS.VehicleUnitQueries),
    vehicleUnitAnalysis: container.get<VehicleUnitAnalysis>(TOKENS.VehicleUnitAnalysis),
    vehicleReport: container.get<VehicleReportQuery>(TOKENS.VehicleReport),
  };
}
