/** Vehicles across cards: domain → JSON (ISO instants written here, once). */
import { isoTimestamp, isoTimestampOrNull } from '../../../core/time.js';
import type { VehicleListResult, VehicleMileage, VehicleSummary } from '../../../core/use-cases/vehicle-queries.js';
import type { CrewDisagreement, MileageSegment, VehicleUse } from '../../../core/vehicles/mileage.js';
import { ODOMETER_MODULUS_KM, TOLERANCE_KM } from '../../../core/vehicles/odometer.js';

export function vehicleSummaryToResponse(v: VehicleSummary) {
  return {
    ...v,
    cards: v.cards.map((c) => ({
      ...c,
      first_use: isoTimestampOrNull(c.first_use),
      last_use: isoTimestampOrNull(c.last_use),
    })),
    first_use: isoTimestampOrNull(v.first_use),
    last_use: isoTimestampOrNull(v.last_use),
  };
}

export function vehicleListToResponse(list: VehicleListResult) {
  return {
    items: list.items.map(vehicleSummaryToResponse),
    total: list.total,
    limit: list.limit,
    offset: list.offset,
    conflicts: [],
  };
}

function useToResponse(u: VehicleUse) {
  return {
    import_id: u.import_id,
    card_number: u.card_number,
    quarantined: u.quarantined,
    vin: u.vin,
    first_use: isoTimestampOrNull(u.first_use),
    last_use: isoTimestampOrNull(u.last_use),
    odometer_begin_km: u.odometer_begin_km,
    odometer_end_km: u.odometer_end_km,
  };
}

const segmentToResponse = (s: MileageSegment) => ({ ...s, from: isoTimestamp(s.from), to: isoTimestamp(s.to) });
const disagreementToResponse = (d: CrewDisagreement) => ({
  ...d,
  at: isoTimestamp(d.at),
  until: isoTimestamp(d.until),
});

/** Every vehicle matching, and (for readers of one vehicle) the segments and figures of all of them together. */
export function mileageToResponse(vehicles: VehicleMileage[]) {
  return {
    tolerance_km: TOLERANCE_KM,
    odometer_modulus_km: ODOMETER_MODULUS_KM,
    unaccounted_km: vehicles.reduce((sum, m) => sum + m.unaccounted_km, 0),
    recorded_km: vehicles.reduce((sum, m) => sum + m.recorded_km, 0),
    segments: vehicles.flatMap((m) =>
      m.segments.map((s) => ({ registration: m.registration, ...segmentToResponse(s) })),
    ),
    vehicles: vehicles.map((m) => ({
      registration: m.registration,
      vins: m.vins,
      uses: m.uses.map(useToResponse),
      undated: m.undated.map(useToResponse),
      segments: m.segments.map(segmentToResponse),
      crew_disagreements: m.crew_disagreements.map(disagreementToResponse),
      recorded_km: m.recorded_km,
      unaccounted_km: m.unaccounted_km,
      inconsistent_segments: m.inconsistent_segments,
      first_odometer_km: m.first_odometer_km,
      last_odometer_km: m.last_odometer_km,
    })),
  };
}
