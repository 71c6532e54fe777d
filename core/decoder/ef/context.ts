/**
 * What every EF decoder shares: the warning sink and the record-layout rule
 * "strict when short, tolerant when longer".
 */
import type { Warning } from '../../domain/card.js';
import type { DecodeWarningCode } from '../api.js';

export class DecodeContext {
  readonly warnings: Warning[] = [];
  warn(code: DecodeWarningCode, message: string): void {
    this.warnings.push({ code, message });
  }
}

export interface RecordLayout {
  /** number of records to read */
  count: number;
  /** distance between records (≥ the specified record size) */
  stride: number;
}

/**
 * Where the records of an EF `header` bytes + records lie.
 * - `expected` (from Application_Identification) given: the EF should be header + expected × recordSize.
 *   • exactly that → fine;
 *   • header + expected × k with k > recordSize → records longer than specified: read the known part of each
 *     (stride k), warning `record_longer_than_specified`;
 *   • anything else → warning `ef_size_mismatch`, read what fits (at most `expected` records).
 * - `expected` null (no Application_Identification): as many records as fit; a remainder → `ef_size_mismatch`.
 * Returns null (after warning `damaged_ef`) when not even the header fits.
 */
export function recordLayout(
  ctx: DecodeContext,
  efLabel: string,
  size: number,
  header: number,
  recordSize: number,
  expected: number | null,
): RecordLayout | null {
  if (size < header) {
    ctx.warn(
      'damaged_ef',
      `${efLabel} is ${size} bytes long, too short for its ${header}-byte header; it was skipped.`,
    );
    return null;
  }
  const body = size - header;
  if (expected !== null && expected > 0) {
    if (body === expected * recordSize) return { count: expected, stride: recordSize };
    if (body % expected === 0 && body / expected > recordSize) {
      const stride = body / expected;
      ctx.warn(
        'record_longer_than_specified',
        `${efLabel} holds ${expected} records of ${stride} bytes where ${recordSize} are specified; the known part of each record was read.`,
      );
      return { count: expected, stride };
    }
    const fit = Math.min(expected, Math.floor(body / recordSize));
    ctx.warn(
      'ef_size_mismatch',
      `${efLabel} is ${size} bytes long; the application identification implies ${header + expected * recordSize}. ${fit} records were read.`,
    );
    return { count: fit, stride: recordSize };
  }
  const count = Math.floor(body / recordSize);
  if (body % recordSize !== 0 || (expected === 0 && count > 0)) {
    ctx.warn(
      'ef_size_mismatch',
      `${efLabel} is ${size} bytes long, not a whole number of ${recordSize}-byte records after its ${header}-byte header; ${count} records were read.`,
    );
  }
  return { count, stride: recordSize };
}

/** Warns `damaged_ef` when a fixed-size EF is shorter than needed; warns longer EFs as longer records. */
export function fixedSize(ctx: DecodeContext, efLabel: string, size: number, needed: number): boolean {
  if (size < needed) {
    ctx.warn('damaged_ef', `${efLabel} is ${size} bytes long where ${needed} are specified; it was skipped.`);
    return false;
  }
  if (size > needed) {
    ctx.warn(
      'record_longer_than_specified',
      `${efLabel} is ${size} bytes long where ${needed} are specified; the known part was read.`,
    );
  }
  return true;
}

/**
 * The common shape of the cyclic record EFs of generation 2: a 2-byte pointer to the newest record followed by
 * `SET SIZE(n) OF record` (GNSS_Places, VehicleUnits_Used, the authentication EFs, Border_Crossings,
 * Load_Unload_Operations, Load_Type_Entries). Lays the records out with recordLayout and reads each with `read`
 * at its offset; null when the EF is too short for its pointer.
 */
export function readPointedRecordSet<R>(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  efLabel: string,
  recordSize: number,
  read: (b: Uint8Array, offset: number, index: number) => R,
): { pointer: number; records: R[] } | null {
  const layout = recordLayout(ctx, efLabel, b.length, 2, recordSize, expected);
  if (layout === null) return null;
  const records: R[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) records[i] = read(b, 2 + i * layout.stride, i);
  return { pointer: (b[0]! << 8) | b[1]!, records };
}
