/**
 * A PostgreSQL server for tests: `DRIVERCARD_TEST_POSTGRES_URL` when set, otherwise a throwaway cluster
 * started from the local server binaries (Debian: /usr/lib/postgresql/<version>/bin, package postgresql-15):
 * `initdb` into a temp dir, `pg_ctl start` listening on 127.0.0.1 at a free port (and a unix socket in the
 * temp dir only), fsync off (tests), or with PostgreSQL's durable defaults (`durable`: the benchmarks, whose commits
 * must cost what they cost in production: fsync, synchronous_commit and full_page_writes on). `stop()` stops it and removes the dir; so does process exit as a last resort.
 * As root the cluster runs as the `postgres` user (or `nobody`) via `runuser`, as PostgreSQL refuses root.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { knex } from '@mikro-orm/postgresql';

const run = promisify(execFile);

export interface PostgresServer {
  /** where it came from: `DRIVERCARD_TEST_POSTGRES_URL` or the cluster's binaries */
  origin: string;
  /** a URL of a database that does not exist yet (the adapter creates it), dropped again by stop() */
  freshDatabaseUrl(): string;
  /** drops the databases handed out (external server) or stops and removes the cluster */
  stop(): Promise<void>;
  /**
   * The throwaway cluster only (absent for an external server): stops the server (`pg_ctl stop -m fast`: every
   * connection is cut) and answers how to start it again, on the same port with the same data
   */
  outage?(): Promise<() => Promise<void>>;
  /**
   * The throwaway cluster only: stops (SIGSTOP) the server and every backend, as a server that hangs or a network
   * that drops everything looks to a client (connections stay open, nothing answers); answers how to resume them
   */
  freeze?(): () => void;
}

export type PostgresAvailability = { available: true; server: PostgresServer } | { available: false; missing: string };

const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

/** The directory holding initdb, pg_ctl and postgres: newest /usr/lib/postgresql/<v>/bin, then PATH. */
export function findPostgresBinaries(base = '/usr/lib/postgresql', path = process.env.PATH ?? ''): string | null {
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [...versions.map((v) => join(base, v, 'bin')), ...path.split(delimiter).filter(Boolean)];
  return candidates.find((dir) => BINARIES.every((b) => existsSync(join(dir, b)))) ?? null;
}

export interface PostgresOptions {
  /** the throwaway cluster keeps PostgreSQL's durable defaults instead of turning fsync off */
  durable?: boolean;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresAvailability> {
  const external = process.env.DRIVERCARD_TEST_POSTGRES_URL?.trim();
  if (external) return { available: true, server: externalServer(external) };
  const bin = findPostgresBinaries();
  if (bin === null) {
    return {
      available: false,
      missing:
        `PostgreSQL server binaries (${BINARIES.join(', ')}) not found in /usr/lib/postgresql/*/bin nor on PATH ` +
        '(Debian package postgresql-15); or set DRIVERCARD_TEST_POSTGRES_URL to a server to use',
    };
  }
  return { available: true, server: await throwawayCluster(bin, options.durable ?? false) };
}

let databaseCounter = 0;

function databaseName(): string {
  return `drivercard_test_${process.pid}_${Date.now().toString(36)}_${++databaseCounter}`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** An existing server: each store gets its own new database, all dropped at the end. */
function externalServer(url: string): PostgresServer {
  const created: string[] = [];
  return {
    origin: 'DRIVERCARD_TEST_POSTGRES_URL',
    freshDatabaseUrl() {
      const name = databaseName();
      created.push(name);
      return withDatabase(url, name);
    },
    async stop() {
      const admin = knex({ client: 'pg', connection: withDatabase(url, 'postgres'), pool: { min: 0, max: 1 } });
      try {
        for (const name of created) await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.destroy();
      }
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The user the cluster runs as: ourselves, or (as root) `postgres` / `nobody`. */
function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { name, uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error('running as root and neither a "postgres" nor a "nobody" user exists to run PostgreSQL');
}

async function throwawayCluster(bin: string, durable: boolean): Promise<PostgresServer> {
  const user = clusterUser();
  const root = mkdtempSync(join(tmpdir(), 'drivercard-pg-'));
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  if (user) {
    chownSync(root, user.uid, user.gid);
    chmodSync(root, 0o700);
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', user.name, '--', join(bin, program), ...args]] : [join(bin, program), args];
  const exec = async (program: string, args: string[]) => {
    const [file, argv] = command(program, args);
    await run(file, argv, { cwd: root, timeout: 60_000 });
  };
  const stopSync = () => {
    const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    if (existsSync(join(data, 'postmaster.pid')))
      spawnSync(file, argv, { cwd: root, stdio: 'ignore', timeout: 30_000 });
    rmSync(root, { recursive: true, force: true });
  };
  // last resort when the test process ends without stop() (a crash, a failed assertion outside tap)
  process.once('exit', stopSync);
  try {
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    let port = 0;
    let options = '';
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      options = [
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${root}`,
        durable
          ? '-c max_connections=50'
          : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50',
      ].join(' ');
      try {
        await exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', options, 'start']);
        break;
      } catch (error) {
        if (attempt >= 3) throw error; // another process may have taken the port meanwhile: retry
      }
    }
    const base = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    return {
      origin: bin,
      freshDatabaseUrl: () => withDatabase(base, databaseName()),
      freeze() {
        const processes = clusterProcesses(data);
        for (const pid of processes) process.kill(pid, 'SIGSTOP');
        return () => processes.forEach((pid) => process.kill(pid, 'SIGCONT'));
      },
      async outage() {
        await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
        return async () =>
          void (await exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', options, 'start']));
      },
      async stop() {
        process.removeListener('exit', stopSync);
        try {
          await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
        } finally {
          stopSync();
        }
      },
    };
  } catch (error) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
    process.removeListener('exit', stopSync);
    stopSync();
    throw new Error(`starting a throwaway PostgreSQL cluster failed: ${(error as Error).message}\n${tail}`);
  }
}

/** The postmaster of the cluster in `data` (its postmaster.pid) and its children (their PPid in /proc), Linux. */
function clusterProcesses(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] === String(postmaster);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}
