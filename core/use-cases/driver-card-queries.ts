/**
 * The query use cases (GET endpoints other than overviews and the pre-check).
 * - imports: basis null lists every import in save order (oldest first, like every list ordered by time);
 *   a date range keeps imports whose activity range overlaps it. WITHDRAWN imports are listed only when asked
 *   (include_withdrawn: the page's imports list offers their restore); a withdrawn import or archive is then
 *   found as a basis of this list too, and a card whose imports are all withdrawn.
 * - activities / time summary: the served days of the basis (see data-basis.ts).
 * - events, faults, vehicles used, positions: for a card, identical rows recorded by several imports appear
 *   once, as the newest import's copy (repeats inside one import are kept). A range keeps rows overlapping it.
 * - `conflicts` of every envelope lists the disagreeing dates of a card basis in the range ([] otherwise).
 */
import type { ImportKind } from '../domain/vu-import.js';
import type { ImportRow, UtcDay } from '../domain/rows.js';
import type { ImportStore, RowScope, Slice, StoredDayRecord } from '../ports/import-store.js';
import type { DateRange, ListResult, Page, QueryUseCases, RowQuery, TimeSummary, Basis } from './contracts.js';
import {
  describeBasis,
  resolveBasis,
  resolvedWithData,
  rowScope,
  servedData,
  servedDays,
  unresolvedBasis,
  type ResolvedBasis,
} from './data-basis.js';

export class DriverCardQueries implements QueryUseCases {
  constructor(private readonly store: ImportStore) {}

  async imports(query: {
    basis: Basis | null;
    range: DateRange;
    page: Page;
    include_withdrawn?: boolean;
    kind?: ImportKind;
  }): Promise<ListResult<ImportRow>> {
    const include_withdrawn = query.include_withdrawn === true;
    const kind = query.kind === undefined ? {} : { kind: query.kind };
    if (query.basis === null) {
      const slice = await this.store.listImports(
        { card_number: null, range: query.range, include_withdrawn, ...kind },
        query.page,
      );
      return envelope(slice, query.page, []);
    }
    const resolved = include_withdrawn
      ? await withdrawnToo(this.store, query.basis)
      : await resolveBasis(this.store, query.basis);
    if (resolved.import) {
      const row = resolved.import;
      const ofKind = query.kind === undefined || (row.kind ?? 'DRIVER_CARD') === query.kind;
      const matches = ofKind && overlaps(row, query.range) ? [row] : [];
      const items = matches.slice(query.page.offset, query.page.offset + query.page.limit);
      return envelope({ items, total: matches.length }, query.page, []);
    }
    const slice = await this.store.listImports(
      { card_number: resolved.card_number, range: query.range, include_withdrawn, ...kind },
      query.page,
    );
    return envelope(slice, query.page, await this.conflicts(resolved, query.range));
  }

  /**
   * The imports changed after change number `after` (saved, withdrawn or restored; withdrawn ones listed unless
   * include_withdrawn is false), oldest change first, one card's or all; `next` is the number to follow on from:
   * the last listed, or `after` when none is.
   */
  async importChanges(query: {
    after: number;
    card_number: string | null;
    range: DateRange;
    limit: number;
    include_withdrawn?: boolean;
    /** only imports of this kind (default: both) */
    kind?: ImportKind;
  }): Promise<ListResult<ImportRow> & { next: number }> {
    const filter = {
      card_number: query.card_number,
      range: query.range,
      include_withdrawn: query.include_withdrawn !== false,
      ...(query.kind === undefined ? {} : { kind: query.kind }),
    };
    const slice = await this.store.importChanges(query.after, filter, query.limit);
    const page = { limit: query.limit, offset: 0 };
    const next = slice.items.length === 0 ? query.after : slice.items[slice.items.length - 1]!.change;
    return { ...envelope({ items: slice.items.map((c) => c.import), total: slice.total }, page, []), next };
  }

