/** Roadside readiness: domain → JSON. */
import { isoDay } from '../../../core/time.js';
import type { CardReadiness } from '../../../core/use-cases/roadside-readiness.js';

export function readinessToResponse(r: CardReadiness) {
  return {
    card_number: r.card_number,
    at: isoDay(r.at),
    date_from: isoDay(r.from),
    date_to: isoDay(r.to),
    days: r.days,
    card_days: r.card_days,
    otherwise_covered_days: r.otherwise_covered_days,
    missing_count: r.missing.length,
    missing_days: r.missing.map((m) => ({ date: isoDay(m.date), reason: m.reason })),
    other_records_considered: r.other_records_considered,
  };
}
