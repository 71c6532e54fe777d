/**
 * Vehicles across cards (ports: ImportStore). `list` pages the vehicles any imported card used (by registration,
 * with their VINs, the cards and the periods of use, and the unaccounted kilometres); `mileage` gives each
 * matching vehicle's uses in time order with the segments of core/vehicles/mileage.ts.
 * - Rows of quarantined imports take part like the other lists serve them: flagged (`quarantined`), and a
 *   segment with a quarantined use on either side says so.
 * - A date range keeps the uses overlapping it (uses without a date only when the range is open).
 * - Crew activity (crew flag or co-driver slot) is read from the cards' served activities on the days where two
 *   cards' uses of the vehicle overlap, and only there.
 */
import type { EpochSeconds, VehicleRegistration } from '../domain/rows.js';
import type { ImportStore, StoredVehicleUse, VehicleKey } from '../ports/import-store.js';
import { DAY_SECONDS, dayOf, dayStart } from '../time.js';
import {
  crewRunsOf,
  distinctUses,
  vehicleMileage,
  type CrewDisagreement,
  type CrewRun,
  type CrewTimes,
  type Mileage,
  type VehicleUse,
} from '../vehicles/mileage.js';
import { crewRunDisagreements } from '../vehicles/crew-check.js';
import type { DateRange, Page } from './contracts.js';

export interface VehicleCardPeriod {
  card_number: string | null;
  first_use: EpochSeconds | null;
  last_use: EpochSeconds | null;
  uses: number;
}

export interface VehicleSummary {
  registration: VehicleRegistration;
  vins: string[];
  cards: VehicleCardPeriod[];
  first_use: EpochSeconds | null;
  last_use: EpochSeconds | null;
  uses: number;
  recorded_km: number;
  unaccounted_km: number;
  inconsistent_segments: number;
  crew_disagreements: number;
  quarantined: boolean;
}

export interface VehicleMileage extends Mileage {
  registration: VehicleRegistration;
  vins: string[];
}

export interface VehicleListResult {
  items: VehicleSummary[];
  total: number;
  limit: number;
  offset: number;
}

export class VehicleQueries {
  constructor(private readonly store: ImportStore) {}

  async list(query: { page: Page; range: DateRange }): Promise<VehicleListResult> {
    const slice = await this.store.vehicleList(query.page);
    const items: VehicleSummary[] = [];
    for (const registration of slice.items) {
      const key: VehicleKey = { kind: 'registration', number: registration.number ?? '', nation: registration.nation };
      const rows =
        registration.number === null
          ? []
          : (await this.store.vehicleUses(key)).filter((r) => r.registration.nation === registration.nation);
      const mileage = await this.mileageOf(registration, rows, query.range);
      items.push(summaryOf(mileage));
    }
    return { items, total: slice.total, limit: query.page.limit, offset: query.page.offset };
  }

  /** every vehicle matching the key (a registration number may exist under several nations) */
  async mileage(query: { key: VehicleKey; range: DateRange }): Promise<VehicleMileage[]> {
    const rows = await this.store.vehicleUses(query.key);
    const groups = new Map<string, StoredVehicleUse[]>();
    for (const row of rows) {
      const id = JSON.stringify([row.registration.nation, row.registration.number]);
      groups.set(id, [...(groups.get(id) ?? []), row]);
    }
    const out: VehicleMileage[] = [];
    for (const group of groups.values()) out.push(await this.mileageOf(group[0]!.registration, group, query.range));
    return out.sort((a, b) => (a.registration.nation ?? '').localeCompare(b.registration.nation ?? ''));
  }

  private async mileageOf(
    registration: VehicleRegistration,
    rows: StoredVehicleUse[],
    range: DateRange,
  ): Promise<VehicleMileage> {
    const uses = distinctUses(rows).filter((u) => inRange(u, range));
    const crew = await this.crewTimes(uses);
    const mileage = vehicleMileage(uses, crew);
    mileage.crew_disagreements.push(...(await this.acrossVehicles(registration, crewRunsOf(uses, crew))));
    mileage.crew_disagreements.sort((a, b) => a.at - b.at);
    const vins = [...new Set(uses.map((u) => u.vin).filter((v): v is string => v !== null && v !== ''))].sort();
    return { registration, vins, ...mileage };
  }