  async activities(query: RowQuery) {
    const card = unresolvedBasis(query.basis);
    if (card !== null) {
      // a card's history and its days' activities in one read (the card looked up only when it has no history)
      const history = await this.store.cardHistoryActivities(card.card_number!, query.range);
      if (history.served.length === 0) await resolveBasis(this.store, query.basis);
      const { offset, limit } = query.page;
      const items = history.activities.slice(offset, offset + limit);
      return envelope({ items, total: history.activities.length }, query.page, history.conflicts);
    }
    const { served, conflicts } = await servedHistory(this.store, query.basis, query.range);
    const slice = await this.store.activities(
      served.map(({ import_id, date }) => ({ import_id, date })),
      query.page,
    );
    return envelope(slice, query.page, conflicts);
  }

  events(query: RowQuery) {
    return this.rows(query, (scope, page) => this.store.events(scope, page));
  }

  faults(query: RowQuery) {
    return this.rows(query, (scope, page) => this.store.faults(scope, page));
  }

  vehiclesUsed(query: RowQuery) {
    return this.rows(query, (scope, page) => this.store.vehiclesUsed(scope, page));
  }

  positions(query: RowQuery) {
    return this.rows(query, (scope, page) => this.store.positions(scope, page));
  }

  async timeSummary(query: { basis: Basis; range: DateRange }): Promise<TimeSummary> {
    const { resolved, data } = await resolvedWithData(this.store, query.basis, query.range);
    const totals = await this.store.activityTotals(servedDays(data));
    return {
      basis: describeBasis(resolved, query.range, data),
      totals,
      days: data.served.length,
      distance_km: data.served.reduce((sum, day) => sum + day.distance_km, 0),
    };
  }

  private async rows<T>(
    query: RowQuery,
    read: (scope: RowScope, page: Page) => Promise<Slice<T>>,
  ): Promise<ListResult<T>> {
    const resolved = await resolveBasis(this.store, query.basis);
    const slice = await read(rowScope(resolved, query.range), query.page);
    return envelope(slice, query.page, await this.conflicts(resolved, query.range));
  }

  private async conflicts(resolved: ResolvedBasis, range: DateRange): Promise<UtcDay[]> {
    if (resolved.import) return [];
    return (await servedData(this.store, resolved, range)).conflicts;
  }
}

/**
 * The served days of a basis for answers that read no quarantine marks (the activities list, the overviews): a
 * card basis is one read of its history, and the card is looked up (unknown → NotFoundError) only when that
 * history holds no day in the range, since a served day proves an import of the card; an import basis is
 * resolved and its day records read (servedData). Two statements fewer than resolvedWithData for a card.
 */
export async function servedHistory(
  store: ImportStore,
  basis: Basis,
  range: DateRange,
): Promise<{ resolved: ResolvedBasis; served: StoredDayRecord[]; conflicts: UtcDay[] }> {
  const card = unresolvedBasis(basis);
  if (card === null) {
    const resolved = await resolveBasis(store, basis);
    const { served, conflicts } = await servedData(store, resolved, range);
    return { resolved, served, conflicts };
  }
  const { served, conflicts } = await store.cardHistory(card.card_number!, range);
  if (served.length === 0) await resolveBasis(store, basis);
  return { resolved: card, served, conflicts };
}

/** A basis as resolveBasis resolves it, except that a WITHDRAWN import, or a card all of whose imports are, is found. */
async function withdrawnToo(store: ImportStore, basis: Basis): Promise<ResolvedBasis> {
  if (basis.kind === 'card_number') {
    const listed = await store.listImports(
      { card_number: basis.value, range: { from: null, to: null }, include_withdrawn: true },
      { limit: 1, offset: 0 },
    );
    if (listed.total > 0) return { card_number: basis.value, import: null };
    return resolveBasis(store, basis);
  }
  const found = await store.findImport(basis);
  return found === null ? resolveBasis(store, basis) : { card_number: found.card.card_number, import: found };
}

function envelope<T>(slice: Slice<T>, page: Page, conflicts: UtcDay[]): ListResult<T> {
  return { items: slice.items, total: slice.total, limit: page.limit, offset: page.offset, conflicts };
}

/** An import's activity range overlaps the date range (imports without activity only match an open range). */
function overlaps(row: ImportRow, range: DateRange): boolean {
  if (range.from === null && range.to === null) return true;
  const { from, to } = row.activity_range;
  if (from === null || to === null) return false;
  return (range.from === null || to >= range.from) && (range.to === null || from <= range.to);
}
