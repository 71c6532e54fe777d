/**
 * The watched folder of a real `drivercard serve` (a child process, configured by DRIVERCARD_* variables) killed
 * with SIGKILL at seeded moments while files are being dropped (some slowly, in pieces) and imported, and started
 * again on the same folders: in the end every dropped file is in exactly one of imported/, quarantined/ and
 * failed/, once, whole, beside its reason, and the database holds each download once. On SQLite, and on
 * PostgreSQL (a throwaway cluster; without its binaries that half skips loudly, except under CI=true).
 */
import t, { type Test } from 'tap';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChildService, type ChildService } from '../conformance/child-service.js';
import { reportMissingDependency } from '../conformance/missing-dependency.js';
import { startPostgres } from '../conformance/postgres-server.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { copySigned, writeTestTrustDir } from '../fixtures/pki/test-pki.js';
import { CLAIM_FOLDER, OUTCOME_FOLDERS, REASON_SUFFIX, type Outcome } from './watch-folder.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ddd');
const ROUNDS = 4;
const SETTLE_SECONDS = 1;

interface Drop {
  name: string;
  bytes: Uint8Array;
  expected: Outcome;
  /** written in pieces 120 ms apart (less than the settle time) */
  slow: boolean;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function drops(work: string): Drop[] {
  const signed = (fixture: string): Uint8Array => {
    const path = join(work, `${fixture}.signed`);
    copySigned(join(FIXTURES, `${fixture}.ddd`), path);
    return new Uint8Array(readFileSync(path));
  };
  const basic = signed('gen1-basic');
  const list: Array<[string, Uint8Array, Outcome]> = [
    ['a-france.C1B', basic, 'imported'],
    ['b-spain.TGD', signed('gen2-full'), 'imported'],
    ['c-no-extension', signed('gen1-greek'), 'imported'],
    ['d-gen2v2.ddd', signed('gen2v2-full'), 'imported'],
    ['e-crew.esm', signed('gen2-crew-gnss'), 'imported'],
    ['f-older.DDD', signed('gen2-card-download-older'), 'imported'],
    ['g-copy.c1b', basic, 'imported'],
    ['h-short.ddd', signed('real-missing-efs'), 'quarantined'],
    ['i-notes.txt', new TextEncoder().encode('not a card\n'), 'failed'],
    ['j-vehicle.ddd', new Uint8Array(readFileSync(join(FIXTURES, 'corrupt-vu-download.ddd'))), 'failed'],
    ['k-cut.ddd', basic.subarray(0, 4000), 'failed'],
  ];
  return list.map(([name, bytes, expected], i) => ({ name, bytes, expected, slow: i % 3 !== 2 }));
}

async function drop(dir: string, file: Drop): Promise<void> {
  const path = join(dir, file.name);
  if (!file.slow) return writeFile(path, file.bytes);
  const pieces = 6;
  const step = Math.ceil(file.bytes.length / pieces);
  for (let i = 0; i < pieces; i++) {
    await appendFile(path, file.bytes.subarray(i * step, (i + 1) * step));
    await sleep(120);
  }
}

/** Every regular file of the three folders: name → folder (the reason files aside), and how often each name occurs. */
function placed(dir: string): Array<{ folder: Outcome; name: string }> {
  const found: Array<{ folder: Outcome; name: string }> = [];
  for (const folder of OUTCOME_FOLDERS) {
    for (const name of readdirSync(join(dir, folder))) if (!name.endsWith(REASON_SUFFIX)) found.push({ folder, name });
  }
  return found;
}

const pending = (dir: string) =>
  readdirSync(dir).filter((n) => !n.startsWith('.') && !(OUTCOME_FOLDERS as readonly string[]).includes(n)).length +
  (existsSync(join(dir, CLAIM_FOLDER)) ? readdirSync(join(dir, CLAIM_FOLDER)).length : 0);

/** Waits until the service has taken a file (it is being imported), or `limitMs` have passed. */
async function untilTaken(dir: string, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end && !readdirSync(join(dir, CLAIM_FOLDER)).some((n) => !n.startsWith('.'))) await sleep(2);
}

