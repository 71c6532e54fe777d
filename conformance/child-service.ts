/**
 * `drivercard serve` as a child process on a free loopback port, exactly as a user starts it (configuration from
 * DRIVERCARD_* variables). A child, not the test's own process, so that a blocked event loop shows as a hang of
 * the service (the test's clock keeps running) and RSS is the service's own (/proc/<pid>/status).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { untrackedChildEnv } from './child-env.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface ChildService {
  url: string;
  child: ChildProcess;
  /** resident set size of the service process in MiB (0 once it has exited) */
  rssMb(): number;
  alive(): boolean;
  output(): string;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function rssOfPid(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The child's environment: no V8 coverage collection (it records none, and block coverage slows it several-fold). */
function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const childEnv = untrackedChildEnv({ DRIVERCARD_HOST: '127.0.0.1', DRIVERCARD_PORT: '0', ...env });
  delete childEnv.NODE_V8_COVERAGE;
  return childEnv;
}

export async function startChildService(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<ChildService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'serve', ...args], {
    cwd: REPO_ROOT,
    env: serviceEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`service did not start in ${START_TIMEOUT_MS} ms: ${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exit.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code ?? signal}) before listening: ${output}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    child,
    rssMb: () => (exited ? 0 : rssOfPid(child.pid!)),
    alive: () => !exited,
    output: () => output,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}
