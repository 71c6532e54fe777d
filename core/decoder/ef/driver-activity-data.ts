/**
 * EF Driver_Activity_Data (0504), data dictionary 2.17 and 2.9:
 *   CardDriverActivity ::= SEQUENCE {
 *     activityPointerOldestDayRecord INTEGER(0..CardActivityLengthRange-1),  -- 2
 *     activityPointerNewestRecord INTEGER(0..CardActivityLengthRange-1),     -- 2
 *     activityDailyRecords OCTET STRING (SIZE(CardActivityLengthRange))      -- the cyclic buffer
 *   }
 *   CardActivityDailyRecord ::= SEQUENCE {
 *     activityPreviousRecordLength INTEGER(0..CardActivityLengthRange),  -- 2
 *     activityRecordLength INTEGER(0..CardActivityLengthRange),          -- 2
 *     activityRecordDate TimeReal,                                       -- 4
 *     activityDailyPresenceCounter DailyPresenceCounter,                 -- 2 (BCD)
 *     activityDayDistance Distance,                                      -- 2
 *     activityChangeInfo SET SIZE (1..1440) OF ActivityChangeInfo        -- 2 each
 *   }
 *
 * The buffer "is cyclically filled … When the string is full, storing continues at the first byte of the string
 * independently of a break being inside a data element" (2.17): any byte of a record, its header included, may
 * continue at offset 0. We walk from the newest record back through activityPreviousRecordLength until the oldest
 * pointer (or a previous length of 0, which marks the oldest record, 2.9).
 *
 * Validation while walking back:
 * - chain (if it fails the walk stops with `damaged_activity_record`): 12 ≤ length ≤ buffer length, the length
 *   equals the newer neighbour's activityPreviousRecordLength, a step back never jumps over the oldest pointer,
 *   and the bytes walked never exceed the buffer;
 * - content (the record is skipped with `damaged_activity_record`, the walk continues): an odd number of change
 *   bytes, a date that is not 00:00 UTC, a date not strictly before the newer kept record's date, or no change.
 */
import type { ActivityDailyRecord, ActivityChange, DriverActivity } from '../../domain/card.js';
import { readBcd } from '../primitives/bcd.js';
import { TIME_REAL_MIN, readUint16 } from '../primitives/time-real.js';
import { decodeActivityChange } from './activity-change-info.js';
import { type DecodeContext } from './context.js';

const HEADER = 12;
const DAY = 86_400;

export function decodeDriverActivityData(
  b: Uint8Array,
  expectedLength: number | null,
  ctx: DecodeContext,
  label: string,
): DriverActivity | null {
  if (b.length < 4) {
    ctx.warn('damaged_ef', `${label} is ${b.length} bytes long, too short for its pointers; it was skipped.`);
    return null;
  }
  const buffer = b.subarray(4);
  const L = buffer.length;
  if (expectedLength !== null && expectedLength !== L) {
    ctx.warn(
      'ef_size_mismatch',
      `${label} holds a ${L}-byte activity buffer; the application identification says ${expectedLength}. The stored buffer was read.`,
    );
  }
  const oldest = readUint16(b, 0);
  const newest = readUint16(b, 2);
  const result: DriverActivity = {
    activityPointerOldestDayRecord: oldest,
    activityPointerNewestRecord: newest,
    bufferLength: L,
    buffer,
    days: [],
  };
  if (L < HEADER) return result;
  if (oldest >= L || newest >= L) {
    ctx.warn('damaged_ef', `${label}: an activity pointer lies outside the ${L}-byte buffer; no day was read.`);
    return result;
  }
  result.days = walkDays(buffer, oldest, newest, ctx, label);
  return result;
}

/** byte at a buffer position, wrapping at the end */
function at(buf: Uint8Array, L: number, i: number): number {
  return buf[i >= L ? i - L : i];
}

function u16(buf: Uint8Array, L: number, i: number): number {
  return (at(buf, L, i) << 8) | at(buf, L, i + 1 >= L ? i + 1 - L : i + 1);
}

