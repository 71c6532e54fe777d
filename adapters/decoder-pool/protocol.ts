/**
 * Messages between the decoder pool and its workers. A card's activity intervals (thousands of rows) travel as
 * transferred typed-array columns, not as cloned objects: structured clone of 6,000 row objects costs the main
 * thread more than decoding the file, unpacking columns costs it well under a millisecond.
 */
import type { TrustFile } from '../../core/authenticity/index.js';
import type { DecodeErrorReason } from '../../core/decoder/api.js';
import type { Activity, ActivityIntervalRow, ParsedCard } from '../../core/domain/rows.js';
import type { DayRecord, PreparedVuRows } from '../../core/ports/import-store.js';
import type { VuRows } from '../../core/rows/vu-download.js';

export interface WorkerRequest {
  id: number;
  /** a driver card download, or a vehicle-unit download (answered as its summary and prepared rows) */
  kind: 'card' | 'vu';
  content: Uint8Array;
}

export interface PackedActivities {
  card_number: string | null;
  date: Int32Array;
  start: Float64Array;
  end: Float64Array;
  duration: Int32Array;
  /** bits 0-1 activity (index in ACTIVITIES), 2 co-driver slot, 3 crew, 4 card inserted, 5 manual entry */
  flags: Uint8Array;
}

export type PackedCard = Omit<ParsedCard, 'activities'> & { activities: PackedActivities };

export type WorkerReply =
  /**
   * `days`: the card's day records (core dayRecordsOf), computed on the worker; `deflated`: the body compressed as
   * the storage keeps it (setup `prepareContent`; null: compression does not shrink it, the bytes are kept as they are)
   */
  | { id: number; ok: true; card: PackedCard; days: DayRecord[]; deflated?: Uint8Array | null }
  /**
   * A VU download: its import summary and its rows as the storage writes them (a few typed arrays and two texts,
   * transferred: cloning tens of thousands of row objects would cost the event loop more than decoding them)
   */
  | { id: number; ok: true; vu: VuRows['import']; prepared: PreparedVuRows; deflated?: Uint8Array | null }
  /** reason null: not a decode failure but a decoder bug (reported as such, without its text) */
  | { id: number; ok: false; reason: DecodeErrorReason | null; message: string };

const ACTIVITIES: readonly Activity[] = ['DRIVING', 'WORK', 'AVAILABILITY', 'REST'];

/** Columns of the activity rows (all rows of one file share import_id null and one card number). */
export function packCard(card: ParsedCard): { card: PackedCard; transfer: ArrayBuffer[] } {
  const rows = card.activities;
  const n = rows.length;
  const packed: PackedActivities = {
    card_number: rows[0]?.card_number ?? null,
    date: new Int32Array(n),
    start: new Float64Array(n),
    end: new Float64Array(n),
    duration: new Int32Array(n),
    flags: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    packed.date[i] = r.date;
    packed.start[i] = r.start;
    packed.end[i] = r.end;
    packed.duration[i] = r.duration;
    packed.flags[i] =
      ACTIVITIES.indexOf(r.activity) |
      (r.slot === 'CO_DRIVER' ? 4 : 0) |
      (r.crew ? 8 : 0) |
      (r.card_inserted ? 16 : 0) |
      (r.manual_entry ? 32 : 0);
  }
  const transfer = [packed.date, packed.start, packed.end, packed.duration, packed.flags].map(
    (a) => a.buffer as ArrayBuffer,
  );
  return { card: { ...card, activities: packed }, transfer };
}

/** The typed arrays of prepared VU rows, to transfer. */
export function preparedBuffers(p: PreparedVuRows): ArrayBuffer[] {
  return [p.kind, p.seq, p.day, p.start, p.identEnds, p.bodyEnds].map((a) => a.buffer as ArrayBuffer);
}

export function unpackCard(card: PackedCard): ParsedCard {
  const p = card.activities;
  const activities: ActivityIntervalRow[] = new Array(p.date.length);
  for (let i = 0; i < p.date.length; i++) {
    const f = p.flags[i]!;
    activities[i] = {
      import_id: null,
      card_number: p.card_number,
      date: p.date[i]!,
      start: p.start[i]!,
      end: p.end[i]!,
      activity: ACTIVITIES[f & 3]!,
      duration: p.duration[i]!,
      slot: f & 4 ? 'CO_DRIVER' : 'DRIVER',
      crew: (f & 8) !== 0,
      card_inserted: (f & 16) !== 0,
      manual_entry: (f & 32) !== 0,
    };
  }
  return { ...card, activities };
}

/** What a worker is started with: the trust roots to verify with (null: decode only). */
export interface WorkerSetup {
  trustFiles: TrustFile[] | null;
  /** check a file's EF signatures one after the other on the worker thread (default: concurrently, thread pool) */
  sequentialSignatures?: boolean;
  /** answer a decoded body's stored form too (`deflated`), so the event loop does not compress it */
  prepareContent?: boolean;
}
