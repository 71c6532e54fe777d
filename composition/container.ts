/**
 * The Inversify container: one symbol token per port and per use case. Ports are bound to their adapters; each
 * use case is resolved by the container from exactly the ports it needs (its factory asks the container for
 * them). Core stays decorator-free, so every binding is a factory (`toDynamicValue`) and no reflect-metadata
 * or decorator compiler setting is needed. Singletons that hold a resource (database, log file, decoder pool)
 * are closed by their deactivation handlers when `dispose()` unbinds the container.
 */
import { join } from 'node:path';
import { Container, type ResolutionContext } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { FleetStore } from '../core/ports/fleet-store.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import type { HttpAppDependencies, RestLog, WebPage } from '../adapters/http/ports.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { createMikroOrmStore, databaseFile, MikroOrmImportStore } from '../adapters/storage/mikro-orm/index.js';
import { dialectOf } from '../adapters/storage/mikro-orm/dialect.js';
import { MikroOrmFleetStore } from '../adapters/storage/mikro-orm/mikro-orm-fleet-store.js';
import { openFileRestLog, REST_LOG_FILE_NAME } from '../adapters/rest-log/file-rest-log.js';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../adapters/http/web/index.js';
import { DecoderPool } from '../adapters/decoder-pool/decoder-pool.js';
import type { Config } from './config.js';
import { secureDataDir, secureSqliteFiles } from './data-permissions.js';
import { createVerifier, readTrustFiles, shippedTrustDir } from './trust-store-loader.js';
import { once } from './use-cases.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { verifyingCardDecoder, withDayRecords } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import { fleetUseCases, type FleetUseCases } from '../core/use-cases/fleet-overview.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';

export const TOKENS = {
  Config: Symbol.for('drivercard.Config'),
  Clock: Symbol.for('drivercard.Clock'),
  Hasher: Symbol.for('drivercard.Hasher'),
  IdGenerator: Symbol.for('drivercard.IdGenerator'),
  ImportStore: Symbol.for('drivercard.ImportStore'),
  FleetStore: Symbol.for('drivercard.FleetStore'),
  CardDecoder: Symbol.for('drivercard.CardDecoder'),
  RestLog: Symbol.for('drivercard.RestLog'),
  WebPage: Symbol.for('drivercard.WebPage'),
  ImportUseCase: Symbol.for('drivercard.ImportUseCase'),
  QueryUseCases: Symbol.for('drivercard.QueryUseCases'),
  OverviewUseCases: Symbol.for('drivercard.OverviewUseCases'),
  HealthUseCase: Symbol.for('drivercard.HealthUseCase'),
  FleetUseCases: Symbol.for('drivercard.FleetUseCases'),
  RefreshFleetCard: Symbol.for('drivercard.RefreshFleetCard'),
} as const;

/** A store the container can close (the MikroORM store is one). */
export type ClosableStore = ImportStore & { close(): Promise<void> };

/** Replacements for tests and benchmarks: any binding by its token. */
export interface ContainerOverrides {
  store?: () => Promise<ClosableStore>;
  /** the fleet summaries of a store that is not the MikroORM adapter (default: MikroOrmFleetStore on its connection) */
  fleet?: (store: ImportStore) => FleetStore;
  imports?: (base: ImportUseCase) => ImportUseCase;
  queries?: (base: QueryUseCases) => QueryUseCases;
  overviews?: (base: OverviewUseCases) => OverviewUseCases;
  health?: (base: HealthUseCase) => HealthUseCase;
  web?: WebPage | null;
  /** the clock every use case reads (tests: a fixed "now", e.g. for the fleet's due dates) */
  clock?: Clock;
}

export interface ServiceContainer {
  container: Container;
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
  bindUseCases(container, config, overrides);

  return {
    container,
    async httpDependencies() {
      return {
        imports: await container.getAsync<ImportUseCase>(TOKENS.ImportUseCase),
        queries: await container.getAsync<QueryUseCases>(TOKENS.QueryUseCases),
        overviews: await container.getAsync<OverviewUseCases>(TOKENS.OverviewUseCases),
        health: await container.getAsync<HealthUseCase>(TOKENS.HealthUseCase),
        fleet: await container.getAsync<FleetUseCases>(TOKENS.FleetUseCases),
        restLog: await container.getAsync<RestLog>(TOKENS.RestLog),
        web: await container.getAsync<WebPage | null>(TOKENS.WebPage),
        maxPayloadBytes: config.maxPayloadBytes,
        ...(config.maxBodiesInFlightBytes !== null ? { maxBodiesInFlightBytes: config.maxBodiesInFlightBytes } : {}),
      };
    },
    importUseCase: () => container.getAsync<ImportUseCase>(TOKENS.ImportUseCase),
    async dispose() {
      // deactivation closes exactly the singletons that were resolved; async, so that a singleton whose creation
      // failed (e.g. an unreachable database) is not left as an unhandled rejection
      await container.unbindAllAsync().catch(() => undefined);
      if (closeErrors.length > 0) throw closeErrors.splice(0)[0];
    },
  };
}

type Close = (resource: { close(): Promise<void> }) => Promise<void>;

