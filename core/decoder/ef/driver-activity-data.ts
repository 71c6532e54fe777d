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
 * THE WALK (reading chosen). The buffer "is cyclically filled … When the string is full, storing continues at the
 * first byte of the string independently of a break being inside a data element" (2.17): any byte of a record,
 * its header included, may continue at offset 0. The records are a chain held together by their own lengths
 * only: "activityPreviousRecordLength is the total length in bytes of the previous daily record … When this
 * record is the oldest daily record, the value … must be set to 0" (2.9), and the pointers give the newest record
 * and "the oldest complete day record" (2.17). Nothing in 2.9 or 2.17 says that dates increase along the chain,
 * and a vehicle unit with a wrong clock writes a wrong activityRecordDate into a record that is otherwise sound.
 * So the walk follows lengths, never dates:
 * 1. chain: from activityPointerNewestRecord back through activityPreviousRecordLength until the oldest pointer
 *    (or a previous length of 0). A step is sound when 12 ≤ activityRecordLength ≤ buffer length, it equals the
 *    newer neighbour's activityPreviousRecordLength, a step back never jumps over the oldest pointer and the bytes
 *    walked never exceed the buffer. An unsound step stops the walk (`damaged_activity_record`): beyond it the
 *    lengths cannot be trusted to find a record start.
 * 2. each record the chain reaches is kept when its OWN structure is sound: a whole number of ActivityChangeInfo,
 *    at least one of them ("always includes the activityChangeInfo coding the driver status at 00:00", 2.9) and a
 *    date at 00:00 UTC of a real day. Otherwise that record alone is skipped (`damaged_activity_record`).
 * 3. dates: the kept records' dates should increase along the chain. The longest strictly increasing run of dates
 *    (in chain order) is taken as the card's sequence; each record outside it is flagged alone with warning
 *    `activity_record_out_of_sequence` naming its date and buffer offset — one odd date never costs its
 *    neighbours. DECISION: its intervals ARE served, under the date the card recorded (the card holds them; the
 *    warning says the date is doubtful; merged with other downloads of the card, a different recording of that
 *    day shows up in `conflicts`). The only exception is a date another, in-sequence record of the same chain
 *    already holds: one file cannot serve two recordings of one day, so the odd record is then not served (its
 *    warning says so).
 * Served days are returned in date order.
 */
import type { ActivityDailyRecord, ActivityChange, DriverActivity } from '../../domain/card.js';
import { BCD2 } from '../primitives/bcd.js';
import { U16, U32, declare } from '../primitives/record.js';
import { TIME_REAL_MIN, readUint16 } from '../primitives/time-real.js';
import { isoDay, dayOf } from '../../time.js';
import { decodeActivityChange } from './activity-change-info.js';
import { type DecodeContext } from './context.js';

/** CardActivityDailyRecord (2.9) up to its activityChangeInfo set */
export const DAILY_RECORD_HEADER = declare({
  activityPreviousRecordLength: U16,
  activityRecordLength: U16,
  activityRecordDate: U32,
  activityDailyPresenceCounter: BCD2,
  activityDayDistance: U16,
});
/** CardDriverActivity (2.17) up to its activityDailyRecords */
export const DRIVER_ACTIVITY_POINTERS = declare({
  activityPointerOldestDayRecord: U16,
  activityPointerNewestRecord: U16,
});

const HEADER = DAILY_RECORD_HEADER.len;
// the header's field readers as module constants (direct calls the JIT inlines)
const {
  activityPreviousRecordLength: previousLengthAt,
  activityRecordLength: lengthAt,
  activityRecordDate: dateAt,
  activityDailyPresenceCounter: presenceAt,
  activityDayDistance: distanceAt,
} = DAILY_RECORD_HEADER.read;
const CHANGE = U16.len;
const DAY = 86_400;

export function decodeDriverActivityData(
  b: Uint8Array,
  expectedLength: number | null,
  ctx: DecodeContext,
  label: string,
): DriverActivity | null {
  const P = DRIVER_ACTIVITY_POINTERS;
  if (b.length < P.len) {
    ctx.warn('damaged_ef', `${label} is ${b.length} bytes long, too short for its pointers; it was skipped.`);
    return null;
  }
  const buffer = b.subarray(P.len);
  const L = buffer.length;
  if (expectedLength !== null && expectedLength !== L) {
    ctx.warn(
      'ef_size_mismatch',
      `${label} holds a ${L}-byte activity buffer; the application identification says ${expectedLength}. The stored buffer was read.`,
    );
  }
  const oldest = P.read.activityPointerOldestDayRecord(b, 0);
  const newest = P.read.activityPointerNewestRecord(b, 0);
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
  const reached = walkChain(buffer, oldest, newest, ctx, label);
  const sound: ActivityDailyRecord[] = [];
  for (const record of reached) {
    const problem = structureProblem(record);
    if (problem === null) sound.push(record);
    else
      ctx.warn(
        'damaged_activity_record',
        `${label}: the daily record at buffer offset ${record.offset} was skipped: ${problem}.`,
      );
  }
  result.days = servedInDateOrder(sound, ctx, label);
  return result;
}

