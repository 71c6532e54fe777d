/**
 * Unaccounted kilometres of one vehicle, from the vehicle unit where its downloads reach and from the cards
 * elsewhere; every segment names what it rests on (`basis`).
 * - VEHICLE_UNIT: within the time the VU downloads hold (each held UTC day, the newest cut at the download), the
 *   periods with no card in either slot (the VU's own insertions, of every card, imported or not: VuCardIWRecord
 *   2.177). A period's km is the step from its first to its last odometer reading (./timeline.ts: the withdrawal
 *   that opens it, midnights within it, the insertion that closes it); a period with fewer than two readings, or
 *   whose odometer runs backwards, gives no figure. Beyond TOLERANCE_KM it is unaccounted (../vehicles/odometer.ts).
 * - CARDS: the card-only segments of ../vehicles/mileage.ts (between one imported card's withdrawal and the next
 *   imported card's insertion) outside the VU's time. A card segment wholly inside the VU's time is replaced by the
 *   VU's figures; one reaching across its edge is kept, and the VU segments overlapping it are left out, so no
 *   kilometre is counted twice.
 */
import { DAY_SECONDS, dayStart, type EpochSeconds, type UtcDay } from '../time.js';
import type { MileageSegment } from '../vehicles/mileage.js';
import { beyondTolerance, odometerStep } from '../vehicles/odometer.js';
import type { VuTimeline } from './timeline.js';

export type KmBasis = 'VEHICLE_UNIT' | 'CARDS';

export interface Period {
  from: EpochSeconds;
  to: EpochSeconds;
}

export interface UnaccountedSegment {
  basis: KmBasis;
  from: EpochSeconds;
  to: EpochSeconds;
  odometer_from_km: number;
  odometer_to_km: number;
  km: number;
  rollover: boolean;
  /** the cards withdrawn at its start / inserted at its end (VEHICLE_UNIT: every card of the VU, imported or not) */
  cards_before: string[];
  cards_after: string[];
  quarantined: boolean;
}

export interface UnaccountedKm {
  /** the time the VU downloads hold */
  vehicle_unit_periods: Period[];
  segments: UnaccountedSegment[];
  unaccounted_km: number;
  km_by_basis: Record<KmBasis, number>;
}

/** The held days as periods (consecutive days joined), the newest cut at `downloadedAt`. */
export function heldPeriods(days: ReadonlySet<UtcDay>, downloadedAt: EpochSeconds | null): Period[] {
  const out: Period[] = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last !== undefined && last.to === dayStart(d)) last.to += DAY_SECONDS;
    else out.push({ from: dayStart(d), to: dayStart(d) + DAY_SECONDS });
  }
  const last = out[out.length - 1];
  if (last !== undefined && downloadedAt !== null && downloadedAt > last.from && downloadedAt < last.to)
    last.to = downloadedAt;
  return out;
}

/** The parts of `period` no card insertion of either slot covers. */
function noCardParts(t: VuTimeline, period: Period): Period[] {
  const covered = t.insertions
    .map((i) => ({ from: Math.max(i.inserted_at, period.from), to: Math.min(i.withdrawn_at ?? Infinity, period.to) }))
    .filter((c) => c.from < c.to)
    .sort((a, b) => a.from - b.from);
  const out: Period[] = [];
  let at = period.from;
  for (const c of covered) {
    if (c.from > at) out.push({ from: at, to: c.from });
    at = Math.max(at, c.to);
  }
  if (at < period.to) out.push({ from: at, to: period.to });
  return out;
}

function vuSegment(t: VuTimeline, part: Period): UnaccountedSegment | null {
  const readings = t.readings.filter((r) => r.at >= part.from && r.at <= part.to);
  const first = readings[0];
  const last = readings[readings.length - 1];
  if (first === undefined || last === undefined || first === last) return null;
  const step = odometerStep(first.odometer_km, last.odometer_km);
  if (step.kind === 'backwards' || !beyondTolerance(step.km)) return null;
  const cards = (source: string, at: EpochSeconds) => [
    ...new Set(
      readings.filter((r) => r.source === source && r.at === at && r.card_number !== null).map((r) => r.card_number!),
    ),
  ];
  const touching = t.insertions.filter(
    (i) => i.inserted_at === part.to || (i.withdrawn_at !== null && i.withdrawn_at === part.from),
  );
  return {
    basis: 'VEHICLE_UNIT',
    from: part.from,
    to: part.to,
    odometer_from_km: first.odometer_km,
    odometer_to_km: last.odometer_km,
    km: step.km,
    rollover: step.rollover,
    cards_before: cards('CARD_WITHDRAWAL', part.from),
    cards_after: cards('CARD_INSERTION', part.to),
    quarantined: touching.some((i) => i.quarantined),
  };
}

/** The VU's unaccounted segments within the periods it holds. */
export function vehicleUnitSegments(t: VuTimeline, periods: readonly Period[]): UnaccountedSegment[] {
  return periods
    .flatMap((p) => noCardParts(t, p))
    .map((part) => vuSegment(t, part))
    .filter((s): s is UnaccountedSegment => s !== null);
}

const overlaps = (a: Period, b: Period) => a.from < b.to && a.to > b.from;
const inside = (a: Period, b: Period) => a.from >= b.from && a.to <= b.to;

/** The VU's segments and the cards' unaccounted segments combined (see the header). Pure. */
export function unaccountedKm(
  vuSegments: readonly UnaccountedSegment[],
  periods: readonly Period[],
  cardSegments: readonly MileageSegment[],
): UnaccountedKm {
  const cards: UnaccountedSegment[] = cardSegments
    .filter((s) => s.kind === 'unaccounted' && s.km !== null)
    .filter((s) => !periods.some((p) => inside(s, p)))
    .map((s) => ({
      basis: 'CARDS',
      from: s.from,
      to: s.to,
      odometer_from_km: s.odometer_from_km!,
      odometer_to_km: s.odometer_to_km!,
      km: s.km!,
      rollover: s.rollover,
      cards_before: s.cards_before,
      cards_after: s.cards_after,
      quarantined: s.quarantined,
    }));
  const straddling = cards.filter((c) => periods.some((p) => overlaps(c, p)));
  const vu = vuSegments.filter((s) => !straddling.some((c) => overlaps(c, s)));
  const segments = [...vu, ...cards].sort((a, b) => a.from - b.from || a.to - b.to);
  const sum = (basis: KmBasis) => segments.filter((s) => s.basis === basis).reduce((n, s) => n + s.km, 0);
  return {
    vehicle_unit_periods: [...periods],
    segments,
    unaccounted_km: sum('VEHICLE_UNIT') + sum('CARDS'),
    km_by_basis: { VEHICLE_UNIT: sum('VEHICLE_UNIT'), CARDS: sum('CARDS') },
  };
}
