/**
 * What the day and week overviews read: the served rows of a basis (the same merge as the activities endpoint)
 * gathered into the input of the pure functions of core/overview, and the range an open request covers.
 */
import type { DayDistanceRow, UtcDay } from '../domain/rows.js';
import { MAX_RANGE_DAYS } from '../domain/bounds.js';
import type { OverviewInput } from '../overview/index.js';
import type { CardHistoryActivities, ImportStore } from '../ports/import-store.js';
import type { Basis, DateRange } from './contracts.js';
import {
  resolveBasis,
  rowScope,
  servedData,
  unresolvedBasis,
  type ResolvedBasis,
  type ServedData,
} from './data-basis.js';

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
 * lookup before its history is read with the activities of the days it serves (one statement) beside its vehicles
 * (the card is looked up only when its history in the range is empty, as servedHistory does); an import basis
 * reads its served days, then their activities.
 */
export async function gatherOverviewInput(
  store: ImportStore,
  basis: Basis,
  range: DateRange,
): Promise<{ input: OverviewInput; data: Pick<ServedData, 'served' | 'conflicts'> }> {
  const card = unresolvedBasis(basis);
  const resolved = card ?? (await resolveBasis(store, basis));
  const [data, vehicles] = await Promise.all([
    card === null
      ? servedWithActivities(store, resolved, range)
      : store.cardHistoryActivities(card.card_number!, range),
    store.vehiclesUsed(rowScope(resolved, range), null),
  ]);
  if (card !== null && data.served.length === 0) await resolveBasis(store, basis);
  const day_distances: DayDistanceRow[] = data.served.map((r) => ({
    import_id: r.import_id,
    card_number: r.card_number,
    date: r.date,
    distance_km: r.distance_km,
  }));
  return {
    input: {
      card_number: resolved.card_number,
      intervals: data.activities,
      day_distances,
      vehicles_used: vehicles.items,
    },
    data,
  };
}

/** The served days of a resolved basis (servedData) and their activities, one read after the other. */
async function servedWithActivities(
  store: ImportStore,
  resolved: ResolvedBasis,
  range: DateRange,
): Promise<CardHistoryActivities> {
  const { served, conflicts } = await servedData(store, resolved, range);
  const activities = await store.activities(
    served.map(({ import_id, date }) => ({ import_id, date })),
    null,
  );
  return { served, conflicts, activities: activities.items };
}
