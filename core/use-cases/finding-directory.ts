/**
 * Whether a finding_id names a finding the checks draw, so that a review of an id nobody was shown is refused
 * (404) instead of stored. Ids are not kept anywhere when they are answered: a finding exists when the checks
 * of one of the fleet's cards draw it over all of the card's data (FindingsOfPeriodQuery with open ends), under
 * one of the readings of time without card data (`unknown_as` gap, the default, unknown or rest), and with the
 * card's quarantined imports left out or brought in (the pre-check answers findings under each of these).
 * A card whose data the checks refuse (conflicting days) draws no finding under that reading.
 *
 * Cost: drawing a card's findings is the checks over all of its data (tens of milliseconds per card), so a search
 * of the whole fleet grows with it (about 15 s for 200 cards). A review that names its card (`card_number`, which
 * the page sends: every finding it shows belongs to the card on screen) checks that card alone; only an id that
 * card does not draw is looked for in the rest of the fleet, so a wrong hint costs time, never a wrong answer.
 */
import { DomainError } from '../domain/errors.js';
import type { FindingsQuery, PeriodFinding } from './findings-of-period.js';

export interface FindingDirectory {
  /** whether some card's checks draw the finding; `cardNumber`: the card to look at first */
  has(findingId: string, cardNumber?: string | null): Promise<boolean>;
}

export interface FindingDirectoryPorts {
  /** the card numbers of the fleet */
  cards(): Promise<readonly string[]>;
  findings(query: FindingsQuery): Promise<{ findings: readonly Pick<PeriodFinding, 'finding_id'>[] }>;
}

/** The readings a finding can be drawn under, the default first (the one a page and a report show). */
export const DIRECTORY_READINGS: readonly NonNullable<FindingsQuery['options']>[] = [
  {},
  { unknown_as: 'unknown' },
  { unknown_as: 'rest' },
  { include_quarantined: true },
  { include_quarantined: true, unknown_as: 'unknown' },
  { include_quarantined: true, unknown_as: 'rest' },
];

export class CheckedFindings implements FindingDirectory {
  constructor(private readonly ports: FindingDirectoryPorts) {}

  async has(findingId: string, cardNumber?: string | null): Promise<boolean> {
    const hinted = cardNumber ?? null;
    if (hinted !== null) {
      for (const options of DIRECTORY_READINGS) {
        if (await this.drawnUnder(hinted, options, findingId)) return true;
      }
    }
    const cards = (await this.ports.cards()).filter((card) => card !== hinted);
    // the default reading of every card first: the findings a page or a report lists are found in at most one
    // check per card
    for (const options of DIRECTORY_READINGS) {
      for (const card of cards) {
        if (await this.drawnUnder(card, options, findingId)) return true;
      }
    }
    return false;
  }

  private async drawnUnder(card: string, options: FindingsQuery['options'], findingId: string): Promise<boolean> {
    try {
      const { findings } = await this.ports.findings({
        basis: { kind: 'card_number', value: card },
        range: { from: null, to: null },
        options,
      });
      return findings.some((f) => f.finding_id === findingId);
    } catch (error) {
      // the checks refused this card's data under this reading (409 quarantined or conflicting data, or a card
      // number the store does not know): no finding
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}
