/**
 * Tiny byte builders for the decoder's unit tests (not the fixture encoder: that one lives in fixtures/ and is
 * written independently from the regulation text).
 */
export type Part = number | Uint8Array | readonly number[];

export function bytes(...parts: Part[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += typeof p === 'number' ? 1 : p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    if (typeof p === 'number') out[o++] = p;
    else {
      out.set(p, o);
      o += p.length;
    }
  }
  return out;
}

export const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];
export const u24 = (v: number): number[] => [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
export const u32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
export const fill = (n: number, v = 0): Uint8Array => new Uint8Array(n).fill(v);

/** ASCII, padded with `pad` to `length` */
export function ascii(s: string, length: number, pad = 0x20): Uint8Array {
  const out = new Uint8Array(length).fill(pad);
  for (let i = 0; i < Math.min(s.length, length); i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Name: code page 1 + 35 bytes */
export const name = (s: string): Uint8Array => bytes(1, ascii(s, 35));
/** VehicleRegistrationIdentification: nation + code page 1 + 13 bytes */
export const vrn = (nation: number, s: string): Uint8Array => bytes(nation, 1, ascii(s, 13));
export const emptyVrn = (): Uint8Array => fill(15);

/** signed 24-bit two's complement */
export const i24 = (v: number): number[] => u24(v < 0 ? v + 0x1000000 : v);

/** a TLV block */
export function tlv(fid: number, appendix: number, value: Uint8Array): Uint8Array {
  return bytes(u16(fid), appendix, u16(value.length), value);
}

/** an EF block followed by a (fake) signature block */
export function signed(fid: number, df: 1 | 2, value: Uint8Array, sigLength = 128): Uint8Array {
  const a = df === 1 ? 0 : 2;
  return bytes(tlv(fid, a, value), tlv(fid, a + 1, fill(sigLength, 0x5a)));
}

export const T = (iso: string): number => Date.parse(iso) / 1000;

/** ActivityChangeInfo word */
export function change(o: { slot?: 0 | 1; c?: 0 | 1; p?: 0 | 1; a: 0 | 1 | 2 | 3; min: number }): number {
  return ((o.slot ?? 0) << 15) | ((o.c ?? 0) << 14) | ((o.p ?? 0) << 13) | (o.a << 11) | o.min;
}

/** CardActivityDailyRecord */
export function dailyRecord(
  prevLen: number,
  date: number,
  presence: number[],
  distance: number,
  changes: number[],
): Uint8Array {
  const body = bytes(...changes.map((c) => u16(c)));
  return bytes(u16(prevLen), u16(12 + body.length), u32(date), presence, u16(distance), body);
}

/** EF Identification (143) */
export function identification(
  o: { nation?: number; cardNumber?: string; surname?: string; first?: string; birth?: number[] } = {},
): Uint8Array {
  return bytes(
    o.nation ?? 0x12,
    ascii(o.cardNumber ?? 'D1234567890120  ', 16),
    name('AUTHORITY'),
    u32(T('2020-01-01T00:00:00Z')),
    u32(T('2020-01-02T00:00:00Z')),
    u32(T('2025-01-01T00:00:00Z')),
    name(o.surname ?? 'SURNAME'),
    name(o.first ?? 'FIRST'),
    o.birth ?? [0x19, 0x80, 0x02, 0x29],
    ascii('en', 2),
  );
}

/** EF Application_Identification gen1 (10) */
export function appIdGen1(
  o: { events?: number; faults?: number; activity?: number; vehicles?: number; places?: number } = {},
): Uint8Array {
  return bytes(1, 0, 0, o.events ?? 6, o.faults ?? 12, u16(o.activity ?? 5544), u16(o.vehicles ?? 84), o.places ?? 84);
}

/** EF Application_Identification gen2 (17) */
export function appIdGen2(
  o: {
    version?: number;
    events?: number;
    faults?: number;
    activity?: number;
    vehicles?: number;
    places?: number;
    gnss?: number;
    conditions?: number;
    vus?: number;
  } = {},
): Uint8Array {
  return bytes(
    1,
    1,
    o.version ?? 0,
    o.events ?? 12,
    o.faults ?? 24,
    u16(o.activity ?? 13776),
    u16(o.vehicles ?? 200),
    u16(o.places ?? 112),
    u16(o.gnss ?? 336),
    u16(o.conditions ?? 112),
    u16(o.vus ?? 200),
  );
}
