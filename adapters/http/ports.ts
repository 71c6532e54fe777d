/**
 * What the HTTP adapter needs from the rest of the service: the use cases of core/use-cases/contracts.ts,
 * the REST log (an outbound port with a file adapter in adapters/rest-log) and the web page.
 */
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../../core/use-cases/contracts.js';
import type { FleetUseCases } from '../../core/use-cases/fleet-overview.js';
import type { ImportLifecycleUseCases } from '../../core/use-cases/withdraw-import.js';
import type { FleetChecks } from '../../core/use-cases/fleet-checks.js';
import type { OfficeAnnotations } from '../../core/use-cases/annotations.js';
import type { FindingReviewWorkflow } from '../../core/use-cases/finding-reviews.js';
import type { FindingReviews } from '../../core/ports/finding-reviews.js';
import type { HomeCountrySettings } from '../../core/use-cases/home-countries.js';
import type { TodayView } from '../../core/use-cases/today.js';
import type { VehicleUnitQueries } from '../../core/use-cases/vehicle-unit-queries.js';
import type { VehicleUnitAnalysis } from '../../core/use-cases/vehicle-unit-analysis.js';
import type { VehicleReportQuery } from '../../core/use-cases/vehicle-report.js';
import type { IdempotentWrites } from '../../core/use-cases/idempotent-writes.js';
import type { ChangeFeedQuery } from '../../core/use-cases/change-feed.js';

/** One finished request, as the REST log records it: never payloads, query values or personal data. */
export interface RestLogEntry {
  time: Date;
  method: string;
  /** the route path, without the query string */
  path: string;
  status: number;
  durationMs: number;
  correlationId: string;
}

export interface RestLog {
  record(entry: RestLogEntry): void;
  close(): Promise<void>;
}

/** A web asset served for the bundled week view (adapters/http/web). */
export interface WebAsset {
  body: string | Uint8Array;
  contentType: string;
}

export interface WebPage {
  serve(pathname: string): WebAsset | null;
  /** sent as Content-Security-Policy with every web asset */
  contentSecurityPolicy?: string;
}

export interface HttpAppDependencies {
  imports: ImportUseCase;
  queries: QueryUseCases;
  /** day and week overviews and the EU 561 pre-check */
  overviews: OverviewUseCases;
  health: HealthUseCase;
  /** the fleet overview; absent: its routes answer 404 */
  fleet?: FleetUseCases;
  /** withdraw / restore of imports; absent: their routes answer 404 */
  lifecycle?: ImportLifecycleUseCases;
  /** vehicles across cards, roadside readiness, time by country; absent: their routes answer 404 */
  fleetChecks?: FleetChecks;
  /** the office's annotations; absent: their routes answer 404 */
  annotations?: OfficeAnnotations;
  /** the review workflow of findings; absent: its routes answer 404 */
  reviews?: FindingReviewWorkflow;
  /** the changes of imports, annotations and reviews after a cursor; absent: GET /changes answers 404 */
  changes?: ChangeFeedQuery;
  /** the kept answers of creating POSTs sent with an Idempotency-Key; absent: the header is not read */
  idempotency?: IdempotentWrites;
  /** review statuses of findings (the `status` filter of GET /findings); absent: every finding is OPEN */
  findingReviews?: FindingReviews;
  /** the cards' home countries (Mobility Package rules); absent: their routes answer 404 */
  homeCountries?: HomeCountrySettings;
  /** the original bytes of an import, for the evidence bundle only; absent: its route answers 404 */
  originals?: (import_id: string) => Promise<Uint8Array | null>;
  /** the office's today counts; absent: its routes answer 404 */
  today?: TodayView;
  /** the stored vehicle-unit downloads; absent: their routes answer 404 */
  vehicleUnits?: VehicleUnitQueries;
  /** what only the vehicle knows, across cards (VU downloads against cards); absent: its routes answer 404 */
  vehicleUnitAnalysis?: VehicleUnitAnalysis;
  /** one vehicle's VU rows for its report and CSV exports; absent: their routes answer 404 */
  vehicleReport?: VehicleReportQuery;
  /** the configured IANA time zone times are shown in (page, report, CSV); absent: UTC */
  timeZone?: string;
  /** the CSV separator when a request names none (from the configured locale); absent: `,` */
  csvDelimiter?: ',' | ';';
  restLog: RestLog;
  /** Host header values the service answers to (lower-case, with port where the client sends one) */
  allowedHosts: () => ReadonlySet<string>;
  maxPayloadBytes: number;
  /** bound on the bytes of request bodies in flight (default 3 × maxPayloadBytes); beyond it requests wait */
  maxBodiesInFlightBytes?: number;
  /** how long a request waits for room in that bound before 503 service_busy (default 10,000 ms) */
  bodyWaitMs?: number;
  /** the bundled web page (adapters/http/web); null answers 404 for web paths */
  web: WebPage | null;
  /** correlation ids; injectable for tests */
  newCorrelationId?: () => string;
  /** called with every unexpected failure (after the correlation id is assigned) */
  onUnexpectedError?: (error: unknown, correlationId: string) => void;
  /**
   * whether a failure means the database is unavailable (the storage adapter's judgement): answered 503
   * database_unavailable with Retry-After instead of 500; absent: never
   */
  databaseUnavailable?: (error: unknown) => boolean;
  /** told of each failure answered 503 database_unavailable */
  onDatabaseUnavailable?: (error: unknown) => void;
}
