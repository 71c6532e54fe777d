/**
 * The day overview (GET /api/drivercard/day-overview): one object per day of the range (open ends: the basis's
 * first / last served day). Reads the ImportStore port.
 */
import { buildDayOverviews } from '../overview/index.js';
import type { ImportStore } from '../ports/import-store.js';
import { daysBetween } from '../time.js';
import type { Basis, DateRange, DayOverviewResult } from './contracts.js';
import { gatherOverviewInput, overviewRange } from './overview-input.js';

export async function dayOverview(
  store: ImportStore,
  query: { basis: Basis; range: DateRange },
): Promise<DayOverviewResult> {
  const { input, data } = await gatherOverviewInput(store, query.basis, query.range);
  const { from, to } = overviewRange(query.range, data);
  const dates = from !== null && to !== null && from <= to ? daysBetween(from, to) : [];
  return { items: buildDayOverviews(input, dates), conflicts: data.conflicts };
}
