/**
 * What the backup-while-killed tests share on SQLite and PostgreSQL: `drivercard serve` started as a child process
 * (so that it can be killed with SIGKILL), card downloads of our own to post, and clients posting them to
 * POST /api/drivercard/parse at once, each recording the import ids the service acknowledged.
 */
import type { Test } from 'tap';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { untrackedChildEnv } from '../../conformance/child-env.js';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `drivercard serve` on a free port with `env` added; its URL once it listens, the child and its exit. */
export async function startServe(t: Test, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'serve'], {
    cwd: REPO_ROOT,
    env: untrackedChildEnv({ DRIVERCARD_HOST: '127.0.0.1', DRIVERCARD_PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => void child.kill('SIGKILL'));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /drivercard-rest listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (m) resolve(m[1]!);
    });
    void exited.then(() => reject(new Error('the service exited before listening')));
  });
  return { url, child, exited };
}

/** `count` 28-day card downloads, card numbers from `firstNumber` on, and the SHA-256 of each. */
export function cardDownloads(count: number, firstNumber: number) {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `card-${i}.ddd`,
    bytes: twentyEightDayCard(52_000 + i, cardNumberOf(firstNumber + i), '2026-06-28'),
  }));
  const posted = new Set(files.map((f) => createHash('sha256').update(f.bytes).digest('hex')));
  return { files, posted };
}

/**
 * `clients` clients posting `files` to the service, each taking the next file not yet posted, until none is left
 * or the service is gone; `acked` grows with each import id acknowledged, `done` settles when every client stops.
 */
export function postingClients(url: string, files: Array<{ name: string; bytes: Uint8Array }>, clients: number) {
  const acked: string[] = [];
  let next = 0;
  const client = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        const response = await fetch(`${url}/api/drivercard/parse`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ file_name: file.name, content_base64: Buffer.from(file.bytes).toString('base64') }),
        });
        if (response.status === 200) acked.push(((await response.json()) as { import_id: string }).import_id);
      } catch {
        return; // the service is gone
      }
    }
  };
  return { acked, done: Promise.all(Array.from({ length: clients }, client)) };
}
