/**
 * GeoCoordinates (data dictionary 2.76, generation 2):
 *   GeoCoordinates ::= SEQUENCE { latitude INTEGER(-90000..90001), longitude INTEGER(-180000..180001) }
 * Each is a 3-byte signed (two's complement) integer, "a multiple (factor 10) of the ±DDMM.M representation"
 * (longitude ±DDDMM.M): 48°30.5' N is stored as 48305. Degrees = DD + MM.M / 60.
 * Unknown position: '7FFFFF' (8388607) → null. 'FFFFFF' (the data dictionary's §2 default for 'unknown' or
 * 'not applicable': "filling the data element with Hex 'FF' bytes"; as a signed integer −1) → null as well,
 * not −0°00.1'. Values outside the declared range are read as null too.
 */
import type { GeoCoordinates } from '../../domain/card.js';
import { type Token, declare, nested } from './record.js';

const UNKNOWN = 0x7fffff;
const FF_FILLED = -1;

function readInt24(b: Uint8Array, o: number): number {
  const v = (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
  return v & 0x800000 ? v - 0x1000000 : v;
}

/** a 3-byte two's complement integer */
export const I24: Token<number> = { len: 3, get: readInt24, at: (f) => (b, o) => readInt24(b, o + f) };

/** GeoCoordinates ::= SEQUENCE { latitude INTEGER(-90000..90001), longitude INTEGER(-180000..180001) } -- 3 + 3 */
export const GEO_COORDINATES_LAYOUT = declare({ latitude: I24, longitude: I24 });
const G = GEO_COORDINATES_LAYOUT.read;

/** ±DDMM.M×10 (or ±DDDMM.M×10) → decimal degrees, rounded to 6 decimals. */
export function ddmmToDegrees(raw: number): number {
  const a = Math.abs(raw);
  const degrees = Math.floor(a / 1000);
  const minutes = (a % 1000) / 10;
  const value = Math.round((degrees + minutes / 60) * 1e6) / 1e6;
  return raw < 0 ? -value : value;
}

function toDegrees(raw: number, maxDegrees: number): number | null {
  if (raw === UNKNOWN || raw === FF_FILLED) return null;
  const a = Math.abs(raw);
  if (a % 1000 >= 600) return null; // minutes ≥ 60: not a ±DDMM.M value
  const d = ddmmToDegrees(raw);
  return Math.abs(d) > maxDegrees ? null : d;
}

export function readGeoCoordinates(b: Uint8Array, o: number): GeoCoordinates {
  const rawLatitude = G.latitude(b, o);
  const rawLongitude = G.longitude(b, o);
  const latitude = toDegrees(rawLatitude, 90);
  const longitude = toDegrees(rawLongitude, 180);
  // A position is only meaningful as a pair.
  if (latitude === null || longitude === null) return { latitude: null, longitude: null, rawLatitude, rawLongitude };
  return { latitude, longitude, rawLatitude, rawLongitude };
}

export const GEO_COORDINATES: Token<GeoCoordinates> = nested(GEO_COORDINATES_LAYOUT, readGeoCoordinates);
