/**
 * EF Events_Data (0502) and EF Faults_Data (0503) (2.19–2.22).
 *   CardEventData ::= SEQUENCE SIZE(6 gen1 | 11 gen2) OF cardEventRecords SET SIZE(NoOfEventsPerType) OF CardEventRecord
 *   CardFaultData ::= SEQUENCE SIZE(2) OF cardFaultRecords SET SIZE(NoOfFaultsPerType) OF CardFaultRecord
 *   CardEventRecord / CardFaultRecord ::= SEQUENCE {      -- 24 bytes
 *     eventType EventFaultType,                         -- 1
 *     eventBeginTime TimeReal,                          -- 4
 *     eventEndTime TimeReal,                            -- 4
 *     eventVehicleRegistration VehicleRegistrationIdentification -- 15
 *   }
 * Group counts from TCS_150 / TCS_154: events 6 sets (gen1) / 11 sets (gen2), faults 2 sets.
 * The number of records per set is noOfEventsPerType / noOfFaultsPerType of Application_Identification;
 * without it, the gen1 minimum / gen2 fixed value is tried, else the EF is read as one set.
 */
import type { EventFaultData, EventFaultRecord } from '../../domain/card.js';
import { U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { VEHICLE_REGISTRATION } from '../primitives/vehicle-registration.js';
import { type DecodeContext, recordLayout } from './context.js';

/** CardEventRecord and CardFaultRecord share one layout (2.20, 2.22) */
export const EVENT_FAULT_RECORD = declare({
  eventType: U8,
  eventBeginTime: TIME_REAL,
  eventEndTime: TIME_REAL,
  eventVehicleRegistration: VEHICLE_REGISTRATION,
});
const R = EVENT_FAULT_RECORD.read;

export const EVENT_FAULT_RECORD_LENGTH = EVENT_FAULT_RECORD.len;

export function decodeEventFaultRecord(b: Uint8Array, o: number, index: number, group: number): EventFaultRecord {
  const code = R.eventType(b, o);
  const begin = R.eventBeginTime(b, o);
  const end = R.eventEndTime(b, o);
  return {
    index,
    group,
    code,
    begin,
    end,
    vehicleRegistration: R.eventVehicleRegistration(b, o),
    // unused slot: type 0 (EF default) or FF, and no times
    empty: (code === 0 || code === 0xff) && begin === null && end === null,
  };
}
export function decodeEventFaultData(
  b: Uint8Array,
  groups: number,
  perType: number | null,
  ctx: DecodeContext,
  label: string,
): EventFaultData | null {
  let perGroup = perType;
  if (perGroup === null || perGroup === 0) {
    const records = Math.floor(b.length / EVENT_FAULT_RECORD_LENGTH);
    perGroup = records % groups === 0 ? records / groups : records;
    if (records % groups !== 0) groups = 1;
  }
  const layout = recordLayout(ctx, label, b.length, 0, EVENT_FAULT_RECORD_LENGTH, groups * perGroup);
  if (layout === null) return null;
  const records: EventFaultRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    records[i] = decodeEventFaultRecord(b, i * layout.stride, i, Math.floor(i / perGroup));
  }
  return { recordsPerGroup: perGroup, groups, records };
}
