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
      (records: OfficeRecords, hasher: Hasher, clock: Clock) =>
        new FindingReviewWorkflow({ reviews: records, hasher, clock }),
      [TOKENS.OfficeRecords, TOKENS.Hasher, TOKENS.Clock],
    )
    .inSingletonScope();
}

/** The HTTP dependencies of the office's records. */
export async function officeRecordUseCases(
  container: Container,
): Promise<{ annotations: OfficeAnnotations; reviews: FindingReviewWorkflow; findingReviews: FindingReviews }> {
  return {
    annotations: await container.getAsync<OfficeAnnotations>(TOKENS.Annotations),
    reviews: await container.getAsync<FindingReviewWorkflow>(TOKENS.FindingReviews),
    findingReviews: await container.getAsync<OfficeRecords>(TOKENS.OfficeRecords),
  };
}
