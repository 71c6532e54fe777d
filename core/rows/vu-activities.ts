/**
 * VU activity interval rows (api-contract.md "vu activity interval") from each day's VuActivityDailyData
 * (Appendix 7 §2.2.6.3: the slots' status at 00:00 and every change of the day, both slots, ActivityChangeInfo
 * 2.1). Unlike a card's record, the activity is the one the VU recorded also while no card is in the slot
 * (p = 1): the vehicle does not stop being driven when the card is out.
 * - Each change runs to the next change of the same slot that day, or to 24:00 UTC; on the newest day nothing
 *   runs past the VU's clock at the download (`downloaded_at`). Changes later in the day than that are left out,
 *   as are intervals of no duration (two changes in the same minute: the later one holds).
 * - `crew`: the c bit while a card is in the slot (p = 0: 1 = crew); with no card the bit says nothing of a crew.
 * - `card_number`: the card the insertions put in that slot at the interval's start (an insertion counts from
 *   the minute it happened: activity changes have minute precision, insertions second precision).
 */
import type { ActivityChange } from '../domain/card.js';
import type { Activity } from '../domain/rows.js';
import type { VuCardInsertion, VuDay } from '../domain/vu.js';
import { DAY_SECONDS, dayOf, dayStart } from '../time.js';
import { isoAt, isoDate, vuCardNumber } from './vu-common.js';
import { VU_SLOTS, type VuSlot } from './vu-insertions.js';

/** ActivityChangeInfo 'aa' (2.1): 0 break/rest, 1 availability, 2 work, 3 driving */
const VU_ACTIVITY: readonly Activity[] = ['REST', 'AVAILABILITY', 'WORK', 'DRIVING'];

export interface VuActivityRow {
  import_id: string | null;
  vin: string | null;
  date: string;
  slot: VuSlot;
  start: string;
  end: string;
  activity: Activity;
  duration: number;
  card_inserted: boolean;
  card_number: string | null;
  crew: boolean;
}

/** The card in `slot` at `start` (seconds), from the insertions; null when none. */
export function cardInSlot(insertions: readonly VuCardInsertion[], slot: number, start: number): string | null {
  for (const i of insertions)
    if (
      i.slot === slot &&
      i.insertedAt !== null &&
      i.insertedAt < start + 60 &&
      (i.withdrawnAt === null || i.withdrawnAt > start)
    )
      return vuCardNumber(i.card);
  return null;
}

function slotRows(
  changes: readonly ActivityChange[],
  day: number,
  limit: number,
  vin: string | null,
  insertions: readonly VuCardInsertion[],
): VuActivityRow[] {
  const rows: VuActivityRow[] = [];
  const base = dayStart(day);
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k]!;
    const start = base + c.minutes * 60;
    const next = changes[k + 1];
    const end = Math.min(next === undefined ? base + DAY_SECONDS : base + next.minutes * 60, limit);
    if (end <= start) continue;
    const inserted = !c.notInserted;
    rows.push({
      import_id: null,
      vin,
      date: isoDate(base)!,
      slot: VU_SLOTS[c.slot]!,
      start: isoAt(start)!,
      end: isoAt(end)!,
      activity: VU_ACTIVITY[c.activity]!,
      duration: end - start,
      card_inserted: inserted,
      card_number: inserted ? cardInSlot(insertions, c.slot, start) : null,
      crew: inserted && c.crewOrKnown,
    });
  }
  return rows;
}

/**
 * Every day's intervals, days in date order, the driver slot before the co-driver slot within a day. A day
 * without a date cannot be placed in time and gives no rows. `downloadedAt` null: no limit but 24:00.
 */
export function vuActivityRows(
  days: readonly VuDay[],
  insertions: readonly VuCardInsertion[],
  downloadedAt: number | null,
  vin: string | null,
): VuActivityRow[] {
  const dated = days.filter((d) => d.date !== null).sort((a, b) => a.date! - b.date!);
  const rows: VuActivityRow[] = [];
  for (const d of dated) {
    const day = dayOf(d.date!);
    const limit = Math.min(dayStart(day) + DAY_SECONDS, downloadedAt ?? Infinity);
    for (const slot of [0, 1])
      rows.push(
        ...slotRows(
          d.activities.filter((c) => c.slot === slot && c.minutes < 1440),
          day,
          limit,
          vin,
          insertions,
        ),
      );
  }
  return rows;
}
