/**
 * Every storage port of the application, as one database opens them (adapters/storage/open-storage.ts): the
 * composition root binds each port's token from this bundle and closes it once, after every use case is done.
 */
import type { AnnotationStore } from './annotation-store.js';
import type { ChangeFeed } from './change-feed.js';
import type { FindingReviewStore } from './finding-reviews.js';
import type { FleetStore } from './fleet-store.js';
import type { HomeCountryStore } from './home-country-store.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { ImportAttention } from './import-attention.js';
import type { ImportStore } from './import-store.js';
import type { OpenFindingsStore } from './open-findings-store.js';
import type { VehicleUnitStore } from './vehicle-unit-store.js';

export interface StoragePorts {
  imports: ImportStore;
  fleet: FleetStore;
  /** the office's annotations and finding reviews (one store holds both tables) */
  officeRecords: AnnotationStore & FindingReviewStore;
  openFindings: OpenFindingsStore;
  homeCountries: HomeCountryStore;
  attention: ImportAttention;
  /** the stored vehicle-unit downloads' rows */
  vehicleUnits: VehicleUnitStore;
  /** the answers kept under Idempotency-Keys */
  idempotencyKeys: IdempotencyStore;
  /** the changes of imports, annotations and reviews in commit order (GET /changes) */
  changes: ChangeFeed;
  /** closes the database once (the ports share its connection) */
  close(): Promise<void>;
}
