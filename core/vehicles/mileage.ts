/**
 * A vehicle's mileage across every imported card: each card's CardVehicleRecord (Annex IC 2.37) gives the
 * odometer at the first and the last use of the vehicle during one insertion period; put in time order, the uses
 * of all cards show which kilometres no imported card accounts for.
 *
 * - Uses are ordered by first use (then last use, card number). Consecutive uses that overlap in time are one
 *   crew run when they come from different cards and both cards recorded crew activity (crew flag or co-driver
 *   slot, Annex IC 2.1) during the overlap: two cards inserted in one vehicle. Any other overlap is an
 *   `inconsistent` segment (`overlap`): one vehicle cannot be driven on two insertions at once.
 * - Between a run ending at odometer E and the next run beginning at B: B − E beyond the tolerance is an
 *   `unaccounted` segment (km = B − E; through the roll-over when the odometer wrapped, ./odometer.ts); a drop that
 *   is no roll-over is an `inconsistent` segment (`odometer_backwards`). A use whose own end reading is below its
 *   begin (no roll-over) is `inconsistent` too (`use_odometer_backwards`).
 * - Crew runs: the readings of both cards must agree. Sorted by time, the readings of the run's uses must not
 *   fall by more than the tolerance, and readings at the same minute must be equal within it; a disagreement is
 *   listed in `crew_disagreements` (the run still counts once).
 * Uses without a first or last use are listed in `undated` and take no part.
 */
import type { EpochSeconds, VehicleRegistration } from '../domain/rows.js';
import { TOLERANCE_KM, beyondTolerance, odometerStep } from './odometer.js';

export interface VehicleUse {
  import_id: string;
  card_number: string | null;
  quarantined: boolean;
  registration: VehicleRegistration;
  vin: string | null;
  first_use: EpochSeconds | null;
  last_use: EpochSeconds | null;
  odometer_begin_km: number | null;
  odometer_end_km: number | null;
}

/** [start, end) instants during which a card recorded crew activity (crew flag or co-driver slot). */
export type CrewTimes = ReadonlyMap<string, ReadonlyArray<readonly [EpochSeconds, EpochSeconds]>>;

export type SegmentReason = 'overlap' | 'odometer_backwards' | 'use_odometer_backwards';

export interface MileageSegment {
  kind: 'unaccounted' | 'inconsistent';
  /** null for unaccounted */
  reason: SegmentReason | null;
  /** the end of the use before (for use_odometer_backwards: the use's first use) */
  from: EpochSeconds;
  /** the start of the use after (for use_odometer_backwards: the use's last use) */
  to: EpochSeconds;
  odometer_from_km: number | null;
  odometer_to_km: number | null;
  /** unaccounted: km driven with no imported card; odometer_backwards: the (negative) drop; overlap: null */
  km: number | null;
  rollover: boolean;
  cards_before: string[];
  cards_after: string[];
  /** a use on either side comes from a quarantined import */
  quarantined: boolean;
}

/**
 * A disagreement between the cards of a crew: `odometer` (this file: their readings of the vehicle disagree),
 * `other_vehicle` or `times` (./crew-check.ts: the two cards show crew at once in different vehicles, or one shows a
 * co-driver the other's card does not show).
 */
export interface CrewDisagreement {
  kind: 'odometer' | 'other_vehicle' | 'times';
  cards: string[];
  /** odometer: the first of the two readings that disagree; else the start of the period */
  at: EpochSeconds;
  /** odometer: the second reading; else the end of the period */
  until: EpochSeconds;
  /** odometer only (null otherwise) */
  odometer_a_km: number | null;
  odometer_b_km: number | null;
  card_a: string | null;
  card_b: string | null;
  /** other_vehicle: the vehicle card_b recorded crew in meanwhile */
  registration_b: VehicleRegistration | null;
}

export interface Mileage {
  uses: VehicleUse[];
  undated: VehicleUse[];
  segments: MileageSegment[];
  crew_disagreements: CrewDisagreement[];
  /** km the imported cards account for (each crew run once) */
  recorded_km: number;
  unaccounted_km: number;
  inconsistent_segments: number;
  first_odometer_km: number | null;
  last_odometer_km: number | null;
  tolerance_km: number;
}

interface Run {
  uses: VehicleUse[];
  first: EpochSeconds;
  last: EpochSeconds;
  begin: number | null;
  end: number | null;
}

type Dated = VehicleUse & { first_use: EpochSeconds; last_use: EpochSeconds };

