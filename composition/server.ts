/**
 * Starts the service: configuration → container → h3 app → listhen on the configured address (default
 * 127.0.0.1:5055). listhen is kept quiet: no URL banner, QR code, clipboard, tunnel or browser, and a
 * busy port is an error rather than a silent move to another port.
 */
import { toNodeHandler } from 'h3';
import { listen } from 'listhen';
import { createHttpApp } from '../adapters/http/app.js';
import { allowedHostHeaders, isLoopbackHost, loadConfig, type Config } from './config.js';
import { createServiceContainer, type ContainerOverrides } from './container.js';

export interface RunningServer {
  url: string;
  config: Config;
  close(): Promise<void>;
}

export interface StartOptions {
  /** replaces bindings of the container (tests inject failing use cases, benchmarks a seeded store) */
  container?: ContainerOverrides;
  /** environment to read DRIVERCARD_* from (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** unexpected failures (500); default: one line on stderr with the correlation id, no request data */
  onUnexpectedError?: (error: unknown, correlationId: string) => void;
}

function defaultUnexpectedError(error: unknown, correlationId: string): void {
  const name = error instanceof Error ? `${error.name}: ${error.message}` : 'non-error value thrown';
  process.stderr.write(`drivercard: internal error correlation_id=${correlationId} ${name}\n`);
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
    });
    const anyHost = config.host === '0.0.0.0' || config.host === '::';
    const listener = await listen(toNodeHandler(app), {
      hostname: config.host,
      // an object is passed to get-port-please as is: exactly this port (0 = a free one), no alternatives
      port: { port: config.port, random: config.port === 0, alternativePortRange: [], verbose: false } as never,
      showURL: false,
      qr: false,
      open: false,
      clipboard: false,
      tunnel: false,
      // listhen rewrites an any-address bind to "localhost" unless public; loopback binds stay private
      public: anyHost && !isLoopbackHost(config.host),
      autoClose: false,
      isTest: true,
    });
    const port = listener.address.port;
    if (config.port !== 0 && port !== config.port) {
      await listener.close();
      throw new Error(`Port ${config.port} is not available on ${config.host}.`);
    }
    allowed = allowedHostHeaders(config, port);
    let closing: Promise<void> | null = null;
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      config: { ...config, port },
      close() {
        closing ??= (async () => {
          await listener.close();
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
