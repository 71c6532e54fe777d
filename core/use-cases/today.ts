/**
 * The office's "today" view: what needs doing, as counts, each with the list it counts.
 *
 * - Downloads overdue (the 28-day interval of Commission Regulation (EU) No 581/2010 has passed) and due this week
 *   (not overdue, due within DUE_WEEK_DAYS days of today, today included);
 * - cards expired, and expiring within EXPIRING_DAYS days (not yet expired);
 * - open findings (../fleet/counts.ts): the findings of each card's last 4 weeks (the fleet row's counts) whose
 *   review status counts as open; drawn by the findings-of-period query per evaluated card, or, when an
 *   OpenFindingsStore is given, read for every card at once from the finding_ids kept for it there (the query runs
 *   again only for a card whose data, annotations, home countries or weeks changed since its ids were kept);
 * - imports needing attention: QUARANTINED, carrying the warning `holder_mismatch`, WITHDRAWN; and cards whose
 *   imports disagree about some days (conflicting days of the fleet row);
 * - roadside readiness: cards with days missing among today and the 56 days before it (Reg. (EU) No 165/2014
 *   Art. 36 as amended by Reg. (EU) 2020/1054; the fleet row's `readiness_missing_days`).
 * - vehicle units: VU downloads overdue, calibrations due within 30 days or overdue, driving without a card in the
 *   last 4 weeks (./vehicle-unit-today.ts).
 * Ports: FleetStore (the summary rows), ImportStore (the imports), Clock, the findings query (which reads the
 * ImportStore and FindingReviews) and, optionally, the OpenFindingsStore, ImportAttention and VehicleUnitStore.
 */
import { ConflictingDataError, QuarantinedDataError } from '../domain/errors.js';
import { ALGORITHM_VERSION, RULE_VERSION } from '../eu561/index.js';
import { WTD_ALGORITHM_VERSION, WTD_RULE_VERSION } from '../wtd/index.js';
import type { ImportRow } from '../domain/rows.js';
import { findingWeeks, hasInfringement, isOpenReview, OPEN_REVIEW_STATUSES } from '../fleet/counts.js';
import {
  fleetRowOf,
  type FleetCardRecord,
  type FleetRow,
  type FleetSort,
  type FleetOrder,
} from '../fleet/fleet-card.js';
import type { Clock } from '../ports/clock.js';
import type { FleetStore } from '../ports/fleet-store.js';
import type { ImportStore } from '../ports/import-store.js';
import type { ImportAttention } from '../ports/import-attention.js';
import { validOpenCount, type CachedOpenFindings, type OpenFindingsStore } from '../ports/open-findings-store.js';
import { dayOf } from '../time.js';
import type { FindingsQuery, PeriodFinding } from './findings-of-period.js';
import { HOLDER_MISMATCH } from './quarantine-policy.js';
import type { VehicleUnitStore } from '../ports/vehicle-unit-store.js';
import { NO_VEHICLE_UNIT_COUNTS, vehicleUnitTodayCounts, type VehicleUnitTodayCounts } from './vehicle-unit-today.js';

/** The versions of the checks whose finding_ids are kept: ids kept by another version are drawn again. */
export const FINDINGS_RULES = [RULE_VERSION, ALGORITHM_VERSION, WTD_RULE_VERSION, WTD_ALGORITHM_VERSION].join(' | ');

/** Days ahead (today included) in which a download counts as due this week. */
export const DUE_WEEK_DAYS = 7;
/** Days ahead in which a card counts as expiring. */
export const EXPIRING_DAYS = 30;

export const TODAY_CARD_LISTS = [
  'overdue',
  'due_week',
  'expired',
  'expiring_30d',
  'open_findings',
  'conflicting',
  'readiness',
] as const;
export type TodayCardList = (typeof TODAY_CARD_LISTS)[number];
export const TODAY_IMPORT_LISTS = ['quarantined', 'holder_mismatch', 'withdrawn'] as const;
export type TodayImportList = (typeof TODAY_IMPORT_LISTS)[number];

export interface TodayCounts extends VehicleUnitTodayCounts {
  /** the clock's instant the counts are relative to (epoch seconds) */
  as_of_s: number;
  drivers: number;
  overdue: number;
  due_week: number;
  expired: number;
  expiring_30d: number;
  /** OPEN findings of the cards' last 4 weeks, and the cards holding them */
  open_findings: number;
  drivers_with_open_findings: number;
  /** evaluated cards with a VIOLATION among their last 4 weeks' findings (the fleet summary's with_infringements) */
  drivers_with_infringements: number;
  /** cards whose last 4 weeks could not be checked (conflicting or quarantined data): their findings are unknown */
  findings_not_evaluated: number;
  quarantined: number;
  holder_mismatch: number;
  withdrawn: number;
  conflicting: number;
  readiness: number;
}

