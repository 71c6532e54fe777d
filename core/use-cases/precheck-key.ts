/**
 * The key of the pre-check answers ./overview-use-cases.ts keeps: what a pre-check was computed from, compared
 * field by field so that the same question asked again reuses the answer.
 */
import type { ActivityIntervalRow } from '../domain/rows.js';
import { samePlainData } from './answer-memo.js';

/** The pre-check memo's key: the intervals (thousands for a card-year) apart from the rest of what it reads. */
export interface PrecheckKey {
  intervals: readonly ActivityIntervalRow[];
  rest: object;
}

/**
 * The same key: the intervals field by field, every field of the row (written out: a loop over the field names
 * took V8's slow keyed loads, ~3 ms a card-year; a field added to the row must be added here, which
 * ./precheck-key.test.ts checks), and the rest as plain data.
 */
export function samePrecheckKey(a: PrecheckKey, b: PrecheckKey): boolean {
  if (a.intervals.length !== b.intervals.length) return false;
  for (let i = 0; i < a.intervals.length; i++) {
    const x = a.intervals[i]!;
    const y = b.intervals[i]!;
    if (
      x.start !== y.start ||
      x.end !== y.end ||
      x.activity !== y.activity ||
      x.date !== y.date ||
      x.duration !== y.duration ||
      x.slot !== y.slot ||
      x.crew !== y.crew ||
      x.card_inserted !== y.card_inserted ||
      x.manual_entry !== y.manual_entry ||
      x.import_id !== y.import_id ||
      x.card_number !== y.card_number
    )
      return false;
  }
  return samePlainData(a.rest, b.rest);
}