async function killedAndRestarted(t: Test, databaseUrl: string | null): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'drivercard-watch-restart-'));
  t.teardown(() => rmSync(work, { recursive: true, force: true }));
  const watchDir = join(work, 'drop');
  const env = {
    ...(databaseUrl === null ? {} : { DRIVERCARD_DATABASE_URL: databaseUrl }),
    DRIVERCARD_DATA_DIR: join(work, 'data'),
    DRIVERCARD_WATCH_DIR: watchDir,
    DRIVERCARD_WATCH_SETTLE_SECONDS: String(SETTLE_SECONDS),
    DRIVERCARD_TRUST_DIR: writeTestTrustDir(join(work, 'trust')),
  };
  const files = drops(work);
  const prng = new Prng(37);
  const perRound = Math.ceil(files.length / ROUNDS);
  let service: ChildService | null = null;
  const writing: Array<Promise<void>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    service = await startChildService(env);
    const batch = files.slice(round * perRound, (round + 1) * perRound);
    writing.push(...batch.map((file) => drop(watchDir, file)));
    // even rounds: a seeded moment while files are being written; odd rounds: the moment a file is taken
    if (round % 2 === 0) await sleep(300 + Math.floor(prng.next() * 2200));
    else await untilTaken(watchDir, 8000);
    service.child.kill('SIGKILL');
    const { signal } = await service.stop();
    const claimed = readdirSync(join(watchDir, CLAIM_FOLDER));
    t.comment(
      `round ${round} killed with ${pending(watchDir) - claimed.length} waiting, [${claimed.join(', ')}] taken`,
    );
    t.equal(signal, 'SIGKILL', `round ${round}: killed`);
  }
  await Promise.all(writing);
  service = await startChildService(env);
  const deadline = Date.now() + 60_000;
  while (pending(watchDir) > 0 && Date.now() < deadline) await sleep(200);
  t.equal(pending(watchDir), 0, 'nothing left waiting or half done');

  const found = placed(watchDir);
  t.same(found.map((f) => f.name).sort(), files.map((f) => f.name).sort(), 'every dropped file once, nothing else');
  for (const file of files) {
    const where = found.find((f) => f.name === file.name);
    t.equal(where?.folder, file.expected, `${file.name} in ${file.expected}/`);
    const path = join(watchDir, file.expected, file.name);
    if (!existsSync(path)) continue;
    t.equal(sha(new Uint8Array(readFileSync(path))), sha(file.bytes), `${file.name} whole`);
    t.match(readFileSync(path + REASON_SUFFIX, 'utf8'), /^[^\n]+\n$/, `${file.name}: a one-line reason`);
  }
  const response = await fetch(`${service.url}/api/drivercard/imports?limit=100`);
  const body = (await response.json()) as { items: Array<{ content_sha256: string }> };
  const downloads = new Set(files.filter((f) => f.expected !== 'failed').map((f) => sha(f.bytes)));
  t.same(body.items.map((i) => i.content_sha256).sort(), [...downloads].sort(), 'each download imported once');
  t.notMatch(service.output(), work, 'no local path in the service output');
  t.equal((await service.stop()).code, 0, 'stops cleanly');
}

const title = 'killed while files are dropped and imported, started again: each file once in one folder';
t.test(`${title} (SQLite)`, (t) => killedAndRestarted(t, null));

const postgres = await startPostgres();
if (!postgres.available) {
  reportMissingDependency(
    t,
    `PostgreSQL watched folder NOT RUN: ${postgres.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = postgres.server;
  t.teardown(() => server.stop());
  t.test(`${title} (PostgreSQL)`, (t) => killedAndRestarted(t, server.freshDatabaseUrl()));
}
