/**
 * The office's records in the container: the annotation and review tables live beside the imports, on the same
 * database (the storage bundle's `officeRecords`); the annotations tell the fleet row of the card they change.
 */
import type { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { AnnotationStore } from '../core/ports/annotation-store.js';
import type { FindingReviews, FindingReviewStore } from '../core/ports/finding-reviews.js';
import { OfficeAnnotations } from '../core/use-cases/annotations.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { FindingReviewWorkflow } from '../core/use-cases/finding-reviews.js';
import { CheckedFindings } from '../core/use-cases/finding-directory.js';
import { FindingsOfPeriodQuery } from '../core/use-cases/findings-of-period.js';
import type { OverviewUseCases } from '../core/use-cases/contracts.js';
import type { FleetUseCases } from '../core/use-cases/fleet-overview.js';
import { IdempotentWrites } from '../core/use-cases/idempotent-writes.js';
import type { IdempotencyStore } from '../core/ports/idempotency-store.js';
import { TOKENS } from './tokens.js';

export type OfficeRecords = AnnotationStore & FindingReviewStore;

export function bindOfficeRecords(container: Container): void {
  container
    .bind<OfficeAnnotations>(TOKENS.Annotations)
    .toResolvedValue(
      (records: OfficeRecords, store: ImportStore, clock: Clock, ids: IdGenerator, refresh: RefreshFleetCard) =>
        new OfficeAnnotations({
          store,
          annotations: records,
          clock,
          ids,
          onCardChanged: (card) => refresh.refresh(card),
        }),
      [TOKENS.OfficeRecords, TOKENS.ImportStore, TOKENS.Clock, TOKENS.IdGenerator, TOKENS.RefreshFleetCard],
    )
    .inSingletonScope();
  container
    .bind<FindingReviewWorkflow>(TOKENS.FindingReviews)
    .toResolvedValue(
      (records: OfficeRecords, hasher: Hasher, clock: Clock, fleet: FleetUseCases, overviews: OverviewUseCases) =>
        new FindingReviewWorkflow({
          reviews: records,
          hasher,
          clock,
          findings: new CheckedFindings({
            cards: () => fleetCards(fleet),
            findings: (query) => new FindingsOfPeriodQuery(overviews, records).findings(query),
          }),
        }),
      [TOKENS.OfficeRecords, TOKENS.Hasher, TOKENS.Clock, TOKENS.FleetUseCases, TOKENS.OverviewUseCases],
    )
    .inSingletonScope();
}

/** Every card number of the fleet list, brought up to date (a review's finding is looked for among them). */
async function fleetCards(fleet: FleetUseCases): Promise<string[]> {
  const cards: string[] = [];
  for (;;) {
    const slice = await fleet.list({
      filter: { q: null, overdue: null, expiring_within_days: null },
      sort: 'due',
      order: 'asc',
      page: { limit: 500, offset: cards.length },
    });
    cards.push(...slice.items.map((r) => r.card_number));
    if (slice.items.length === 0 || cards.length >= slice.total) return cards;
  }
}

/** The HTTP dependencies of the office's records (their POSTs idempotent under an Idempotency-Key). */
export async function officeRecordUseCases(container: Container): Promise<{
  annotations: OfficeAnnotations;
  reviews: FindingReviewWorkflow;
  findingReviews: FindingReviews;
  idempotency: IdempotentWrites;
}> {
  return {
    annotations: await container.getAsync<OfficeAnnotations>(TOKENS.Annotations),
    reviews: await container.getAsync<FindingReviewWorkflow>(TOKENS.FindingReviews),
    findingReviews: await container.getAsync<OfficeRecords>(TOKENS.OfficeRecords),
    idempotency: new IdempotentWrites({
      store: await container.getAsync<IdempotencyStore>(TOKENS.IdempotencyKeys),
      clock: await container.getAsync<Clock>(TOKENS.Clock),
      hasher: await container.getAsync<Hasher>(TOKENS.Hasher),
    }),
  };
}
