/**
 * The office's records in the container: the annotation and review tables live beside the imports, on the same
 * database connection (MikroORM adapter only; with another store the features are absent and their routes 404).
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
import { MikroOrmImportStore } from '../adapters/storage/open-storage.js';
import { MikroOrmOfficeRecords } from '../adapters/storage/office-records/office-records-store.js';
import { TOKENS } from './tokens.js';

export type OfficeRecords = AnnotationStore & FindingReviewStore;

export function bindOfficeRecords(container: Container): void {
  container
    .bind<OfficeRecords | null>(TOKENS.OfficeRecords)
    .toResolvedValue(
      (store: ImportStore) => (store instanceof MikroOrmImportStore ? new MikroOrmOfficeRecords(store) : null),
      [TOKENS.ImportStore],
    )
    .inSingletonScope();
  container
    .bind<OfficeAnnotations | null>(TOKENS.Annotations)
    .toResolvedValue(
      (records: OfficeRecords | null, store: ImportStore, clock: Clock, ids: IdGenerator, refresh: RefreshFleetCard) =>
        records === null
          ? null
          : new OfficeAnnotations({
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
    .bind<FindingReviewWorkflow | null>(TOKENS.FindingReviews)
    .toResolvedValue(
      (records: OfficeRecords | null, hasher: Hasher, clock: Clock) =>
        records === null ? null : new FindingReviewWorkflow({ reviews: records, hasher, clock }),
      [TOKENS.OfficeRecords, TOKENS.Hasher, TOKENS.Clock],
    )
    .inSingletonScope();
}

/** The HTTP dependencies of the office's records (absent when the store has no such tables). */
export async function officeRecordUseCases(
  container: Container,
): Promise<{ annotations?: OfficeAnnotations; reviews?: FindingReviewWorkflow; findingReviews?: FindingReviews }> {
  const annotations = await container.getAsync<OfficeAnnotations | null>(TOKENS.Annotations);
  const reviews = await container.getAsync<FindingReviewWorkflow | null>(TOKENS.FindingReviews);
  const records = await container.getAsync<OfficeRecords | null>(TOKENS.OfficeRecords);
  return {
    ...(annotations ? { annotations } : {}),
    ...(reviews ? { reviews } : {}),
    ...(records ? { findingReviews: records } : {}),
  };
}
