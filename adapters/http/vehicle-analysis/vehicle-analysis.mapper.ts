/** What only the vehicle knows: domain → JSON (ISO instants and dates written here, once). */
import { isoDayOrNull, isoTimestamp, isoTimestampOrNull } from '../../../core/time.js';
import type { VehicleUnitRecord } from '../../../core/ports/vehicle-unit-store.js';
import type { ListResult } from '../../../core/use-cases/contracts.js';
import type { VehicleUnaccountedKm, VehicleUnitAnalysis } from '../../../core/use-cases/vehicle-unit-analysis.js';
import {
  USE_ODOMETER_TOLERANCE_KM,
  USE_TIME_TOLERANCE_S,
  type CardMismatch,
  type Disagreement,
} from '../../../core/vehicle-units/card-against-vehicle.js';
import type { DrivingWithoutCard } from '../../../core/vehicle-units/driving-without-card.js';
import type { DriverOverspeeding } from '../../../core/vehicle-units/overspeeding-by-driver.js';
import type { OdometerReading } from '../../../core/vehicle-units/timeline.js';
import type { VuRegistrationRow } from '../../../core/rows/vu-common.js';
import { TOLERANCE_KM } from '../../../core/vehicles/odometer.js';
import { listToResponse } from '../shared/list.mapper.js';
import type { FromSchema } from '../shared/schema-type.js';
import type {
  cardMismatchRowSchema,
  driverOverspeedingRowSchema,
  drivingWithoutCardRowSchema,
  unaccountedKmRowSchema,
  vehicleUnitDueSchema,
} from './vehicle-analysis.schema.js';

type Registered<T> = T & { registration: VuRegistrationRow | null };

const readingJson = (r: OdometerReading) => ({ ...r, at: isoTimestamp(r.at) });

function drivingWithoutCardJson(d: Registered<DrivingWithoutCard>): FromSchema<typeof drivingWithoutCardRowSchema> {
  return {
    vin: d.vin,
    registration: d.registration,
    slot: d.slot,
    start: isoTimestamp(d.start),
    end: isoTimestamp(d.end),
    duration: d.duration,
    distance_km: d.distance_km,
    distance_basis:
      d.distance_basis === null
        ? null
        : { from: readingJson(d.distance_basis.from), to: readingJson(d.distance_basis.to) },
    insertion_before:
      d.insertion_before === null
        ? null
        : { ...d.insertion_before, withdrawn_at: isoTimestamp(d.insertion_before.withdrawn_at) },
    insertion_after:
      d.insertion_after === null
        ? null
        : { ...d.insertion_after, inserted_at: isoTimestamp(d.insertion_after.inserted_at) },
    quarantined: d.quarantined,
  };
}

export const drivingWithoutCardToResponse = (list: ListResult<Registered<DrivingWithoutCard>>) =>
  listToResponse(list, drivingWithoutCardJson);

/** Times as instants, odometers as km. */
function disagreementJson(d: Disagreement) {
  const time = d.field === 'inserted_at' || d.field === 'withdrawn_at';
  return {
    field: d.field,
    vehicle_unit: time ? isoTimestamp(d.vehicle_unit) : d.vehicle_unit,
    card: time ? isoTimestamp(d.card) : d.card,
    difference: d.difference,
  };
}

function cardMismatchJson(m: Registered<CardMismatch>): FromSchema<typeof cardMismatchRowSchema> {
  const u = m.card_use;
  return {
    vin: m.vin,
    registration: m.registration,
    card_number: m.card_number,
    slot: m.slot,
    inserted_at: isoTimestamp(m.inserted_at),
    withdrawn_at: isoTimestampOrNull(m.withdrawn_at),
    odometer_at_insertion_km: m.odometer_at_insertion_km,
    odometer_at_withdrawal_km: m.odometer_at_withdrawal_km,
    kind: m.kind,
    disagreements: m.disagreements.map(disagreementJson),
    card_use:
      u === null
        ? null
        : {
            import_id: u.import_id,
            first_use: isoTimestampOrNull(u.first_use),
            last_use: isoTimestampOrNull(u.last_use),
            odometer_begin_km: u.odometer_begin_km,
            odometer_end_km: u.odometer_end_km,
          },
    quarantined: m.quarantined,
  };
}

export const cardMismatchesToResponse = (list: ListResult<Registered<CardMismatch>>) => ({
  ...listToResponse(list, cardMismatchJson),
  time_tolerance_seconds: USE_TIME_TOLERANCE_S,
  odometer_tolerance_km: USE_ODOMETER_TOLERANCE_KM,
});

function unaccountedKmJson(v: VehicleUnaccountedKm): FromSchema<typeof unaccountedKmRowSchema> {
  return {
    vin: v.vin,
    registration: v.registration,
    unaccounted_km: v.unaccounted_km,
    km_by_basis: v.km_by_basis,
    vehicle_unit_periods: v.vehicle_unit_periods.map((p) => ({ from: isoTimestamp(p.from), to: isoTimestamp(p.to) })),
    segments: v.segments.map((s) => ({ ...s, from: isoTimestamp(s.from), to: isoTimestamp(s.to) })),
  };
}

export const unaccountedKmToResponse = (list: ListResult<VehicleUnaccountedKm>) => ({
  ...listToResponse(list, unaccountedKmJson),
  tolerance_km: TOLERANCE_KM,
});

function driverOverspeedingJson(d: DriverOverspeeding): FromSchema<typeof driverOverspeedingRowSchema> {
  return {
    ...d,
    overspeeding: d.overspeeding.map((o) => ({
      ...o,
      start: isoTimestampOrNull(o.start),
      end: isoTimestampOrNull(o.end),
    })),
  };
}

export const overspeedingByDriverToResponse = (list: ListResult<DriverOverspeeding>) =>
  listToResponse(list, driverOverspeedingJson);

/**
 * The due-date fields of a vehicle unit's fleet row (GET /vehicle-units), at the analysis's clock: spread them into
 * the row (their schema: vehicleUnitDueProperties).
 */
export function vehicleUnitDueFields(
  analysis: Pick<VehicleUnitAnalysis, 'dueDates'>,
  record: Pick<VehicleUnitRecord, 'downloaded_at' | 'next_calibration'>,
): FromSchema<typeof vehicleUnitDueSchema> {
  const due = analysis.dueDates(record);
  return {
    download_due: isoTimestampOrNull(due.download_due_s),
    download_overdue: due.download_overdue,
    next_calibration_date: isoDayOrNull(due.next_calibration_day),
    calibration_overdue: due.calibration_overdue,
    calibration_due_soon: due.calibration_due_soon,
  };
}
