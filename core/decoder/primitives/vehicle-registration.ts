/**
 * VehicleRegistrationIdentification (data dictionary 2.166):
 *   VehicleRegistrationIdentification ::= SEQUENCE {
 *     vehicleRegistrationNation NationNumeric,               -- 1
 *     vehicleRegistrationNumber VehicleRegistrationNumber    -- codePage 1 + vehicleRegNumber 13 (2.167)
 *   }                                                        -- 15 bytes
 */
import type { VehicleRegistrationIdentification } from '../../domain/card.js';
import { type Token, U8, declare, nested } from './record.js';
import { codePageString } from './strings.js';

export const VEHICLE_REGISTRATION_LAYOUT = declare({
  vehicleRegistrationNation: U8,
  vehicleRegistrationNumber: codePageString(13),
});
const V = VEHICLE_REGISTRATION_LAYOUT.read;

export const VEHICLE_REGISTRATION_LENGTH = VEHICLE_REGISTRATION_LAYOUT.len;

export function readVehicleRegistration(b: Uint8Array, o: number): VehicleRegistrationIdentification {
  return { nation: V.vehicleRegistrationNation(b, o), number: V.vehicleRegistrationNumber(b, o) };
}

export const VEHICLE_REGISTRATION: Token<VehicleRegistrationIdentification> = {
  ...nested(VEHICLE_REGISTRATION_LAYOUT, readVehicleRegistration),
  at: (f) => (b, o) => readVehicleRegistration(b, o + f),
};

/** true when neither a nation nor a number is recorded */
export function isEmptyRegistration(r: VehicleRegistrationIdentification): boolean {
  return (r.nation === 0 || r.nation === 0xff) && r.number.text === null;
}
