/**
 * Small whole-file builders for the decoder's and the row mapper's tests: a gen1 card and a gen2 (v1 / v2)
 * card with a gen1 DF beside it. Values are chosen so that each EF shows up in the rows.
 */
import {
  appIdGen1,
  appIdGen2,
  ascii,
  bytes,
  change,
  dailyRecord,
  fill,
  i24,
  identification,
  name,
  signed,
  T,
  tlv,
  u16,
  u24,
  u32,
  vrn,
} from './bytes.js';

export const DAY1 = T('2025-06-02T00:00:00Z');
export const DAY2 = T('2025-06-03T00:00:00Z');

function activity(bufferLength: number): Uint8Array {
  const r1 = dailyRecord(0, DAY1, [0x01, 0x23], 250, [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 360 }),
    change({ a: 2, min: 600 }),
    change({ a: 0, min: 630 }),
  ]);
  const r2 = dailyRecord(r1.length, DAY2, [0x01, 0x24], 80, [
    change({ p: 1, c: 1, a: 2, min: 0 }), // manual entry, work
    change({ a: 3, min: 420, c: 1, slot: 1 }), // crew, co-driver, driving
    change({ p: 1, a: 0, min: 480 }), // unknown
  ]);
  const buf = fill(bufferLength);
  buf.set(r1, 0);
  buf.set(r2, r1.length);
  return bytes(u16(0), u16(r1.length), buf);
}

function events(groups: number, perType: number): Uint8Array {
  const recs: Uint8Array[] = [];
  for (let g = 0; g < groups; g++) {
    for (let i = 0; i < perType; i++) {
      if (g === 0 && i === 0) recs.push(bytes(0x05, u32(DAY1 + 3600), u32(DAY1 + 5400), vrn(0x12, 'ABC-123')));
      else if (g === 1 && i === 0) recs.push(bytes(0x88, u32(DAY1 + 100), u32(DAY1 + 200), fill(15)));
      else recs.push(fill(24));
    }
  }
  return bytes(...recs);
}

function faults(perType: number): Uint8Array {
  const recs: Uint8Array[] = [bytes(0x31, u32(DAY2 + 60), u32(DAY2 + 120), vrn(0x0d, 'M-XY 1'))];
  for (let i = 1; i < 2 * perType; i++) recs.push(fill(24));
  return bytes(...recs);
}

function vehicles(df: 1 | 2, n: number): Uint8Array {
  const recs: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0) {
      recs.push(
        bytes(
          u24(10_000),
          u24(10_250),
          u32(DAY1 + 300),
          u32(DAY1 + 40_000),
          vrn(0x12, 'ABC-123'),
          0x00,
          0x42,
          df === 2 ? ascii('YV2A4C2A5JB123456', 17) : fill(0),
        ),
      );
    } else if (i === 1) {
      recs.push(
        bytes(
          u24(20_000),
          u24(19_000),
          u32(DAY2 + 300),
          u32(DAY2 + 9000),
          vrn(0x0d, 'M-XY 1'),
          0x00,
          0x43,
          df === 2 ? fill(17, 0x20) : fill(0),
        ),
      );
    } else recs.push(fill(df === 1 ? 31 : 48));
  }
  return bytes(u16(1), ...recs);
}

function places(df: 1 | 2, n: number): Uint8Array {
  const recs: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const gnss = (t: number) => (df === 2 ? bytes(u32(t), 25, i24(40250), i24(-3415)) : fill(0));
    if (i === 0) recs.push(bytes(u32(DAY1 + 300), 0, 0x0f, 0x0e, u24(10_000), gnss(DAY1 + 290)));
    else if (i === 1)
      recs.push(bytes(u32(DAY1 + 40_000), df === 2 ? 5 : 1, 0x12, 0x03, u24(10_250), gnss(DAY1 + 39_990)));
    else recs.push(fill(df === 1 ? 10 : 21));
  }
  return df === 1 ? bytes(1, ...recs) : bytes(u16(1), ...recs);
}

function records(n: number, size: number, first: Uint8Array): Uint8Array {
  return bytes(u16(0), first, fill((n - 1) * size));
}

