/**
 * The today view's vehicle-unit counts (read through the VehicleUnitStore port):
 * - VU downloads overdue (more than 90 days since the newest download, ../vehicle-units/due-dates.ts);
 * - calibrations due within 30 days or overdue (the newest calibration's nextCalibrationDate);
 * - intervals of driving without a card in the last 4 weeks (today and the 27 UTC days before it), read as
 *   GET /vehicle-units/driving-without-card reads them for the same dates (./vehicle-unit-analysis.ts
 *   `vehicleDrivingWithoutCard`: an interval counts when it overlaps those days), so the count and the list it links
 *   to agree. Intervals resting on a QUARANTINED import are left out, as the card counts leave out what the checks
 *   cannot trust (the list shows them, flagged); WITHDRAWN imports take part in nothing (the port's contract).
 */
import type { VehicleUnitStore } from '../ports/vehicle-unit-store.js';
import { dayOf, type EpochSeconds } from '../time.js';
import { vuDueDates } from '../vehicle-units/due-dates.js';
import { vehicleDrivingWithoutCard } from './vehicle-unit-analysis.js';

/** Days (today included) whose driving without a card the today view counts: 4 weeks. */
export const WITHOUT_CARD_DAYS = 28;

export interface VehicleUnitTodayCounts {
  vehicle_units: number;
  vu_downloads_overdue: number;
  calibrations_due_30d: number;
  driving_without_card_4w: number;
}

export const NO_VEHICLE_UNIT_COUNTS: VehicleUnitTodayCounts = {
  vehicle_units: 0,
  vu_downloads_overdue: 0,
  calibrations_due_30d: 0,
  driving_without_card_4w: 0,
};

export async function vehicleUnitTodayCounts(
  store: VehicleUnitStore,
  nowS: EpochSeconds,
): Promise<VehicleUnitTodayCounts> {
  const vehicles = await store.vehicleUnits();
  const due = vehicles.map((v) => vuDueDates(v, nowS));
  const today = dayOf(nowS);
  const range = { from: today - (WITHOUT_CARD_DAYS - 1), to: today };
  let withoutCard = 0;
  for (const v of vehicles) {
    const intervals = await vehicleDrivingWithoutCard(store, v, range);
    withoutCard += intervals.filter((i) => !i.quarantined).length;
  }
  return {
    vehicle_units: vehicles.length,
    vu_downloads_overdue: due.filter((d) => d.download_overdue).length,
    calibrations_due_30d: due.filter((d) => d.calibration_overdue || d.calibration_due_soon).length,
    driving_without_card_4w: withoutCard,
  };
}
