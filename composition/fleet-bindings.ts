/**
 * The fleet's use cases in the container: the computation of a card's fleet row after its imports
 * (RefreshFleetCard, with the service's drain, ./fleet-drain.ts), what runs before every read of the rows, the
 * fleet list and summary, and the office's today view.
 */
import type { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { FleetStore } from '../core/ports/fleet-store.js';
import type { OpenFindingsStore } from '../core/ports/open-findings-store.js';
import type { VehicleUnitStore } from '../core/ports/vehicle-unit-store.js';
import type { ImportAttention } from '../core/ports/import-attention.js';
import type { OverviewUseCases } from '../core/use-cases/contracts.js';
import { fleetUseCases, type FleetUseCases } from '../core/use-cases/fleet-overview.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { AnnotationCoveredDays } from '../core/use-cases/annotation-covered-days.js';
import { TodayView } from '../core/use-cases/today.js';
import { VehicleReportQuery } from '../core/use-cases/vehicle-report.js';
import { FindingsOfPeriodQuery } from '../core/use-cases/findings-of-period.js';
import type { OfficeRecords } from './office-records.js';
import { FleetDrain } from './fleet-drain.js';
import { TOKENS } from './tokens.js';

/** What must end before the ports close: RefreshFleetCard's computations after imports. */
export interface BackgroundWork {
  idle(): Promise<void>;
}

export function bindFleet(container: Container, options: { fleetDrain?: boolean }): void {
  container.bind<Set<BackgroundWork>>(TOKENS.BackgroundWork).toConstantValue(new Set());
  container
    .bind<RefreshFleetCard>(TOKENS.RefreshFleetCard)
    .toResolvedValue(
      (
        store: ImportStore,
        fleet: FleetStore,
        overviews: OverviewUseCases,
        records: OfficeRecords,
        clock: Clock,
        openFindings: OpenFindingsStore,
        background: Set<BackgroundWork>,
      ) => {
        const drain = options.fleetDrain
          ? new FleetDrain({ settle: (cards) => refresh.settleCards(cards), onError: backgroundFailure })
          : null;
        const refresh: RefreshFleetCard = new RefreshFleetCard({
          store,
          fleet,
          overviews,
          covered: new AnnotationCoveredDays(records),
          clock,
          openFindings,
          onBackgroundError: backgroundFailure,
          ...(drain && { onMarked: (card: string) => drain.marked(card), between: nextTurn }),
        });
        // the drain first: closing waits for it, then for the computations it started
        if (drain) background.add(drain);
        background.add(refresh);
        return refresh;
      },
      [
        TOKENS.ImportStore,
        TOKENS.FleetStore,
        TOKENS.OverviewUseCases,
        TOKENS.OfficeRecords,
        TOKENS.Clock,
        TOKENS.OpenFindings,
        TOKENS.BackgroundWork,
      ],
    )
    .inSingletonScope();
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
  bindToday(container);
  bindVehicleReport(container);
}

/** One vehicle's report and exports from its VU downloads. */
function bindVehicleReport(container: Container): void {
  container
    .bind<VehicleReportQuery>(TOKENS.VehicleReport)
    .toResolvedValue(
      (vehicleUnits: VehicleUnitStore, imports: ImportStore, clock: Clock) =>
        new VehicleReportQuery({ vehicleUnits, imports, clock }),
      [TOKENS.VehicleUnitStore, TOKENS.ImportStore, TOKENS.Clock],
    )
    .inSingletonScope();
}

/** The office's today counts: fleet rows, imports, and the open findings of each card's last 4 weeks. */
function bindToday(container: Container): void {
  container
    .bind<TodayView>(TOKENS.Today)
    .toResolvedValue(
      (
        fleet: FleetStore,
        store: ImportStore,
        clock: Clock,
        overviews: OverviewUseCases,
        records: OfficeRecords,
        openFindings: OpenFindingsStore,
        attention: ImportAttention,
        beforeRead: () => Promise<void>,
        vehicleUnits: VehicleUnitStore,
      ) =>
        new TodayView({
          fleet,
          store,
          clock,
          findings: new FindingsOfPeriodQuery(overviews, records),
          openFindings,
          attention,
          beforeRead,
          vehicleUnits,
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
        TOKENS.VehicleUnitStore,
      ],
    )
    .inSingletonScope();
}

/**
 * Before a read of the fleet summaries (one per container, shared by the fleet and today use cases): once, the
 * summaries missing from a database of an earlier version (or lost with a refresh cut short); every time, the cards
 * marked by imports not yet summarised (by any process).
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
