/**
 * Coarsening of GeoCoordinates (2.76: latitude and longitude as ±DDMM.M × 10 in 3-byte two's complement):
 * the minutes are dropped, so a position keeps only its whole degrees (about 111 km of latitude). The
 * sentinels stay as they are: '7FFFFF' (unknown), 'FFFFFF' (−1, the §2 default) and 0/0 (EF default).
 */
import { GEO_COORDINATES_LAYOUT, I24 } from '../decoder/primitives/geo-coordinates.js';

const UNKNOWN = 0x7fffff;

function writeInt24(b: Uint8Array, o: number, v: number): void {
  const u = v < 0 ? v + 0x1000000 : v;
  b[o] = (u >> 16) & 0xff;
  b[o + 1] = (u >> 8) & 0xff;
  b[o + 2] = u & 0xff;
}

function coarse(raw: number): number {
  if (raw === UNKNOWN || raw === -1) return raw;
  return Math.sign(raw) * Math.floor(Math.abs(raw) / 1000) * 1000;
}

/** Rounds the GeoCoordinates at `o` to whole degrees; true when a byte changed. */
export function coarsenGeoCoordinates(b: Uint8Array, o: number): boolean {
  if (o + GEO_COORDINATES_LAYOUT.len > b.length) return false;
  let changed = false;
  for (const at of [GEO_COORDINATES_LAYOUT.offset.latitude, GEO_COORDINATES_LAYOUT.offset.longitude]) {
    const raw = I24.get(b, o + at);
    const c = coarse(raw);
    if (c !== raw) {
      writeInt24(b, o + at, c);
      changed = true;
    }
  }
  return changed;
}
