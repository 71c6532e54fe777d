/**
 * The page's selection as it lives in the URL: the fleet list's sort, order, text filter, due filter and page
 * (`offset`), the driver and week, the data basis (one import, a date range), the card-out assumption and the open tab.
 * Defaults are left out of the URL, so `/` is the fleet sorted by what is due.
 */

import { normaliseCardNumber } from './drivers.js';
import { formatIsoWeek, parseIsoWeek } from './iso-week.js';
import { VEHICLE_FILTERS, type VehicleFilter } from './vu-timeline.js';

export const FLEET_SORTS = ['due', 'card_number', 'surname', 'expiry_date', 'last_download', 'findings'] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];
/** `overdue` and `expiring` are GET /drivers filters; the others are the today counts' lists (GET /today/drivers). */
export const FLEET_FILTERS = [
  'all',
  'overdue',
  'expiring',
  'due_week',
  'expired',
  'expiring_30d',
  'open_findings',
  'conflicting',
  'readiness',
] as const;
export type FleetFilter = (typeof FLEET_FILTERS)[number];
/** The imports lists the today counts open. */
export const IMPORT_LISTS = ['quarantined', 'holder_mismatch', 'withdrawn'] as const;
export type ImportList = (typeof IMPORT_LISTS)[number];
export const TABS = ['events', 'faults', 'vehicles', 'places'] as const;
export type Tab = (typeof TABS)[number];
export type Order = 'asc' | 'desc';
/** How card-out time is read (GET /api/drivercard/readings): a gap to explain (the service's default), unknown, rest. */
export const UNKNOWN_AS = ['gap', 'unknown', 'rest'] as const;
export type UnknownAs = (typeof UNKNOWN_AS)[number];
/** The findings area's period: the shown week, it and the 3 weeks before, or its calendar month (dates: custom). */
export const FINDINGS_PERIODS = ['week', '4w', 'month'] as const;
export type FindingsPeriod = (typeof FINDINGS_PERIODS)[number];
export const SEVERITIES = ['MSI', 'VSI', 'SI', 'MI'] as const;
export type SeverityFilter = (typeof SEVERITIES)[number];

/** Days ahead that count as "expiring" in the fleet filter and the summary. */
export const EXPIRING_DAYS = 30;

export interface ViewState {
  card_number: string | null;
  /** normalised `YYYY-Www`, or null */
  week: string | null;
  /** basis narrowed to one import, or null for the card's whole history */
  import_id: string | null;
  /** pre-check basis dates (inclusive), or null for the week and the weeks before */
  date_from: string | null;
  date_to: string | null;
  unknown_as: UnknownAs;
  /** asked explicitly: let the pre-check read quarantined imports (their findings come back `untrusted`) */
  include_quarantined: boolean;
  /** the findings area's period when no dates are chosen */
  period: FindingsPeriod;
  /** the findings area shows only these severities (empty: every finding) */
  severity: SeverityFilter[];
  tab: Tab;
  sort: FleetSort;
  order: Order;
  q: string;
  filter: FleetFilter;
  /** first row of the fleet page shown (0-based); a new sort or filter starts again at 0 */
  offset: number;
  /** the imports list a today count opened (instead of the fleet table), or null */
  imports: ImportList | null;
  /** the IANA time zone times are shown in, chosen by the user; null: the service's configured zone */
  tz: string | null;
  /** the list of vehicles from VU downloads shown (a today count's filter), or null when closed */
  vehicles: VehicleFilter | null;
}

export const DEFAULT_STATE: ViewState = {
  card_number: null,
  week: null,
  import_id: null,
  date_from: null,
  date_to: null,
  unknown_as: 'gap',
  include_quarantined: false,
  period: 'week',
  severity: [],
  tab: 'events',
  sort: 'findings',
  order: 'desc',
  q: '',
  filter: 'all',
  offset: 0,
  imports: null,
  tz: null,
  vehicles: null,
};

/** The largest offset a URL may ask for (the service's bound on list offsets is far above any fleet). */
export const MAX_OFFSET = 10_000_000;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function date(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value) ? value : null;
}

/** A row offset from the URL: a plain non-negative integer, else 0. */
function offsetOf(value: string | null): number {
  if (!value || !/^\d{1,8}$/.test(value)) return 0;
  return Math.min(Number(value), MAX_OFFSET);
}

/** The order a column sorts in when first chosen: most findings first, everything else ascending. */
export function defaultOrder(sort: FleetSort): Order {
  return sort === 'findings' ? 'desc' : 'asc';
}

