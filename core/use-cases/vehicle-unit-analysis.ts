/**
 * What only the vehicle knows, across cards (ports: VehicleUnitStore for the VU downloads, ImportStore for the
 * cards, Clock for today): driving without a card, card against vehicle, unaccounted kilometres, overspeeding per
 * driver, and a vehicle unit's due dates (the analyses themselves are pure, in ../vehicle-units/).
 * - Vehicles: one VIN, the VINs of a registration (with its nation when given), or every VU of the fleet.
 * - A date range keeps results whose time overlaps it (card mismatches: the insertion's day in it; overspeeding:
 *   the record's day). The VU rows are read one day beyond each end, so an interval across midnight is whole and
 *   the readings beside it are there; the insertions from the VU's first day on, so a card in the slot since
 *   before the range counts.
 * - Rows of quarantined imports take part flagged (`quarantined`), as every list serves them.
 */
import type { Clock } from '../ports/clock.js';
import type { ImportStore, StoredVehicleUse } from '../ports/import-store.js';
import type { VehicleUnitRecord, VehicleUnitStore, VuRowQuery } from '../ports/vehicle-unit-store.js';
import type { VuRegistrationRow } from '../rows/vu-common.js';
import { DAY_SECONDS, dayStart, type EpochSeconds } from '../time.js';
import { cardMismatches, type CardCoverage, type CardMismatch } from '../vehicle-units/card-against-vehicle.js';
import { drivingWithoutCard, type DrivingWithoutCard } from '../vehicle-units/driving-without-card.js';
import { vuDueDates, type VuDueDates } from '../vehicle-units/due-dates.js';
import { overspeedingByDriver, type DriverOverspeeding } from '../vehicle-units/overspeeding-by-driver.js';
import { vuTimeline, type VuTimeline } from '../vehicle-units/timeline.js';
import {
  heldPeriods,
  unaccountedKm,
  vehicleUnitSegments,
  type UnaccountedKm,
} from '../vehicle-units/unaccounted-km.js';
import { distinctUses, type VehicleUse } from '../vehicles/mileage.js';
import type { DateRange, ListResult, Page } from './contracts.js';
import { VehicleQueries } from './vehicle-queries.js';

export type VehicleSelection =
  { kind: 'fleet' } | { kind: 'vin'; vin: string } | { kind: 'registration'; number: string; nation: string | null };

export interface AnalysisQuery {
  vehicles: VehicleSelection;
  range: DateRange;
  page: Page;
}

type Registered<T> = T & { registration: VuRegistrationRow | null };

export type VehicleUnaccountedKm = UnaccountedKm & { vin: string; registration: VuRegistrationRow | null };

const widen = (r: DateRange): DateRange => ({
  from: r.from === null ? null : r.from - 1,
  to: r.to === null ? null : r.to + 1,
});

/** Whether [start, end) overlaps the range's days (an open end lets everything through). */
function overlapsRange(range: DateRange, start: EpochSeconds | null, end: EpochSeconds | null): boolean {
  if (start === null) return range.from === null && range.to === null;
  return (
    (range.from === null || (end ?? start + 1) > dayStart(range.from)) &&
    (range.to === null || start < dayStart(range.to) + DAY_SECONDS)
  );
}

function pageOf<T>(items: T[], page: Page): ListResult<T> {
  return {
    items: items.slice(page.offset, page.offset + page.limit),
    total: items.length,
    limit: page.limit,
    offset: page.offset,
    conflicts: [],
  };
}

type TimelineOf = Pick<VehicleUnitRecord, 'vin' | 'downloaded_at'>;

/** One VIN's rows: activities and days within the range, insertions up to its end (all with `full` false). */
async function readTimeline(store: VehicleUnitStore, v: TimelineOf, range: DateRange, full = true) {
  const vin = v.vin;
  const rows: VuRowQuery = { vin, import_id: null, range };
  const upToEnd: VuRowQuery = { vin, import_id: null, range: { from: null, to: range.to } };
  return vuTimeline({
    vin,
    activities: full ? await store.activities(rows) : [],
    insertions: await store.cardInsertions(upToEnd),
    days: full ? await store.days(rows) : [],
    downloaded_at: v.downloaded_at,
  });
}

/**
 * One vehicle's intervals of driving without a card that overlap the range, with their distance and the insertions
 * around them (../vehicle-units/driving-without-card.ts): the one reading the list route, the today count, the
 * vehicle report and its CSV share, so each shows the same intervals.
 */
export async function vehicleDrivingWithoutCard(
  store: VehicleUnitStore,
  v: TimelineOf,
  range: DateRange,
): Promise<DrivingWithoutCard[]> {
  const intervals = drivingWithoutCard(await readTimeline(store, v, widen(range)));
  return intervals.filter((d) => overlapsRange(range, d.start, d.end));
}

export class VehicleUnitAnalysis {
  constructor(private readonly deps: { vehicleUnits: VehicleUnitStore; imports: ImportStore; clock: Clock }) {}

