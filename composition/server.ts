/**
 * Starts the service: configuration → container → h3 app → h3's own `serve` (srvx, the server h3 v2 is built
 * on) on the configured address (default 127.0.0.1:5055): exactly the configured port (0 = a free one chosen by
 * the system; a busy port is an error, never a silent move to another port), no banner of its own (the CLI
 * prints the URL), no signal handlers of its own (`drivercard serve` closes the server, then the database).
 * Closing stops accepting connections, lets requests in flight finish and closes idle keep-alive connections;
 * connections still open after CLOSE_GRACE_MS are cut.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { serve } from 'h3';
import { createHttpApp } from '../adapters/http/app.js';
import { allowedHostHeaders, loadConfig, type Config } from './config.js';
import { createServiceContainer, type ContainerOverrides } from './container.js';
import { driverCode } from '../adapters/storage/database/storage-error.js';
import type { ImportUseCase } from '../core/use-cases/contracts.js';

export interface RunningServer {
  url: string;
  config: Config;
  close(): Promise<void>;
  /** the import use case POST /api/drivercard/parse answers with (the watched folder imports through it) */
  importUseCase?: () => Promise<ImportUseCase>;
}

export interface StartOptions {
  /** replaces bindings of the container (tests inject failing use cases, benchmarks a seeded store) */
  container?: ContainerOverrides;
  /** environment to read DRIVERCARD_* from (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** unexpected failures (500); default: one line on stderr with the correlation id, no request data */
  onUnexpectedError?: (error: unknown, correlationId: string) => void;
  /** failures answered 503 database_unavailable; default: unavailableLog's line on stderr */
  onDatabaseUnavailable?: (error: unknown) => void;
}

function defaultUnexpectedError(error: unknown, correlationId: string): void {
  const name = error instanceof Error ? `${error.name}: ${error.message}` : 'non-error value thrown';
  process.stderr.write(`drivercard: internal error correlation_id=${correlationId} ${name}\n`);
}

/** How long after saying the database is unavailable the service says it again (once per outage, not per request). */
export const UNAVAILABLE_LOG_INTERVAL_MS = 60_000;

/**
 * One line on stderr when requests start being answered 503 database_unavailable, then at most one a minute while
 * it lasts: the driver's error code only (its message may quote SQL and values).
 */
export function unavailableLog(
  write: (line: string) => void = (line) => void process.stderr.write(line),
  now: () => number = Date.now,
): (error: unknown) => void {
  let last = -Infinity;
  return (error) => {
    if (now() - last < UNAVAILABLE_LOG_INTERVAL_MS) return;
    last = now();
    const code = driverCode(error);
    const shown = code === null ? '' : ` (${code})`;
    write(`drivercard: the database is unavailable${shown}; requests needing it are answered 503 until it is back\n`);
  };
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(overrides: Partial<Config> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env, overrides);
  const services = createServiceContainer(config, options.container);
  let allowed: ReadonlySet<string> = new Set();
  try {
    const deps = await services.httpDependencies();
    const { app } = createHttpApp({
      ...deps,
      allowedHosts: () => allowed,
      onUnexpectedError: options.onUnexpectedError ?? defaultUnexpectedError,
      onDatabaseUnavailable: options.onDatabaseUnavailable ?? unavailableLog(),
    });
    // a worker of `serve --workers` shares the port its primary holds: srvx listens `exclusive` unless reusePort
    const server = serve(app, {
      hostname: config.host,
      port: config.port,
      silent: true,
      gracefulShutdown: false,
      reusePort: cluster.isWorker,
    });
    try {
      await server.ready();
    } catch (error) {
      await server.close().catch(() => undefined);
      throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? new Error(`Port ${config.port} is not available on ${config.host}.`)
        : error;
    }
    const port = (server.node!.server!.address() as AddressInfo).port;
    allowed = allowedHostHeaders(config, port);
    let closing: Promise<void> | null = null;
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      config: { ...config, port },
      importUseCase: () => services.importUseCase(),
      close() {
        closing ??= (async () => {
          await closeGracefully(server);
          await services.dispose();
        })();
        return closing;
      },
    };
  } catch (error) {
    await services.dispose().catch(() => undefined);
    throw error;
  }
}

/** How long a close waits for open connections (a request in flight, a client keeping one open) before cutting them. */
export const CLOSE_GRACE_MS = 5000;

async function closeGracefully(server: ReturnType<typeof serve>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => resolve(server.close(true)), CLOSE_GRACE_MS);
  });
  try {
    await Promise.race([server.close(), cut]);
  } finally {
    clearTimeout(timer);
  }
}
