/** Conversions between the core's values and the compact stored form: day ranges → second bounds, enums <-> small integers. */
import type { Activity, Slot } from '../../../core/domain/rows.js';
import { DAY_SECONDS } from '../../../core/time.js';

/** The [from, to) second bounds of an inclusive day range; null = open. */
export function rangeSeconds(range: { from: number | null; to: number | null }): {
  from: number | null;
  toExclusive: number | null;
} {
  return {
    from: range.from === null ? null : range.from * DAY_SECONDS,
    toExclusive: range.to === null ? null : (range.to + 1) * DAY_SECONDS,
  };
}

export const ACTIVITY_CODES: readonly Activity[] = ['DRIVING', 'WORK', 'AVAILABILITY', 'REST'];
export const SLOT_CODES: readonly Slot[] = ['DRIVER', 'CO_DRIVER'];

export function activityCode(activity: Activity): number {
  const code = ACTIVITY_CODES.indexOf(activity);
  if (code < 0) throw new RangeError(`unknown activity ${JSON.stringify(activity)}`);
  return code;
}

export function slotCode(slot: Slot): number {
  const code = SLOT_CODES.indexOf(slot);
  if (code < 0) throw new RangeError(`unknown slot ${JSON.stringify(slot)}`);
  return code;
}

export function bit(value: boolean): number {
  return value ? 1 : 0;
}