/** What the today view needs of the findings of a period (core/use-cases/findings-of-period.ts). */
export interface FindingsLister {
  findings(query: FindingsQuery): Promise<{ findings: readonly Pick<PeriodFinding, 'review_status' | 'finding_id'>[] }>;
}

export interface TodayPorts {
  fleet: FleetStore;
  store: ImportStore;
  clock: Clock;
  findings: FindingsLister;
  /** the kept finding_ids of each card (absent: the findings are drawn per card on every request) */
  openFindings?: OpenFindingsStore | null;
  /** the imports an import count may count (absent: every import is paged through) */
  attention?: ImportAttention | null;
  /** brings the fleet rows up to date before they are read (RefreshFleetCard.settlePending and the missing rows) */
  beforeRead?: () => Promise<void>;
  /** the stored VU downloads (absent: the vehicle-unit counts are 0, ./vehicle-unit-today.ts) */
  vehicleUnits?: VehicleUnitStore | null;
}

const PAGE_SIZE = 500;
const NO_FILTER = { q: null, overdue: null, expiring_within_days: null };

/** Whether a fleet row belongs to a list (open_findings is decided by the findings, see openFindingsOf). */
export function rowInList(row: FleetRow, list: Exclude<TodayCardList, 'open_findings'>): boolean {
  const left = row.download_days_left;
  const expiry = row.expiry_days_left;
  switch (list) {
    case 'overdue':
      return row.overdue;
    case 'due_week':
      return !row.overdue && left !== null && left >= 0 && left < DUE_WEEK_DAYS;
    case 'expired':
      return expiry !== null && expiry < 0;
    case 'expiring_30d':
      return expiry !== null && expiry >= 0 && expiry <= EXPIRING_DAYS;
    case 'conflicting':
      return row.conflicting_days > 0;
    case 'readiness':
      return row.readiness_missing_days !== null && row.readiness_missing_days > 0;
  }
}

/** The days the fleet row's findings cover: the card's last 4 weeks (../fleet/counts.ts). */
export function findingWeeksOf(
  record: Pick<FleetCardRecord, 'recorded_days' | 'activity_end_s'>,
): { from: number; to: number } | null {
  const last =
    record.recorded_days.length > 0
      ? Math.max(...record.recorded_days)
      : record.activity_end_s === null
        ? null
        : dayOf(record.activity_end_s);
  return last === null ? null : findingWeeks(last);
}

export function importInList(row: Pick<ImportRow, 'status' | 'warnings'>, list: TodayImportList): boolean {
  if (list === 'quarantined') return row.status === 'QUARANTINED';
  if (list === 'withdrawn') return row.status === 'WITHDRAWN';
  // a withdrawn import needs nothing more (it is counted as withdrawn)
  return row.status !== 'WITHDRAWN' && row.warnings.some((w) => w.code === HOLDER_MISMATCH);
}

export class TodayView {
  constructor(private readonly ports: TodayPorts) {}

  private nowS(): number {
    return Math.floor(this.ports.clock.now().getTime() / 1000);
  }

  /** Every stored summary in the fleet list's order. */
  private async records(
    sort: FleetSort = 'due',
    order: FleetOrder = 'asc',
    nowS = this.nowS(),
  ): Promise<FleetCardRecord[]> {
    await this.ports.beforeRead?.();
    const all: FleetCardRecord[] = [];
    for (let offset = 0; ; offset = all.length) {
      const slice = await this.ports.fleet.listFleetCards({
        filter: NO_FILTER,
        sort,
        order,
        page: { limit: PAGE_SIZE, offset },
        now_s: nowS,
      });
      all.push(...slice.items);
      if (slice.items.length === 0 || all.length >= slice.total) return all;
    }
  }

  private async imports(): Promise<Pick<ImportRow, 'status' | 'warnings'>[]> {
    if (this.ports.attention) return this.ports.attention.attentionImports();
    const all: ImportRow[] = [];
    const filter = { card_number: null, range: { from: null, to: null }, include_withdrawn: true };
    for (let offset = 0; ; offset = all.length) {
      const slice = await this.ports.store.listImports(filter, { limit: PAGE_SIZE, offset });
      all.push(...slice.items);
      if (slice.items.length === 0 || all.length >= slice.total) return all;
    }
  }

