/**
 * The composition root: the Inversify container every entry point resolves (the service, the CLI, the
 * benchmarks and the tests). One token per port and per use case (./tokens.ts); each binding declares the tokens
 * its factory takes (`toResolvedValue(factory, [tokens])`), so the graph is read from the bindings and core
 * stays free of decorators and reflect-metadata. The use cases are bound by ./use-cases.ts. Singletons that hold
 * a resource (database, REST log, decoder pool) are closed by their deactivation handlers when `dispose()`
 * unbinds the container; replacements for tests wrap a use case by an activation handler.
 */
import type { ImportStore } from '../core/ports/import-store.js';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { StoragePorts } from '../core/ports/storage.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import type { HttpAppDependencies, RestLog, WebPage } from '../adapters/http/ports.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { databaseFile, openStorage } from '../adapters/storage/open-storage.js';
import { dialectOf } from '../adapters/storage/database/dialect.js';
import { openFileRestLog, REST_LOG_FILE_NAME } from '../adapters/rest-log/file-rest-log.js';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../adapters/http/web-assets/web-assets.js';
import { DecoderPool } from '../adapters/decoder-pool/decoder-pool.js';
import { databaseUnavailable } from '../adapters/storage/database/storage-error.js';
import type { Config } from './config.js';
import { secureDataDir, secureSqliteFiles } from './data-permissions.js';
import { createVerifier, createVuVerifier, readTrustFiles, shippedTrustDir } from './trust-store-loader.js';
import { bindUseCases, type BackgroundWork } from './use-cases.js';
import { bindStoragePorts } from './storage-bindings.js';
import { TOKENS } from './tokens.js';
import {
  withDayRecords,
  verifyingCardDecoder,
  type CardDecoder,
  type ParsedCardDecoder,
} from '../core/use-cases/decode-card-file.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import type { OfficeAnnotations } from '../core/use-cases/annotations.js';
import type { FleetUseCases } from '../core/use-cases/fleet-overview.js';
import type { ImportLifecycleUseCases } from '../core/use-cases/withdraw-import.js';
import type { FleetChecks } from '../core/use-cases/fleet-checks.js';
import { officeRecordUseCases } from './office-records.js';
import { ChangeFeedQuery } from '../core/use-cases/change-feed.js';
import type { ChangeFeed } from '../core/ports/change-feed.js';
import { defaultImportConcurrency, ImportAdmission } from './import-admission.js';
import type { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import type { TodayView } from '../core/use-cases/today.js';
import { vuFileDecoder, type VuDecoder } from '../core/use-cases/decode-vu-file.js';
import type { VuAuthenticityVerifier } from '../core/authenticity/verify-vu.js';
import type { VehicleUnitQueries } from '../core/use-cases/vehicle-unit-queries.js';
import type { VehicleReportQuery } from '../core/use-cases/vehicle-report.js';
import type { VehicleUnitAnalysis } from '../core/use-cases/vehicle-unit-analysis.js';
import { delimiterForLocale } from '../adapters/office/export/csv.js';

export { TOKENS } from './tokens.js';

/**
 * Replacements for tests and benchmarks: the ports they bring (their storage bundle, clock, decoder) and wrappers
 * of use cases; everything else is bound as for the service.
 */
export interface ContainerOverrides {
  /** every storage port (default: the configured database, adapters/storage/open-storage.ts) */
  storage?: () => Promise<StoragePorts>;
  hasher?: Hasher;
  ids?: IdGenerator;
  /** a decoder of parsed cards (tests file built cards); the day records are computed after it */
  decodeCard?: ParsedCardDecoder;
  /** a decoder that answers the day records too (a benchmark's own pool); default: the service's decoder pool */
  cardDecoder?: CardDecoder;
  /** verifies vehicle-unit downloads (tests: the test PKI's roots); default: the configured trust store */
  vuVerifier?: VuAuthenticityVerifier;
  /** false: a card's fleet row is computed right after its import, without the service's drain (default true) */
  fleetDrain?: boolean;
  imports?: (base: ImportUseCase) => ImportUseCase;
  queries?: (base: QueryUseCases) => QueryUseCases;
  overviews?: (base: OverviewUseCases) => OverviewUseCases;
  health?: (base: HealthUseCase) => HealthUseCase;
  web?: WebPage | null;
  /** the clock every use case reads (tests: a fixed "now", e.g. for the fleet's due dates) */
  clock?: Clock;
}

/** The use cases, resolved from the container (tests and benchmarks that call them without HTTP). */
export interface UseCaseBundle {
  imports: ImportUseCase;
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  health: HealthUseCase;
  fleet: FleetUseCases;
  refreshFleet: RefreshFleetCard;
  lifecycle: ImportLifecycleUseCases;
  fleetChecks: FleetChecks;
  homeCountries: HomeCountrySettings;
  today: TodayView;
  annotations: OfficeAnnotations;
  vehicleUnits: VehicleUnitQueries;
  vehicleReport: VehicleReportQuery;
  vehicleUnitAnalysis: VehicleUnitAnalysis;
}

export interface ServiceContainer {
  container: Container;
  useCases(): Promise<UseCaseBundle>;
  /** everything the HTTP adapter needs except the Host policy and the correlation ids */
  httpDependencies(): Promise<Omit<HttpAppDependencies, 'allowedHosts'>>;
  importUseCase(): Promise<ImportUseCase>;
  /** closes the database, the REST log and the decoder pool (only those that were opened) */
  dispose(): Promise<void>;
}

export function createServiceContainer(config: Config, overrides: ContainerOverrides = {}): ServiceContainer {
  const container = new Container();
  const closeErrors: unknown[] = [];
  const close = async (resource: { close(): Promise<void> }) => {
    await resource.close().catch((error: unknown) => closeErrors.push(error));
  };
  bindPorts(container, config, overrides, close);
  bindUseCases(container, { fleetDrain: overrides.fleetDrain ?? true });
  admitImports(container, config);
  wrapUseCases(container, overrides);

  return {
    container,
    useCases: () => useCasesOf(container),
    async httpDependencies() {
      return {
        ...(await useCasesOf(container)),
        ...(await officeRecordUseCases(container)),
        originals: await originalsOf(container),
        changes: new ChangeFeedQuery(await container.getAsync<ChangeFeed>(TOKENS.ChangeFeed)),
        timeZone: config.timeZone,
        csvDelimiter: delimiterForLocale(config.locale),
        restLog: await container.getAsync<RestLog>(TOKENS.RestLog),
        web: webPageOf(overrides),
        maxPayloadBytes: config.maxPayloadBytes,
        databaseUnavailable,
        ...(config.maxBodiesInFlightBytes !== null ? { maxBodiesInFlightBytes: config.maxBodiesInFlightBytes } : {}),
      };
    },
    importUseCase: () => container.getAsync<ImportUseCase>(TOKENS.ImportUseCase),
    async dispose() {
      // deactivation closes exactly the singletons that were resolved; async, so that a singleton whose creation
      // failed (e.g. an unreachable database) is not left as an unhandled rejection
      // the fleet summaries computed after imports end first (a mark left is computed by the next read)
      for (const work of container.get<Set<BackgroundWork>>(TOKENS.BackgroundWork)) await work.idle();
      await container.unbindAllAsync().catch(() => undefined);
      if (closeErrors.length > 0) throw closeErrors.splice(0)[0];
    },
  };
}

type Close = (resource: { close(): Promise<void> }) => Promise<void>;

function bindPorts(container: Container, config: Config, overrides: ContainerOverrides, close: Close): void {
  container.bind<Config>(TOKENS.Config).toConstantValue(config);
  container.bind<boolean>(TOKENS.RequireVerified).toConstantValue(config.requireVerified);
  container.bind<string | null>(TOKENS.HomeCountry).toConstantValue(config.homeCountry);
  container
    .bind<Clock>(TOKENS.Clock)
    .toResolvedValue(() => overrides.clock ?? new SystemClock())
    .inSingletonScope();
  container
    .bind<Hasher>(TOKENS.Hasher)
    .toResolvedValue(() => overrides.hasher ?? new NodeCryptoHasher())
    .inSingletonScope();
  container
    .bind<IdGenerator>(TOKENS.IdGenerator)
    .toResolvedValue(() => overrides.ids ?? new RandomIdGenerator())
    .inSingletonScope();
  // every storage port over one database, closed once when the container is disposed
  container
    .bind<StoragePorts>(TOKENS.Storage)
    .toResolvedValue(() => openConfiguredStorage(config, overrides))
    .inSingletonScope()
    .onDeactivation(close);
  bindStoragePorts(container);
  bindDecoder(container, config, overrides, close);
  container
    .bind<RestLog>(TOKENS.RestLog)
    .toResolvedValue(() => {
      secureDataDir(config.dataDir);
      return openFileRestLog(join(config.dataDir, REST_LOG_FILE_NAME));
    })
    .inSingletonScope()
    .onDeactivation(close);
}

/** The page's assets, unless a test serves none. */
function webPageOf(overrides: ContainerOverrides): WebPage | null {
  if (overrides.web !== undefined) return overrides.web;
  return { serve: (p) => serveWebAsset(p), contentSecurityPolicy: WEB_CONTENT_SECURITY_POLICY };
}

/** The card decoder: a test's or benchmark's own, or the service's pool of worker threads. */
function bindDecoder(container: Container, config: Config, overrides: ContainerOverrides, close: Close): void {
  const { decodeCard, cardDecoder, vuVerifier } = overrides;
  // without the pool (a test's or benchmark's own card decoder, or a test's own VU verifier) vehicle-unit downloads
  // are decoded and verified on this thread; the service's pool decodes them as it decodes cards
  const onThisThread = () => vuFileDecoder(vuVerifier ?? createVuVerifier(config.trustDir));
  const vuBinding = container.bind<VuDecoder>(TOKENS.VuDecoder);
  if (decodeCard || cardDecoder || vuVerifier) vuBinding.toResolvedValue(onThisThread).inSingletonScope();
  else vuBinding.toResolvedValue((pool: DecoderPool) => pool.decodeVu, [TOKENS.DecoderPool]).inSingletonScope();
  if (decodeCard) {
    container
      .bind<CardDecoder>(TOKENS.CardDecoder)
      .toResolvedValue((hasher: Hasher) => withDayRecords(decodeCard, hasher), [TOKENS.Hasher])
      .inSingletonScope();
    return;
  }
  if (cardDecoder) {
    container.bind<CardDecoder>(TOKENS.CardDecoder).toConstantValue(cardDecoder);
    return;
  }
  // large bodies are decoded and verified by a bounded pool of worker threads, so that queries are served
  // meanwhile; the trust roots are read once here (a configuration error stops the start)
  container
    .bind<DecoderPool>(TOKENS.DecoderPool)
    .toResolvedValue(
      (hasher: Hasher) => {
        const trustFiles = readTrustFiles(config.trustDir ?? shippedTrustDir());
        return new DecoderPool({
          trustFiles,
          inlineDecoder: withDayRecords(verifyingCardDecoder(createVerifier(config.trustDir)), hasher),
          inlineVuDecoder: vuFileDecoder(createVuVerifier(config.trustDir)),
          // the workers compress the bodies they decode too; the save takes that form (off the event loop)
          prepareContent: true,
        });
      },
      [TOKENS.Hasher],
    )
    .inSingletonScope()
    .onDeactivation(close);
  container
    .bind<CardDecoder>(TOKENS.CardDecoder)
    .toResolvedValue((pool: DecoderPool) => pool.decode, [TOKENS.DecoderPool])
    .inSingletonScope();
}

/** The database of the configuration (data folder and SQLite files made private first), or the test's storage. */
async function openConfiguredStorage(config: Config, overrides: ContainerOverrides): Promise<StoragePorts> {
  secureDataDir(config.dataDir);
  if (overrides.storage) return overrides.storage();
  const options = { dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) };
  if (dialectOf(options.databaseUrl).name === 'sqlite') secureSqliteFiles(databaseFile(options));
  return openStorage(options);
}

