/**
 * Where each weekly rest started, as far as the card records it (the input of ./rules/mobility-package.ts).
 *
 * Evidence: only records that carry a country. EF Places (Annex IC 2.117, PlaceRecord: the country where a daily
 * work period began or ended, entered by the driver, Reg. (EU) 165/2014 Art. 34(6)(f) and (7)) and EF
 * Border_Crossings (gen2v2, 2.203 CardBorderCrossingRecord: the country entered, recorded by the vehicle unit).
 * EF GNSS_Places (accumulated driving) and EF Load_Unload_Operations carry GNSS coordinates but no country: a
 * coordinate alone is not a country (no border data is used to reverse-geocode it), so they place nothing.
 *
 * The country at a rest's start: the last record at or before it, and only while the card shows the driver could
 * not have left that country since (never carried over time in which he may have moved):
 * - an END place entered up to END_GRACE after the start (the driver enters the end of the daily work period when
 *   withdrawing the card, 165/2014 Art. 34(7), which follows the last activity recorded with the card in);
 * - a place (BEGIN or END) when, from the record to the rest's start, every instant is recorded (card inserted or
 *   entered by hand: unknown time may have been travel) with no driving and no crew time (as co-driver the vehicle
 *   moves with him): he did not move;
 * - a border crossing when, from the record to the rest's start, the card stayed inserted without interruption:
 *   it stayed in the gen2v2 vehicle unit that recorded the crossing, which records every further crossing
 *   (165/2014 Art. 8(1) as amended by 2020/1054), so none happened. After a withdrawal (possibly another vehicle,
 *   one that records no crossings) the crossing no longer places the rest.
 * Otherwise the rest is unplaced (null): the rules then say POTENTIAL, never a VIOLATION on a guess.
 */
import type { ActivityIntervalRow, PositionRow } from '../domain/rows.js';
import type { Analysis, RestPeriod } from './shifts.js';
import { weeklyRestsOf } from './shifts.js';
import type { CountryRecord, RestPlacesInput, WeeklyRestPlace } from './types.js';

/** How long after a rest's start an END place may be entered (at the card's withdrawal) and still name its country. */
export const END_GRACE_SECONDS = 3600;

/** The position rows that carry a country, as country records in time order (places, border crossings). */
export function countryRecordsOf(positions: readonly PositionRow[]): CountryRecord[] {
  const out: CountryRecord[] = [];
  for (const p of positions) {
    if (p.timestamp === null || p.country_code === null) continue;
    if (p.source !== 'PLACE' && p.source !== 'BORDER_CROSSING') continue;
    const type = p.source === 'PLACE' && (p.type === 'BEGIN' || p.type === 'END') ? p.type : null;
    out.push({ at: p.timestamp, country: p.country_code, source: p.source, type });
  }
  return out.sort((x, y) => x.at - y.at);
}

type Row = Pick<ActivityIntervalRow, 'start' | 'end' | 'activity' | 'crew' | 'card_inserted' | 'manual_entry'>;

/**
 * Rows sorted by start with the running maximum of their ends: the rows before the first whose running maximum
 * passes an instant all end at or before it, and the rows from the first starting at or after an instant all start
 * after it, so a scan over a time span can skip both (a year of rows is read once per weekly rest).
 */
export interface RowIndex {
  rows: readonly Row[];
  maxEnd: readonly number[];
}

function rowIndexOf(rows: readonly Row[]): RowIndex {
  const sorted = [...rows].sort((x, y) => x.start - y.start);
  const maxEnd: number[] = [];
  let max = -Infinity;
  for (const r of sorted) maxEnd.push((max = Math.max(max, r.end)));
  return { rows: sorted, maxEnd };
}

/** The first row of `index` that may end after `from` (binary search on the running maximum of the ends). */
function firstEndingAfter(index: RowIndex, from: number): number {
  let lo = 0;
  let hi = index.maxEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.maxEnd[mid]! > from) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Every instant from `from` to `to` is recorded (no unknown time) by rows that all pass `ok`. */
function recordedAs(rows: readonly Row[] | RowIndex, from: number, to: number, ok: (r: Row) => boolean): boolean {
  const sorted = 'maxEnd' in rows;
  const list = sorted ? rows.rows : rows;
  let reached = from;
  for (let i = sorted ? firstEndingAfter(rows, from) : 0; i < list.length; i++) {
    const r = list[i]!;
    if (sorted && r.start >= to) break; // sorted by start: no later row reaches into the span
    if (r.end <= from || r.start >= to || r.end <= r.start) continue;
    if (!ok(r) || r.start > reached) return false;
    reached = Math.max(reached, r.end);
  }
  return reached >= to;
}

/** Recorded time only (card inserted or entered by hand), no driving and no crew time: the driver did not move. */
const stayed = (r: Row) => (r.card_inserted || r.manual_entry) && r.activity !== 'DRIVING' && !r.crew;
/** The card inserted: it stayed in the vehicle unit that recorded the crossing. */
const inserted = (r: Row) => r.card_inserted;

/** The country where a rest starting at `start` started, or null (readings in the header). */
export function countryAtRestStart(
  records: readonly CountryRecord[],
  rows: readonly Row[] | RowIndex,
  start: number,
): string | null {
  const late = records.find(
    (c) => c.source === 'PLACE' && c.type === 'END' && c.at > start && c.at <= start + END_GRACE_SECONDS,
  );
  if (late) return late.country;
  let last: CountryRecord | undefined;
  for (const c of records) if (c.at <= start) last = c;
  if (!last) return null;
  return recordedAs(rows, last.at, start, last.source === 'PLACE' ? stayed : inserted) ? last.country : null;
}

/** The input's places, completed for every weekly rest of `a` from the input's country records. */
export function restPlacesOf(a: Analysis, input: RestPlacesInput, rows: readonly Row[]): RestPlacesInput {
  const records = input.records ?? [];
  if (!records.length) return input;
  const sorted = rowIndexOf(rows);
  const given = new Set(input.places.map((p) => p.start));
  const found: WeeklyRestPlace[] = weeklyRestsOf(a)
    .filter((r: RestPeriod) => !given.has(r.start))
    .map((r) => ({ start: r.start, country: countryAtRestStart(records, sorted, r.start) }));
  return { ...input, places: [...input.places, ...found] };
}
