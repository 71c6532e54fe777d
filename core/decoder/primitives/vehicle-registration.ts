/**
 * VehicleRegistrationIdentification (data dictionary 2.166), 15 bytes:
 *   VehicleRegistrationIdentification ::= SEQUENCE {
 *     vehicleRegistrationNation NationNumeric,               -- 1 byte
 *     vehicleRegistrationNumber VehicleRegistrationNumber    -- codePage 1 + vehicleRegNumber 13
 *   }
 */
import type { VehicleRegistrationIdentification } from '../../domain/card.js';
import { readCodePageString } from './strings.js';

export const VEHICLE_REGISTRATION_LENGTH = 15;

export function readVehicleRegistration(b: Uint8Array, o: number): VehicleRegistrationIdentification {
  return { nation: b[o], number: readCodePageString(b, o + 1, 13) };
}

/** true when neither a nation nor a number is recorded */
export function isEmptyRegistration(r: VehicleRegistrationIdentification): boolean {
  return (r.nation === 0 || r.nation === 0xff) && r.number.text === null;
}
