/**
 * `drivercard serve`: starts the service (configuration from DRIVERCARD_* variables) and keeps it running
 * until SIGINT or SIGTERM, which close the server and then the database.
 */
import { ConfigError } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import type { CommandIo } from './parse.js';
import { startupFailure } from './startup-failure.js';

export const SERVE_USAGE = `usage: drivercard serve

Environment:
  DRIVERCARD_HOST                  address to bind (default 127.0.0.1; beyond loopback needs the gateway ack)
  DRIVERCARD_PORT                  TCP port (default 5055; 0 = any free port)
  DRIVERCARD_DATA_DIR              folder of the SQLite database and the REST log (default ./data)
  DRIVERCARD_DATABASE_URL          SQLite file (default <data dir>/drivercard.sqlite)
  DRIVERCARD_MAX_PAYLOAD_BYTES     request body limit (default 16777216)
  DRIVERCARD_ALLOWED_HOSTS         extra Host header names, comma separated
  DRIVERCARD_EXTERNAL_GATEWAY_ACK  "yes": an external TLS + authentication gateway fronts a non-loopback bind`;

export interface SignalSource {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

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
  if (argv.length > 0) {
    io.stderr(`${SERVE_USAGE}\n`);
    return 2;
  }
  let server: RunningServer;
  try {
    server = await start();
  } catch (error) {
    io.stderr(`drivercard serve: ${error instanceof ConfigError ? 'configuration error: ' : ''}${startupFailure(error)}\n`);
    return 1;
  }
  io.stdout(`drivercard-rest listening on ${server.url}/ (stop with Ctrl-C)\n`);
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
      io.stdout(`drivercard-rest: ${signal} received, closing the server and the database\n`);
      server.close().then(
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
