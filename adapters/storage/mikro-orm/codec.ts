/**
 * Conversions between API values and the compact stored form: ISO timestamps <-> epoch seconds,
 * YYYY-MM-DD dates <-> epoch days, enums <-> small integers.
 */
import type { Activity, Slot } from '../../../core/domain/rows.js';

const SECONDS_PER_DAY = 86_400;

export function toEpochSeconds(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not a timestamp: ${JSON.stringify(iso)}`);
  return Math.floor(ms / 1000);
}

export function fromEpochSeconds(seconds: number | null): string | null {
  if (seconds === null || seconds === undefined) return null;
  return isoSeconds(seconds);
}

/** ISO 8601 UTC with whole seconds and `Z`. */
export function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19) + 'Z';
}

export function toEpochDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  return ms / 1000 / SECONDS_PER_DAY;
}

export function fromEpochDay(day: number): string {
  return new Date(day * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);
}

/** The [from, to) second bounds of an inclusive date range; null = open. */
export function rangeSeconds(range: { from: string | null; to: string | null }): { from: number | null; toExclusive: number | null } {
  return {
    from: range.from === null ? null : toEpochDay(range.from) * SECONDS_PER_DAY,
    toExclusive: range.to === null ? null : (toEpochDay(range.to) + 1) * SECONDS_PER_DAY,
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