/** Every use case, resolved (ports given as values resolve synchronously, the configured database does not). */
async function useCasesOf(container: Container): Promise<UseCaseBundle> {
  const get = <T>(token: symbol) => container.getAsync<T>(token);
  return {
    imports: await get<ImportUseCase>(TOKENS.ImportUseCase),
    queries: await get<QueryUseCases>(TOKENS.QueryUseCases),
    overviews: await get<OverviewUseCases>(TOKENS.OverviewUseCases),
    health: await get<HealthUseCase>(TOKENS.HealthUseCase),
    fleet: await get<FleetUseCases>(TOKENS.FleetUseCases),
    refreshFleet: await get<RefreshFleetCard>(TOKENS.RefreshFleetCard),
    lifecycle: await get<ImportLifecycleUseCases>(TOKENS.ImportLifecycle),
    fleetChecks: await get<FleetChecks>(TOKENS.FleetChecks),
    homeCountries: await get<HomeCountrySettings>(TOKENS.HomeCountries),
    today: await get<TodayView>(TOKENS.Today),
    annotations: await get<OfficeAnnotations>(TOKENS.Annotations),
    vehicleUnits: await get<VehicleUnitQueries>(TOKENS.VehicleUnitQueries),
    vehicleReport: await get<VehicleReportQuery>(TOKENS.VehicleReport),
    vehicleUnitAnalysis: await get<VehicleUnitAnalysis>(TOKENS.VehicleUnitAnalysis),
  };
}

