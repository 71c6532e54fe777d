import type { Token } from './record.js';
/**
 * TimeReal (data dictionary 2.162): "Number of seconds since midnight 1 January 1970 UTC", 4 bytes unsigned.
 *   TimeReal ::= INTEGER (0..2^32-1)
 * 0 and FFFFFFFF mean "no value" (EF default {00..00}, data dictionary §2 default 'FF') → null.
 * Values inside the year 1970 (below TIME_REAL_MIN) are read as no value too: no tachograph recorded anything
 * then, and such values are what a zeroed field with a damaged low byte gives — they must not become 1970 dates.
 */
export const TIME_REAL_MIN = 31_536_000; // 1971-01-01T00:00:00Z

export function readTimeReal(b: Uint8Array, o: number): number | null {
  const v = ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
  return v < TIME_REAL_MIN || v === 0xffffffff ? null : v;
}

/** The raw 32-bit value (no sentinel handling). */
export function readUint32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
}

export function readUint16(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}

export function readUint24(b: Uint8Array, o: number): number {
  return (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
}

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' + i : '' + i));

/** 'HH:MM:SS' for each second of a day would be 86 400 strings; minutes are enough, seconds are padded on. */
const HHMM: readonly string[] = Array.from({ length: 1440 }, (_, m) => PAD2[Math.floor(m / 60)] + ':' + PAD2[m % 60] + ':');

/** Day number (UNIX seconds / 86 400) → 'YYYY-MM-DD', cached (card data spans a few hundred days). */
const dayCache = new Map<number, string>();

function dayString(day: number): string {
  let s = dayCache.get(day);
  if (s === undefined) {
    const d = new Date(day * 86_400_000);
    const y = d.getUTCFullYear();
    s = (y < 1000 ? String(y).padStart(4, '0') : '' + y) + '-' + PAD2[d.getUTCMonth() + 1] + '-' + PAD2[d.getUTCDate()];
    if (dayCache.size > 100_000) dayCache.clear();
    dayCache.set(day, s);
  }
  return s;
}

/** UNIX seconds → ISO 8601 UTC with Z and whole seconds (2026-03-02T06:15:00Z). */
export function isoTime(seconds: number): string {
  const day = Math.floor(seconds / 86_400);
  const rest = seconds - day * 86_400;
  const minute = Math.floor(rest / 60);
  return dayString(day) + 'T' + HHMM[minute] + PAD2[rest - minute * 60] + 'Z';
}

/** UNIX seconds → YYYY-MM-DD (UTC). */
export function isoDate(seconds: number): string {
  return dayString(Math.floor(seconds / 86_400));
}

export function isoTimeOrNull(seconds: number | null): string | null {
  return seconds === null ? null : isoTime(seconds);
}

export function isoDateOrNull(seconds: number | null): string | null {
  return seconds === null ? null : isoDate(seconds);
}

/** TimeReal (2.162) as a record field: 4 bytes, null for no value */
export const TIME_REAL: Token<number | null> = { len: 4, get: readTimeReal, at: (f) => (b, o) => readTimeReal(b, o + f) };
