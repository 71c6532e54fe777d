/**
 * One vehicle as its VU downloads tell it (the merged rows of core/ports/vehicle-unit-store.ts), read into
 * instants once for the analyses of this folder, and the odometer readings those rows hold:
 * - CARD_INSERTION / CARD_WITHDRAWAL: VuCardIWRecord's vehicleOdometerValueAtInsertion / AtWithdrawal (data
 *   dictionary 2.177), taken at the insertion / withdrawal time (second precision);
 * - MIDNIGHT: VuActivityDailyData's OdometerValueMidnight, the odometer "at end of downloaded day" (Appendix 7
 *   response message content, TREP 02/22/32; Annex IC (113)): taken at 24:00 UTC of the day, i.e. 00:00 of the next
 *   (the real sample agrees: each day's value equals its last withdrawal reading, and its first insertion reading
 *   lies below it). A day ending after the VU's clock at the download has not reached its midnight: its value is
 *   not taken.
 * Activity changes have minute precision (ActivityChangeInfo 2.1), so a reading is placed in time by its minute
 * when it is compared with activity intervals.
 */
import type { Quarantinable, VuDayRow } from '../ports/vehicle-unit-store.js';
import type { VuActivityRow } from '../rows/vu-activities.js';
import type { CardInsertionRow, VuSlot } from '../rows/vu-insertions.js';
import {
  DAY_SECONDS,
  dayOf,
  dayStart,
  parseIsoDay,
  parseIsoTimestamp,
  type EpochSeconds,
  type UtcDay,
} from '../time.js';

export type ReadingSource = 'CARD_INSERTION' | 'CARD_WITHDRAWAL' | 'MIDNIGHT';

export interface OdometerReading {
  source: ReadingSource;
  at: EpochSeconds;
  odometer_km: number;
  /** the card inserted or withdrawn; null for MIDNIGHT */
  card_number: string | null;
}

/** A card insertion in instants: `withdrawn_at` null while the card was still in at the download. */
export interface Insertion {
  card_number: string | null;
  holder: CardInsertionRow['holder'];
  slot: VuSlot | null;
  inserted_at: EpochSeconds;
  withdrawn_at: EpochSeconds | null;
  odometer_at_insertion_km: number | null;
  odometer_at_withdrawal_km: number | null;
  quarantined: boolean;
}

export interface Interval {
  slot: VuSlot;
  start: EpochSeconds;
  end: EpochSeconds;
  activity: VuActivityRow['activity'];
  card_inserted: boolean;
  card_number: string | null;
  quarantined: boolean;
}

export interface VuTimeline {
  vin: string;
  intervals: Interval[];
  insertions: Insertion[];
  readings: OdometerReading[];
  /** the UTC days the VU downloads hold */
  days: ReadonlySet<UtcDay>;
}

/** The rows of one VIN as the port serves them. */
export interface VuTimelineRows {
  vin: string;
  activities: ReadonlyArray<Quarantinable<VuActivityRow>>;
  insertions: ReadonlyArray<Quarantinable<CardInsertionRow>>;
  days: ReadonlyArray<Quarantinable<VuDayRow>>;
  /** the VU's clock at the newest download (VehicleUnitRecord.downloaded_at); null: unknown */
  downloaded_at?: EpochSeconds | null;
}

/** The start of the minute holding an instant. */
export const minuteOf = (at: EpochSeconds): EpochSeconds => Math.floor(at / 60) * 60;

function readingsOf(
  insertions: readonly Insertion[],
  days: ReadonlyArray<VuDayRow>,
  downloadedAt: EpochSeconds | null,
): OdometerReading[] {
  const out: OdometerReading[] = [];
  for (const i of insertions) {
    if (i.odometer_at_insertion_km !== null)
      out.push({
        source: 'CARD_INSERTION',
        at: i.inserted_at,
        odometer_km: i.odometer_at_insertion_km,
        card_number: i.card_number,
      });
    if (i.withdrawn_at !== null && i.odometer_at_withdrawal_km !== null)
      out.push({
        source: 'CARD_WITHDRAWAL',
        at: i.withdrawn_at,
        odometer_km: i.odometer_at_withdrawal_km,
        card_number: i.card_number,
      });
  }
  for (const d of days) {
    const day = parseIsoDay(d.date);
    if (day === null || d.odometer_midnight_km === null) continue;
    const end = dayStart(day) + DAY_SECONDS;
    if (downloadedAt === null || end <= downloadedAt)
      out.push({ source: 'MIDNIGHT', at: end, odometer_km: d.odometer_midnight_km, card_number: null });
  }
  // at one instant a withdrawal comes before the insertion that follows it
  const order: Record<ReadingSource, number> = { MIDNIGHT: 0, CARD_WITHDRAWAL: 1, CARD_INSERTION: 2 };
  return out.sort((a, b) => a.at - b.at || order[a.source] - order[b.source]);
}

/** The rows read into instants; insertions without an insertion time cannot be placed and are left out. */
export function vuTimeline(rows: VuTimelineRows): VuTimeline {
  const insertions: Insertion[] = rows.insertions
    .filter((i) => i.inserted_at !== null)
    .map((i) => ({
      card_number: i.card_number,
      holder: i.holder,
      slot: i.slot,
      inserted_at: parseIsoTimestamp(i.inserted_at!),
      withdrawn_at: i.withdrawn_at === null ? null : parseIsoTimestamp(i.withdrawn_at),
      odometer_at_insertion_km: i.odometer_at_insertion_km,
      odometer_at_withdrawal_km: i.odometer_at_withdrawal_km,
      quarantined: i.quarantined,
    }))
    .sort((a, b) => a.inserted_at - b.inserted_at);
  const intervals: Interval[] = rows.activities
    .map((r) => ({
      slot: r.slot,
      start: parseIsoTimestamp(r.start),
      end: parseIsoTimestamp(r.end),
      activity: r.activity,
      card_inserted: r.card_inserted,
      card_number: r.card_number,
      quarantined: r.quarantined,
    }))
    .sort((a, b) => a.start - b.start || a.slot.localeCompare(b.slot));
  const days = new Set(rows.days.map((d) => parseIsoDay(d.date)).filter((d): d is UtcDay => d !== null));
  return {
    vin: rows.vin,
    intervals,
    insertions,
    readings: readingsOf(insertions, rows.days, rows.downloaded_at ?? null),
    days,
  };
}

/** Whether the VU downloads hold every UTC day from the one of `from` to the one of `to`. */
export function daysHeld(timeline: VuTimeline, from: EpochSeconds, to: EpochSeconds): boolean {
  for (let d = dayOf(from); d <= dayOf(to); d++) if (!timeline.days.has(d)) return false;
  return true;
}
