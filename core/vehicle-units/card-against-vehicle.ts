/**
 * Card against vehicle: each card insertion the VU recorded (VuCardIWRecord, data dictionary 2.177) compared with
 * the vehicle-used records of the imported card itself (CardVehicleRecord 2.37: vehicleFirstUse /
 * vehicleLastUse are the insertion and withdrawal of that card in that vehicle, vehicleOdometerBegin / End the
 * odometer then). Both are written by the same VU from the same clock and odometer, so they should agree; a use the
 * card lacks, or readings that disagree, point to a second card, a missing download or a tampered record.
 * - Match: among the card's uses of this vehicle, the one whose first use is nearest to the insertion, if it lies
 *   within USE_TIME_TOLERANCE_S or the two periods overlap.
 * - USE_MISSING_ON_CARD: no use matches although the card's downloads cover the insertion's UTC day (the day lies
 *   between the first and the last day of the card's history). A card never imported, or downloaded only before or
 *   after, is not judged.
 * - USE_DIFFERS: a use matches but a time differs by more than USE_TIME_TOLERANCE_S or an odometer by more than
 *   USE_ODOMETER_TOLERANCE_KM. The withdrawal is compared only when both know it and the card's downloads reach
 *   past its day (a card read while still inserted holds no withdrawal yet).
 * Tolerances: both records hold TimeReal seconds of one clock, but a VU may write the card's record at the minute
 * of the activity change it records with it (activity changes have minute precision), so times up to 60 s apart
 * agree; both odometers are whole km (OdometerShort 2.113) of one 0.1 km reading, which a VU may truncate in one
 * record and round in the other, so readings up to 1 km apart agree.
 */
import type { VuSlot } from '../rows/vu-insertions.js';
import { dayOf, type EpochSeconds, type UtcDay } from '../time.js';
import type { VehicleUse } from '../vehicles/mileage.js';
import type { Insertion } from './timeline.js';

export const USE_TIME_TOLERANCE_S = 60;
export const USE_ODOMETER_TOLERANCE_KM = 1;

export type MismatchKind = 'USE_MISSING_ON_CARD' | 'USE_DIFFERS';
export type DisagreeingField =
  'inserted_at' | 'withdrawn_at' | 'odometer_at_insertion_km' | 'odometer_at_withdrawal_km';

export interface Disagreement {
  field: DisagreeingField;
  /** what the VU recorded (epoch seconds for times, km for odometers) */
  vehicle_unit: number;
  /** what the card recorded */
  card: number;
  /** card − vehicle unit */
  difference: number;
}

export interface CardMismatch {
  vin: string;
  card_number: string;
  slot: VuSlot | null;
  inserted_at: EpochSeconds;
  withdrawn_at: EpochSeconds | null;
  odometer_at_insertion_km: number | null;
  odometer_at_withdrawal_km: number | null;
  kind: MismatchKind;
  disagreements: Disagreement[];
  /** the card's use it was compared with (null for USE_MISSING_ON_CARD) */
  card_use: VehicleUse | null;
  quarantined: boolean;
}

/** The first and last UTC day of a card's history (what its downloads cover). */
export type CardCoverage = ReadonlyMap<string, { from: UtcDay; to: UtcDay }>;

function matchOf(i: Insertion, uses: readonly VehicleUse[]): VehicleUse | null {
  let best: VehicleUse | null = null;
  for (const u of uses) {
    if (u.first_use === null) continue;
    const near = Math.abs(u.first_use - i.inserted_at) <= USE_TIME_TOLERANCE_S;
    const overlaps =
      (i.withdrawn_at === null || u.first_use < i.withdrawn_at) && (u.last_use === null || u.last_use > i.inserted_at);
    if (!near && !overlaps) continue;
    if (best === null || Math.abs(u.first_use - i.inserted_at) < Math.abs(best.first_use! - i.inserted_at)) best = u;
  }
  return best;
}

function compare(
  out: Disagreement[],
  field: DisagreeingField,
  vu: number | null,
  card: number | null,
  tolerance: number,
): void {
  if (vu === null || card === null || Math.abs(card - vu) <= tolerance) return;
  out.push({ field, vehicle_unit: vu, card, difference: card - vu });
}

function disagreements(i: Insertion, u: VehicleUse, coveredTo: UtcDay): Disagreement[] {
  const out: Disagreement[] = [];
  compare(out, 'inserted_at', i.inserted_at, u.first_use, USE_TIME_TOLERANCE_S);
  compare(out, 'odometer_at_insertion_km', i.odometer_at_insertion_km, u.odometer_begin_km, USE_ODOMETER_TOLERANCE_KM);
  if (i.withdrawn_at !== null && dayOf(i.withdrawn_at) < coveredTo) {
    compare(out, 'withdrawn_at', i.withdrawn_at, u.last_use, USE_TIME_TOLERANCE_S);
    compare(
      out,
      'odometer_at_withdrawal_km',
      i.odometer_at_withdrawal_km,
      u.odometer_end_km,
      USE_ODOMETER_TOLERANCE_KM,
    );
  }
  return out;
}

/**
 * The insertions of one vehicle that its cards' own records contradict (see the header). `uses`: the imported
 * cards' uses of this vehicle; `coverage`: per card number, the span of its history. Pure.
 */
export function cardMismatches(
  vin: string,
  insertions: readonly Insertion[],
  uses: readonly VehicleUse[],
  coverage: CardCoverage,
): CardMismatch[] {
  const out: CardMismatch[] = [];
  for (const i of insertions) {
    if (i.card_number === null) continue;
    const span = coverage.get(i.card_number);
    if (span === undefined) continue;
    const day = dayOf(i.inserted_at);
    if (day < span.from || day > span.to) continue;
    const use = matchOf(
      i,
      uses.filter((u) => u.card_number === i.card_number),
    );
    const found = use === null ? [] : disagreements(i, use, span.to);
    if (use !== null && found.length === 0) continue;
    out.push({
      vin,
      card_number: i.card_number,
      slot: i.slot,
      inserted_at: i.inserted_at,
      withdrawn_at: i.withdrawn_at,
      odometer_at_insertion_km: i.odometer_at_insertion_km,
      odometer_at_withdrawal_km: i.odometer_at_withdrawal_km,
      kind: use === null ? 'USE_MISSING_ON_CARD' : 'USE_DIFFERS',
      disagreements: found,
      card_use: use,
      quarantined: i.quarantined || (use?.quarantined ?? false),
    });
  }
  return out;
}
