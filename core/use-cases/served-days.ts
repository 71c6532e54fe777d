/**
 * Which import serves each UTC day of a card's history ("Selecting the data basis" in the API contract).
 *
 * - All imports recorded the day identically (same fingerprint): served once, from the newest import.
 * - Versions differ, but every version is a prefix of one complete version (the download day of an
 *   older file is cut off at the moment of the download, a later file holds the whole day): the complete
 *   version is served and the day is NOT a conflict. A prefix keeps every change (start, activity, slot,
 *   crew, card/manual flags) of the longer day in order, and its distance is not larger; only its last
 *   interval may end differently: no later than the same interval of the longer day (the older file was read
 *   before the change that ends it; a file that recorded the activity past that change disagrees with it), or
 *   at 24:00 (rows stored before the decoder ended the newest day at the download ran it to 24:00).
 * - Otherwise the imports disagree: the newest import's version is served and the date is a conflict.
 * "Newest" is the import saved last (largest store sequence).
 */
import type { ActivityIntervalRow, UtcDay } from '../domain/rows.js';
import type { ServedDay, StoredDayRecord } from '../ports/import-store.js';
import { DAY_SECONDS, dayStart } from '../time.js';
import { sortIntervals } from './day-records.js';

export interface DayResolution {
  /** one entry per date, in date order */
  served: StoredDayRecord[];
  conflicts: UtcDay[];
}

export type LoadDayIntervals = (days: ServedDay[]) => Promise<ActivityIntervalRow[]>;

export async function resolveServedDays(
  records: readonly StoredDayRecord[],
  load: LoadDayIntervals,
): Promise<DayResolution> {
  const byDate = new Map<UtcDay, StoredDayRecord[]>();
  for (const record of records) {
    const list = byDate.get(record.date);
    if (list) list.push(record);
    else byDate.set(record.date, [record]);
  }
  const chosen = new Map<UtcDay, StoredDayRecord>();
  const disputed = new Map<UtcDay, StoredDayRecord[]>();
  for (const [date, list] of byDate) {
    const versions = newestPerFingerprint(list);
    if (versions.length === 1) chosen.set(date, versions[0]!);
    else disputed.set(date, versions);
  }
  const conflicts: UtcDay[] = [];
  if (disputed.size > 0) {
    const rows = await load([...disputed.values()].flat().map(({ import_id, date }) => ({ import_id, date })));
    const rowsOf = new Map<string, ActivityIntervalRow[]>();
    for (const row of rows) {
      const key = `${row.import_id}/${row.date}`;
      const list = rowsOf.get(key);
      if (list) list.push(row);
      else rowsOf.set(key, [row]);
    }
    for (const [date, versions] of disputed) {
      const candidates = versions.map((record) => ({
        record,
        rows: sortIntervals(rowsOf.get(`${record.import_id}/${date}`) ?? []),
      }));
      const complete = candidates.reduce((best, c) => (completeness(c, best) > 0 ? c : best));
      if (candidates.every((c) => c === complete || isPrefixDay(c, complete))) {
        chosen.set(date, complete.record);
      } else {
        chosen.set(
          date,
          versions.reduce((a, b) => (b.sequence > a.sequence ? b : a)),
        );
        conflicts.push(date);
      }
    }
  }
  const served = [...chosen.values()].sort((a, b) => a.date - b.date);
  return { served, conflicts: conflicts.sort((a, b) => a - b) };
}

/** Distinct versions of one day, each represented by the newest import holding it. */
function newestPerFingerprint(list: readonly StoredDayRecord[]): StoredDayRecord[] {
  const newest = new Map<string, StoredDayRecord>();
  for (const record of list) {
    const known = newest.get(record.fingerprint);
    if (!known || record.sequence > known.sequence) newest.set(record.fingerprint, record);
  }
  return [...newest.values()];
}

interface DayVersion {
  record: StoredDayRecord;
  rows: ActivityIntervalRow[];
}

/** > 0 when a is more complete than b: more changes, later last end, more distance, newer. */
function completeness(a: DayVersion, b: DayVersion): number {
  const lastEnd = (v: DayVersion) => v.rows[v.rows.length - 1]?.end ?? -Infinity;
  return (
    a.rows.length - b.rows.length ||
    (lastEnd(a) > lastEnd(b) ? 1 : lastEnd(a) < lastEnd(b) ? -1 : 0) ||
    a.record.distance_km - b.record.distance_km ||
    a.record.sequence - b.record.sequence
  );
}

export function isPrefixDay(part: DayVersion, whole: DayVersion): boolean {
  if (part.rows.length > whole.rows.length || part.record.distance_km > whole.record.distance_km) return false;
  return part.rows.every((row, i) => {
    const other = whole.rows[i]!;
    const sameChange =
      row.start === other.start &&
      row.activity === other.activity &&
      row.slot === other.slot &&
      row.crew === other.crew &&
      row.card_inserted === other.card_inserted &&
      row.manual_entry === other.manual_entry;
    if (!sameChange) return false;
    if (i < part.rows.length - 1) return row.end === other.end;
    return row.end <= other.end || row.end === dayStart(row.date) + DAY_SECONDS;
  });
}