const cardsOf = (uses: readonly VehicleUse[]): string[] =>
  [...new Set(uses.map((u) => u.card_number ?? ''))].filter((c) => c !== '');
const anyQuarantined = (...groups: VehicleUse[][]): boolean => groups.some((g) => g.some((u) => u.quarantined));

function crewDuring(crew: CrewTimes, card: string | null, from: EpochSeconds, to: EpochSeconds): boolean {
  if (card === null) return false;
  return (crew.get(card) ?? []).some(([s, e]) => s < to && e > from);
}

/** Overlapping uses of two different cards explained by crew activity on both cards during the overlap. */
function crewExplains(a: Dated, b: Dated, crew: CrewTimes): boolean {
  if (a.card_number === null || b.card_number === null || a.card_number === b.card_number) return false;
  const from = Math.max(a.first_use, b.first_use);
  const to = Math.min(a.last_use, b.last_use);
  return crewDuring(crew, a.card_number, from, to) && crewDuring(crew, b.card_number, from, to);
}

function newRun(use: Dated): Run {
  return {
    uses: [use],
    first: use.first_use,
    last: use.last_use,
    begin: use.odometer_begin_km,
    end: use.odometer_end_km,
  };
}

function joinRun(run: Run, use: Dated): void {
  run.uses.push(use);
  if (use.last_use >= run.last) {
    run.last = use.last_use;
    run.end = use.odometer_end_km ?? run.end;
  }
}

/** Runs (crew-joined uses) and the overlaps no crew explains. */
function buildRuns(dated: Dated[], crew: CrewTimes, segments: MileageSegment[]): Run[] {
  const runs: Run[] = [];
  for (const use of dated) {
    const run = runs[runs.length - 1];
    if (run === undefined || use.first_use >= run.last) {
      runs.push(newRun(use));
      continue;
    }
    const overlapping = (run.uses as Dated[]).filter((u) => u.last_use > use.first_use);
    if (overlapping.every((u) => crewExplains(u, use, crew))) {
      joinRun(run, use);
      continue;
    }
    segments.push({
      kind: 'inconsistent',
      reason: 'overlap',
      from: use.first_use,
      to: Math.min(run.last, use.last_use),
      odometer_from_km: run.end,
      odometer_to_km: use.odometer_begin_km,
      km: null,
      rollover: false,
      cards_before: cardsOf(overlapping),
      cards_after: cardsOf([use]),
      quarantined: anyQuarantined(overlapping, [use]),
    });
    runs.push(newRun(use));
  }
  return runs;
}

/** The segment between two consecutive runs, if any (runs overlapping in time were reported as an overlap). */
function gapSegment(before: Run, after: Run): MileageSegment | null {
  if (after.first < before.last || before.end === null || after.begin === null) return null;
  const step = odometerStep(before.end, after.begin);
  const base = {
    from: before.last,
    to: after.first,
    odometer_from_km: before.end,
    odometer_to_km: after.begin,
    cards_before: cardsOf(before.uses),
    cards_after: cardsOf(after.uses),
    quarantined: anyQuarantined(before.uses, after.uses),
  };
  if (step.kind === 'backwards')
    return { kind: 'inconsistent', reason: 'odometer_backwards', km: step.km, rollover: false, ...base };
  if (!beyondTolerance(step.km)) return null;
  return { kind: 'unaccounted', reason: null, km: step.km, rollover: step.rollover, ...base };
}

/** km of one use, or an inconsistent segment when its own readings run backwards. */
function useDistance(use: Dated): { km: number; segment: MileageSegment | null } {
  if (use.odometer_begin_km === null || use.odometer_end_km === null) return { km: 0, segment: null };
  const step = odometerStep(use.odometer_begin_km, use.odometer_end_km);
  if (step.kind === 'forward') return { km: step.km, segment: null };
  return {
    km: 0,
    segment: {
      kind: 'inconsistent',
      reason: 'use_odometer_backwards',
      from: use.first_use,
      to: use.last_use,
      odometer_from_km: use.odometer_begin_km,
      odometer_to_km: use.odometer_end_km,
      km: step.km,
      rollover: false,
      cards_before: cardsOf([use]),
      cards_after: cardsOf([use]),
      quarantined: use.quarantined,
    },
  };
}

/** A crew run's distance: from its first begin reading to its last end reading. */
function runDistance(run: Run): number {
  if (run.uses.length === 1) return useDistance(run.uses[0] as Dated).km;
  if (run.begin === null || run.end === null) return 0;
  const step = odometerStep(run.begin, run.end);
  return step.kind === 'forward' ? step.km : 0;
}

