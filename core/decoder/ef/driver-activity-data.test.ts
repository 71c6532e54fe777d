import t from 'tap';
import { bytes, change, dailyRecord, fill, T, u16 } from '../testing/bytes.js';
import { DecodeContext } from './context.js';
import { decodeDriverActivityData, longestIncreasingRun } from './driver-activity-data.js';
import { decodeActivityChange } from './activity-change-info.js';

const DAY = 86_400;
const D0 = T('2025-03-01T00:00:00Z');

/** Writes records one after another into a cyclic buffer of `length` bytes starting at `start`. */
function cyclic(length: number, start: number, records: Uint8Array[]): { ef: Uint8Array; offsets: number[] } {
  const buf = fill(length, 0xee);
  const offsets: number[] = [];
  let p = start;
  for (const r of records) {
    offsets.push(p);
    for (let i = 0; i < r.length; i++) buf[(p + i) % length] = r[i];
    p = (p + r.length) % length;
  }
  return { ef: bytes(u16(start), u16(offsets[offsets.length - 1]), buf), offsets };
}

function days(n: number, changesPerDay = 3): Uint8Array[] {
  const out: Uint8Array[] = [];
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const changes = [change({ a: 0, min: 0 }), change({ a: 3, min: 360 + i }), change({ a: 2, min: 600 })].slice(
      0,
      changesPerDay,
    );
    const r = dailyRecord(prev, D0 + i * DAY, [0x00, 0x10 + i], 100 + i, changes);
    out.push(r);
    prev = r.length;
  }
  return out;
}

t.test('ActivityChangeInfo bits scpaattttttttttt', async (t) => {
  t.same(decodeActivityChange(0b1110_1000_0000_0101), {
    raw: 0b1110_1000_0000_0101,
    slot: 1,
    crewOrKnown: true,
    notInserted: true,
    activity: 1,
    minutes: 5,
  });
  const d = decodeActivityChange(change({ a: 3, min: 1439 }));
  t.same([d.slot, d.crewOrKnown, d.notInserted, d.activity, d.minutes], [0, false, false, 3, 1439]);
});

t.test('linear buffer: days oldest → newest with offsets', async (t) => {
  const { ef, offsets } = cyclic(400, 0, days(4));
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, 400, ctx, 'EF')!;
  t.same(ctx.warnings, []);
  t.equal(a.bufferLength, 400);
  t.equal(a.days.length, 4);
  t.same(
    a.days.map((d) => d.offset),
    offsets,
  );
  t.same(
    a.days.map((d) => d.date),
    [0, 1, 2, 3].map((i) => D0 + i * DAY),
  );
  t.same(
    a.days.map((d) => d.dailyPresenceCounter),
    [10, 11, 12, 13],
  );
  t.same(
    a.days.map((d) => d.dayDistance),
    [100, 101, 102, 103],
  );
  t.same(
    a.days[2].changes.map((c) => [c.activity, c.minutes]),
    [
      [0, 0],
      [3, 362],
      [2, 600],
    ],
  );
  t.equal(a.days[0].previousRecordLength, 0);
  t.equal(a.days[1].previousRecordLength, 18);
});

t.test('records wrapping around the end of the buffer, header included', async (t) => {
  // 18-byte records, 100-byte buffer: starting at 70 the 2nd record's header wraps (88..105), later ones continue at 0
  for (const start of [70, 82, 85, 95, 99]) {
    const recs = days(5);
    const { ef, offsets } = cyclic(100, start, recs);
    const ctx = new DecodeContext();
    const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
    t.same(ctx.warnings, [], `start ${start}: no warning`);
    t.same(
      a.days.map((d) => d.offset),
      offsets,
      `start ${start}: all five days`,
    );
    t.same(
      a.days.map((d) => d.changes[1].minutes),
      [360, 361, 362, 363, 364],
    );
  }
});

t.test('the walk stops at the oldest pointer even when older bytes look valid', async (t) => {
  const recs = days(5);
  const { ef, offsets } = cyclic(200, 0, recs);
  ef[0] = offsets[2] >> 8; // oldest = third record
  ef[1] = offsets[2] & 0xff;
  const a = decodeDriverActivityData(ef, null, new DecodeContext(), 'EF')!;
  t.equal(a.days.length, 3);
  t.equal(a.days[0].date, D0 + 2 * DAY);
});

