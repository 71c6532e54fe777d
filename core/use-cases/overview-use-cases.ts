/**
 * Day / week overviews and the EU 561/2006 pre-check: gather the served rows of the basis (the same merge
 * as the activities endpoint) and hand them to the pure functions of core/overview and core/eu561.
 * Open range ends default to the basis's first / last served day.
 * The pre-check is a trusted operation: conflicting days (after the prefix rule of served-days.ts) →
 * ConflictingDataError naming them; any import with day records in the range that is QUARANTINED →
 * QuarantinedDataError naming it. Narrowing the basis (import_id, or a date range) avoids both.
 */
import { ConflictingDataError, InvalidFilterError, QuarantinedDataError } from '../domain/errors.js';
import type { DayDistanceRow, ImportRow } from '../domain/rows.js';
import { runPrecheck, type PrecheckResult } from '../eu561/index.js';
import { buildDayOverviews, buildWeekOverviews, datesBetween, parseIsoWeek, weeksTouching, type OverviewInput } from '../overview/index.js';
import type { ImportStore } from '../ports/import-store.js';
import type { Basis, DateRange, DayOverviewResult, OverviewUseCases, WeekOverviewResult } from './contracts.js';
import { describeBasis, resolveBasis, rowScope, servedData, servedDays, type ResolvedBasis, type ServedData } from './data-basis.js';

export class OverviewQueries implements OverviewUseCases {
  constructor(private readonly store: ImportStore) {}

  async dayOverview(query: { basis: Basis; range: DateRange }): Promise<DayOverviewResult> {
    const { input, data } = await this.gather(query.basis, query.range);
    const from = query.range.from ?? data.served[0]?.date ?? null;
    const to = query.range.to ?? data.served[data.served.length - 1]?.date ?? null;
    const dates = from !== null && to !== null && from <= to ? datesBetween(from, to) : [];
    return { items: buildDayOverviews(input, dates), conflicts: data.conflicts };
  }

  async weekOverview(query: { basis: Basis; weeks: string[] | null; range: DateRange }): Promise<WeekOverviewResult> {
    if (query.weeks !== null) {
      const spans = query.weeks.map((week) => {
        const span = parseIsoWeek(week);
        if (!span) throw new InvalidFilterError('week', `${JSON.stringify(week)} is not an ISO week (YYYY-Www).`);
        return span;
      });
      const resolved = await resolveBasis(this.store, query.basis);
      if (spans.length === 0) return { items: [], conflicts: [] };
      const range = {
        from: spans.map((s) => s.start_date).sort()[0]!,
        to: spans.map((s) => s.end_date).sort()[spans.length - 1]!,
      };
      const { input, data } = await this.gatherResolved(resolved, range);
      return { items: buildWeekOverviews(input, query.weeks), conflicts: data.conflicts };
    }
    const { input, data } = await this.gather(query.basis, query.range);
    const from = query.range.from ?? data.served[0]?.date ?? null;
    const to = query.range.to ?? data.served[data.served.length - 1]?.date ?? null;
    const weeks = from !== null && to !== null && from <= to ? weeksTouching(from, to) : [];
    return { items: buildWeekOverviews(input, weeks), conflicts: data.conflicts };
  }

  async precheck(query: { basis: Basis; range: DateRange; includeQuarantined?: boolean }): Promise<PrecheckResult> {
    const resolved = await resolveBasis(this.store, query.basis);
    const data = await servedData(this.store, resolved, query.range);
    if (data.conflicts.length > 0) {
      throw new ConflictingDataError(
        data.conflicts,
        `Imports of this card disagree about ${data.conflicts.length} day(s) (${data.conflicts.join(', ')}); select one import or a date range without them.`,
      );
    }
    const quarantined = resolved.import
      ? resolved.import.status === 'QUARANTINED' ? [resolved.import.import_id] : []
      : [...new Set(data.records.filter((r) => r.quarantined).map((r) => r.import_id))];
    if (quarantined.length > 0 && query.includeQuarantined !== true) {
      throw new QuarantinedDataError(quarantined, `The data basis contains quarantined import(s): ${quarantined.join(', ')}.`);
    }
    const intervals = (await this.store.activities(servedDays(data), null)).items.map(({ quarantined: _q, ...row }) => row);
    const basis = describeBasis(resolved, query.range, data);
    const driver = await this.driverOf(resolved, basis.import_ids);
    const result = runPrecheck({
      card_number: resolved.card_number,
      surname: driver?.driver.surname ?? null,
      first_names: driver?.driver.first_names ?? null,
      import_ids: basis.import_ids,
      date_from: query.range.from,
      date_to: query.range.to,
      intervals,
      open_end_date: await this.lastRecordedDate(resolved),
    });
    // the answer names the dates actually evaluated, also when the request left the range open
    result.basis.date_from = basis.date_from;
    result.basis.date_to = basis.date_to;
    if (query.includeQuarantined === true) markUntrusted(result, quarantined, data.records);
    return result;
  }

  /** The newest day any import of the basis recorded (whatever the requested range): the data's open end. */
  private async lastRecordedDate(resolved: ResolvedBasis): Promise<string | null> {
    if (resolved.import) return resolved.import.activity_range.to;
    const days = await this.store.dayRecords({ kind: 'card', card_number: resolved.card_number! }, { from: null, to: null });
    let last: string | null = null;
    for (const d of days) if (last === null || d.date > last) last = d.date;
    return last;
  }

  private async gather(basis: Basis, range: DateRange) {
    return this.gatherResolved(await resolveBasis(this.store, basis), range);
  }

  private async gatherResolved(resolved: ResolvedBasis, range: DateRange): Promise<{ input: OverviewInput; data: ServedData }> {
    const data = await servedData(this.store, resolved, range);
    const [activities, vehicles] = await Promise.all([
      this.store.activities(servedDays(data), null),
      this.store.vehiclesUsed(rowScope(resolved, range), null),
    ]);
    const day_distances: DayDistanceRow[] = data.served.map((r) => ({
      import_id: r.import_id,
      card_number: r.card_number,
      date: r.date,
      distance_km: r.distance_km,
    }));
    return {
      input: { card_number: resolved.card_number, intervals: activities.items, day_distances, vehicles_used: vehicles.items },
      data,
    };
  }

  /** The driver named by the newest import of the basis. */
  private async driverOf(resolved: ResolvedBasis, importIds: string[]): Promise<ImportRow | null> {
    if (resolved.import) return resolved.import;
    const newest = importIds[importIds.length - 1];
    if (newest !== undefined) return this.store.findImport({ kind: 'import_id', value: newest });
    const all = await this.store.listImports({ card_number: resolved.card_number, range: { from: null, to: null } }, { limit: 1, offset: 0 });
    return all.items[0] ?? null;
  }
}

/**
 * include_quarantined=true (issue 8): the quarantined imports are named in `basis.untrusted_imports`; a finding
 * is drawn from their data when its period touches a day served from one of them → `untrusted: true`.
 */
function markUntrusted(result: PrecheckResult, quarantined: string[], records: readonly { date: string; import_id: string }[]): void {
  const ids = new Set(quarantined);
  const days = records.filter((r) => ids.has(r.import_id)).map((r) => r.date);
  const untrustedResult = result as PrecheckResult & { basis: { untrusted_imports?: string[] } };
  untrustedResult.basis.untrusted_imports = quarantined;
  for (const v of result.violations) {
    const from = v.start.slice(0, 10);
    const to = v.end.slice(0, 10);
    (v as typeof v & { untrusted?: boolean }).untrusted = quarantined.length > 0 && (days.length === 0 || days.some((d) => d >= from && d <= to));
  }
}