/** `len` bytes from buffer position `pos` copied into one piece (the record wraps around the buffer end). */
function unwrap(buf: Uint8Array, pos: number, len: number, into: Uint8Array = new Uint8Array(len)): Uint8Array {
  const L = buf.length;
  into.set(buf.subarray(pos, L), 0);
  into.set(buf.subarray(0, len - (L - pos)), L - pos);
  return into;
}

/** Step 1: the records the length chain reaches, oldest first (their changes decoded, not yet judged). */
function walkChain(
  buf: Uint8Array,
  oldest: number,
  newest: number,
  ctx: DecodeContext,
  label: string,
): ActivityDailyRecord[] {
  const L = buf.length;
  const reached: ActivityDailyRecord[] = [];
  let pos = newest;
  let expectedLength = -1; // the newer neighbour's activityPreviousRecordLength
  let walked = 0;
  const scratch = new Uint8Array(HEADER);
  for (;;) {
    const wraps = pos + HEADER > L;
    const hb = wraps ? unwrap(buf, pos, HEADER, scratch) : buf;
    const ho = wraps ? 0 : pos;
    const prevLen = previousLengthAt(hb, ho);
    const recLen = lengthAt(hb, ho);
    if (reached.length === 0 && prevLen === 0 && recLen === 0 && dateAt(hb, ho) === 0) return reached; // never used
    if (recLen < HEADER || recLen > L || (expectedLength >= 0 && recLen !== expectedLength) || walked + recLen > L) {
      ctx.warn(
        'damaged_activity_record',
        `${label}: the daily record at buffer offset ${pos} has an inconsistent length (${recLen}); the older records could not be reached.`,
      );
      break;
    }
    walked += recLen;
    reached.push(readRecord(buf, pos, recLen));
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
  return reached.reverse();
}

function readRecord(buf: Uint8Array, pos: number, recLen: number): ActivityDailyRecord {
  const wraps = pos + recLen > buf.length; // at most one record per buffer wraps: copy it out once
  const b = wraps ? unwrap(buf, pos, recLen) : buf;
  const o = wraps ? 0 : pos;
  const n = (recLen - HEADER) >> 1;
  const changes: ActivityChange[] = new Array(n);
  for (let i = 0, p = o + HEADER; i < n; i++, p += CHANGE) changes[i] = decodeActivityChange(readUint16(b, p));
  return {
    offset: pos,
    previousRecordLength: previousLengthAt(b, o),
    recordLength: recLen,
    date: dateAt(b, o),
    dailyPresenceCounter: presenceAt(b, o),
    dayDistance: distanceAt(b, o),
    changes,
  };
}

/** Step 2: what makes a reached record unreadable on its own, or null. */
function structureProblem(record: ActivityDailyRecord): string | null {
  const date = record.date;
  if ((record.recordLength - HEADER) % CHANGE !== 0) return 'its length leaves half an activity change';
  if (record.changes.length === 0) return 'it holds no activity change';
  if (date < TIME_REAL_MIN || date === 0xffffffff || date % DAY !== 0) return 'its date is not 00:00 UTC of a real day';
  return null;
}

/** Step 3: flags the records outside the longest increasing run of dates; returns the served days by date. */
function servedInDateOrder(records: ActivityDailyRecord[], ctx: DecodeContext, label: string): ActivityDailyRecord[] {
  let increasing = true;
  for (let i = 1; i < records.length && increasing; i++) increasing = records[i - 1]!.date < records[i]!.date;
  if (increasing) return records; // the usual case: nothing out of sequence
  const inSequence = longestIncreasingRun(records.map((r) => r.date));
  const sequenceDates = new Set<number>();
  for (let i = 0; i < records.length; i++) if (inSequence[i]) sequenceDates.add(records[i]!.date);
  const served: ActivityDailyRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (inSequence[i]) {
      served.push(r);
      continue;
    }
    const taken = sequenceDates.has(r.date);
    ctx.warn(
      'activity_record_out_of_sequence',
      `${label}: the daily record at buffer offset ${r.offset} is dated ${isoDay(dayOf(r.date))}, out of sequence with the records ` +
        `chained around it (a vehicle-unit clock error leaves such dates); ` +
        (taken
          ? 'another record holds that date, so its intervals were not served.'
          : 'its intervals are served under that date.'),
    );
    if (!taken) served.push(r);
  }
  return served.sort((a, b) => a.date - b.date);
}

/** Marks one longest strictly increasing subsequence of `values` (patience sorting, O(n log n)). */
export function longestIncreasingRun(values: readonly number[]): boolean[] {
  const tails: number[] = []; // index of the smallest tail of an increasing run of each length
  const previous = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < values[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const marked = new Array<boolean>(values.length).fill(false);
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) marked[i] = true;
  return marked;
}
