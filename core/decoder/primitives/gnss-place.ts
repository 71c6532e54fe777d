/**
 * GNSSPlaceRecord (data dictionary 2.80, generation 2), 11 bytes:
 *   GNSSPlaceRecord ::= SEQUENCE { timeStamp TimeReal, gnssAccuracy GNSSAccuracy, geoCoordinates GeoCoordinates }
 * GNSSPlaceAuthRecord (2.79c, generation 2 version 2), 12 bytes:
 *   GNSSPlaceAuthRecord ::= SEQUENCE { timeStamp TimeReal, gnssAccuracy GNSSAccuracy,
 *                                      geoCoordinates GeoCoordinates, authenticationStatus PositionAuthenticationStatus }
 */
import type { GnssPlaceAuthRecord, GnssPlaceRecord } from '../../domain/card.js';
import { readGeoCoordinates } from './geo-coordinates.js';
import { readTimeReal } from './time-real.js';

export const GNSS_PLACE_RECORD_LENGTH = 11;
export const GNSS_PLACE_AUTH_RECORD_LENGTH = 12;

export function readGnssPlaceRecord(b: Uint8Array, o: number): GnssPlaceRecord {
  return { timestamp: readTimeReal(b, o), accuracy: b[o + 4], geo: readGeoCoordinates(b, o + 5) };
}

export function readGnssPlaceAuthRecord(b: Uint8Array, o: number): GnssPlaceAuthRecord {
  return {
    timestamp: readTimeReal(b, o),
    accuracy: b[o + 4],
    geo: readGeoCoordinates(b, o + 5),
    authenticationStatus: b[o + 11],
  };
}
