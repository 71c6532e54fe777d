import type { ActivityIntervalRow, ActivityTotals } from '../domain/rows.js';

export type { ActivityTotals } from '../domain/rows.js';

export type TotalsKey = keyof ActivityTotals;

/** An interval's bucket: its activity when the card was inserted or the time was entered by hand, else UNKNOWN. */
export function totalsKeyOf(row: Pick<ActivityIntervalRow, 'activity' | 'card_inserted' | 'manual_entry'>): TotalsKey {
  return row.card_inserted || row.manual_entry ? row.activity : 'UNKNOWN';
}

export function zeroTotals(): ActivityTotals {
  return { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
}

/** Sum of `duration` per bucket (manual entries count in their activity). */
export function timeTotals(intervals: readonly ActivityIntervalRow[]): ActivityTotals {
  const totals = zeroTotals();
  for (const row of intervals) totals[totalsKeyOf(row)] += row.duration;
  return totals;
}

export function addTotals(a: ActivityTotals, b: ActivityTotals): ActivityTotals {
  return {
    DRIVING: a.DRIVING + b.DRIVING,
    WORK: a.WORK + b.WORK,
    AVAILABILITY: a.AVAILABILITY + b.AVAILABILITY,
    REST: a.REST + b.REST,
    UNKNOWN: a.UNKNOWN + b.UNKNOWN,
  };
}
