/**
 * Activity interval rows (api-contract.md "activity interval") from the daily records of EF Driver_Activity_Data.
 *
 * One interval per ActivityChangeInfo, in stored order, never merged: it starts at the change's minute and runs
 * to the next change of the same day, or to 24:00 UTC for the last change.
 * - slot: s (0 DRIVER, 1 CO_DRIVER); card_inserted: p = 0; crew: inserted && c; manual_entry: not inserted && c
 *   (not inserted and not manual = unknown activity; `activity` then still carries the stored 'aa' bits).
 * - Zero-length intervals (two changes in the same minute) are kept with duration 0.
 * - Out-of-order minutes (a change earlier than the one before it, e.g. a clock set back after a card
 *   withdrawal) are kept as stored: the interval ends at the next change's time and its duration is
 *   negative. This is the reading that reproduces the real sample's totals (shared/samples/README.md: the
 *   sample has one such change, 15:01 → 14:53 on 2025-09-05, and the published UNKNOWN total counts it as
 *   −480 s, so that every day sums to exactly 86 400 s). Each such day raises warning `activity_time_out_of_order`.
 * - A change at minute 1440 or later (the 11-bit field holds up to 2047, but it counts "minutes since 00h00 on
 *   the given day", 2.1) is no time of that day: it is left out — the interval before it runs on to the next
 *   valid change or 24:00 — and the day raises warning `activity_time_out_of_range`.
 * - The newest daily record ends at the download (core/decoder/download-time.ts): nothing after that moment is
 *   recorded yet, so an interval running past it ends at it (duration = end − start, possibly 0 when the card
 *   was read in the minute of its last change). Its other intervals, and every older day, are as above.
 */
import type { ActivityDailyRecord, DecodedCard } from '../domain/card.js';
import type { Activity, ActivityIntervalRow, Warning } from '../domain/rows.js';
import { downloadTimeOf } from '../decoder/download-time.js';
import { dayOf, isoDay } from '../time.js';
import { pick } from './views.js';

const ACTIVITY: readonly Activity[] = ['REST', 'AVAILABILITY', 'WORK', 'DRIVING'];
const DAY_MINUTES = 1440;

export function activityRows(card: DecodedCard, cardNumber: string | null, warnings: Warning[]): ActivityIntervalRow[] {
  const days = pick(card, 'driverActivity')?.days ?? [];
  const rows: ActivityIntervalRow[] = [];
  const downloadAt = downloadTimeOf(card) ?? Infinity;
  for (let i = 0; i < days.length; i++)
    appendDay(days[i]!, cardNumber, rows, warnings, i === days.length - 1 ? downloadAt : Infinity);
  return rows;
}

function appendDay(
  day: ActivityDailyRecord,
  cardNumber: string | null,
  rows: ActivityIntervalRow[],
  warnings: Warning[],
  endsAt: number,
): void {
  const date = dayOf(day.date);
  let changes = day.changes;
  let outOfRange = false;
  for (const c of changes) if (c.minutes >= DAY_MINUTES) outOfRange = true;
  if (outOfRange) changes = changes.filter((c) => c.minutes < DAY_MINUTES);
  let outOfOrder = false;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    const startMinute = c.minutes;
    const endMinute = i + 1 < changes.length ? changes[i + 1].minutes : DAY_MINUTES;
    if (endMinute < startMinute) outOfOrder = true;
    const inserted = !c.notInserted;
    const start = day.date + startMinute * 60;
    const end = Math.min(day.date + endMinute * 60, endsAt);
    rows.push({
      import_id: null,
      card_number: cardNumber,
      date,
      start,
      end,
      activity: ACTIVITY[c.activity],
      duration: end - start,
      slot: c.slot === 1 ? 'CO_DRIVER' : 'DRIVER',
      crew: inserted && c.crewOrKnown,
      card_inserted: inserted,
      manual_entry: !inserted && c.crewOrKnown,
    });
  }
  if (outOfRange) {
    warnings.push({
      code: 'activity_time_out_of_range',
      message: `The daily record of ${isoDay(date)} holds an activity change at minute 1440 or later, which is no time of that day; it was left out.`,
    });
  }
  if (outOfOrder) {
    warnings.push({
      code: 'activity_time_out_of_order',
      message: `The daily record of ${isoDay(date)} holds an activity change earlier than the change before it; the interval between them has a negative duration.`,
    });
  }
}