function walkDays(buf: Uint8Array, oldest: number, newest: number, ctx: DecodeContext, label: string): ActivityDailyRecord[] {
  const L = buf.length;
  const days: ActivityDailyRecord[] = [];
  let pos = newest;
  let expectedLength = -1; // the newer neighbour's activityPreviousRecordLength
  let newerDate = Number.POSITIVE_INFINITY;
  let walked = 0;
  let first = true;
  for (;;) {
    const prevLen = u16(buf, L, pos);
    const recLen = u16(buf, L, pos + 2 >= L ? pos + 2 - L : pos + 2);
    const dateOffset = pos + 4 >= L ? pos + 4 - L : pos + 4;
    const date =
      ((at(buf, L, dateOffset) << 24) >>> 0) +
      ((at(buf, L, dateOffset + 1) << 16) | (at(buf, L, dateOffset + 2) << 8) | at(buf, L, dateOffset + 3));
    if (first && recLen === 0 && prevLen === 0 && date === 0) return days; // never used (all zero)
    first = false;
    if (recLen < HEADER || recLen > L || (expectedLength >= 0 && recLen !== expectedLength) || walked + recLen > L) {
      ctx.warn(
        'damaged_activity_record',
        `${label}: the daily record at buffer offset ${pos} has an inconsistent length (${recLen}); the older records could not be reached.`,
      );
      break;
    }
    walked += recLen;
    const record = readRecord(buf, pos, prevLen, recLen, date);
    const problem = contentProblem(record, date, newerDate);
    if (problem === null) {
      days.push(record);
      newerDate = date;
    } else {
      ctx.warn('damaged_activity_record', `${label}: the daily record at buffer offset ${pos} was skipped: ${problem}.`);
    }
    if (pos === oldest || prevLen === 0) break;
    const distanceToOldest = pos >= oldest ? pos - oldest : pos + L - oldest;
    if (prevLen > distanceToOldest || prevLen < HEADER) {
      ctx.warn(
        'damaged_activity_record',
        `${label}: the daily record at buffer offset ${pos} points back ${prevLen} bytes, past the oldest record; the walk stopped.`,
      );
      break;
    }
    expectedLength = prevLen;
    pos = pos >= prevLen ? pos - prevLen : pos + L - prevLen;
  }
  days.reverse();
  return days;
}

function readRecord(buf: Uint8Array, pos: number, prevLen: number, recLen: number, date: number): ActivityDailyRecord {
  const L = buf.length;
  // A record lies in one piece unless it wraps; then copy it out once (at most one record per file wraps).
  let rec: Uint8Array;
  let o: number;
  if (pos + recLen <= L) {
    rec = buf;
    o = pos;
  } else {
    rec = new Uint8Array(recLen);
    const head = L - pos;
    rec.set(buf.subarray(pos, L), 0);
    rec.set(buf.subarray(0, recLen - head), head);
    o = 0;
  }
  const n = (recLen - HEADER) >> 1;
  const changes: ActivityChange[] = new Array(n);
  let p = o + HEADER;
  for (let i = 0; i < n; i++, p += 2) changes[i] = decodeActivityChange((rec[p] << 8) | rec[p + 1]);
  return {
    offset: pos,
    previousRecordLength: prevLen,
    recordLength: recLen,
    date,
    dailyPresenceCounter: readBcd(rec, o + 8, 2),
    dayDistance: (rec[o + 10] << 8) | rec[o + 11],
    changes,
  };
}

function contentProblem(record: ActivityDailyRecord, date: number, newerDate: number): string | null {
  if ((record.recordLength - HEADER) % 2 !== 0) return 'its length leaves half an activity change';
  if (record.changes.length === 0) return 'it holds no activity change';
  if (date < TIME_REAL_MIN || date === 0xffffffff || date % DAY !== 0) return 'its date is not 00:00 UTC of a real day';
  if (date >= newerDate) return 'its date is not before the date of the next record';
  return null;
}
