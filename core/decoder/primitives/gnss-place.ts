/**
 * GNSSPlaceRecord (data dictionary 2.80, generation 2), 11 bytes:
 *   GNSSPlaceRecord ::= SEQUENCE { timeStamp TimeReal, gnssAccuracy GNSSAccuracy, geoCoordinates GeoCoordinates }
 * GNSSPlaceAuthRecord (2.79c, generation 2 version 2), 12 bytes:
 *   GNSSPlaceAuthRecord ::= SEQUENCE { timeStamp TimeReal, gnssAccuracy GNSSAccuracy,
 *                                      geoCoordinates GeoCoordinates, authenticationStatus PositionAuthenticationStatus }
 * A record still at its EF default {00..00} (no time, coordinates 0/0 — e.g. the GNSS part of a place entered
 * without a position) has no position: latitude/longitude null, not 0°/0° (raw values kept).
 */
import type { GeoCoordinates, GnssPlaceAuthRecord, GnssPlaceRecord } from '../../domain/card.js';
import { readGeoCoordinates } from './geo-coordinates.js';
import { readTimeReal } from './time-real.js';

export const GNSS_PLACE_RECORD_LENGTH = 11;
export const GNSS_PLACE_AUTH_RECORD_LENGTH = 12;

function readPosition(b: Uint8Array, o: number, timestamp: number | null): GeoCoordinates {
  const geo = readGeoCoordinates(b, o + 5);
  if (timestamp === null && geo.rawLatitude === 0 && geo.rawLongitude === 0) {
    return { latitude: null, longitude: null, rawLatitude: 0, rawLongitude: 0 };
  }
  return geo;
}

export function readGnssPlaceRecord(b: Uint8Array, o: number): GnssPlaceRecord {
  const timestamp = readTimeReal(b, o);
  return { timestamp, accuracy: b[o + 4], geo: readPosition(b, o, timestamp) };
}

export function readGnssPlaceAuthRecord(b: Uint8Array, o: number): GnssPlaceAuthRecord {
  const timestamp = readTimeReal(b, o);
  return { timestamp, accuracy: b[o + 4], geo: readPosition(b, o, timestamp), authenticationStatus: b[o + 11] };
}