t.test('a record with a bad date is skipped with a warning; the walk goes on', async (t) => {
  const recs = days(4);
  recs[1] = dailyRecord(18, D0 + DAY + 3600, [0, 0x11], 5, [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 361 }),
    change({ a: 2, min: 600 }),
  ]);
  const { ef } = cyclic(300, 10, recs);
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.same(
    a.days.map((d) => (d.date - D0) / DAY),
    [0, 2, 3],
  );
  t.equal(ctx.warnings.length, 1);
  t.equal(ctx.warnings[0].code, 'damaged_activity_record');
  t.match(ctx.warnings[0].message, /not 00:00 UTC/);
});

t.test('an odd date is flagged alone, served under its date, and never costs its neighbours', async (t) => {
  const recs = days(3);
  recs[0] = dailyRecord(0, D0 + 10 * DAY, [0, 0], 5, [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 360 }),
    change({ a: 2, min: 600 }),
  ]);
  const { ef, offsets } = cyclic(300, 0, recs);
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.same(
    a.days.map((d) => (d.date - D0) / DAY),
    [1, 2, 10],
    'served in date order',
  );
  t.same(
    ctx.warnings.map((w) => w.code),
    ['activity_record_out_of_sequence'],
  );
  t.match(ctx.warnings[0].message, new RegExp(`offset ${offsets[0]} is dated 2025-03-11.*served under that date`));
});

t.test('an older date in the middle of a long chain: every record is reached, only the odd one flagged', async (t) => {
  const recs = days(52);
  const odd = 26;
  const prev = recs[odd - 1].length;
  recs[odd] = dailyRecord(prev, D0 - 300 * DAY, [0, 0x99], 7, [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 386 }),
    change({ a: 2, min: 600 }),
  ]);
  const { ef, offsets } = cyclic(1200, 1000, recs); // wraps
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.equal(a.days.length, 52, 'all 52 records served');
  t.same(
    ctx.warnings.map((w) => w.code),
    ['activity_record_out_of_sequence'],
  );
  t.match(ctx.warnings[0].message, `offset ${offsets[odd]} is dated 2024-05-05`);
  t.same(new Set(a.days.map((d) => d.offset)), new Set(offsets));
});

t.test('an odd record dated like an in-sequence record is flagged and not served', async (t) => {
  const recs = days(4);
  recs[2] = dailyRecord(recs[1].length, D0, [0, 0x12], 1, [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 362 }),
    change({ a: 2, min: 600 }),
  ]);
  const { ef } = cyclic(300, 0, recs);
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.same(
    a.days.map((d) => (d.date - D0) / DAY),
    [0, 1, 3],
  );
  t.same(
    ctx.warnings.map((w) => w.code),
    ['activity_record_out_of_sequence'],
  );
  t.match(ctx.warnings[0].message, /not served/);
});

t.test('longestIncreasingRun marks one longest strictly increasing subsequence', async (t) => {
  t.same(longestIncreasingRun([]), []);
  t.same(longestIncreasingRun([5]), [true]);
  t.same(longestIncreasingRun([1, 2, 3, -50, 5, 6]), [true, true, true, false, true, true]);
  t.same(longestIncreasingRun([1, 2, 3, 100, 5, 6]), [true, true, true, false, true, true]);
  t.same(longestIncreasingRun([3, 3]).filter(Boolean).length, 1, 'equal dates: one kept');
});

t.test('an odd length or a record without changes is skipped', async (t) => {
  const a1 = dailyRecord(0, D0, [0, 0], 0, [change({ a: 0, min: 0 })]);
  const odd = bytes(u16(a1.length), u16(13), u16(0), u16(0), u16(0), u16(0), 0x00); // 13 bytes
  odd.set(bytes(u16(0), u16(0)), 4);
  odd.set([0x00, 0x00, 0x00, 0x00], 4);
  const date = D0 + DAY;
  odd.set([(date >>> 24) & 255, (date >> 16) & 255, (date >> 8) & 255, date & 255], 4);
  const empty = dailyRecord(13, D0 + 2 * DAY, [0, 0], 0, []);
  const last = dailyRecord(12, D0 + 3 * DAY, [0, 0], 0, [change({ a: 0, min: 0 })]);
  const { ef } = cyclic(200, 0, [a1, odd, empty, last]);
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.same(
    a.days.map((d) => (d.date - D0) / DAY),
    [0, 3],
  );
  t.same(
    ctx.warnings.map((w) => w.code),
    ['damaged_activity_record', 'damaged_activity_record'],
  );
});

