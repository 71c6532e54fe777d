/**
 * GNSSPlaceRecord (data dictionary 2.80, generation 2):
 *   GNSSPlaceRecord ::= SEQUENCE {
 *     timeStamp TimeReal,              -- 4
 *     gnssAccuracy GNSSAccuracy,       -- 1
 *     geoCoordinates GeoCoordinates    -- 6
 *   }                                  -- 11 bytes
 * GNSSPlaceAuthRecord (2.79c, generation 2 version 2):
 *   GNSSPlaceAuthRecord ::= SEQUENCE {
 *     timeStamp TimeReal, gnssAccuracy GNSSAccuracy, geoCoordinates GeoCoordinates,
 *     authenticationStatus PositionAuthenticationStatus   -- 1
 *   }                                                     -- 12 bytes
 * A record still at its EF default {00..00} (no time, coordinates 0/0 — e.g. the GNSS part of a place entered
 * without a position) has no position: latitude/longitude null, not 0°/0° (raw values kept).
 */
import type { GeoCoordinates, GnssPlaceAuthRecord, GnssPlaceRecord } from '../../domain/card.js';
import { GEO_COORDINATES_LAYOUT, readGeoCoordinates } from './geo-coordinates.js';
import { type Token, U8, declare, nested, opaque } from './record.js';
import { TIME_REAL } from './time-real.js';

export const GNSS_PLACE_RECORD = declare({
  timeStamp: TIME_REAL,
  gnssAccuracy: U8,
  geoCoordinates: opaque(GEO_COORDINATES_LAYOUT.len),
});
export const GNSS_PLACE_AUTH_RECORD = declare({
  timeStamp: TIME_REAL,
  gnssAccuracy: U8,
  geoCoordinates: opaque(GEO_COORDINATES_LAYOUT.len),
  authenticationStatus: U8,
});
const R = GNSS_PLACE_RECORD.read;
const A = GNSS_PLACE_AUTH_RECORD.read;
const GEO = GNSS_PLACE_RECORD.offset.geoCoordinates;

export const GNSS_PLACE_RECORD_LENGTH = GNSS_PLACE_RECORD.len;
export const GNSS_PLACE_AUTH_RECORD_LENGTH = GNSS_PLACE_AUTH_RECORD.len;

function readPosition(b: Uint8Array, o: number, timestamp: number | null): GeoCoordinates {
  const geo = readGeoCoordinates(b, o + GEO);
  if (timestamp === null && geo.rawLatitude === 0 && geo.rawLongitude === 0) {
    return { latitude: null, longitude: null, rawLatitude: 0, rawLongitude: 0 };
  }
  return geo;
}

export function readGnssPlaceRecord(b: Uint8Array, o: number): GnssPlaceRecord {
  const timestamp = R.timeStamp(b, o);
  return { timestamp, accuracy: R.gnssAccuracy(b, o), geo: readPosition(b, o, timestamp) };
}

export function readGnssPlaceAuthRecord(b: Uint8Array, o: number): GnssPlaceAuthRecord {
  const timestamp = A.timeStamp(b, o);
  return {
    timestamp,
    accuracy: A.gnssAccuracy(b, o),
    geo: readPosition(b, o, timestamp),
    authenticationStatus: A.authenticationStatus(b, o),
  };
}

/** the records as fields of other records */
export const GNSS_PLACE: Token<GnssPlaceRecord> = {
  ...nested(GNSS_PLACE_RECORD, readGnssPlaceRecord),
  at: (f) => (b, o) => readGnssPlaceRecord(b, o + f),
};
export const GNSS_PLACE_AUTH: Token<GnssPlaceAuthRecord> = {
  ...nested(GNSS_PLACE_AUTH_RECORD, readGnssPlaceAuthRecord),
  at: (f) => (b, o) => readGnssPlaceAuthRecord(b, o + f),
};