  /**
   * OPEN findings of the card's last 4 weeks; null when the checks refuse its data (conflicting or quarantined) or
   * the card has no data. Cards the fleet row marks not evaluated are not asked again. `kept`: what the
   * OpenFindingsStore holds for the card, used when still valid; otherwise the findings are drawn and their ids kept.
   */
  async openFindingsOf(record: FleetCardRecord, kept?: CachedOpenFindings): Promise<number | null> {
    const weeks = findingWeeksOf(record);
    if (!record.findings_evaluated || weeks === null) return null;
    const store = this.ports.openFindings ?? null;
    const valid = store === null ? null : validOpenCount(kept, weeks, FINDINGS_RULES);
    if (valid !== null) return valid.open;
    // the inputs are read before the findings: a change after this read makes what is kept stale
    const inputs = store === null ? null : await store.stamp(record.card_number);
    try {
      const answer = await this.ports.findings.findings({
        basis: { kind: 'card_number', value: record.card_number },
        range: weeks,
        ...(store === null ? { status: OPEN_REVIEW_STATUSES } : {}),
      });
      if (store !== null && inputs !== null) {
        // a finding without an id has no review: it is kept under a name no review can carry
        const ids = answer.findings.map((f, i) => f.finding_id ?? `~${i}`);
        await store.saveFindingIds(record.card_number, inputs, weeks, FINDINGS_RULES, ids);
      }
      return answer.findings.filter((f) => isOpenReview(f.review_status)).length;
    } catch (error) {
      // the checks refuse the data over the weeks they read (context weeks included): kept as such until it changes
      const refused = error instanceof ConflictingDataError || error instanceof QuarantinedDataError;
      if (refused && store !== null && inputs !== null)
        await store.saveFindingIds(record.card_number, inputs, weeks, FINDINGS_RULES, null);
      return null;
    }
  }

  /** Every card's OPEN findings (null: not evaluated), from the kept ids where they are still valid. */
  private async openFindingsAll(records: readonly FleetCardRecord[]): Promise<Map<string, number | null>> {
    const kept = this.ports.openFindings ? await this.ports.openFindings.openCounts() : new Map();
    const out = new Map<string, number | null>();
    for (const record of records)
      out.set(record.card_number, await this.openFindingsOf(record, kept.get(record.card_number)));
    return out;
  }

  async counts(): Promise<TodayCounts> {
    const nowS = this.nowS();
    const vehicleUnits = this.ports.vehicleUnits;
    const [records, imports, vehicles] = await Promise.all([
      this.records('due', 'asc', nowS),
      this.imports(),
      vehicleUnits ? vehicleUnitTodayCounts(vehicleUnits, nowS) : NO_VEHICLE_UNIT_COUNTS,
    ]);
    const rows = records.map((r) => fleetRowOf(r, nowS));
    const count = (list: Exclude<TodayCardList, 'open_findings'>) => rows.filter((r) => rowInList(r, list)).length;
    let open = 0;
    let withOpen = 0;
    let notEvaluated = 0;
    const openByCard = await this.openFindingsAll(records);
    for (const record of records) {
      const n = openByCard.get(record.card_number) ?? null;
      if (n === null) notEvaluated += record.findings_evaluated ? 0 : 1;
      else if (n > 0) {
        open += n;
        withOpen++;
      }
    }
    const importCount = (list: TodayImportList) => imports.filter((i) => importInList(i, list)).length;
    return {
      as_of_s: nowS,
      drivers: rows.length,
      overdue: count('overdue'),
      due_week: count('due_week'),
      expired: count('expired'),
      expiring_30d: count('expiring_30d'),
      open_findings: open,
      drivers_with_open_findings: withOpen,
      drivers_with_infringements: rows.filter(hasInfringement).length,
      findings_not_evaluated: notEvaluated,
      quarantined: importCount('quarantined'),
      holder_mismatch: importCount('holder_mismatch'),
      withdrawn: importCount('withdrawn'),
      conflicting: count('conflicting'),
      readiness: count('readiness'),
      ...vehicles,
    };
  }

  /** The fleet rows of a list, in the fleet list's sort. */
  async cards(list: TodayCardList, sort: FleetSort = 'due', order: FleetOrder = 'asc'): Promise<FleetRow[]> {
    const nowS = this.nowS();
    const records = await this.records(sort, order, nowS);
    if (list !== 'open_findings') return records.map((r) => fleetRowOf(r, nowS)).filter((r) => rowInList(r, list));
    const openByCard = await this.openFindingsAll(records);
    return records.filter((r) => (openByCard.get(r.card_number) ?? 0) > 0).map((r) => fleetRowOf(r, nowS));
  }
}
