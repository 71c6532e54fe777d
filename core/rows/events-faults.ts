/**
 * Card event and card fault rows from EF Events_Data / Faults_Data: empty slots (type 0, no times) skipped;
 * code kept always, type/description from the EventFaultType table (null for RFU / manufacturer-specific).
 * Ordered by start time (unknown last), then code, then storage position.
 */
import type { EventFaultData, VehicleRegistrationIdentification } from '../domain/card.js';
import type { EventFaultRow, VehicleRegistration } from '../domain/rows.js';
import { isEmptyRegistration } from '../decoder/primitives/vehicle-registration.js';
import { describeEventFault } from '../decoder/tables/event-fault-types.js';
import { nationCode } from '../decoder/tables/nation-codes.js';

export function registrationRow(r: VehicleRegistrationIdentification): VehicleRegistration {
  return { nation: nationCode(r.nation), number: r.number.text };
}

export function eventFaultRows(data: EventFaultData | null, cardNumber: string | null): EventFaultRow[] {
  if (data === null) return [];
  const kept = data.records.filter((r) => !r.empty);
  kept.sort((a, b) => (a.begin ?? Infinity) - (b.begin ?? Infinity) || a.code - b.code || a.index - b.index);
  return kept.map((r) => {
    const d = describeEventFault(r.code);
    return {
      import_id: null,
      card_number: cardNumber,
      code: r.code,
      type: d?.type ?? null,
      description: d?.description ?? null,
      start: r.begin,
      end: r.end,
      vehicle_registration: isEmptyRegistration(r.vehicleRegistration) ? null : registrationRow(r.vehicleRegistration),
    };
  });
}