t.test('a broken chain stops the walk with a warning', async (t) => {
  const recs = days(4);
  const { ef, offsets } = cyclic(300, 0, recs);
  // newest record claims a previous length that does not match the record before it
  const p = 4 + offsets[3];
  ef[p] = 0;
  ef[p + 1] = 20;
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, null, ctx, 'EF')!;
  t.same(
    a.days.map((d) => (d.date - D0) / DAY),
    [3],
  );
  t.equal(ctx.warnings[0].code, 'damaged_activity_record');
  t.match(ctx.warnings[0].message, /inconsistent length/);

  const { ef: ef2, offsets: o2 } = cyclic(300, 0, days(3));
  ef2[4 + o2[2] + 2] = 0; // record length 5 < 12
  ef2[4 + o2[2] + 3] = 5;
  const ctx2 = new DecodeContext();
  t.same(decodeDriverActivityData(ef2, null, ctx2, 'EF')!.days, []);
  t.equal(ctx2.warnings.length, 1);

  const { ef: ef3, offsets: o3 } = cyclic(300, 40, days(3));
  ef3[4 + o3[1]] = 0; // a previous length pointing back past the oldest record
  ef3[4 + o3[1] + 1] = 30;
  const ctx3 = new DecodeContext();
  t.same(decodeDriverActivityData(ef3, null, ctx3, 'EF')!.days.length, 2);
  t.match(ctx3.warnings[0].message, /past the oldest/);
});

t.test('an unused (all-zero) buffer holds no day and no warning', async (t) => {
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(bytes(u16(0), u16(0), fill(5544)), 5544, ctx, 'EF')!;
  t.same(a.days, []);
  t.same(ctx.warnings, []);
});

t.test('size and pointer problems', async (t) => {
  const ctx = new DecodeContext();
  t.equal(decodeDriverActivityData(bytes(0, 1), null, ctx, 'EF'), null);
  t.equal(ctx.warnings[0].code, 'damaged_ef');
  const c2 = new DecodeContext();
  const a = decodeDriverActivityData(bytes(u16(500), u16(0), fill(100)), 100, c2, 'EF')!;
  t.same(a.days, []);
  t.equal(c2.warnings[0].code, 'damaged_ef');
  const c3 = new DecodeContext();
  decodeDriverActivityData(cyclic(300, 0, days(2)).ef, 5544, c3, 'EF');
  t.equal(c3.warnings[0].code, 'ef_size_mismatch');
  const c4 = new DecodeContext();
  t.same(
    decodeDriverActivityData(bytes(u16(0), u16(0), fill(8)), null, c4, 'EF')!.days,
    [],
    'buffer smaller than a header',
  );
});

t.test('audit: a daily record dated inside 1970 is skipped, the rest is kept', async (t) => {
  const r0 = dailyRecord(0, D0, [0, 1], 10, [change({ a: 0, min: 0 })]);
  const r1 = dailyRecord(r0.length, DAY, [0, 2], 10, [change({ a: 0, min: 0 })]); // 1970-01-02, a damaged date
  const r2 = dailyRecord(r1.length, D0 + DAY, [0, 3], 10, [change({ a: 0, min: 0 })]);
  const { ef } = cyclic(200, 0, [r0, r1, r2]);
  const ctx = new DecodeContext();
  const a = decodeDriverActivityData(ef, 200, ctx, 'EF')!;
  t.same(
    a.days.map((d) => d.date),
    [D0, D0 + DAY],
  );
  t.same(
    ctx.warnings.map((w) => w.code),
    ['damaged_activity_record'],
  );
  t.match(ctx.warnings[0].message, /not 00:00 UTC of a real day/);
});
