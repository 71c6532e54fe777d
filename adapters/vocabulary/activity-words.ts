/**
 * The card's activities as a person reads them, one word each for the page (legend, chart, totals), the report and
 * the letter: Annex IC names the four a tachograph records driving, other work, availability and break/rest; time
 * with the card not inserted and no manual entry is unknown. Keyed by the core's activities (one added there
 * without words here does not compile).
 */
// type-only: the enum of the core (erased from the compiled JavaScript)
import type { Activity } from '../../core/domain/rows.js';

export const ACTIVITY_NAMES: Record<Activity | 'UNKNOWN', string> = {
  DRIVING: 'Driving',
  WORK: 'Other work',
  AVAILABILITY: 'Availability',
  REST: 'Rest',
  UNKNOWN: 'Unknown (card not inserted)',
};
