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
import { readFullCardNumber } from '../primitives/full-card-number.js';
import { readTimeReal } from '../primitives/time-real.js';
import { readVehicleRegistration } from '../primitives/vehicle-registration.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeControlActivityData(b: Uint8Array, ctx: DecodeContext, label: string): ControlActivity | null {
  if (!fixedSize(ctx, label, b.length, 46)) return null;
  return {
    controlType: b[0],
    controlTime: readTimeReal(b, 1),
    controlCardNumber: readFullCardNumber(b, 5),
    controlVehicleRegistration: readVehicleRegistration(b, 23),
    controlDownloadPeriodBegin: readTimeReal(b, 38),
    controlDownloadPeriodEnd: readTimeReal(b, 42),
  };
}
