/**
 * The Inversify container: ports bound to their adapters, use cases built from the ports. Core stays
 * decorator-free: every binding is a factory (`toDynamicValue`) keyed by a symbol token, and every
 * singleton that holds a resource (database, log file) is closed by `dispose()`.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { IdGenerator } from '../core/ports/id-generator.js';
import type { ImportStore } from '../core/ports/import-store.js';
import type { FleetStore } from '../core/ports/fleet-store.js';
import type { HealthUseCase, ImportUseCase, OverviewUseCases, QueryUseCases } from '../core/use-cases/contracts.js';
import type { HttpAppDependencies, RestLog, WebPage } from '../adapters/http/ports.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import type { AuthenticityVerifier } from '../core/authenticity/index.js';
import { createVerifier } from './trust-store-loader.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { createMikroOrmStore, databaseFile, MikroOrmImportStore } from '../adapters/storage/mikro-orm/index.js';
import { dialectOf } from '../adapters/storage/mikro-orm/dialect.js';
import { secureDataDir, secureSqliteFiles } from './data-permissions.js';
import { MikroOrmFleetStore } from '../adapters/storage/mikro-orm/mikro-orm-fleet-store.js';
import { openFileRestLog, REST_LOG_FILE_NAME } from '../adapters/rest-log/file-rest-log.js';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../adapters/http/web/index.js';
import type { Config } from './config.js';
import { createUseCases, type UseCaseBundle } from './use-cases.js';

export const TOKENS = {
  Config: Symbol.for('drivercard.Config'),
  Clock: Symbol.for('drivercard.Clock'),
  Hasher: Symbol.for('drivercard.Hasher'),
  AuthenticityVerifier: Symbol.for('drivercard.AuthenticityVerifier'),
  IdGenerator: Symbol.for('drivercard.IdGenerator'),
  ImportStore: Symbol.for('drivercard.ImportStore'),
  RestLog: Symbol.for('drivercard.RestLog'),
  WebPage: Symbol.for('drivercard.WebPage'),
  ImportUseCase: Symbol.for('drivercard.ImportUseCase'),
  QueryUseCases: Symbol.for('drivercard.QueryUseCases'),
  OverviewUseCases: Symbol.for('drivercard.OverviewUseCases'),
  HealthUseCase: Symbol.for('drivercard.HealthUseCase'),
  UseCaseBundle: Symbol.for('drivercard.UseCaseBundle'),
} as const;

/** A store the container can close (the MikroORM store is one). */
export type ClosableStore = ImportStore & { close(): Promise<void> };

/** Replacements for tests and benchmarks: any binding by its token. */
export interface ContainerOverrides {
  store?: () => Promise<ClosableStore>;
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
  /** closes the database and the REST log (only those that were opened) */
  dispose(): Promise<void>;
}

/** The fleet summaries live beside the imports, on the same database connection. */
function fleetStoreOf(store: ImportStore): FleetStore {
  if (store instanceof MikroOrmImportStore) return new MikroOrmFleetStore(store);
  throw new Error('the fleet overview needs the MikroORM storage adapter');
}