function bindPorts(container: Container, config: Config, overrides: ContainerOverrides, close: Close): void {
  container.bind<Config>(TOKENS.Config).toConstantValue(config);
  container.bind<Clock>(TOKENS.Clock).toDynamicValue(() => overrides.clock ?? new SystemClock()).inSingletonScope();
  container.bind<Hasher>(TOKENS.Hasher).toDynamicValue(() => new NodeCryptoHasher()).inSingletonScope();
  container.bind<IdGenerator>(TOKENS.IdGenerator).toDynamicValue(() => new RandomIdGenerator()).inSingletonScope();
  container
    .bind<ClosableStore>(TOKENS.ImportStore)
    .toDynamicValue(async () => {
      secureDataDir(config.dataDir);
      const options = { dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) };
      if (!overrides.store && dialectOf(options.databaseUrl).name === 'sqlite') secureSqliteFiles(databaseFile(options));
      return overrides.store ? overrides.store() : createMikroOrmStore(options);
    })
    .inSingletonScope()
    .onDeactivation(close);
  // the fleet summaries live beside the imports, on the same database connection
  container
    .bind<FleetStore>(TOKENS.FleetStore)
    .toDynamicValue(async (context) => {
      const store = await context.getAsync<ImportStore>(TOKENS.ImportStore);
      if (overrides.fleet) return overrides.fleet(store);
      if (store instanceof MikroOrmImportStore) return new MikroOrmFleetStore(store);
      throw new Error('the fleet overview needs the MikroORM storage adapter');
    })
    .inSingletonScope();
  // large bodies are decoded and verified by a bounded pool of worker threads, so that queries are served
  // meanwhile; the trust roots are read once here (a configuration error stops the start)
  container
    .bind<DecoderPool>(TOKENS.CardDecoder)
    .toDynamicValue(() => {
      const trustFiles = readTrustFiles(config.trustDir ?? shippedTrustDir());
      return new DecoderPool({ trustFiles, inlineDecoder: withDayRecords(verifyingCardDecoder(createVerifier(config.trustDir)), new NodeCryptoHasher()) });
    })
    .inSingletonScope()
    .onDeactivation(close);
  container
    .bind<RestLog>(TOKENS.RestLog)
    .toDynamicValue(() => {
      secureDataDir(config.dataDir);
      return openFileRestLog(join(config.dataDir, REST_LOG_FILE_NAME));
    })
    .inSingletonScope()
    .onDeactivation(close);
  container
    .bind<WebPage | null>(TOKENS.WebPage)
    .toConstantValue(overrides.web !== undefined ? overrides.web : { serve: (p) => serveWebAsset(p), contentSecurityPolicy: WEB_CONTENT_SECURITY_POLICY });
}

/** Each use case from the ports it needs, resolved by the container; `overrides` may wrap one (tests, benchmarks). */
function bindUseCases(container: Container, config: Config, overrides: ContainerOverrides): void {
  const bind = <T>(token: symbol, build: (store: ImportStore, context: ResolutionContext) => T | Promise<T>, wrap?: (base: T) => T) =>
    container
      .bind<T>(token)
      .toDynamicValue(async (context) => {
        const base = await build(await context.getAsync<ImportStore>(TOKENS.ImportStore), context);
        return wrap ? wrap(base) : base;
      })
      .inSingletonScope();
  bind<ImportUseCase>(
    TOKENS.ImportUseCase,
    async (store, context) => {
      const refresh = await context.getAsync<RefreshFleetCard>(TOKENS.RefreshFleetCard);
      return new ImportDddFile({
        store,
        clock: context.get<Clock>(TOKENS.Clock),
        hasher: context.get<Hasher>(TOKENS.Hasher),
        ids: context.get<IdGenerator>(TOKENS.IdGenerator),
        decodeCard: context.get<DecoderPool>(TOKENS.CardDecoder).decode,
        requireVerified: config.requireVerified,
        onStored: (row, card) => refresh.stored(row, card),
      });
    },
    overrides.imports,
  );
  bind<QueryUseCases>(TOKENS.QueryUseCases, (store) => new DriverCardQueries(store), overrides.queries);
  bind<OverviewUseCases>(TOKENS.OverviewUseCases, (store) => new OverviewQueries(store), overrides.overviews);
  bind<HealthUseCase>(TOKENS.HealthUseCase, (store) => new HealthCheck(store), overrides.health);
  bind<RefreshFleetCard>(TOKENS.RefreshFleetCard, async (store, context) => new RefreshFleetCard({
    store,
    fleet: await context.getAsync<FleetStore>(TOKENS.FleetStore),
    overviews: await context.getAsync<OverviewUseCases>(TOKENS.OverviewUseCases),
  }));
  // a database from before the fleet table (or a refresh cut short) gets its missing summaries on the first read
  bind<FleetUseCases>(TOKENS.FleetUseCases, async (_store, context) => {
    const refresh = await context.getAsync<RefreshFleetCard>(TOKENS.RefreshFleetCard);
    return fleetUseCases(await context.getAsync<FleetStore>(TOKENS.FleetStore), context.get<Clock>(TOKENS.Clock), once(() => refresh.refreshMissing()));
  });
}