/** The original bytes of an import, read from the store (the evidence bundle's only source of them). */
async function originalsOf(container: Container): Promise<(import_id: string) => Promise<Uint8Array | null>> {
  const store = await container.getAsync<ImportStore>(TOKENS.ImportStore);
  return (import_id) => store.originalContent(import_id);
}

/** The imports this process runs at once: configured, or the database's default (./import-admission.ts). */
function admitImports(container: Container, config: Config): void {
  const database = dialectOf(config.databaseUrl ?? undefined).name;
  const limit = config.importConcurrency ?? defaultImportConcurrency(database, availableParallelism(), 1);
  if (limit !== null)
    container.onActivation<ImportUseCase>(TOKENS.ImportUseCase, (_context, base) => new ImportAdmission(base, limit));
}

/** A test's or benchmark's wrapper of a use case, applied when the container activates it. */
function wrapUseCases(container: Container, overrides: ContainerOverrides): void {
  const wrap = <T>(token: symbol, wrapper: ((base: T) => T) | undefined) => {
    if (wrapper) container.onActivation<T>(token, (_context, base) => wrapper(base));
  };
  wrap<ImportUseCase>(TOKENS.ImportUseCase, overrides.imports);
  wrap<QueryUseCases>(TOKENS.QueryUseCases, overrides.queries);
  wrap<OverviewUseCases>(TOKENS.OverviewUseCases, overrides.overviews);
  wrap<HealthUseCase>(TOKENS.HealthUseCase, overrides.health);
}
