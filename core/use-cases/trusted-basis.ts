/**
 * The data a trusted operation (the pre-check, /findings, working time, the report, the letter, the fleet row's
 * findings) reads on a `card_number` basis ("Selecting the data basis", API contract): the card's trusted imports
 * only. A QUARANTINED import (./quarantine-policy.ts) is left out and named, so that one tampered copy never blocks a
 * driver's verified data; the days only it covers are then missing from the served days, and the checks list them
 * as data gaps. The served days of the trusted imports are merged as the card's history is (./served-days.ts).
 * An `import_id` / `archive_id` basis naming a quarantined import is still refused, and `include_quarantined=true`
 * still brings quarantined data in, marked (./overview-use-cases.ts, with markUntrusted below). Nothing is evaluated
 * after the data's end (evaluatedEnd below).
 */
import type { ImportRow, UtcDay } from '../domain/rows.js';
import type { ImportStore, StoredDayRecord } from '../ports/import-store.js';
import { isoDay } from '../time.js';
import type { DateRange } from './contracts.js';
import { QUARANTINE_WARNING_CODES } from './quarantine-policy.js';
import { resolveServedDays, type DayResolution } from './served-days.js';

/** A quarantined import a trusted operation left out, and why it is quarantined. */
export interface LeftOutImport {
  import_id: string;
  file_name: string | null;
  /** the warning code that quarantined it, `authenticity_invalid`, or `not_verified` (verified data required) */
  reason: string;
}

/** Why an import is quarantined (the first reason ./quarantine-policy.ts applies). */
export function quarantineReasonOf(row: Pick<ImportRow, 'warnings' | 'authenticity'>): string {
  const warning = row.warnings.find((w) => QUARANTINE_WARNING_CODES.has(w.code));
  if (warning !== undefined) return warning.code;
  return row.authenticity?.status === 'INVALID' ? 'authenticity_invalid' : 'not_verified';
}

/**
 * The card's served days from its trusted imports only, from the range's start on (as the card history a trusted
 * operation reads), with the quarantined imports among `quarantined` (their day records in the range) named.
 */
export async function trustedCardHistory(
  store: ImportStore,
  cardNumber: string,
  range: DateRange,
  quarantined: readonly StoredDayRecord[],
): Promise<DayResolution & { left_out: LeftOutImport[]; left_out_days: UtcDay[] }> {
  const records = await store.dayRecords({ kind: 'card', card_number: cardNumber }, { from: range.from, to: null });
  const trusted = records.filter((r) => !r.quarantined);
  const history = await resolveServedDays(trusted, async (days) => (await store.activities(days, null)).items);
  const servedDates = new Set(history.served.map((r) => r.date));
  const left_out_days = [...new Set(quarantined.map((r) => r.date))].filter((d) => !servedDates.has(d));
  const ids = [...new Set(quarantined.map((r) => r.import_id))];
  const rows = await Promise.all(ids.map((id) => store.findImport({ kind: 'import_id', value: id })));
  const left_out = rows
    .filter((row): row is ImportRow => row !== null)
    .map((row) => ({ import_id: row.import_id, file_name: row.file_name, reason: quarantineReasonOf(row) }));
  return { ...history, left_out, left_out_days: left_out_days.sort((a, b) => a - b) };
}

/**
 * The last day a trusted operation evaluates: the range's end, read as open (null) when it lies at or after the
 * data's last day (nothing is recorded after the download, so no gap is drawn there); but days only left-out
 * (quarantined) imports cover are evaluated, as data gaps, up to the last of them.
 */
export function evaluatedEnd(to: UtcDay | null, openEnd: UtcDay | null, leftOutEnd: UtcDay | null): UtcDay | null {
  if (leftOutEnd !== null && (openEnd === null || leftOutEnd > openEnd)) return leftOutEnd;
  return to !== null && openEnd !== null && to >= openEnd ? null : to;
}

/** What markUntrusted needs of a pre-check or working-time answer (the same finding shape). */
interface UntrustedMarkable {
  basis: { untrusted_imports?: string[] };
  violations: Array<{ start: string; end: string; untrusted?: boolean }>;
}

/**
 * include_quarantined=true (EU 561 pre-check and working time alike): the quarantined imports are named in
 * `basis.untrusted_imports`, and a finding is `untrusted` when any day it spans was served from one of them.
 */
export function markUntrusted(
  result: UntrustedMarkable,
  quarantined: string[],
  records: readonly { date: UtcDay; import_id: string }[],
): void {
  const ids = new Set(quarantined);
  const days = records.filter((r) => ids.has(r.import_id)).map((r) => isoDay(r.date));
  result.basis.untrusted_imports = quarantined;
  for (const v of result.violations) {
    const from = v.start.slice(0, 10);
    const to = v.end.slice(0, 10);
    v.untrusted = quarantined.length > 0 && (days.length === 0 || days.some((d) => d >= from && d <= to));
  }
}
