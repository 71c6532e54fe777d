/**
 * Roadside readiness of a driver card (ports: ImportStore, Clock, optional CoveredDays): the days of the current day
 * and the previous 56 (core/fleet/readiness.ts) without card data and without another record, relative to the day
 * `at` (default: today by the clock). Card data are the card's served history (its imports merged per day,
 * quarantined imports included like the activity lists serve them).
 */
import { NotFoundError } from '../domain/errors.js';
import { cardDataDays, readinessOf, readinessWindow, type Readiness } from '../fleet/readiness.js';
import type { Clock } from '../ports/clock.js';
import type { CoveredDays } from '../ports/covered-days.js';
import type { ImportStore } from '../ports/import-store.js';
import { dayOf, type UtcDay } from '../time.js';

export interface CardReadiness extends Readiness {
  card_number: string;
  /** true when another record (annotations) was consulted */
  other_records_considered: boolean;
}

export class RoadsideReadiness {
  constructor(private readonly deps: { store: ImportStore; clock: Clock; covered?: CoveredDays | null }) {}

  async readiness(card_number: string, at: UtcDay | null): Promise<CardReadiness> {
    const { store, clock, covered } = this.deps;
    const day = at ?? dayOf(Math.floor(clock.now().getTime() / 1000));
    const window = readinessWindow(day);
    const [history, other] = await Promise.all([
      store.cardHistory(card_number, window),
      covered ? covered.coveredDays(card_number, window) : Promise.resolve([]),
    ]);
    if (history.served.length === 0 && (await store.findImport({ kind: 'card_number', value: card_number })) === null) {
      throw new NotFoundError('No import of the card_number asked for exists.');
    }
    const rows = (
      await store.activities(
        history.served.map(({ import_id, date }) => ({ import_id, date })),
        null,
      )
    ).items;
    const readiness = readinessOf(day, new Set(history.served.map((r) => r.date)), cardDataDays(rows), new Set(other));
    return { card_number, ...readiness, other_records_considered: !!covered };
  }
}