export function createServiceContainer(config: Config, overrides: ContainerOverrides = {}): ServiceContainer {
  const container = new Container();
  const opened: Array<{ close(): Promise<void> }> = [];
  const keep = <T extends { close(): Promise<void> }>(resource: T): T => {
    opened.push(resource);
    return resource;
  };

  container.bind<Config>(TOKENS.Config).toConstantValue(config);
  container.bind<Clock>(TOKENS.Clock).toDynamicValue(() => overrides.clock ?? new SystemClock()).inSingletonScope();
  container.bind<Hasher>(TOKENS.Hasher).toDynamicValue(() => new NodeCryptoHasher()).inSingletonScope();
  container
    .bind<AuthenticityVerifier>(TOKENS.AuthenticityVerifier)
    .toDynamicValue(() => createVerifier(config.trustDir))
    .inSingletonScope();
  container.bind<IdGenerator>(TOKENS.IdGenerator).toDynamicValue(() => new RandomIdGenerator()).inSingletonScope();
  container
    .bind<ClosableStore>(TOKENS.ImportStore)
    .toDynamicValue(async () => {
      secureDataDir(config.dataDir);
      const options = { dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) };
      if (!overrides.store && dialectOf(options.databaseUrl).name === 'sqlite') secureSqliteFiles(databaseFile(options));
      const store = overrides.store ? await overrides.store() : await createMikroOrmStore(options);
      return keep(store);
    })
    .inSingletonScope();
  container
    .bind<RestLog>(TOKENS.RestLog)
    .toDynamicValue(() => {
      secureDataDir(config.dataDir);
      return keep(openFileRestLog(join(config.dataDir, REST_LOG_FILE_NAME)));
    })
    .inSingletonScope();
  container
    .bind<WebPage | null>(TOKENS.WebPage)
    .toConstantValue(overrides.web !== undefined ? overrides.web : { serve: (p) => serveWebAsset(p), contentSecurityPolicy: WEB_CONTENT_SECURITY_POLICY });

  container
    .bind<UseCaseBundle>(TOKENS.UseCaseBundle)
    .toDynamicValue(async (context) => {
      const store = await context.getAsync<ImportStore>(TOKENS.ImportStore);
      return createUseCases({
        store,
        clock: context.get<Clock>(TOKENS.Clock),
        hasher: context.get<Hasher>(TOKENS.Hasher),
        ids: context.get<IdGenerator>(TOKENS.IdGenerator),
        verifier: context.get<AuthenticityVerifier>(TOKENS.AuthenticityVerifier),
        requireVerified: config.requireVerified,
        fleet: fleetStoreOf(store),
      });
    })
    .inSingletonScope();
  const bindUseCase = <T>(token: symbol, pick: (all: UseCaseBundle) => T, wrap?: (base: T) => T) =>
    container
      .bind<T>(token)
      .toDynamicValue(async (context) => {
        const base = pick(await context.getAsync<UseCaseBundle>(TOKENS.UseCaseBundle));
        return wrap ? wrap(base) : base;
      })
      .inSingletonScope();
  bindUseCase<ImportUseCase>(TOKENS.ImportUseCase, (all) => all.imports, overrides.imports);
  bindUseCase<QueryUseCases>(TOKENS.QueryUseCases, (all) => all.queries, overrides.queries);
  bindUseCase<OverviewUseCases>(TOKENS.OverviewUseCases, (all) => all.overviews, overrides.overviews);
  bindUseCase<HealthUseCase>(TOKENS.HealthUseCase, (all) => all.health, overrides.health);

  return {
    container,
    async httpDependencies() {
      return {
        imports: await container.getAsync<ImportUseCase>(TOKENS.ImportUseCase),
        queries: await container.getAsync<QueryUseCases>(TOKENS.QueryUseCases),
        overviews: await container.getAsync<OverviewUseCases>(TOKENS.OverviewUseCases),
        health: await container.getAsync<HealthUseCase>(TOKENS.HealthUseCase),
        fleet: (await container.getAsync<UseCaseBundle>(TOKENS.UseCaseBundle)).fleet,
        restLog: await container.getAsync<RestLog>(TOKENS.RestLog),
        web: await container.getAsync<WebPage | null>(TOKENS.WebPage),
        maxPayloadBytes: config.maxPayloadBytes,
        ...(config.maxBodiesInFlightBytes !== null ? { maxBodiesInFlightBytes: config.maxBodiesInFlightBytes } : {}),
      };
    },
    importUseCase: () => container.getAsync<ImportUseCase>(TOKENS.ImportUseCase),
    async dispose() {
      const errors: unknown[] = [];
      for (const resource of opened.splice(0).reverse()) {
        await resource.close().catch((error: unknown) => errors.push(error));
      }
      // async: a singleton whose creation failed (e.g. an unreachable database) is a rejected promise that a
      // synchronous unbindAll() would leave unhandled (a stack trace after the command's own error line)
      await container.unbindAllAsync().catch(() => undefined);
      if (errors.length > 0) throw errors[0];
    },
  };
}
