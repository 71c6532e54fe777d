/**
 * What the day and week overviews read: the served rows of a basis (the same merge as the activities endpoint)
 * gathered into the input of the pure functions of core/overview, and the range an open request covers.
 */
import type { DayDistanceRow, UtcDay } from '../domain/rows.js';
import { MAX_RANGE_DAYS } from '../domain/bounds.js';
import type { OverviewInput } from '../overview/index.js';
import type { ImportStore } from '../ports/import-store.js';
import type { Basis, DateRange } from './contracts.js';
import { resolveBasis, rowScope, servedData, unresolvedBasis, type ServedData } from './data-basis.js';
import { servedHistory } from './driver-card-queries.js';

/**
 * An overview's range: open ends default to the first / last served day; at most MAX_RANGE_DAYS are served,
 * the last ones of the data when the start was left open (the first ones after an explicit start).
 */
export function overviewRange(
  range: DateRange,
  data: Pick<ServedData, 'served'>,
): { from: UtcDay | null; to: UtcDay | null } {
  let from = range.from ?? data.served[0]?.date ?? null;
  let to = range.to ?? data.served[data.served.length - 1]?.date ?? null;
  if (from === null || to === null || to - from < MAX_RANGE_DAYS) return { from, to };
  if (range.from === null) from = to + 1 - MAX_RANGE_DAYS;
  else to = from + MAX_RANGE_DAYS - 1;
  return { from, to };
}

/**
 * The overview input of a basis in as few statements and sequential rounds as possible: a card basis needs no
 * lookup before its history and vehicles are read (servedHistory: the card is looked up only when its history
 * in the range is empty); the activities of the served days follow.
 */
export async function gatherOverviewInput(
  store: ImportStore,
  basis: Basis,
  range: DateRange,
): Promise<{ input: OverviewInput; data: Pick<ServedData, 'served' | 'conflicts'> }> {
  const card = unresolvedBasis(basis);
  const resolved = card ?? (await resolveBasis(store, basis));
  const [data, vehicles] = await Promise.all([
    card === null ? servedData(store, resolved, range) : servedHistory(store, basis, range),
    store.vehiclesUsed(rowScope(resolved, range), null),
  ]);
  const activities = await store.activities(
    data.served.map(({ import_id, date }) => ({ import_id, date })),
    null,
  );
  const day_distances: DayDistanceRow[] = data.served.map((r) => ({
    import_id: r.import_id,
    card_number: r.card_number,
    date: r.date,
    distance_km: r.distance_km,
  }));
  return {
    input: {
      card_number: resolved.card_number,
      intervals: activities.items,
      day_distances,
      vehicles_used: vehicles.items,
    },
    data,
  };
}
