/**
 * A day's activity intervals of one import stored as one packed column (the queries never need the
 * intervals of a day one by one; reading ~700 interval rows cost 6 ms as row objects, one blob per day is decoded
 * here in a few µs). The stored layout is ours, not the card's; it is declared once below and its length derived.
 *
 *   PackedInterval ::= SEQUENCE {            -- little-endian, INTERVAL_LENGTH bytes
 *     start     INT32,   -- start − day·86 400 (seconds into the UTC day)
 *     end       INT32,   -- end − day·86 400 (a day's last interval ends at 86 400)
 *     duration  INT32,   -- seconds as decoded (end − start; negative for an out-of-order change)
 *     flags     UINT8    -- bits 0–1 activity (codec ACTIVITY_CODES), 2 slot, 3 crew, 4 card_inserted, 5 manual_entry
 *   }
 *   PackedDay ::= SEQUENCE OF PackedInterval  -- in `seq` order: start, then the card's own order
 */
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import type { Served } from '../../../core/use-cases/contracts.js';
import { DAY_SECONDS } from '../../../core/time.js';
import { isCardData } from '../../../core/fleet/readiness.js';
import { ACTIVITY_CODES, SLOT_CODES, activityCode, slotCode } from './codec.js';

interface Field {
  readonly at: number;
  readonly len: number;
}

/** The fields in order; offsets follow from the lengths. */
function layout<K extends string>(
  fields: ReadonlyArray<readonly [K, number]>,
): { fields: Record<K, Field>; len: number } {
  const out = {} as Record<K, Field>;
  let at = 0;
  for (const [name, len] of fields) {
    out[name] = { at, len };
    at += len;
  }
  return { fields: out, len: at };
}

const PACKED = layout([
  ['start', 4],
  ['end', 4],
  ['duration', 4],
  ['flags', 1],
] as const);
const F = PACKED.fields;
export const INTERVAL_LENGTH = PACKED.len;

const FLAG_SLOT = 1 << 2;
const FLAG_CREW = 1 << 3;
const FLAG_INSERTED = 1 << 4;
const FLAG_MANUAL = 1 << 5;

const INT32_MIN = -0x8000_0000;
const INT32_MAX = 0x7fff_ffff;

function int32(value: number, what: string): number {
  if (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX)
    throw new RangeError(`${what} ${value} does not fit the packed day`);
  return value;
}

/** The intervals of one day (all with `date` = day, in seq order) as one packed value. */
export function packDay(day: number, rows: readonly ActivityIntervalRow[]): Buffer {
  const base = day * DAY_SECONDS;
  const out = Buffer.alloc(rows.length * INTERVAL_LENGTH);
  let at = 0;
  for (const row of rows) {
    out.writeInt32LE(int32(row.start - base, 'start'), at + F.start.at);
    out.writeInt32LE(int32(row.end - base, 'end'), at + F.end.at);
    out.writeInt32LE(int32(row.duration, 'duration'), at + F.duration.at);
    const flags =
      activityCode(row.activity) |
      (slotCode(row.slot) === 1 ? FLAG_SLOT : 0) |
      (row.crew ? FLAG_CREW : 0) |
      (row.card_inserted ? FLAG_INSERTED : 0) |
      (row.manual_entry ? FLAG_MANUAL : 0);
    out.writeUInt8(flags, at + F.flags.at);
    at += INTERVAL_LENGTH;
  }
  return out;
}

/** The import's intervals grouped per UTC day, each day in seq order (date, start, the card's own order). */
export function packedDays(
  rows: readonly ActivityIntervalRow[],
): Array<{ day: number; count: number; packed: Buffer }> {
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.date - b.row.date || a.row.start - b.row.start || a.index - b.index);
  const days: Array<{ day: number; count: number; packed: Buffer }> = [];
  for (let i = 0; i < ordered.length;) {
    const day = ordered[i]!.row.date;
    let j = i;
    while (j < ordered.length && ordered[j]!.row.date === day) j++;
    const group = ordered.slice(i, j).map((o) => o.row);
    days.push({ day, count: group.length, packed: packDay(day, group) });
    i = j;
  }
  return days;
}

/** Who served a packed day: written into every row unpacked from it. */
export interface PackedOwner {
  import_id: string;
  card_number: string | null;
  quarantined: boolean;
}

/** Appends the intervals of one packed day to `out`; a value whose length is no multiple of the record is refused. */
export function unpackDay(
  packed: Uint8Array,
  day: number,
  owner: PackedOwner,
  out: Array<Served<ActivityIntervalRow>>,
): void {
  if (packed.byteLength % INTERVAL_LENGTH !== 0) throw new RangeError(`packed day of ${packed.byteLength} bytes`);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const base = day * DAY_SECONDS;
  for (let at = 0; at < packed.byteLength; at += INTERVAL_LENGTH) {
    const flags = view.getUint8(at + F.flags.at);
    // a literal with every field: V8 keeps such objects in fast mode (see row-mappers.ts)
    out.push({
      import_id: owner.import_id,
      card_number: owner.card_number,
      date: day,
      start: base + view.getInt32(at + F.start.at, true),
      end: base + view.getInt32(at + F.end.at, true),
      activity: ACTIVITY_CODES[flags & 3]!,
      duration: view.getInt32(at + F.duration.at, true),
      slot: SLOT_CODES[(flags & FLAG_SLOT) === 0 ? 0 : 1]!,
      crew: (flags & FLAG_CREW) !== 0,
      card_inserted: (flags & FLAG_INSERTED) !== 0,
      manual_entry: (flags & FLAG_MANUAL) !== 0,
      quarantined: owner.quarantined,
    });
  }
}

/** Whether one of a packed day's intervals is card data (core/fleet/readiness.ts isCardData), read in place. */
export function packedHasCardData(packed: Uint8Array): boolean {
  if (packed.byteLength % INTERVAL_LENGTH !== 0) throw new RangeError(`packed day of ${packed.byteLength} bytes`);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  for (let at = 0; at < packed.byteLength; at += INTERVAL_LENGTH) {
    const flags = view.getUint8(at + F.flags.at);
    const duration = view.getInt32(at + F.duration.at, true);
    if (isCardData((flags & FLAG_INSERTED) !== 0, (flags & FLAG_MANUAL) !== 0, duration)) return true;
  }
  return false;
}
