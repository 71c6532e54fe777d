/**
 * The kinds of rows a VU import stores in `vu_row` (../mikro-orm-schema/vu-row-schema.ts), declared once: for each,
 * the time a row is ordered by (`start_s`), its UTC day (`day`: what a date range selects) and its identity across
 * overlapping downloads of one VU (`ident`, core/ports/vehicle-unit-store.ts: a day's activities and day record by
 * the day; insertions by card, slot and insertion time; events and faults by code and start; overspeeding by start;
 * calibrations by purpose and time; positions by time, source and type; speed by the minute's start).
 */
import type { PreparedVuRows, StoredVuRows, VuRowSet } from '../../../core/ports/import-store.js';
import { dayOf, parseIsoDay, parseIsoTimestamp } from '../../../core/time.js';
import type { SqlValue } from '../database/dialect.js';

export const VU_ROW_KINDS = [
  'day',
  'activity',
  'insertion',
  'event',
  'fault',
  'overspeeding',
  'calibration',
  'position',
  'speed',
] as const;
export type VuRowKind = (typeof VU_ROW_KINDS)[number];

/** The columns of one row kind: ordering time, day and identity of a row (a JSON object of that kind). */
interface RowKeys {
  start: number | null;
  day: number | null;
  ident: string;
}

const seconds = (text: string | null | undefined): number | null =>
  text === null || text === undefined ? null : parseIsoTimestamp(text);
const dayOfText = (text: string | null | undefined): number | null => {
  const s = seconds(text);
  return s === null ? null : dayOf(s);
};

/** A row as stored: any of the VU row shapes (their fields read by name below). */
type AnyRow = Record<string, any>;

function timed(row: AnyRow, field: string, ident: string): RowKeys {
  return { start: seconds(row[field]), day: dayOfText(row[field]), ident };
}

const KEYS: Record<VuRowKind, (row: AnyRow) => RowKeys> = {
  day: (r) => {
    const day = parseIsoDay(r.date);
    return { start: day === null ? null : day * 86400, day, ident: r.date };
  },
  activity: (r) => ({ start: seconds(r.start), day: parseIsoDay(r.date), ident: r.date }),
  insertion: (r) => timed(r, 'inserted_at', `${r.card_number}|${r.slot}|${r.inserted_at}`),
  event: (r) => timed(r, 'start', `${r.code}|${r.start}`),
  fault: (r) => timed(r, 'start', `${r.code}|${r.start}`),
  overspeeding: (r) => timed(r, 'start', `${r.start}`),
  calibration: (r) => timed(r, 'at', `${r.purpose.code}|${r.at}`),
  position: (r) => timed(r, 'timestamp', `${r.timestamp}|${r.source}|${r.type}`),
  speed: (r) => timed(r, 'start', `${r.start}`),
};

/** The rows of each kind in a VU import's rows. */
export function rowsByKind(vu: VuRowSet): Record<VuRowKind, readonly AnyRow[]> {
  const r = vu.rows;
  return {
    day: vu.days,
    activity: r.vu_activities,
    insertion: r.card_insertions,
    event: r.vu_events,
    fault: r.vu_faults,
    overspeeding: r.overspeeding,
    calibration: r.calibrations,
    position: r.vu_positions,
    speed: vu.speed,
  };
}

/** Each row of a VU import with its kind, sequence, keys and JSON text (`import_id` and `vin` left out of the text). */
function eachRow(vu: VuRowSet, visit: (kind: VuRowKind, seq: number, keys: RowKeys, body: string) => void): void {
  const all = rowsByKind(vu);
  for (const kind of VU_ROW_KINDS)
    all[kind].forEach((row, seq) => {
      const { import_id: _id, vin: _vin, ...body } = row;
      visit(kind, seq, KEYS[kind](row), JSON.stringify(body));
    });
}

/**
 * The `vu_row` values of a VU import (VU_ROW_COLUMNS order), its pk first (`importPk`, set by the caller once
 * known); `import_id` is left out of the body (the import's, read back from the join).
 */
export function vuRowValues(importPk: number, vin: string, vu: StoredVuRows): SqlValue[][] {
  if ('prepared' in vu) return preparedValues(importPk, vin, vu.prepared);
  const values: SqlValue[][] = [];
  eachRow(vu, (kind, seq, keys, body) =>
    values.push([importPk, kind, seq, vin, keys.day, keys.start, keys.ident, body]),
  );
  return values;
}

/** The rows in their written form, packed into a few typed arrays and two texts (the decoder pool's workers). */
export function prepareVuRows(vu: VuRowSet): PreparedVuRows {
  const kinds: number[] = [];
  const seqs: number[] = [];
  const days: number[] = [];
  const starts: number[] = [];
  const idents: string[] = [];
  const bodies: string[] = [];
  eachRow(vu, (kind, seq, keys, body) => {
    kinds.push(VU_ROW_KINDS.indexOf(kind));
    seqs.push(seq);
    days.push(keys.day ?? NaN);
    starts.push(keys.start ?? NaN);
    idents.push(keys.ident);
    bodies.push(body);
  });
  return {
    kind: Uint8Array.from(kinds),
    seq: Int32Array.from(seqs),
    day: Float64Array.from(days),
    start: Float64Array.from(starts),
    idents: idents.join(''),
    identEnds: endsOf(idents),
    bodies: bodies.join(''),
    bodyEnds: endsOf(bodies),
  };
}

function endsOf(texts: readonly string[]): Uint32Array {
  const ends = new Uint32Array(texts.length);
  let at = 0;
  texts.forEach((text, i) => (ends[i] = at += text.length));
  return ends;
}

/** The `vu_row` values of prepared rows: the same values vuRowValues makes of the rows they were prepared from. */
function preparedValues(importPk: number, vin: string, p: PreparedVuRows): SqlValue[][] {
  const values: SqlValue[][] = new Array(p.kind.length);
  const orNull = (n: number) => (Number.isNaN(n) ? null : n);
  for (let i = 0; i < p.kind.length; i++) {
    values[i] = [
      importPk,
      VU_ROW_KINDS[p.kind[i]!]!,
      p.seq[i]!,
      vin,
      orNull(p.day[i]!),
      orNull(p.start[i]!),
      p.idents.slice(i === 0 ? 0 : p.identEnds[i - 1], p.identEnds[i]),
      p.bodies.slice(i === 0 ? 0 : p.bodyEnds[i - 1], p.bodyEnds[i]),
    ];
  }
  return values;
}
