/**
 * Days an office record other than the card covers for a driver (annotations: leave, sick leave, other work …),
 * which the driver can show at a roadside check instead of card data. Optional: without a provider only card
 * data counts.
 */
import type { UtcDay } from '../domain/rows.js';

export interface CoveredDays {
  /** the UTC days within the (closed) range that another record covers for the card */
  coveredDays(card_number: string, range: { from: UtcDay; to: UtcDay }): Promise<UtcDay[]>;
}