interface Reading {
  at: EpochSeconds;
  km: number;
  card: string | null;
}

/** The crew run's readings in time order must not fall, and readings of the same minute must agree. */
function crewDisagreements(run: Run): CrewDisagreement[] {
  if (run.uses.length < 2) return [];
  const readings: Reading[] = [];
  for (const u of run.uses as Dated[]) {
    if (u.odometer_begin_km !== null) readings.push({ at: u.first_use, km: u.odometer_begin_km, card: u.card_number });
    if (u.odometer_end_km !== null) readings.push({ at: u.last_use, km: u.odometer_end_km, card: u.card_number });
  }
  readings.sort((a, b) => a.at - b.at || a.km - b.km);
  const out: CrewDisagreement[] = [];
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!;
    const b = readings[i]!;
    if (a.card === b.card) continue;
    const sameMinute = Math.floor(a.at / 60) === Math.floor(b.at / 60);
    const step = odometerStep(a.km, b.km);
    if (step.kind === 'backwards' || (sameMinute && beyondTolerance(step.km))) {
      out.push({
        kind: 'odometer',
        cards: cardsOf(run.uses),
        at: a.at,
        until: b.at,
        odometer_a_km: a.km,
        odometer_b_km: b.km,
        card_a: a.card,
        card_b: b.card,
        registration_b: null,
      });
    }
  }
  return out;
}

const byTime = (a: VehicleUse, b: VehicleUse): number =>
  a.first_use! - b.first_use! || a.last_use! - b.last_use! || (a.card_number ?? '').localeCompare(b.card_number ?? '');

/** The mileage of one vehicle from its uses on every imported card (see the header). Pure. */
export function vehicleMileage(uses: readonly VehicleUse[], crew: CrewTimes): Mileage {
  const dated = uses.filter((u): u is Dated => u.first_use !== null && u.last_use !== null).sort(byTime);
  const undated = uses.filter((u) => u.first_use === null || u.last_use === null);
  const segments: MileageSegment[] = [];
  const runs = buildRuns(dated, crew, segments);
  let recorded = 0;
  for (const run of runs) {
    if (run.uses.length === 1) {
      const { segment } = useDistance(run.uses[0] as Dated);
      if (segment) segments.push(segment);
    }
    recorded += runDistance(run);
  }
  for (let i = 1; i < runs.length; i++) {
    const segment = gapSegment(runs[i - 1]!, runs[i]!);
    if (segment) segments.push(segment);
  }
  segments.sort((a, b) => a.from - b.from || a.to - b.to);
  const unaccounted = segments.filter((s) => s.kind === 'unaccounted').reduce((sum, s) => sum + s.km!, 0);
  return {
    uses: dated,
    undated,
    segments,
    crew_disagreements: runs.flatMap(crewDisagreements),
    recorded_km: recorded,
    unaccounted_km: unaccounted,
    inconsistent_segments: segments.filter((s) => s.kind === 'inconsistent').length,
    first_odometer_km: runs.find((r) => r.begin !== null)?.begin ?? null,
    last_odometer_km: [...runs].reverse().find((r) => r.end !== null)?.end ?? null,
    tolerance_km: TOLERANCE_KM,
  };
}

/** A crew run of one vehicle: its uses (two or more cards) and its span. */
export interface CrewRun {
  uses: Dated[];
  first: EpochSeconds;
  last: EpochSeconds;
}

/** The crew runs (two or more cards, ./crew-check.ts) among the uses, as vehicleMileage joins them. */
export function crewRunsOf(uses: readonly VehicleUse[], crew: CrewTimes): CrewRun[] {
  const dated = uses.filter((u): u is Dated => u.first_use !== null && u.last_use !== null).sort(byTime);
  return buildRuns(dated, crew, [])
    .filter((r) => new Set(r.uses.map((u) => u.card_number)).size > 1)
    .map((r) => ({ uses: r.uses as Dated[], first: r.first, last: r.last }));
}

/**
 * The same record stored by several downloads of one card is one use: per card, registration and first use the
 * copy of the newest import (largest sequence) is kept.
 */
export function distinctUses<T extends VehicleUse & { sequence: number }>(rows: readonly T[]): T[] {
  const kept = new Map<string, T>();
  for (const row of rows) {
    const key = JSON.stringify([
      row.card_number,
      row.registration.nation,
      row.registration.number,
      row.vin,
      row.first_use,
    ]);
    const held = kept.get(key);
    if (held === undefined || row.sequence > held.sequence) kept.set(key, row);
  }
  return [...kept.values()];
}
