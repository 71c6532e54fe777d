/**
 * EF Current_Usage (0507), 19 bytes (2.16):
 *   CardCurrentUse ::= SEQUENCE {
 *     sessionOpenTime TimeReal,                                -- 4
 *     sessionOpenVehicle VehicleRegistrationIdentification     -- 15
 *   }
 */
import type { CurrentUsage } from '../../domain/card.js';
import { declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { VEHICLE_REGISTRATION } from '../primitives/vehicle-registration.js';
import { type DecodeContext, fixedSize } from './context.js';

export const CARD_CURRENT_USE = declare({ sessionOpenTime: TIME_REAL, sessionOpenVehicle: VEHICLE_REGISTRATION });
const R = CARD_CURRENT_USE.read;

export function decodeCurrentUsage(b: Uint8Array, ctx: DecodeContext, label: string): CurrentUsage | null {
  if (!fixedSize(ctx, label, b.length, CARD_CURRENT_USE.len)) return null;
  return { sessionOpenTime: R.sessionOpenTime(b, 0), sessionOpenVehicle: R.sessionOpenVehicle(b, 0) };
}
