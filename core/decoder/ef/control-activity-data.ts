/**
 * EF Control_Activity_Data (0508), 46 bytes (2.15):
 *   CardControlActivityDataRecord ::= SEQUENCE {
 *     controlType ControlType,                                   -- 1
 *     controlTime TimeReal,                                      -- 4
 *     controlCardNumber FullCardNumber,                          -- 18
 *     controlVehicleRegistration VehicleRegistrationIdentification, -- 15
 *     controlDownloadPeriodBegin TimeReal,                       -- 4
 *     controlDownloadPeriodEnd TimeReal                          -- 4
 *   }
 */
import type { ControlActivity } from '../../domain/card.js';
import { FULL_CARD_NUMBER } from '../primitives/full-card-number.js';
import { U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { VEHICLE_REGISTRATION } from '../primitives/vehicle-registration.js';
import { type DecodeContext, fixedSize } from './context.js';

export const CARD_CONTROL_ACTIVITY_DATA_RECORD = declare({
  controlType: U8,
  controlTime: TIME_REAL,
  controlCardNumber: FULL_CARD_NUMBER,
  controlVehicleRegistration: VEHICLE_REGISTRATION,
  controlDownloadPeriodBegin: TIME_REAL,
  controlDownloadPeriodEnd: TIME_REAL,
});
const R = CARD_CONTROL_ACTIVITY_DATA_RECORD.read;

export function decodeControlActivityData(b: Uint8Array, ctx: DecodeContext, label: string): ControlActivity | null {
  if (!fixedSize(ctx, label, b.length, CARD_CONTROL_ACTIVITY_DATA_RECORD.len)) return null;
  return {
    controlType: R.controlType(b, 0),
    controlTime: R.controlTime(b, 0),
    controlCardNumber: R.controlCardNumber(b, 0),
    controlVehicleRegistration: R.controlVehicleRegistration(b, 0),
    controlDownloadPeriodBegin: R.controlDownloadPeriodBegin(b, 0),
    controlDownloadPeriodEnd: R.controlDownloadPeriodEnd(b, 0),
  };
}
