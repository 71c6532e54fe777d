/**
 * The counts an office reads, each defined once (docs/counts.md); "today", the fleet list and its filters, the
 * driver's row, the week view, the report, the letter and the CSVs all draw them from here.
 *
 * - Findings of the last 4 weeks (a card): the findings of the period (core/use-cases/findings-of-period.ts: the
 *   EU 561/2006 pre-check and the Working Time Directive check together, read with CONTEXT_WEEKS weeks before the
 *   period as context, office annotations applied) over `findingWeeks`: the FINDING_WEEKS ISO weeks ending with the
 *   week of the card's last recorded day, up to that day. Every finding status (VIOLATION, POTENTIAL,
 *   INCOMPLETE_DATA) and every review status counts. The fleet row's `findings_4w` counts them.
 * - Open findings: those findings whose review status is in OPEN_REVIEW_STATUSES (nobody has reviewed them yet).
 *   "Today"'s `open_findings` and its open-findings list count them.
 * - Drivers with infringements: the cards whose last 4 weeks were evaluated and hold at least one finding of status
 *   VIOLATION (`hasInfringement`); the fleet summary's `with_infringements` and "today"'s
 *   `drivers_with_infringements`.
 * A card whose last 4 weeks the checks refused (conflicting data) is counted apart as not evaluated.
 */
import type { ReviewStatus } from '../reviews/review-status.js';
import { mondayOf } from '../time.js';
import type { FleetRow } from './fleet-card.js';

/** ISO weeks of findings per card, ending with the week of the card's last recorded day. */
export const FINDING_WEEKS = 4;

/** The review statuses under which a finding counts as open. */
export const OPEN_REVIEW_STATUSES: readonly ReviewStatus[] = ['OPEN'];

export function isOpenReview(status: ReviewStatus): boolean {
  return OPEN_REVIEW_STATUSES.includes(status);
}

/** The days of a card's "last 4 weeks" (epoch days), from the card's last recorded day. */
export function findingWeeks(lastDay: number): { from: number; to: number } {
  return { from: mondayOf(lastDay) - (FINDING_WEEKS - 1) * 7, to: lastDay };
}

/** Whether a fleet row counts among the drivers with infringements. */
export function hasInfringement(row: Pick<FleetRow, 'findings_4w' | 'findings_4w_evaluated'>): boolean {
  return row.findings_4w_evaluated && row.findings_4w.VIOLATION > 0;
}
