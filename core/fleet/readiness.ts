/**
 * Roadside readiness: since the Mobility Package a driver must be able to produce the records of the current day
 * and the previous 56 days at a roadside check (Reg. (EU) No 165/2014 Art. 36(1) and (2) as amended by Reg. (EU)
 * 2020/1054: "the current day and the previous 56 days"). A day of that window is ready when the card holds data
 * for it — at least one activity recorded with the card inserted or entered by hand (Annex IC 2.1: the `p` and
 * `c` bits) — or when the office holds another record of it (an annotation such as leave or sick leave, which the
 * driver then carries as an attestation). Every other day is missing: no daily record at all (`no_record`), or a
 * record of card-out time only (`card_out`), which a check reads as unexplained time.
 */
import type { ActivityIntervalRow, UtcDay } from '../domain/rows.js';

/** days before the day of the check the driver must be able to show */
export const READINESS_PAST_DAYS = 56;

export type MissingReason = 'no_record' | 'card_out';

export interface MissingDay {
  date: UtcDay;
  reason: MissingReason;
}

export interface Readiness {
  at: UtcDay;
  from: UtcDay;
  to: UtcDay;
  /** READINESS_PAST_DAYS + 1 */
  days: number;
  /** days with card data */
  card_days: number;
  /** days without card data that another record (annotation) covers */
  otherwise_covered_days: number;
  missing: MissingDay[];
}

/** Days of the window ending with `at` that are not among `cardData` (the fleet list's count, card data only). */
export function missingDayCount(cardData: readonly UtcDay[], at: UtcDay): number {
  const { from, to } = readinessWindow(at);
  return to - from + 1 - new Set(cardData.filter((d) => d >= from && d <= to)).size;
}

/** The UTC days of the window: the day `at` and the 56 days before it. */
export function readinessWindow(at: UtcDay): { from: UtcDay; to: UtcDay } {
  return { from: at - READINESS_PAST_DAYS, to: at };
}

/** An interval that is card data: recorded with the card inserted or entered by hand, of positive length. */
export function isCardData(cardInserted: boolean, manualEntry: boolean, duration: number): boolean {
  return (cardInserted || manualEntry) && duration > 0;
}

/** Days with an interval that is card data (isCardData). */
export function cardDataDays(
  rows: readonly Pick<ActivityIntervalRow, 'date' | 'card_inserted' | 'manual_entry' | 'duration'>[],
): Set<UtcDay> {
  const days = new Set<UtcDay>();
  for (const r of rows) if (isCardData(r.card_inserted, r.manual_entry, r.duration)) days.add(r.date);
  return days;
}

/**
 * The readiness of the window ending with `at`: `recorded` are the days with a daily record, `cardData` those with
 * card data (cardDataDays), `covered` the days another record covers.
 */
export function readinessOf(
  at: UtcDay,
  recorded: ReadonlySet<UtcDay>,
  cardData: ReadonlySet<UtcDay>,
  covered: ReadonlySet<UtcDay>,
): Readiness {
  const { from, to } = readinessWindow(at);
  const missing: MissingDay[] = [];
  let cardDays = 0;
  let otherwise = 0;
  for (let d = from; d <= to; d++) {
    if (cardData.has(d)) cardDays++;
    else if (covered.has(d)) otherwise++;
    else missing.push({ date: d, reason: recorded.has(d) ? 'card_out' : 'no_record' });
  }
  return { at, from, to, days: to - from + 1, card_days: cardDays, otherwise_covered_days: otherwise, missing };
}
