/**
 * Crew days across vehicles: when both cards of a crew are imported, their vehicles and times must agree.
 *
 * A crew is a crew run of ./mileage.ts: uses of one vehicle X by two or more cards that overlap in time while both
 * cards recorded crew activity (driving status CREW or the co-driver slot, Annex IC 2.1 ActivityChangeInfo 'c' and
 * 's'). The vehicle unit records CREW on a card while a second driver card is inserted (the Annex IB/IC requirement
 * is not in the shared reference copy: UNSURE), so while a card of the run records crew in X, another card is in X.
 * Within the run's span (its first use to its last), for each card A of the run and its crew time inside its own
 * uses of X:
 * - `other_vehicle`: a partner B of the run recorded crew at the same time in a use of another vehicle Y: the two
 *   cards of one crew show crew at once in different vehicles;
 * - `times`: no other card of the run (none imported) was in X then: A shows a co-driver the partner's card does not
 *   show (it was inserted later, withdrawn earlier, or the times of the two cards disagree).
 * Pieces of one minute or less are left out: activity changes are recorded to the minute (Annex IC 2.1), vehicle
 * uses to the second. Each piece is listed once, naming both cards; the run's own odometer check is ./mileage.ts.
 */
import type { EpochSeconds, VehicleRegistration } from '../domain/rows.js';
import type { CrewRun, CrewTimes, VehicleUse } from './mileage.js';

export const CREW_TOLERANCE_SECONDS = 60;

type Span = readonly [EpochSeconds, EpochSeconds];

export interface CrewTimesDisagreement {
  kind: 'other_vehicle' | 'times';
  card_a: string;
  card_b: string;
  /** the period A recorded crew in the vehicle while B did not agree */
  from: EpochSeconds;
  to: EpochSeconds;
  /** other_vehicle: the vehicle B recorded crew in meanwhile */
  registration_b: VehicleRegistration | null;
}

/** [start, end) pieces of `spans` inside [from, to), merged and sorted. */
function clip(spans: readonly Span[], from: number, to: number): Span[] {
  const out: [number, number][] = [];
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    if (b <= a) continue;
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  return b.flatMap(([s, e]) => clip(a, s, e));
}

function subtract(a: readonly Span[], b: readonly Span[]): Span[] {
  let left: Span[] = [...a];
  for (const [s, e] of b) {
    left = left.flatMap(([x, y]): Span[] => {
      if (e <= x || s >= y) return [[x, y]];
      return [...(s > x ? [[x, s] as Span] : []), ...(e < y ? [[e, y] as Span] : [])];
    });
  }
  return left;
}

const spansOf = (uses: readonly CrewRun['uses'][number][]): Span[] => uses.map((u) => [u.first_use, u.last_use]);
const longer = ([s, e]: Span) => e - s > CREW_TOLERANCE_SECONDS;

/**
 * The disagreements of one crew run of vehicle X (header). `elsewhere`: per card, its uses of vehicles other than X
 * (any time; clipped here to the run's span); `crew`: per card, when it recorded crew activity.
 */
export function crewRunDisagreements(
  run: CrewRun,
  elsewhere: ReadonlyMap<string, readonly VehicleUse[]>,
  crew: CrewTimes,
): CrewTimesDisagreement[] {
  const cards = [...new Set(run.uses.map((u) => u.card_number).filter((c): c is string => c !== null))].sort();
  const out: CrewTimesDisagreement[] = [];
  for (const a of cards) {
    const inX = clip(spansOf(run.uses.filter((u) => u.card_number === a)), run.first, run.last);
    const crewA = intersect(crew.get(a) ?? [], inX);
    const others = clip(spansOf(run.uses.filter((u) => u.card_number !== a)), run.first, run.last);
    const listed: Span[] = [];
    for (const b of cards) {
      if (b === a) continue;
      for (const y of elsewhere.get(b) ?? []) {
        if (y.first_use === null || y.last_use === null) continue;
        const both = intersect(intersect(crewA, crew.get(b) ?? []), [[y.first_use, y.last_use]]);
        for (const piece of both.filter(longer)) {
          listed.push(piece);
          out.push({
            kind: 'other_vehicle',
            card_a: a,
            card_b: b,
            from: piece[0],
            to: piece[1],
            registration_b: y.registration,
          });
        }
      }
    }
    const alone = subtract(subtract(crewA, others), listed).filter(longer);
    const partner = cards.find((b) => b !== a)!;
    for (const [from, to] of alone)
      out.push({ kind: 'times', card_a: a, card_b: partner, from, to, registration_b: null });
  }
  return out.sort((x, y) => x.from - y.from || x.card_a.localeCompare(y.card_a));
}
