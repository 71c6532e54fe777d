/**
 * The fleet overview: `ListFleet` pages through the stored card summaries (filtered and sorted
 * by the database), `FleetSummary` counts them; both relative to the injected clock. Nothing is computed
 * across cards per request: the summaries are kept up to date at import time (./refresh-fleet-card.ts).
 */
import {
  fleetRowOf,
  type FleetCounts,
  type FleetFilter,
  type FleetOrder,
  type FleetRow,
  type FleetSort,
} from '../fleet/fleet-card.js';
import type { Clock } from '../ports/clock.js';
import type { FleetStore } from '../ports/fleet-store.js';
import type { ListResult, Page } from './contracts.js';

export interface FleetListRequest {
  filter: FleetFilter;
  sort: FleetSort;
  order: FleetOrder;
  page: Page;
}

export interface FleetUseCases {
  list(request: FleetListRequest): Promise<ListResult<FleetRow>>;
  summary(): Promise<FleetCounts>;
}

const nowSeconds = (clock: Clock): number => Math.floor(clock.now().getTime() / 1000);

export class ListFleet {
  constructor(
    private readonly fleet: FleetStore,
    private readonly clock: Clock,
  ) {}

  async list(request: FleetListRequest): Promise<ListResult<FleetRow>> {
    const now_s = nowSeconds(this.clock);
    const slice = await this.fleet.listFleetCards({ ...request, now_s });
    return {
      items: slice.items.map((record) => fleetRowOf(record, now_s)),
      total: slice.total,
      limit: request.page.limit,
      offset: request.page.offset,
      conflicts: [],
    };
  }
}

export class FleetSummary {
  constructor(
    private readonly fleet: FleetStore,
    private readonly clock: Clock,
  ) {}

  summary(): Promise<FleetCounts> {
    return this.fleet.fleetCounts(nowSeconds(this.clock));
  }
}

/** Both capabilities behind the one interface the HTTP adapter depends on; `beforeRead` runs before each read. */
export function fleetUseCases(
  fleet: FleetStore,
  clock: Clock,
  beforeRead: () => Promise<void> = async () => undefined,
): FleetUseCases {
  const list = new ListFleet(fleet, clock);
  const summary = new FleetSummary(fleet, clock);
  return {
    list: async (request) => {
      await beforeRead();
      return list.list(request);
    },
    summary: async () => {
      await beforeRead();
      return summary.summary();
    },
  };
}
