/**
 * The moment of the download, read from the file. The API contract ("activity interval") ends the newest day of a
 * download at it: nothing after it is recorded yet, so no interval, total or finding may cover that time. This is
 * the one definition; the activity rows (core/rows/activities.ts) cut the newest day at it, the authenticity
 * check judges certificate validity at it, and the pre-check reads the data's end from those rows.
 *
 * The card does not record the instant of a download. What the file shows is a lower bound: the card was read
 * after it recorded anything it holds. The time used is therefore the newest recorded instant that is consistent
 * with the newest daily record of EF Driver_Activity_Data:
 * - its newest activity change (minutes < 1440; a record without one: its 00:00) — the base;
 * - EF Card_Download's LastCardDownload (2.89) when not older than that change. On most real files it is older:
 *   the equipment updates the EF after reading the card (DDP_051), so the file holds the PREVIOUS download and
 *   says nothing about this one. A LastCardDownload after the newest day (the card was read in a company reader
 *   after its last use) means the newest day was over when this file was read: nothing is cut;
 * - any other instant the vehicle unit wrote on the card (vehicle first / last use, places, events and faults,
 *   current usage, last control, specific conditions, vehicle units, GNSS accumulated-driving positions, border
 *   crossings, load / unload operations, load type entries) lying between that change and the end of the newest
 *   day: the card was read later still (e.g. a GNSS position recorded after 3 h of driving without a change).
 *   Such an instant after the newest day is inconsistent with the activity data — a vehicle unit holding the card
 *   then would have opened a daily record, which "always includes the activityChangeInfo coding the driver status
 *   at 00:00" (2.9) — and is ignored, as are instants before the newest change (they bound nothing more).
 * Without any daily record there is no day to end: LastCardDownload alone (or null).
 */
import type { CardApplication, DecodedCard, DriverActivity, GnssPlaceRecord } from '../domain/card.js';

const DAY_SECONDS = 86_400;
const DAY_MINUTES = 1440;

/** The daily records the activity rows are built from: DF Tachograph_G2's when present, else DF Tachograph's. */
export function viewedActivity(card: DecodedCard): DriverActivity | null {
  return card.gen2?.driverActivity ?? card.gen1?.driverActivity ?? null;
}

/** The instant of the newest activity change of a daily record (its 00:00 when it holds no valid change). */
export function newestChangeOf(day: { date: number; changes: readonly { minutes: number }[] }): number {
  let minutes = 0;
  for (const c of day.changes) if (c.minutes < DAY_MINUTES && c.minutes > minutes) minutes = c.minutes;
  return day.date + minutes * 60;
}

/** The download time of a decoded card file (see the file comment), or null when the file shows none. */
export function downloadTimeOf(card: DecodedCard): number | null {
  const apps = [card.gen1, card.gen2].filter((a): a is CardApplication => a !== null);
  const days = viewedActivity(card)?.days ?? [];
  const newest = days[days.length - 1];
  let lastDownload: number | null = null;
  for (const app of apps) {
    const t = app.cardDownload?.lastCardDownload ?? null;
    if (t !== null && (lastDownload === null || t > lastDownload)) lastDownload = t;
  }
  if (newest === undefined) return lastDownload;
  let at = newestChangeOf(newest);
  if (lastDownload !== null && lastDownload > at) at = lastDownload;
  const dayEnd = newest.date + DAY_SECONDS;
  for (const app of apps) {
    recordedInstants(app, (t) => {
      if (t !== null && t > at && t <= dayEnd) at = t;
    });
  }
  return at;
}

/** Every instant other than activity changes and LastCardDownload that the application's EFs record. */
function recordedInstants(app: CardApplication, see: (t: number | null) => void): void {
  const both = (a: number | null, b: number | null): void => {
    see(a);
    see(b);
  };
  const gnss = (g: GnssPlaceRecord | null): number | null => g?.timestamp ?? null;
  for (const r of app.events?.records ?? []) if (!r.empty) both(r.begin, r.end);
  for (const r of app.faults?.records ?? []) if (!r.empty) both(r.begin, r.end);
  for (const r of app.vehiclesUsed?.records ?? []) if (!r.empty) both(r.firstUse, r.lastUse);
  for (const r of app.places?.records ?? []) if (!r.empty) both(r.entryTime, gnss(r.gnss));
  see(app.currentUsage?.sessionOpenTime ?? null);
  see(app.controlActivity?.controlTime ?? null);
  for (const r of app.specificConditions?.records ?? []) if (!r.empty) see(r.entryTime);
  for (const r of app.vehicleUnitsUsed?.records ?? []) if (!r.empty) see(r.timestamp);
  for (const r of app.gnssPlaces?.records ?? []) if (!r.empty) both(r.timestamp, gnss(r.gnss));
  for (const r of app.placesAuthentication?.records ?? []) if (!r.empty) see(r.timestamp);
  for (const r of app.gnssPlacesAuthentication?.records ?? []) if (!r.empty) see(r.timestamp);
  for (const r of app.borderCrossings?.records ?? []) if (!r.empty) see(gnss(r.gnss));
  for (const r of app.loadUnloadOperations?.records ?? []) if (!r.empty) both(r.timestamp, gnss(r.gnss));
  for (const r of app.loadTypeEntries?.records ?? []) if (!r.empty) see(r.timestamp);
}