/** A time zone from the URL: a name the browser's Intl knows (canonical spelling), else null (the service's zone). */
export function timeZoneOf(value: string | null): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function readViewState(search: string): ViewState {
  const p = new URLSearchParams(search);
  const card = normaliseCardNumber(p.get('card_number') ?? '');
  const week = parseIsoWeek(p.get('week'));
  const sort = oneOf(FLEET_SORTS, p.get('sort'), 'findings');
  let dateFrom = date(p.get('date_from'));
  let dateTo = date(p.get('date_to'));
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    card_number: card || null,
    week: week ? formatIsoWeek(week) : null,
    import_id: p.get('import_id')?.trim() || null,
    date_from: dateFrom,
    date_to: dateTo,
    unknown_as: oneOf(UNKNOWN_AS, p.get('unknown_as'), 'gap'),
    include_quarantined: card !== '' && p.get('include_quarantined') === 'true',
    period: oneOf(FINDINGS_PERIODS, p.get('period'), 'week'),
    severity: SEVERITIES.filter((s) => (p.get('severity') ?? '').split(',').includes(s)),
    tab: oneOf(TABS, p.get('tab'), 'events'),
    sort,
    order: oneOf(['asc', 'desc'] as const, p.get('order'), defaultOrder(sort)),
    q: (p.get('q') ?? '').trim(),
    filter: oneOf(FLEET_FILTERS, p.get('filter'), 'all'),
    offset: offsetOf(p.get('offset')),
    imports: card ? null : oneOf([...IMPORT_LISTS, ''] as const, p.get('imports'), '') || null,
    tz: timeZoneOf(p.get('tz')),
    vehicles: card ? null : oneOf([...VEHICLE_FILTERS, ''] as const, p.get('vehicles'), '') || null,
  };
}

/** The query string (with `?`, or empty) for a state; defaults and unknown parameters are not kept. */
export function viewStateSearch(state: ViewState): string {
  const p = new URLSearchParams();
  if (state.card_number) p.set('card_number', state.card_number);
  if (state.week) p.set('week', state.week);
  if (state.card_number && state.import_id) p.set('import_id', state.import_id);
  if (state.card_number && state.date_from) p.set('date_from', state.date_from);
  if (state.card_number && state.date_to) p.set('date_to', state.date_to);
  if (state.unknown_as !== 'gap') p.set('unknown_as', state.unknown_as);
  if (state.card_number && state.include_quarantined) p.set('include_quarantined', 'true');
  if (state.card_number && state.period !== 'week') p.set('period', state.period);
  if (state.card_number && state.severity.length > 0) p.set('severity', state.severity.join(','));
  if (state.card_number && state.tab !== 'events') p.set('tab', state.tab);
  if (state.sort !== 'findings') p.set('sort', state.sort);
  if (state.order !== defaultOrder(state.sort)) p.set('order', state.order);
  if (state.q) p.set('q', state.q);
  if (state.filter !== 'all') p.set('filter', state.filter);
  if (state.offset > 0) p.set('offset', String(state.offset));
  if (!state.card_number && state.imports) p.set('imports', state.imports);
  if (state.tz) p.set('tz', state.tz);
  if (!state.card_number && state.vehicles) p.set('vehicles', state.vehicles);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Choosing a column header: the same column flips its order, another starts in its default order. */
export function nextSort(
  state: Pick<ViewState, 'sort' | 'order'>,
  column: FleetSort,
): { sort: FleetSort; order: Order } {
  if (state.sort === column) return { sort: column, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: defaultOrder(column) };
}

/** The `GET /drivers` query of a state (its page unless `offset` is given). */
export function fleetQuery(state: ViewState, limit: number, offset = state.offset): Record<string, string> {
  const q: Record<string, string> = {
    sort: state.sort,
    order: state.order,
    limit: String(limit),
    offset: String(offset),
  };
  if (isTodayList(state.filter)) return { ...q, list: state.filter };
  if (state.q) q.q = state.q;
  if (state.filter === 'overdue') q.overdue = 'true';
  if (state.filter === 'expiring') q.expiring_within_days = String(EXPIRING_DAYS);
  return q;
}

/** Whether a filter is one of the today counts' lists (served by GET /today/drivers, not GET /drivers). */
export function isTodayList(filter: FleetFilter): boolean {
  return filter !== 'all' && filter !== 'overdue' && filter !== 'expiring';
}

/** A fleet selection changed (sort, order, text, filter): the list starts again at its first page. */
export function withFleetSelection(
  state: ViewState,
  change: Partial<Pick<ViewState, 'sort' | 'order' | 'q' | 'filter'>>,
): ViewState {
  return { ...state, ...change, offset: 0, imports: null };
}

/** The fleet pages around the shown one: null where there is none (first or last page). */
export function fleetPages(
  offset: number,
  shown: number,
  total: number,
  pageSize: number,
): { previous: number | null; next: number | null; first: number; last: number } {
  return {
    previous: offset > 0 ? Math.max(0, offset - pageSize) : null,
    next: offset + shown < total ? offset + pageSize : null,
    first: shown ? offset + 1 : 0,
    last: offset + shown,
  };
}

/** The offset of the last page of `total` rows (a link past the end is moved there). */
export function lastPageOffset(total: number, pageSize: number): number {
  return total > 0 ? Math.floor((total - 1) / pageSize) * pageSize : 0;
}

/** The basis selector of the query endpoints: one import when narrowed, else the card's whole history. */
export function basisOf(state: Pick<ViewState, 'card_number' | 'import_id'>): Record<string, string> {
  if (state.import_id) return { import_id: state.import_id };
  return state.card_number ? { card_number: state.card_number } : {};
}

/** The reading of card-out time a request names: none for the service's default (a gap to explain). */
export function readingParams(state: Pick<ViewState, 'unknown_as'>): { unknown_as?: UnknownAs } {
  return state.unknown_as === 'gap' ? {} : { unknown_as: state.unknown_as };
}