  /** The due dates of a vehicle unit today (by the clock): for the fleet of vehicles. */
  dueDates(record: Pick<VehicleUnitRecord, 'downloaded_at' | 'next_calibration'>): VuDueDates {
    return vuDueDates(record, Math.floor(this.deps.clock.now().getTime() / 1000));
  }

  async drivingWithoutCard(q: AnalysisQuery): Promise<ListResult<Registered<DrivingWithoutCard>>> {
    const out: Array<Registered<DrivingWithoutCard>> = [];
    for (const v of await this.vehicles(q.vehicles)) {
      const intervals = await vehicleDrivingWithoutCard(this.deps.vehicleUnits, v, q.range);
      out.push(...intervals.map((d) => ({ ...d, registration: v.registration })));
    }
    return pageOf(out, q.page);
  }

  async cardMismatches(q: AnalysisQuery): Promise<ListResult<Registered<CardMismatch>>> {
    const out: Array<Registered<CardMismatch>> = [];
    for (const v of await this.vehicles(q.vehicles)) {
      const timeline = await this.timeline(v, q.range, false);
      const insertions = timeline.insertions.filter((i) => overlapsRange(q.range, i.inserted_at, i.inserted_at + 1));
      const cards = [...new Set(insertions.map((i) => i.card_number).filter((c): c is string => c !== null))];
      const mismatches = cardMismatches(v.vin, insertions, await this.cardUses(v), await this.coverage(cards));
      out.push(...mismatches.map((m) => ({ ...m, registration: v.registration })));
    }
    return pageOf(out, q.page);
  }

  async unaccountedKm(q: AnalysisQuery): Promise<ListResult<VehicleUnaccountedKm>> {
    const out: VehicleUnaccountedKm[] = [];
    for (const v of await this.vehicles(q.vehicles)) {
      const timeline = await this.timeline(v, q.range);
      const periods = heldPeriods(timeline.days, v.downloaded_at);
      const cards = await new VehicleQueries(this.deps.imports).mileage({ key: this.keyOf(v), range: q.range });
      const cardSegments = cards
        .filter((m) => v.registration?.nation == null || m.registration.nation === v.registration.nation)
        .flatMap((m) => m.segments);
      const km = unaccountedKm(vehicleUnitSegments(timeline, periods), periods, cardSegments);
      out.push({ vin: v.vin, registration: v.registration, ...km });
    }
    return pageOf(out, q.page);
  }

  async overspeedingByDriver(q: AnalysisQuery): Promise<ListResult<DriverOverspeeding>> {
    const vehicles = [];
    for (const v of await this.vehicles(q.vehicles)) {
      const query: VuRowQuery = { vin: v.vin, import_id: null, range: q.range };
      const records = await this.deps.vehicleUnits.overspeeding(query);
      const insertions = (await this.timeline(v, { from: null, to: null }, false)).insertions;
      vehicles.push({ vin: v.vin, records, insertions });
    }
    return pageOf(overspeedingByDriver(vehicles), q.page);
  }

  private async vehicles(selection: VehicleSelection): Promise<VehicleUnitRecord[]> {
    const all = await this.deps.vehicleUnits.vehicleUnits();
    if (selection.kind === 'fleet') return all;
    if (selection.kind === 'vin') return all.filter((v) => v.vin === selection.vin);
    const vins = new Set(await this.deps.vehicleUnits.vinsOfRegistration(selection.number, selection.nation));
    return all.filter((v) => vins.has(v.vin));
  }

  private timeline(v: VehicleUnitRecord, range: DateRange, full = true): Promise<VuTimeline> {
    return readTimeline(this.deps.vehicleUnits, v, range, full);
  }

  private keyOf(v: VehicleUnitRecord) {
    return v.registration?.number
      ? { kind: 'registration' as const, number: v.registration.number, nation: v.registration.nation }
      : { kind: 'vin' as const, value: v.vin };
  }

  /** The imported cards' uses of this vehicle: its VIN, or its registration where a card recorded no VIN. */
  private async cardUses(v: VehicleUnitRecord): Promise<VehicleUse[]> {
    const rows: StoredVehicleUse[] = await this.deps.imports.vehicleUses({ kind: 'vin', value: v.vin });
    if (v.registration?.number) rows.push(...(await this.deps.imports.vehicleUses(this.keyOf(v))));
    const plate = v.registration;
    return distinctUses(rows).filter(
      (u) =>
        u.vin === v.vin ||
        ((u.vin === null || u.vin.trim() === '') &&
          plate !== null &&
          u.registration.number === plate.number &&
          (plate.nation === null || u.registration.nation === plate.nation)),
    );
  }

  /** The span of each card's history (what its downloads cover); cards without history are left out. */
  private async coverage(cards: string[]): Promise<CardCoverage> {
    const out = new Map<string, { from: number; to: number }>();
    for (const card of cards) {
      const { days } = await this.deps.imports.cardDays(card);
      if (days.length > 0) out.set(card, { from: days[0]!, to: days[days.length - 1]! });
    }
    return out;
  }
}
