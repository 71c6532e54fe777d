/**
 * The stored form of a fleet summary (`fleet_card.record_json`), written and read from the record's declaration
 * (core/fleet/fleet-record.ts): a JSON array tagged with RECORD_FORMAT, then each field in declaration order
 * (the key field apart: it has its own column), a count per key for `counts`, two slots for `days` (the newest
 * day and one character per day before it). A listing of 1,000 cards parses ~130 characters a row instead of
 * ~460 for an object with its keys, and sorts shorter rows. Optional fields end the array: a row written before
 * one existed ends before it, and the first absent one ends the array when writing.
 *
 * Older forms read back: arrays of an earlier RECORD_FORMAT (the same order, shorter) and the JSON object written
 * before RECORD_FORMAT 2 (the record's own keys, recorded days as recordedBits). Values of the wrong type are read
 * as unknown (null) or zero, so nothing untyped leaves the storage boundary (./fleet-record-form.test.ts).
 */
import {
  FLEET_RECORD_ENTRIES,
  RECORDED_DAYS_KEPT,
  type FleetCardRecord,
  type FleetFieldSpec,
} from '../../../core/fleet/fleet-record.js';
import type { Raw } from '../database/dialect.js';

/** The stored form's tag: 3 added the finding rank's inputs (the reason); rows of older formats are rebuilt. */
export const RECORD_FORMAT = 3;

/** The declaration's fields kept in the stored form (the key field has its own column). */
const STORED = FLEET_RECORD_ENTRIES.filter(([, spec]) => !('key' in spec));
const KEY_FIELD = FLEET_RECORD_ENTRIES.find(([, spec]) => 'key' in spec)![0];

/** The slots a field takes in the array. */
const width = (spec: FleetFieldSpec): number =>
  spec.kind === 'counts' ? spec.keys.length : spec.kind === 'days' ? 2 : 1;

function slotsOf(spec: FleetFieldSpec, value: unknown): unknown[] {
  if (spec.kind === 'counts') return spec.keys.map((k) => (value as Record<string, number>)[k]);
  if (spec.kind === 'days') {
    const days = recordedBits(value as number[], spec.kept);
    return [days?.until ?? null, days?.bits ?? null];
  }
  return [value];
}

export function recordJson(record: FleetCardRecord): string {
  const slots: unknown[] = [RECORD_FORMAT];
  const fields = record as unknown as Record<string, unknown>;
  for (const [name, spec] of STORED) {
    // absent: written before the field existed; the fields after it are absent too
    if (spec.optional && fields[name] === undefined) break;
    slots.push(...slotsOf(spec, fields[name]));
  }
  return JSON.stringify(slots);
}

/** Whether a stored row was written in the current RECORD_FORMAT (older rows lack the rank and the reason). */
export function currentFormat(raw: Raw): boolean {
  const parsed = JSON.parse(raw.record_json as string) as unknown;
  return Array.isArray(parsed) && parsed[0] === RECORD_FORMAT;
}

/** The stored JSON back to a record, every field checked (nothing untyped leaves the storage boundary). */
export function fleetRecordFromRaw(raw: Raw): FleetCardRecord {
  const parsed = JSON.parse(raw.record_json as string) as unknown;
  const fields: Record<string, unknown> = {};
  fields[KEY_FIELD] = raw[KEY_FIELD] as string;
  if (Array.isArray(parsed)) readArray(parsed, fields);
  else readObject((parsed ?? {}) as Record<string, unknown>, fields);
  return fields as FleetCardRecord;
}

function readArray(a: readonly unknown[], into: Record<string, unknown>): void {
  let at = 1;
  for (const field of READERS) {
    if (field.optional && a.length <= at) return;
    into[field.name] = field.read(a, at);
    at += field.width;
  }
}

/** The object form written before RECORD_FORMAT 2: counts as an object, day sets as recordedBits. */
function readObject(r: Record<string, unknown>, into: Record<string, unknown>): void {
  for (const { name, spec, optional, read } of READERS) {
    const value = r[name];
    if (optional && value === undefined) continue;
    if (spec.kind === 'counts') {
      const counts = (value ?? {}) as Record<string, unknown>;
      into[name] = read(
        spec.keys.map((k) => counts[k]),
        0,
      );
    } else if (spec.kind === 'days') into[name] = recordedDaysOf(value);
    else into[name] = read([value], 0);
  }
}

const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

type SlotRead = (slots: readonly unknown[], at: number) => unknown;

/** A field's reader: its value from its slots (from `at` on), checked against its kind. */
function readerOf(spec: FleetFieldSpec): SlotRead {
  switch (spec.kind) {
    case 'counts': {
      const keys = spec.keys;
      return (slots, at) => {
        const counts: Record<string, number> = {};
        for (let i = 0; i < keys.length; i++) counts[keys[i]!] = numberOr(slots[at + i], 0);
        return counts;
      };
    }
    case 'days':
      return (slots, at) => recordedDaysOf({ until: slots[at], bits: slots[at + 1] });
    case 'enum': {
      const values: readonly unknown[] = spec.values;
      return (slots, at) => (values.includes(slots[at]) ? slots[at] : null);
    }
    case 'bool':
      return (slots, at) => slots[at] === true;
    case 'string': {
      const fallback = spec.nullable ? null : '';
      return (slots, at) => (typeof slots[at] === 'string' ? slots[at] : fallback);
    }
    default: {
      const fallback = spec.nullable ? null : 0;
      return (slots, at) => numberOr(slots[at], fallback);
    }
  }
}

/** The stored fields' readers, in the stored form's order. */
const READERS = STORED.map(([name, spec]) => ({
  name,
  spec,
  optional: spec.optional === true,
  width: width(spec),
  read: readerOf(spec),
}));

/**
 * Recorded days stored compactly: the last day and one character per day before it ('1' = recorded), so a
 * listed row parses one short string instead of an array of numbers.
 */
export function recordedBits(
  days: readonly number[],
  kept = RECORDED_DAYS_KEPT,
): { until: number; bits: string } | null {
  if (days.length === 0) return null;
  const until = Math.max(...days);
  const set = new Set(days);
  let bits = '';
  for (let d = until; d > until - kept; d--) bits += set.has(d) ? '1' : '0';
  return { until, bits: bits.replace(/0+$/, '') };
}

export function recordedDaysOf(value: unknown): number[] {
  if (value === null || typeof value !== 'object') return [];
  const { until, bits } = value as { until?: unknown; bits?: unknown };
  if (typeof until !== 'number' || typeof bits !== 'string') return [];
  const days: number[] = [];
  for (let i = bits.length - 1; i >= 0; i--) if (bits.charCodeAt(i) === 49) days.push(until - i);
  return days;
}
