/**
 * One vehicle over a period, as the vehicle report and the vehicle CSV exports read it: the VIN's fleet record and
 * due dates (../vehicle-units/due-dates.ts), the imports its rows of the period rest on (with the newest download,
 * so the proof names every file), and the VIN's merged rows of the period (../ports/vehicle-unit-store.ts):
 * activities of both slots, card insertions, calibrations (all of them: the newest names the next calibration),
 * overspeeding, events, faults, and the intervals of driving without a card with their distance, read as
 * GET /vehicle-units/driving-without-card reads them (./vehicle-unit-analysis.ts `vehicleDrivingWithoutCard`).
 * Ports: VehicleUnitStore, ImportStore (findImport), Clock.
 */
import { NotFoundError } from '../domain/errors.js';
import type { ImportRow } from '../domain/rows.js';
import type { Clock } from '../ports/clock.js';
import type { ImportStore } from '../ports/import-store.js';
import type { Quarantinable, VehicleUnitRecord, VehicleUnitStore } from '../ports/vehicle-unit-store.js';
import type { VuActivityRow } from '../rows/vu-activities.js';
import type { OverspeedingRow, VuEventRow } from '../rows/vu-events.js';
import type { CardInsertionRow } from '../rows/vu-insertions.js';
import type { CalibrationRow } from '../rows/vu-technical.js';
import type { EpochSeconds, UtcDay } from '../time.js';
import { vuDueDates, type VuDueDates } from '../vehicle-units/due-dates.js';
import type { DrivingWithoutCard } from '../vehicle-units/driving-without-card.js';
import { vehicleDrivingWithoutCard } from './vehicle-unit-analysis.js';

export interface VehicleReportData {
  vehicle: VehicleUnitRecord;
  due: VuDueDates;
  as_of_s: EpochSeconds;
  /** every import a row of the period comes from, and the newest download; in the order they were imported */
  imports: ImportRow[];
  activities: Array<Quarantinable<VuActivityRow>>;
  insertions: Array<Quarantinable<CardInsertionRow>>;
  calibrations: Array<Quarantinable<CalibrationRow>>;
  without_card: DrivingWithoutCard[];
  overspeeding: Array<Quarantinable<OverspeedingRow>>;
  events: Array<Quarantinable<VuEventRow>>;
  faults: Array<Quarantinable<VuEventRow>>;
}

export interface VehicleReportPorts {
  vehicleUnits: VehicleUnitStore;
  imports: Pick<ImportStore, 'findImport'>;
  clock: Clock;
}

export class VehicleReportQuery {
  constructor(private readonly ports: VehicleReportPorts) {}

  /** Every vehicle with a stored download, ordered by VIN. */
  vehicles(): Promise<VehicleUnitRecord[]> {
    return this.ports.vehicleUnits.vehicleUnits();
  }

  /** The VIN's fleet record; NotFoundError when no stored download names it. */
  async vehicle(vin: string): Promise<VehicleUnitRecord> {
    const found = (await this.vehicles()).find((v) => v.vin === vin);
    if (!found) throw new NotFoundError(`No stored vehicle-unit download names the VIN ${vin}.`);
    return found;
  }

  /** Both slots' activities of the period (for the activities CSV), ordered as the store orders them. */
  async activities(vin: string, range: { from: UtcDay; to: UtcDay }): Promise<Array<Quarantinable<VuActivityRow>>> {
    await this.vehicle(vin);
    return this.ports.vehicleUnits.activities({ vin, import_id: null, range });
  }

  /** The VIN's intervals of driving without a card overlapping the period (for the report and its CSV). */
  async drivingWithoutCard(vin: string, range: { from: UtcDay; to: UtcDay }): Promise<DrivingWithoutCard[]> {
    return vehicleDrivingWithoutCard(this.ports.vehicleUnits, await this.vehicle(vin), range);
  }

  async report(vin: string, range: { from: UtcDay; to: UtcDay }): Promise<VehicleReportData> {
    const vehicle = await this.vehicle(vin);
    const store = this.ports.vehicleUnits;
    const query = { vin, import_id: null, range };
    const [activities, insertions, overspeeding, events, faults, calibrations] = await Promise.all([
      store.activities(query),
      store.cardInsertions(query),
      store.overspeeding(query),
      store.events(query),
      store.faults(query),
      store.calibrations({ vin, import_id: null, range: { from: null, to: null } }),
    ]);
    const asOf = Math.floor(this.ports.clock.now().getTime() / 1000);
    const rows = [activities, insertions, overspeeding, events, faults, calibrations].flat();
    return {
      vehicle,
      due: vuDueDates(vehicle, asOf),
      as_of_s: asOf,
      imports: await this.importsOf(vehicle, rows),
      activities,
      insertions,
      calibrations,
      without_card: await vehicleDrivingWithoutCard(store, vehicle, range),
      overspeeding,
      events,
      faults,
    };
  }

  private async importsOf(vehicle: VehicleUnitRecord, rows: ReadonlyArray<{ import_id: string | null }>) {
    const ids = new Set([vehicle.newest_import.import_id]);
    for (const r of rows) if (r.import_id !== null) ids.add(r.import_id);
    const found: ImportRow[] = [];
    for (const id of ids) {
      const row = await this.ports.imports.findImport({ kind: 'import_id', value: id });
      if (row !== null) found.push(row);
    }
    return found.sort((a, b) => a.imported_at - b.imported_at || a.import_id.localeCompare(b.import_id));
  }
}
