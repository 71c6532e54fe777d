/**
 * `drivercard serve --workers N`: N service processes on one port (node:cluster). The workers share the primary's
 * listening socket and each accepts its own connections (cluster's SCHED_NONE); every worker is a whole service (its
 * own container, database pool and decoder pool) started exactly as `drivercard serve` starts one. Not round-robin,
 * cluster's default: there the primary accepts each connection and passes it to a worker, keeping its own copy open
 * until the worker confirms, so a worker killed in between leaves the connection open with no one to answer it (the
 * client waits for ever). With SCHED_NONE a dying worker's connections close with it: the client sees a reset.
 *
 * Why this is safe on PostgreSQL: every answer is read from the database (the per-process caches keep text only
 * while the rows they were built from are equal value for value, so they never serve what another process
 * changed); identical files resolve to one import by the content hash's unique key; imports of one card take the
 * card's advisory lock; the schema is brought up to date under an advisory lock (index.ts), so workers starting
 * together do not race.
 * Why it is refused on SQLite: SQLite admits one writer at a time and better-sqlite3 waits for the file lock
 * synchronously, so a process whose import waits behind another process's transaction blocks its own event loop
 * (no query is answered meanwhile), and the writes serialise anyway; one process with its decoder pool already
 * uses both cores for decoding.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { defaultImportConcurrency } from '../import-admission.js';
import { ConfigError, loadConfig } from '../config.js';
import { dialectOf, postgresDialect } from '../../adapters/storage/database/dialect.js';
import type { CommandIo } from './parse.js';

export interface SignalSource {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export const MAX_WORKERS = 16;
/** a worker that dies is started again, unless workers died this often within RESTART_WINDOW_MS */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/** The message a worker sends its primary once it listens. */
export interface WorkerListening {
  drivercard: 'listening';
  url: string;
}

export function isWorkerListening(message: unknown): message is WorkerListening {
  return (
    (message as WorkerListening | null)?.drivercard === 'listening' &&
    typeof (message as WorkerListening).url === 'string'
  );
}

/** `--workers N` from the arguments: null when absent, a string when malformed (the usage error). */
export function workersOption(argv: readonly string[]): { workers: number | null; rest: string[] } | string {
  const at = argv.indexOf('--workers');
  if (at < 0) return { workers: null, rest: [...argv] };
  const raw = argv[at + 1] ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WORKERS) {
    return `--workers takes a whole number from 1 to ${MAX_WORKERS}`;
  }
  return { workers: Number(raw), rest: argv.filter((_, i) => i !== at && i !== at + 1) };
}

/** Why N processes may not share this configuration's database, or null when they may. */
export function workersRefusal(env: NodeJS.ProcessEnv, workers: number): string | null {
  if (workers === 1) return null;
  const { databaseUrl } = loadConfig(env);
  if (dialectOf(databaseUrl ?? undefined) === postgresDialect) return null;
  return (
    '--workers above 1 needs PostgreSQL (DRIVERCARD_DATABASE_URL=postgres://…): SQLite admits one writer at a ' +
    'time and its driver waits for the file lock synchronously, which would stall each process while another writes'
  );
}

/**
 * What each worker process is started with: the primary's environment, the port they share, and the imports each
 * runs at once — the configured number, or the machine's default share (../import-admission.ts) split among them.
 */
export function workerEnvironment(
  env: NodeJS.ProcessEnv,
  port: number,
  importConcurrency: number | null,
  workers: number,
  cores = availableParallelism(),
): NodeJS.ProcessEnv {
  const concurrency = importConcurrency ?? defaultImportConcurrency('postgres', cores, workers) ?? 1;
  return { ...env, DRIVERCARD_PORT: String(port), DRIVERCARD_IMPORT_CONCURRENCY: String(concurrency) };
}

/** A free port on the host, chosen by the primary so that every worker listens on the same one. */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function servePrimary(
  workers: number,
  io: CommandIo,
  signals: SignalSource,
  env = process.env,
): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.stderr(
      `drivercard serve: ${error instanceof ConfigError ? 'configuration error: ' : ''}${(error as Error).message}\n`,
    );
    return 1;
  }
  const refusal = workersRefusal(env, workers);
  if (refusal !== null) {
    io.stderr(`drivercard serve: ${refusal}\n`);
    return 2;
  }
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  cluster.schedulingPolicy = cluster.SCHED_NONE; // before the first setupPrimary/fork, which freeze it
  cluster.setupPrimary({ args: ['serve'] });
  return runWorkers(workers, workerEnvironment(env, port, config.importConcurrency, workers), io, signals);
}

function runWorkers(count: number, env: NodeJS.ProcessEnv, io: CommandIo, signals: SignalSource): Promise<number> {
  return new Promise<number>((resolve) => {
    const listening = new Set<Worker>();
    const deaths: number[] = [];
    let stopping = false;
    let announced = false;
    const start = () => {
      const worker = cluster.fork(env);
      worker.on('message', (message: unknown) => {
        if (!isWorkerListening(message)) return;
        listening.add(worker);
        if (!announced && listening.size === count) {
          announced = true;
          io.stdout(`drivercard-rest listening on ${message.url}/ with ${count} worker processes (stop with Ctrl-C)\n`);
        }
      });
      worker.on('exit', (code, signal) => {
        listening.delete(worker);
        if (stopping) return finishWhenAllGone();
        const now = Date.now();
        deaths.push(now);
        while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
        io.stderr(
          `drivercard serve: worker ${worker.process.pid} exited (${code ?? signal}); ${deaths.length > MAX_RESTARTS ? 'stopping' : 'starting another'}\n`,
        );
        if (deaths.length > MAX_RESTARTS) return stop(null, 1);
        start();
      });
    };
    let exitCode = 0;
    const finishWhenAllGone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
    };
    const stop = (signal: string | null, code = 0) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
      if (signal) io.stdout(`drivercard-rest: ${signal} received, closing the workers\n`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      finishWhenAllGone();
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    signals.once('SIGINT', onInt);
    signals.once('SIGTERM', onTerm);
    for (let i = 0; i < count; i++) start();
  });
}
