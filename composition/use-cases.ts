/**
 * The use cases of core/use-cases, each bound in the container to the ports it declares (`toResolvedValue` with
 * its tokens): the one wiring the service, the CLI, the benchmarks and the tests resolve. Core stays free of
 * decorators: the factories below are the only place that knows a use case's constructor.
 *
 * createUseCases: the same bindings over ports given as values (tests and benchmarks that bring their own store,
 * clock or decoder), resolved synchronously.
 */
import { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { FleetStore } from '../core/ports/fleet-store.js';
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
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import { fleetUseCases, type FleetUseCases } from '../core/use-cases/fleet-overview.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { ImportLifecycle, type ImportLifecycleUseCases } from '../core/use-cases/withdraw-import.js';
import { fleetChecks, type FleetChecks } from '../core/use-cases/fleet-checks.js';
import { bindOfficeRecords, type OfficeRecords } from './office-records.js';
import { bindHomeCountries } from './home-countries.js';
import type { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import { TodayView } from '../core/use-cases/today.js';
import { FindingsOfPeriodQuery } from '../core/use-cases/findings-of-period.js';
import { AnnotationCoveredDays } from '../core/use-cases/annotation-covered-days.js';
import type { OfficeAnnotations } from '../core/use-cases/annotations.js';
import { NO_REVIEWS } from '../core/ports/finding-reviews.js';
import { bindOpenFindings } from './open-findings.js';
import type { OpenFindingsStore } from '../core/ports/open-findings-store.js';
import type { ImportAttention } from '../core/ports/import-attention.js';
import { TOKENS } from './tokens.js';
import { FleetDrain } from './fleet-drain.js';

/** Binds every use case (singletons) to the port tokens it needs; the ports are bound by the caller. */
export function bindUseCases(container: Container, options: { fleetDrain?: boolean } = {}): void {
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
      ) =>
        new ImportDddFile({
          store,
          clock,
          hasher,
          ids,
          decodeCard,
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
      ],
    )
    .inSingletonScope();
  container
    .bind<QueryUseCases>(TOKENS.QueryUseCases)
    .toResolvedValue((store: ImportStore) => new DriverCardQueries(store), [TOKENS.ImportStore])
    .inSingletonScope();
  bindOfficeRecords(container);
  bindHomeCountries(container);
  bindOpenFindings(container);
  container
    .bind<OverviewUseCases>(TOKENS.OverviewUseCases)
    .toResolvedValue(
      (store: ImportStore, records: OfficeRecords | null, homes: HomeCountrySettings) =>
        new OverviewQueries(store, records, homes),
      [TOKENS.ImportStore, TOKENS.OfficeRecords, TOKENS.HomeCountries],
    )
    .inSingletonScope();
  container
    .bind<HealthUseCase>(TOKENS.HealthUseCase)
    .toResolvedValue((store: ImportStore) => new HealthCheck(store), [TOKENS.ImportStore])
    .inSingletonScope();
  container
    .bind<RefreshFleetCard>(TOKENS.RefreshFleetCard)
    .toResolvedValue(
      (
        store: ImportStore,
        fleet: FleetStore,
        overviews: OverviewUseCases,
        records: OfficeRecords | null,
        clock: Clock,
        openFindings: OpenFindingsStore | null,
      ) => {
        const drain = options.fleetDrain
          ? new FleetDrain({ settle: (cards) => refresh.settleCards(cards), onError: backgroundFailure })
          : null;
        const refresh: RefreshFleetCard = new RefreshFleetCard({
          store,
          fleet,
          overviews,
          covered: coveredDaysOf(records),
          clock,
          openFindings,
          onBackgroundError: backgroundFailure,
          ...(drain && { onMarked: (card: string) => drain.marked(card), between: nextTurn }),
        });
        if (drain) container.get<Set<BackgroundWork>>(TOKENS.BackgroundWork).add(drain);
        return refresh;
      },
      [
        TOKENS.ImportStore,
        TOKENS.FleetStore,
        TOKENS.OverviewUseCases,
        TOKENS.OfficeRecords,
        TOKENS.Clock,
        TOKENS.OpenFindings,
      ],
    )
    .inSingletonScope()
    .onActivation((_context, refresh) => {
      container.get<Set<BackgroundWork>>(TOKENS.BackgroundWork).add(refresh);
      return refresh;
    });
  container.bind<Set<BackgroundWork>>(TOKENS.BackgroundWork).toConstantValue(new Set());
  container
    .bind<() => Promise<void>>(TOKENS.BeforeFleetRead)
    .toResolvedValue(beforeFleetRead, [TOKENS.RefreshFleetCard])
    .inSingletonScope();
  container
    .bind<FleetUseCases>(TOKENS.FleetUseCases)
    .toResolvedValue(
      (fleet: FleetStore, clock: Clock, beforeRead: () => Promise<void>) => fleetUseCases(fleet, clock, beforeRead),
      [TOKENS.FleetStore, TOKENS.Clock, TOKENS.BeforeFleetRead],
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
  // vehicles across cards, roadside readiness, time by country
  container
    .bind<FleetChecks>(TOKENS.FleetChecks)
    .toResolvedValue(
      (store: ImportStore, clock: Clock, records: OfficeRecords | null) =>
        fleetChecks(store, clock, coveredDaysOf(records)),
      [TOKENS.ImportStore, TOKENS.Clock, TOKENS.OfficeRecords],
    )
    .inSingletonScope();
  // the office's today counts: fleet rows, imports, and the open findings of each card's last 4 weeks
  container
    .bind<TodayView>(TOKENS.Today)
    .toResolvedValue(
      (
        fleet: FleetStore,
        store: ImportStore,
        clock: Clock,
        overviews: OverviewUseCases,
        records: OfficeRecords | null,
        openFindings: OpenFindingsStore | null,
        attention: ImportAttention | null,
        beforeRead: () => Promise<void>,
      ) =>
        new TodayView({
          fleet,
          store,
          clock,
          findings: new FindingsOfPeriodQuery(overviews, records ?? NO_REVIEWS),
          openFindings,
          attention,
          beforeRead,
        }),
      [
        TOKENS.FleetStore,
        TOKENS.ImportStore,
        TOKENS.Clock,
        TOKENS.OverviewUseCases,
        TOKENS.OfficeRecords,
        TOKENS.OpenFindings,
        TOKENS.ImportAttention,
        TOKENS.BeforeFleetRead,
      ],
    )
    .inSingletonScope();
}

/** The days the office's annotations cover (roadside readiness), when the store keeps annotations. */
const coveredDaysOf = (records: OfficeRecords | null) => (records === null ? null : new AnnotationCoveredDays(records));

export interface UseCasePorts {
  store: ImportStore;
  clock: Clock;
  hasher: Hasher;
  ids: IdGenerator;
  /** absent: imports are not verified (tests of other capabilities) */
  verifier?: AuthenticityVerifier;
  requireVerified?: boolean;
  /** DRIVERCARD_HOME_COUNTRY; default none */
  homeCountry?: string | null;
  /** the fleet summaries, kept up to date by every import */
  fleet: FleetStore;
  /** default: the DDD decoder (tests file built cards); the day records are computed after it */
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
  lifecycle: ImportLifecycleUseCases;
  fleetChecks: FleetChecks;
  homeCountries: HomeCountrySettings;
  today: TodayView;
  /** the office's annotations (absent when the store keeps none) */
  annotations?: OfficeAnnotations;
}

/** The use cases over ports given as values, through the same bindings as the service's container. */
export function createUseCases(ports: UseCasePorts): UseCaseBundle {
  const container = new Container();
  const decode = ports.decodeCard ?? (ports.verifier ? verifyingCardDecoder(ports.verifier) : decodeCardFile);
  container.bind<ImportStore>(TOKENS.ImportStore).toConstantValue(ports.store);
  container.bind<FleetStore>(TOKENS.FleetStore).toConstantValue(ports.fleet);
  container.bind<Clock>(TOKENS.Clock).toConstantValue(ports.clock);
  container.bind<Hasher>(TOKENS.Hasher).toConstantValue(ports.hasher);
  container.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(ports.ids);
  container
    .bind<CardDecoder>(TOKENS.CardDecoder)
    .toConstantValue(ports.cardDecoder ?? withDayRecords(decode, ports.hasher));
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
    ...optionalAnnotations(container),
  };
}

/** The office's annotations when the store keeps them (the routes exist only then). */
function optionalAnnotations(container: Container): { annotations?: OfficeAnnotations } {
  const annotations = container.get<OfficeAnnotations | null>(TOKENS.Annotations);
  return annotations ? { annotations } : {};
}

/** What must end before the ports close: RefreshFleetCard's computations after imports. */
export interface BackgroundWork {
  idle(): Promise<void>;
}

/**
 * Before a read of the fleet summaries (one per container, shared by the fleet and today use cases): once, the summaries missing from a database of an earlier version (or lost
 * with a refresh cut short); every time, the cards marked by imports not yet summarised (by any process).
 */
function beforeFleetRead(refresh: RefreshFleetCard): () => Promise<void> {
  const missing = once(() => refresh.refreshMissing());
  return async () => {
    await missing();
    await refresh.settlePending();
  };
}

/** One turn of the event loop: the requests waiting run before the next step of a fleet row's computation. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A summary computed after an import's answer failed: one line, no card number (personal data); the mark stays. */
function backgroundFailure(error: unknown): void {
  const name = error instanceof Error ? error.name : 'non-error value thrown';
  process.stderr.write(
    `drivercard: a fleet summary could not be computed after an import (${name}); the next fleet read computes it\n`,
  );
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