export interface CardOptions {
  /** omit EF Identification */
  noIdentification?: boolean;
  /** activity buffer length */
  activityLength?: number;
}

export function gen1Card(o: CardOptions = {}): Uint8Array {
  const L = o.activityLength ?? 5544;
  return bytes(
    tlv(0x0002, 0, fill(25, 0x11)),
    tlv(0x0005, 0, fill(8, 0x22)),
    tlv(0xc100, 0, fill(194, 0x33)),
    tlv(0xc108, 0, fill(194, 0x44)),
    signed(0x0501, 1, appIdGen1({ activity: L })),
    o.noIdentification ? fill(0) : signed(0x0520, 1, identification({ cardNumber: 'd1234567890120ab' })),
    tlv(0x050e, 0, bytes(u32(DAY2 + 50_000))),
    signed(0x0521, 1, bytes(name('LICENSING'), 0x12, ascii('LIC-42', 16))),
    signed(0x0502, 1, events(6, 6)),
    signed(0x0503, 1, faults(12)),
    signed(0x0504, 1, activity(L)),
    signed(0x0505, 1, vehicles(1, 84)),
    signed(0x0506, 1, places(1, 84)),
    signed(0x0507, 1, bytes(u32(0), fill(15))),
    signed(0x0508, 1, fill(46)),
    signed(0x0522, 1, fill(280)),
  );
}

/** gen2 card (v1, or v2 with the version-2 EFs) carrying a gen1 DF too. */
export function gen2Card(version: 1 | 2, o: CardOptions = {}): Uint8Array {
  const g1 = gen1Card({ ...o, noIdentification: false });
  const G = (fid: number, value: Uint8Array) => signed(fid, 2, value, 64);
  const parts: Uint8Array[] = [
    g1,
    tlv(0xc100, 2, fill(204, 0x55)),
    tlv(0xc101, 2, fill(204, 0x56)),
    tlv(0xc108, 2, fill(204, 0x57)),
    tlv(0xc109, 2, fill(204, 0x58)),
    G(0x0501, appIdGen2({ version: version === 2 ? 1 : 0 })),
    o.noIdentification ? fill(0) : G(0x0520, identification({ cardNumber: 'G2CARD0000000100', surname: 'G2SURNAME' })),
    tlv(0x050e, 2, bytes(u32(DAY2 + 50_000))),
    G(0x0521, bytes(name('LICENSING'), 0x12, ascii('LIC-42', 16))),
    G(0x0502, events(11, 12)),
    G(0x0503, faults(24)),
    G(0x0504, activity(13776)),
    G(0x0505, vehicles(2, 200)),
    G(0x0506, places(2, 112)),
    G(0x0507, bytes(u32(0), fill(15))),
    G(0x0508, fill(46)),
    G(0x0522, bytes(u16(0), fill(560))),
    G(0x0523, records(200, 10, bytes(u32(DAY1 + 300), 0x21, 1, ascii('0101', 4)))),
    G(0x0524, records(336, 18, bytes(u32(DAY1 + 10_800), u32(DAY1 + 10_790), 12, i24(48305), i24(11340), u24(10_100)))),
  ];
  if (version === 2) {
    parts.push(
      G(0x0525, bytes(u16(8), u16(1120), u16(1624), u16(336), u16(3072))),
      G(0x0526, records(112, 5, bytes(u32(DAY1 + 300), 1))),
      G(0x0527, records(336, 5, bytes(u32(DAY1 + 10_800), 0))),
      G(0x0528, records(1120, 17, bytes(0x12, 0x0d, u32(DAY1 + 20_000), 10, i24(54000), i24(10000), 1, u24(10_150)))),
      G(
        0x0529,
        records(1624, 20, bytes(u32(DAY1 + 25_000), 2, u32(DAY1 + 25_000), 10, i24(53333), i24(10000), 1, u24(10_200))),
      ),
      G(0x0530, records(336, 5, bytes(u32(DAY1 + 25_100), 1))),
      G(0x0540, fill(3072)),
    );
  }
  return bytes(...parts);
}
