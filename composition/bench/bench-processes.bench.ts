/**
 * The processes the import-path bench (./import-path.bench.ts) and the soak (./import-soak.bench.ts) measure: the
 * service (`drivercard serve`, optionally `--workers N`), the bare h3 handler and any module given as text, each a
 * child process listening on a URL, and their resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_NODE_FLAGS } from '../commands/serve.js';
import type { Listening } from './durable-floor.bench.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** the repository (this file runs from its sources, through tsx, as the import-path bench that uses it does) */
const ROOT = resolve(HERE, '../..');

/** A child process listening on a URL, with its resident memory. */
export type { Listening } from './durable-floor.bench.js';

/** Peak (VmHWM) and current (VmRSS) resident set of a process in MB, from /proc (Linux); 0 when gone. */
export function rssOf(pid: number): { peak: number; now: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { peak: kb('VmHWM'), now: kb('VmRSS') };
  } catch {
    return { peak: 0, now: 0 };
  }
}

/** The processes that serve: the child itself, or its workers (`serve --workers N`). */
function servingPids(child: ChildProcess): number[] {
  try {
    const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
    if (children !== '') return children.split(/\s+/).map(Number);
  } catch {
    // no /proc: the child alone
  }
  return [child.pid!];
}

/** The largest resident-memory peak among the serving processes (MB). */
export function peakRss(server: Listening): number {
  return Math.max(...servingPids(server.child).map((pid) => rssOf(pid).peak));
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // a bench child records no coverage (see service-process.bench.ts)
  delete env.NODE_V8_COVERAGE;
  env._TAPJS_PROCESSINFO_COV_EXCLUDE_ = '/./';
  return env;
}

async function listen(args: string[], env: NodeJS.ProcessEnv, pattern: RegExp): Promise<Listening> {
  const child = spawn(process.execPath, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((ok, fail) => {
    let output = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = pattern.exec(output);
      if (m) ok(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', () => fail(new Error(`the child exited before listening: ${output.slice(-500)}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, child, stop };
}

/** `drivercard serve` (optionally `--workers N`) on a data folder or a database URL. */
export function startService(env: Record<string, string>, workers: number | null = null): Promise<Listening> {
  // the built service (`npm run build` first; BENCH_SERVICE_CLI: another build's cli.js, to compare two versions in
  // one run), as `drivercard serve` runs; its sources through tsx otherwise
  const built = process.env.BENCH_SERVICE_CLI ?? resolve(ROOT, 'dist/composition/cli.js');
  // the heap limits `drivercard serve` runs with (its shebang); BENCH_SERVICE_NODE_FLAGS: others, to compare
  const flags = process.env.BENCH_SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? [...SERVE_NODE_FLAGS];
  const cli = existsSync(built)
    ? [...flags, built]
    : [...flags, '--import', 'tsx', resolve(ROOT, 'composition/cli.ts')];
  const args = [...cli, 'serve', ...(workers === null ? [] : ['--workers', String(workers)])];
  return listen(
    args,
    childEnv({ DRIVERCARD_HOST: '127.0.0.1', DRIVERCARD_PORT: '0', ...env }),
    /listening on (http:\/\/127\.0\.0\.1:\d+)\//,
  );
}

/** The bare handler: h3 on node:http, POST /api/drivercard/parse parses the JSON body, GET answers a small JSON. */
const BARE_SOURCE = `
import { createServer } from 'node:http';
import { H3, readBody } from 'h3';
import { toNodeHandler } from 'h3/node';
const app = new H3();
let n = 0;
app.post('/api/drivercard/parse', async (event) => {
  const body = await readBody(event);
  const bytes = Buffer.from(body.content_base64, 'base64');
  return { import_id: 'imp_' + (++n), file_name: body.file_name, size_bytes: bytes.byteLength, reused: false, conflicting_dates: [] };
});
app.get('/api/drivercard/week-overview', () => ({ items: [], total: 0, limit: 500, offset: 0, conflicts: [] }));
const server = createServer(toNodeHandler(app));
server.listen(0, '127.0.0.1', () => console.log('bare listening on http://127.0.0.1:' + server.address().port + '/'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export function startBare(): Promise<Listening> {
  return startScript(BARE_SOURCE, []);
}

/** A module given as text, run as a child process in the repository (its packages resolve), printing where it listens. */
export function startScript(source: string, args: readonly string[]): Promise<Listening> {
  return listen(
    ['--input-type=module', '-e', source, ...args],
    childEnv({}),
    /listening on (http:\/\/127\.0\.0\.1:\d+)\//,
  );
}
