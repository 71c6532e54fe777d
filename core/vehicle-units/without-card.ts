/**
 * Driving without a card, as the VU recorded it: DRIVING in a slot while no card was in that slot (ActivityChangeInfo
 * p = 1, Annex IC 2.1; the VU records the activity also with the slot empty). Consecutive rows of one VIN and slot
 * that touch (the same interval cut at 24:00 UTC by the day records) are one interval, so a drive across midnight
 * counts once.
 */
import type { VuActivityRow } from '../rows/vu-activities.js';

export interface WithoutCardInterval {
  vin: string | null;
  slot: VuActivityRow['slot'];
  start: string;
  end: string;
  duration: number;
}

/** The intervals of driving without a card among `rows` (any order), ordered by VIN, slot, then start. */
export function drivingWithoutCard(rows: readonly VuActivityRow[]): WithoutCardInterval[] {
  const driving = rows
    .filter((r) => r.activity === 'DRIVING' && !r.card_inserted)
    .slice()
    .sort(
      (a, b) =>
        (a.vin ?? '').localeCompare(b.vin ?? '') ||
        a.slot.localeCompare(b.slot) ||
        Date.parse(a.start) - Date.parse(b.start),
    );
  const out: WithoutCardInterval[] = [];
  for (const r of driving) {
    const last = out.at(-1);
    if (last && last.vin === r.vin && last.slot === r.slot && Date.parse(last.end) === Date.parse(r.start)) {
      last.end = r.end;
      last.duration += r.duration;
    } else out.push({ vin: r.vin, slot: r.slot, start: r.start, end: r.end, duration: r.duration });
  }
  return out;
}
