/**
 * The open end of the data. The newest day of a download ends at the moment of the download: the decoder ends its
 * last interval there (core/decoder/download-time.ts, the one definition of that moment; api-contract "activity
 * interval"), so no row covers the time after it. The pre-check reads that moment from the rows — the latest end
 * among the intervals of the basis's newest day, when it lies before 24:00 — and evaluates nothing after it: the
 * timeline's known activity ends there (./timeline.ts: time after the last known activity is not evaluated), and
 * the warning OPEN_END names the moment and the unrecorded rest of the day. What the card recorded up to the
 * download (its last activity, from the last change to the download) is evaluated as recorded.
 *
 * Rows without that cut — stored before the decoder ended the newest day at the download, so that the newest
 * day's last change "runs to 24:00" only because no later change existed yet (a real file showed 12 h 34 min of
 * "driving" from 11:26 to 24:00) — carry no download time. For them the previous reading stays: a last interval of
 * known activity other than REST running to 24:00 is UNKNOWN from its change on (never a violation); a final REST
 * is kept (it can only shorten rests, and a rest touching the end of the data is never judged too short). Rows
 * the decoder writes today reach 24:00 on the newest day only when the download came at 24:00 or later (a later
 * EF Card_Download), which a card still in a vehicle unit cannot show: the unit opens a new daily record at 00:00.
 */
import type { ActivityIntervalRow, UtcDay } from '../domain/rows.js';
import { dayStart } from '../time.js';
import { DAY, formatInstant, toIso } from './time.js';
import type { PrecheckWarning } from './types.js';

export interface OpenEnd {
  /** the moment the data ends: the download time (or, without the cut, the change from which time is unknown) */
  at: number;
  /** 24:00 of the newest day */
  dayEnd: number;
  /** rows without the cut: the interval read as UNKNOWN from its change on; null when the rows end at the download */
  unknownRow: ActivityIntervalRow | null;
}

/** The open end of `rows` (see the file comment); `openEndDate`: the basis's newest recorded day. */
export function openEndOf(
  rows: readonly ActivityIntervalRow[],
  openEndDate: UtcDay | null | undefined,
): OpenEnd | null {
  if (openEndDate === null || openEndDate === undefined) return null;
  const dayEnd = dayStart(openEndDate) + DAY;
  let last: ActivityIntervalRow | null = null;
  let end = -Infinity;
  for (const r of rows) {
    if (r.date !== openEndDate) continue;
    if (last === null || r.start >= last.start) last = r;
    if (r.end > end) end = r.end;
  }
  if (last === null) return null;
  if (end < dayEnd) return { at: end, dayEnd, unknownRow: null };
  if (last.activity === 'REST' || !(last.card_inserted || last.manual_entry) || last.end !== dayEnd) return null;
  return { at: last.start, dayEnd, unknownRow: last };
}

/** The rows the timeline is built from: an uncut open interval becomes UNKNOWN (card not inserted, not entered). */
export function openEndRows(
  rows: readonly ActivityIntervalRow[],
  openEnd: OpenEnd | null,
): readonly ActivityIntervalRow[] {
  const open = openEnd?.unknownRow;
  if (!open) return rows;
  return rows.map((r) => (r === open ? { ...r, card_inserted: false, manual_entry: false } : r));
}

export function openEndWarning(o: OpenEnd): PrecheckWarning {
  if (o.unknownRow === null) {
    return {
      code: 'OPEN_END',
      message:
        `The data ends at the download of the card, ${formatInstant(o.at)} (the newest time the file records): nothing ` +
        'after it is recorded yet, so the rest of that day is not evaluated.',
      start: toIso(o.at),
      end: toIso(o.dayEnd),
    };
  }
  const row = o.unknownRow;
  return {
    code: 'OPEN_END',
    message:
      `The last recorded day ends with ${row.activity} from ${formatInstant(row.start)}: the card was downloaded ` +
      'some time after that change, so the time from it to the end of the day is treated as unknown and not evaluated.',
    start: toIso(row.start),
    end: toIso(row.end),
  };
}
