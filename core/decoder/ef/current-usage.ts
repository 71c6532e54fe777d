/**
 * EF Current_Usage (0507), 19 bytes (2.16):
 *   CardCurrentUse ::= SEQUENCE {
 *     sessionOpenTime TimeReal,                                -- 4
 *     sessionOpenVehicle VehicleRegistrationIdentification     -- 15
 *   }
 */
import type { CurrentUsage } from '../../domain/card.js';
import { readTimeReal } from '../primitives/time-real.js';
import { readVehicleRegistration } from '../primitives/vehicle-registration.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeCurrentUsage(b: Uint8Array, ctx: DecodeContext, label: string): CurrentUsage | null {
  if (!fixedSize(ctx, label, b.length, 19)) return null;
  return { sessionOpenTime: readTimeReal(b, 0), sessionOpenVehicle: readVehicleRegistration(b, 4) };
}
