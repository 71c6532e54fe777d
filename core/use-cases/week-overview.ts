/**
 * The week overview (GET /api/drivercard/week-overview): the ISO weeks asked for (`week`), or every ISO week a
 * date range touches (open ends: the basis's first / last served day), each with its seven days and totals.
 * Reads the ImportStore port (core/ports/import-store.ts): the basis and its served days through ./data-basis.ts
 * (`findImport`, `cardHistory`, `dayRecords`), the rows through ./overview-input.ts (`cardHistoryActivities` for a
 * card basis, else `activities`, and `vehiclesUsed`). Its SQL is in adapters/storage/imports/; docs/storage.md
 * walks this request from the route to the port's binding.
 */
import { InvalidFilterError } from '../domain/errors.js';
import { buildWeekOverviews } from '../overview/index.js';
import type { ImportStore } from '../ports/import-store.js';
import { parseIsoWeek, weeksTouching } from '../time.js';
import type { Basis, DateRange, WeekOverviewResult } from './contracts.js';
import { resolveBasis } from './data-basis.js';
import { gatherOverviewInput, overviewRange } from './overview-input.js';

export async function weekOverview(
  store: ImportStore,
  query: { basis: Basis; weeks: string[] | null; range: DateRange },
): Promise<WeekOverviewResult> {
  if (query.weeks !== null) {
    const spans = query.weeks.map((week) => {
      const span = parseIsoWeek(week);
      if (!span) throw new InvalidFilterError('week', `${JSON.stringify(week)} is not an ISO week (YYYY-Www).`);
      return span;
    });
    if (spans.length === 0) {
      await resolveBasis(store, query.basis);
      return { items: [], conflicts: [] };
    }
    const range = { from: Math.min(...spans.map((s) => s.start)), to: Math.max(...spans.map((s) => s.end)) };
    const { input, data } = await gatherOverviewInput(store, query.basis, range);
    return { items: buildWeekOverviews(input, query.weeks), conflicts: data.conflicts };
  }
  const { input, data } = await gatherOverviewInput(store, query.basis, query.range);
  const { from, to } = overviewRange(query.range, data);
  const weeks = from !== null && to !== null && from <= to ? weeksTouching(from, to) : [];
  return { items: buildWeekOverviews(input, weeks), conflicts: data.conflicts };
}
