/**
 * Vehicle-unit answers → JSON (./vehicle-units.schema.ts). The VU rows are stored in the contract's shape already
 * (times as ISO text); `quarantined` is kept as stored. The fleet row is built field by field from the port's record,
 * so fields computed elsewhere (due dates, overdue flags) are added by spreading this row.
 */
import type { VehicleUnitRecord } from '../../../core/ports/vehicle-unit-store.js';
import { isoDayOrNull, isoTimestampOrNull } from '../../../core/time.js';

export function vehicleUnitToResponse(record: VehicleUnitRecord) {
  const newest = record.newest_import;
  return {
    vin: record.vin,
    registration: record.registration,
    vu: record.vu,
    newest_download: {
      import_id: newest.import_id,
      downloaded_at: isoTimestampOrNull(record.downloaded_at),
      status: newest.status,
      authenticity: newest.vehicle_unit?.authenticity?.status ?? null,
    },
    next_calibration_date: isoDayOrNull(record.next_calibration),
    overspeed_control: record.overspeed_control,
    imports: record.imports,
  };
}
