/**
 * One record per UTC day a card file recorded: the day's distance and a fingerprint of its content
 * (every activity change and the distance). Equal fingerprints mean two imports recorded the day
 * identically, which lets a card's history be merged without comparing interval rows.
 */
import type { ActivityIntervalRow, ParsedCard } from '../domain/rows.js';
import type { DayRecord } from '../ports/import-store.js';
import type { Hasher } from '../ports/hasher.js';
import type { UtcDay } from '../time.js';
import { DAY_SECONDS, dayStart, isoClock, isoDay, isoTimestamp } from '../time.js';

export function dayRecordsOf(card: ParsedCard, hasher: Hasher): DayRecord[] {
  const intervals = new Map<UtcDay, ActivityIntervalRow[]>();
  const distances = new Map<UtcDay, number>();
  for (const row of card.activities) {
    const list = intervals.get(row.date);
    if (list) list.push(row);
    else intervals.set(row.date, [row]);
  }
  for (const row of card.day_distances) distances.set(row.date, (distances.get(row.date) ?? 0) + row.distance_km);
  const dates = [...new Set([...intervals.keys(), ...distances.keys()])].sort((a, b) => a - b);
  return dates.map((date) => {
    const distance = distances.get(date) ?? 0;
    const rows = sortIntervals(intervals.get(date) ?? []);
    const instant = dayInstants(date);
    let text = '';
    for (let i = 0; i < rows.length; i++) text += (i === 0 ? '' : ';') + intervalKey(rows[i]!, instant);
    text += `#${distance}`;
    return { date, fingerprint: hasher.sha256HexOfText(text).slice(0, 32), distance_km: distance };
  });
}

/** Intervals of one day in time order (stable for equal starts). */
export function sortIntervals<T extends Pick<ActivityIntervalRow, 'start'>>(rows: readonly T[]): T[] {
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) sorted = rows[i - 1]!.start <= rows[i]!.start;
  if (sorted) return rows.slice(); // already in time order (as decoded): the stable sort would keep it
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.start - b.row.start || a.index - b.index)
    .map(({ row }) => row);
}

/** The fingerprint text is that of the ISO rows stored before the numeric model, so stored fingerprints stay comparable. */
function intervalKey(row: ActivityIntervalRow, instant: (seconds: number) => string): string {
  return (
    instant(row.start) +
    '|' +
    instant(row.end) +
    '|' +
    row.activity +
    '|' +
    row.slot +
    '|' +
    (row.crew ? '1|' : '0|') +
    (row.card_inserted ? '1|' : '0|') +
    (row.manual_entry ? '1' : '0')
  );
}

/** isoTimestamp, with the date text of `day` written once (a day's instants mostly fall on it). */
function dayInstants(day: UtcDay): (seconds: number) => string {
  const start = dayStart(day);
  const prefix = isoDay(day) + 'T';
  return (seconds) => {
    const second = seconds - start;
    return second >= 0 && second < DAY_SECONDS ? prefix + isoClock(second) + 'Z' : isoTimestamp(seconds);
  };
}