  /**
   * The crew runs' disagreements across vehicles (../vehicles/crew-check.ts): each run card's crew activity over the
   * run's days and its uses of other vehicles during the run.
   */
  private async acrossVehicles(registration: VehicleRegistration, runs: CrewRun[]): Promise<CrewDisagreement[]> {
    const out: CrewDisagreement[] = [];
    for (const run of runs) {
      const cards = [...new Set(run.uses.map((u) => u.card_number).filter((c): c is string => c !== null))];
      const span = { from: dayOf(run.first), to: dayOf(Math.max(run.first, run.last - 1)) };
      const days = new Map(cards.map((c) => [c, daysBetween(span.from, span.to)]));
      const crew = await this.crewOn(days);
      const elsewhere = new Map<string, VehicleUse[]>();
      for (const card of cards) {
        const used = await this.store.vehiclesUsed({ kind: 'card', card_number: card, range: span }, null);
        elsewhere.set(
          card,
          used.items
            .filter((v) => !sameVehicle(v.registration, registration))
            .map((v) => ({ ...v, import_id: v.import_id ?? '', quarantined: v.quarantined === true })),
        );
      }
      for (const d of crewRunDisagreements(run, elsewhere, crew)) {
        out.push({
          kind: d.kind,
          cards: [...cards].sort(),
          at: d.from,
          until: d.to,
          odometer_a_km: null,
          odometer_b_km: null,
          card_a: d.card_a,
          card_b: d.card_b,
          registration_b: d.registration_b,
        });
      }
    }
    return out;
  }

  /** Crew intervals of each card on the days where its use overlaps another card's use. */
  private async crewTimes(uses: StoredVehicleUse[]): Promise<CrewTimes> {
    const days = new Map<string, Set<number>>();
    for (const a of uses) {
      for (const b of uses) {
        if (a === b || a.card_number === null || a.card_number === b.card_number) continue;
        if (a.first_use === null || a.last_use === null || b.first_use === null || b.last_use === null) continue;
        const from = Math.max(a.first_use, b.first_use);
        const to = Math.min(a.last_use, b.last_use);
        if (from >= to) continue;
        const set = days.get(a.card_number) ?? new Set<number>();
        for (let d = dayOf(from); d <= dayOf(to - 1); d++) set.add(d);
        days.set(a.card_number, set);
      }
    }
    return this.crewOn(days);
  }

  /** Crew intervals (crew flag or co-driver slot) of each card on the given days of its served history. */
  private async crewOn(days: ReadonlyMap<string, Set<number>>): Promise<CrewTimes> {
    const crew = new Map<string, Array<readonly [EpochSeconds, EpochSeconds]>>();
    for (const [card, set] of days) {
      const sorted = [...set].sort((x, y) => x - y);
      const history = await this.store.cardHistory(card, { from: sorted[0]!, to: sorted[sorted.length - 1]! });
      const served = history.served
        .filter((r) => set.has(r.date))
        .map((r) => ({ import_id: r.import_id, date: r.date }));
      const rows = (await this.store.activities(served, null)).items;
      crew.set(
        card,
        rows.filter((r) => r.crew || r.slot === 'CO_DRIVER').map((r) => [r.start, r.end] as const),
      );
    }
    return crew;
  }
}

function daysBetween(from: number, to: number): Set<number> {
  const out = new Set<number>();
  for (let d = from; d <= to; d++) out.add(d);
  return out;
}

const sameVehicle = (a: VehicleRegistration, b: VehicleRegistration) => a.nation === b.nation && a.number === b.number;

function inRange(use: StoredVehicleUse, range: DateRange): boolean {
  if (range.from === null && range.to === null) return true;
  if (use.first_use === null || use.last_use === null) return false;
  return (
    (range.from === null || use.last_use >= dayStart(range.from)) &&
    (range.to === null || use.first_use < dayStart(range.to) + DAY_SECONDS)
  );
}

function summaryOf(m: VehicleMileage): VehicleSummary {
  const all = [...m.uses, ...m.undated];
  const cards = new Map<string | null, VehicleCardPeriod>();
  for (const u of m.uses) {
    const c = cards.get(u.card_number) ?? {
      card_number: u.card_number,
      first_use: u.first_use,
      last_use: u.last_use,
      uses: 0,
    };
    c.first_use = Math.min(c.first_use!, u.first_use!);
    c.last_use = Math.max(c.last_use!, u.last_use!);
    c.uses++;
    cards.set(u.card_number, c);
  }
  for (const u of m.undated)
    if (!cards.has(u.card_number))
      cards.set(u.card_number, { card_number: u.card_number, first_use: null, last_use: null, uses: 1 });
  return {
    registration: m.registration,
    vins: m.vins,
    cards: [...cards.values()].sort((a, b) => (a.card_number ?? '').localeCompare(b.card_number ?? '')),
    first_use: m.uses[0]?.first_use ?? null,
    last_use: m.uses.reduce<number | null>((max, u) => Math.max(max ?? u.last_use!, u.last_use!), null),
    uses: all.length,
    recorded_km: m.recorded_km,
    unaccounted_km: m.unaccounted_km,
    inconsistent_segments: m.inconsistent_segments,
    crew_disagreements: m.crew_disagreements.length,
    quarantined: all.some((u) => u.quarantined),
  };
}
