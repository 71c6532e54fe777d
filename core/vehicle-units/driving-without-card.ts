/**
 * Driving without a card: every interval in which the VU recorded DRIVING in a slot with no card inserted
 * (Annex IC 3.12.4 (105): the VU records each slot's activity with its card status INSERTED / NOT INSERTED;
 * ActivityChangeInfo 2.1, p = 1). A driver must drive with his card in the slot (Reg. (EU) No 165/2014 Art. 34).
 * - Intervals of one slot that touch (one ends where the next starts, e.g. at 24:00 / 00:00 of the next day) are
 *   one interval.
 * - Distance: the odometer readings the VU holds (./timeline.ts) that bound the interval — the latest reading at
 *   or before its start and the earliest at or after its end, each compared by its minute — when no DRIVING (of
 *   either slot, with or without card) lies between a reading and the interval and the VU downloads hold every day
 *   in between; then distance_km is the step between the two readings (through a roll-over, ../vehicles/odometer.ts).
 *   Else, or when the odometer ran backwards, distance_km is null. `distance_basis` names both readings (null when
 *   no pair bounds the interval).
 * - `insertion_before` / `insertion_after`: the card of the same slot withdrawn last at or before the start, and
 *   the card of that slot inserted first at or after the end (each by its minute), with the odometer it recorded.
 */
import type { VuSlot } from '../rows/vu-insertions.js';
import type { EpochSeconds } from '../time.js';
import { odometerStep } from '../vehicles/odometer.js';
import {
  daysHeld,
  minuteOf,
  type Insertion,
  type Interval,
  type OdometerReading,
  type VuTimeline,
} from './timeline.js';

export interface InsertionBefore {
  card_number: string | null;
  withdrawn_at: EpochSeconds;
  odometer_km: number | null;
}

export interface InsertionAfter {
  card_number: string | null;
  inserted_at: EpochSeconds;
  odometer_km: number | null;
}

export interface DrivingWithoutCard {
  vin: string;
  slot: VuSlot;
  start: EpochSeconds;
  end: EpochSeconds;
  duration: number;
  distance_km: number | null;
  distance_basis: { from: OdometerReading; to: OdometerReading } | null;
  insertion_before: InsertionBefore | null;
  insertion_after: InsertionAfter | null;
  /** an interval or reading it rests on comes from a quarantined import */
  quarantined: boolean;
}

interface Span {
  slot: VuSlot;
  start: EpochSeconds;
  end: EpochSeconds;
  quarantined: boolean;
}

/** The no-card DRIVING intervals of each slot, touching ones joined, in time order. */
function noCardSpans(intervals: readonly Interval[]): Span[] {
  const spans: Span[] = [];
  const last = new Map<VuSlot, Span>();
  for (const i of intervals) {
    if (i.activity !== 'DRIVING' || i.card_inserted) continue;
    const held = last.get(i.slot);
    if (held !== undefined && held.end >= i.start) {
      held.end = Math.max(held.end, i.end);
      held.quarantined ||= i.quarantined;
      continue;
    }
    const span = { slot: i.slot, start: i.start, end: i.end, quarantined: i.quarantined };
    spans.push(span);
    last.set(i.slot, span);
  }
  return spans.sort((a, b) => a.start - b.start || a.slot.localeCompare(b.slot));
}

/** The first index of a sorted list whose key is not below `x` (the list's length when none). */
function lowerBound<T>(list: readonly T[], key: (item: T) => number, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid]!) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What the spans are measured against, indexed once: the readings by minute, the DRIVING intervals by start with
 * the largest end up to each (whether any driving overlaps a period is one search), each slot's insertions.
 */
interface Index {
  t: VuTimeline;
  driving: Interval[];
  /** maxEnd[k]: the largest end among driving[0..k) */
  maxEnd: number[];
  bySlot: Map<VuSlot | null, Insertion[]>;
}

function indexOf(t: VuTimeline): Index {
  const driving = t.intervals.filter((i) => i.activity === 'DRIVING');
  const maxEnd = [-Infinity];
  for (const i of driving) maxEnd.push(Math.max(maxEnd[maxEnd.length - 1]!, i.end));
  const bySlot = new Map<VuSlot | null, Insertion[]>();
  for (const i of t.insertions) bySlot.set(i.slot, [...(bySlot.get(i.slot) ?? []), i]);
  return { t, driving, maxEnd, bySlot };
}

/** Whether any DRIVING interval (either slot) overlaps [from, to). */
function drivenBetween(x: Index, from: EpochSeconds, to: EpochSeconds): boolean {
  return x.maxEnd[lowerBound(x.driving, (i) => i.start, to)]! > from;
}

/** The reading bounding the span at its start: the latest one by minute, if nothing was driven since. */
function readingBefore(x: Index, span: Span): OdometerReading | null {
  const r = x.t.readings[lowerBound(x.t.readings, (r) => minuteOf(r.at), span.start + 1) - 1];
  if (r === undefined || !daysHeld(x.t, r.at, span.start)) return null;
  return drivenBetween(x, minuteOf(r.at), span.start) ? null : r;
}

/** The reading bounding the span at its end: the earliest one by minute, if nothing was driven before it. */
function readingAfter(x: Index, span: Span): OdometerReading | null {
  const r = x.t.readings[lowerBound(x.t.readings, (r) => minuteOf(r.at), span.end)];
  if (r === undefined || !daysHeld(x.t, span.end, r.at)) return null;
  return drivenBetween(x, span.end, minuteOf(r.at)) ? null : r;
}

function insertionsAround(x: Index, span: Span) {
  const slot = x.bySlot.get(span.slot) ?? [];
  let withdrawn: Insertion | undefined;
  for (const i of slot)
    if (i.withdrawn_at !== null && minuteOf(i.withdrawn_at) <= span.start)
      if (withdrawn === undefined || i.withdrawn_at > withdrawn.withdrawn_at!) withdrawn = i;
  const inserted = slot[lowerBound(slot, (i) => minuteOf(i.inserted_at), span.end)];
  return {
    insertion_before:
      withdrawn === undefined
        ? null
        : {
            card_number: withdrawn.card_number,
            withdrawn_at: withdrawn.withdrawn_at!,
            odometer_km: withdrawn.odometer_at_withdrawal_km,
          },
    insertion_after:
      inserted === undefined
        ? null
        : {
            card_number: inserted.card_number,
            inserted_at: inserted.inserted_at,
            odometer_km: inserted.odometer_at_insertion_km,
          },
  };
}

/** Every interval of driving without a card of one vehicle (see the header). Pure. */
export function drivingWithoutCard(t: VuTimeline): DrivingWithoutCard[] {
  const x = indexOf(t);
  return noCardSpans(t.intervals).map((span) => {
    const from = readingBefore(x, span);
    const to = readingAfter(x, span);
    const basis = from !== null && to !== null ? { from, to } : null;
    const step = basis === null ? null : odometerStep(basis.from.odometer_km, basis.to.odometer_km);
    return {
      vin: t.vin,
      slot: span.slot,
      start: span.start,
      end: span.end,
      duration: span.end - span.start,
      distance_km: step?.kind === 'forward' ? step.km : null,
      distance_basis: basis,
      ...insertionsAround(x, span),
      quarantined: span.quarantined,
    };
  });
}
