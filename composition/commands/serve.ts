/**
 * `drivercard serve`: starts the service (configuration from DRIVERCARD_* variables) and keeps it running
 * until SIGINT or SIGTERM, which close the server and then the database.
 */
import cluster from 'node:cluster';
import { ConfigError } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import type { CommandIo } from './parse.js';
import { startupFailure } from './startup-failure.js';
import type { WatchedFolder } from '../watch-folder.js';
import { servePrimary, workersOption, type SignalSource, type WorkerListening } from './serve-workers.js';

export const SERVE_USAGE = `usage: drivercard serve [--workers N]

Options:
  --workers N                      N service processes on one port (PostgreSQL only; default 1)

Environment:
  DRIVERCARD_HOST                  address to bind (default 127.0.0.1; beyond loopback needs the gateway ack)
  DRIVERCARD_PORT                  TCP port (default 5055; 0 = any free port)
  DRIVERCARD_DATA_DIR              folder of the SQLite database and the REST log (default ./data)
  DRIVERCARD_DATABASE_URL          SQLite file (default <data dir>/drivercard.sqlite)
  DRIVERCARD_MAX_PAYLOAD_BYTES     request body limit (default 16777216)
  DRIVERCARD_ALLOWED_HOSTS         extra Host header names, comma separated
  DRIVERCARD_EXTERNAL_GATEWAY_ACK  "yes": an external TLS + authentication gateway fronts a non-loopback bind
  DRIVERCARD_WATCH_DIR             folder whose dropped downloads are imported, then moved to imported/,
                                   quarantined/ or failed/ beside a reason file (default: none)
  DRIVERCARD_WATCH_SETTLE_SECONDS  seconds a dropped file must stay unchanged before it is read (default 5)`;

export type { SignalSource };

/**
 * The V8 heap limits the service runs with: the bin's shebang (composition/cli.ts, `env -S`) and `npm start` pass
 * them, `serve --workers` hands them to its workers (node:cluster forks with the primary's flags). Semi-spaces of
 * 2 MB (V8's default 16) bound each isolate's young generation to 4 MB committed, the main thread's and the decoder
 * worker's; two V8 background threads (`--v8-pool-size`, default 4) do the concurrent GC and compiler work of this
 * 2-core service with ~5 MB less resident set (fewer threads' malloc arenas and compiler zones). 256 MB of old space
 * still holds several 16 MB request bodies (the payload limit) at once. `--optimize-for-size` is not set: it kept
 * the young generation at 2 MB (1 MB semi-spaces) whatever the flags said, so the collector ran three times as often and an import cost
 * ~25 % more CPU on the main thread, the service's bottleneck. The measurements: README "Heap limits".
 */
export const SERVE_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=256', '--v8-pool-size=2'] as const;

export async function serveCommand(
  argv: string[],
  io: CommandIo,
  signals: SignalSource = process,
  start: () => Promise<RunningServer> = () => startServer(),
): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout(`${SERVE_USAGE}\n`);
    return 0;
  }
  const options = workersOption(argv);
  if (typeof options === 'string' || options.rest.length > 0) {
    io.stderr(`${typeof options === 'string' ? `drivercard serve: ${options}\n` : ''}${SERVE_USAGE}\n`);
    return 2;
  }
  if (options.workers !== null && options.workers > 1 && cluster.isPrimary)
    return servePrimary(options.workers, io, signals);
  let server: RunningServer;
  try {
    server = await start();
  } catch (error) {
    io.stderr(
      `drivercard serve: ${error instanceof ConfigError ? 'configuration error: ' : ''}${startupFailure(error)}\n`,
    );
    return 1;
  }
  const watcher = await watchFolder(server, io);
  if (watcher === 'failed') return 1;
  announce(server.url, io);
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
      // a worker of `--workers`: Ctrl-C reaches it and its primary, which then sends SIGTERM; closing goes on
      if (cluster.isWorker) for (const name of ['SIGINT', 'SIGTERM'] as const) process.on(name, () => undefined);
      io.stdout(`drivercard-rest: ${signal} received, closing the server and the database\n`);
      // a worker's channel to its primary would keep it alive once closed
      (watcher?.close() ?? Promise.resolve())
        .then(() => server.close())
        .finally(() => cluster.isWorker && process.disconnect?.())
        .then(
          () => resolve(0),
          (error: unknown) => {
            io.stderr(`drivercard serve: closing failed: ${error instanceof Error ? error.message : String(error)}\n`);
            resolve(1);
          },
        );
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    signals.once('SIGINT', onInt);
    signals.once('SIGTERM', onTerm);
  });
}

/**
 * The watched folder of DRIVERCARD_WATCH_DIR, importing through the server's own import use case; its module is
 * loaded only when a folder is configured. A folder that cannot be prepared stops the start ('failed').
 */
async function watchFolder(server: RunningServer, io: CommandIo): Promise<WatchedFolder | null | 'failed'> {
  if (server.config.watchDir === null || server.importUseCase === undefined) return null;
  const { startWatchFolder } = await import('../watch-folder.js');
  try {
    return await startWatchFolder({
      dir: server.config.watchDir,
      imports: server.importUseCase,
      maxBytes: server.config.maxPayloadBytes,
      settleMs: server.config.watchSettleSeconds * 1000,
      log: io.stdout,
    });
  } catch (error) {
    await server.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error';
    io.stderr(`drivercard serve: the watched folder DRIVERCARD_WATCH_DIR cannot be used (${code}).\n`);
    return 'failed';
  }
}

/** The listening line; a worker of `--workers` tells its primary instead, which prints one line for all. */
function announce(url: string, io: CommandIo): void {
  if (cluster.isWorker && process.send) {
    const message: WorkerListening = { drivercard: 'listening', url };
    process.send(message);
    return;
  }
  io.stdout(`drivercard-rest listening on ${url}/ (stop with Ctrl-C)\n`);
}
