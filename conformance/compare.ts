/**
 * Comparison of decoder output (ParsedCard) with expected rows, shared by the golden and the round-trip
 * suites. Rows are put in canonical order; coordinates compare within 1e-6 degrees (the expected values are
 * rounded to 6 decimals).
 */
import type { ParsedCard } from '../core/domain/rows.js';
import { sortRows } from '../fixtures/encoder/canonical.js';
import { parsedCardToResponse } from '../adapters/http/mappers.js';

export interface Comparable {
  import: Record<string, unknown>;
  activities: object[];
  events: object[];
  faults: object[];
  vehicles_used: object[];
  positions: object[];
}

function roundCoords<T extends object>(rows: T[]): T[] {
  return rows.map((r) => {
    const p = r as Record<string, unknown>;
    const out = { ...p };
    for (const k of ['latitude', 'longitude']) {
      if (typeof p[k] === 'number') out[k] = Math.round((p[k] as number) * 1e6) / 1e6;
    }
    return out as T;
  });
}

/** The decoder's result in the golden shape. */
export function actualOf(card: ParsedCard): Comparable {
  const parsed = parsedCardToResponse(card);
  return {
    import: { ...parsed.metadata, import_id: null } as unknown as Record<string, unknown>,
    activities: sortRows(parsed.activities),
    events: sortRows(parsed.events),
    faults: sortRows(parsed.faults),
    vehicles_used: sortRows(parsed.vehicles_used),
    positions: sortRows(roundCoords(parsed.positions)),
  };
}
