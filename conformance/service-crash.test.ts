/**
 * Crash consistency of the real service: `drivercard serve` is started as a child process exactly as a user
 * starts it (from the repository root, configuration from DRIVERCARD_* variables), files are POSTed to it a few
 * at a time, and the process is killed with SIGKILL at a seeded point while requests are still in flight.
 * Started again on the same data directory, the service must serve every import it acknowledged with 200,
 * complete, and no partial import at all; re-POSTing a file is idempotent. Two rounds on one data directory,
 * each ending with a SIGTERM stop that must exit 0.
 */
import t, { type TAP } from 'tap';
import { untrackedChildEnv } from './child-env.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardNumberOf, twentyEightDayCard } from '../fixtures/scenarios/twenty-eight-day.js';
import { decodeDdd } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { randomScenario } from '../fixtures/scenarios/random.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 15_000;
const PARALLEL = 4;

type Test = Parameters<Parameters<TAP['test']>[0]>[0];

interface TestFile {
  name: string;
  base64: string;
  sha256: string;
  size: number;
  cardNumber: string | null;
  /** totals the service must report for the import of this file */
  counts: Counts;
}

type Counts = Record<'activities' | 'events' | 'faults' | 'vehicles-used' | 'positions', number>;

interface ImportRow {
  import_id: string;
  content_sha256: string;
  size_bytes: number;
  status: string;
  card: { card_number: string };
}

interface Service {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function testFile(name: string, bytes: Uint8Array): Promise<TestFile> {
  const parsed = toParsedCard(await decodeDdd(bytes));
  return {
    name,
    base64: Buffer.from(bytes).toString('base64'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    cardNumber: parsed.metadata.card.card_number,
    counts: {
      activities: parsed.activities.length,
      events: parsed.events.length,
      faults: parsed.faults.length,
      'vehicles-used': parsed.vehicles_used.length,
      positions: parsed.positions.length,
    },
  };
}

/** Round r's files: 12 generation-1 28-day cards and 8 random scenarios of any generation, all distinct cards. */
async function filesOfRound(round: number): Promise<TestFile[]> {
  const files: TestFile[] = [];
  for (let i = 0; i < 12; i++) {
    const n = round * 100 + i;
    files.push(
      await testFile(
        `r${round}-card-${i}.ddd`,
        twentyEightDayCard(31_000 + n, cardNumberOf(610_000 + n), '2026-06-28'),
      ),
    );
  }
  for (let i = 0; i < 8; i++) {
    const n = round * 100 + i;
    const scenario = randomScenario(41_000 + n);
    scenario.identification.cardNumber = `RS${String(620_000 + n).padStart(12, '0')}01`;
    files.push(await testFile(`r${round}-random-${i}.ddd`, encodeCard(scenario)));
  }
  return files;
}

const root = await mkdtemp(join(tmpdir(), 'drivercard-service-crash-'));
const live = new Set<ChildProcess>();
t.teardown(async () => {
  for (const child of live) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/** Starts `drivercard serve` on a free loopback port and waits for the URL it prints. */
async function startService(dataDir: string): Promise<Service> {
  const env = untrackedChildEnv({ DRIVERCARD_HOST: '127.0.0.1', DRIVERCARD_PORT: '0', DRIVERCARD_DATA_DIR: dataDir });
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'serve'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = await withTimeout(
    new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        const m = /drivercard-rest listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
        if (m) resolve(m[1]!);
      });
      void exited.then(({ code, signal }) =>
        reject(new Error(`service exited (${code ?? signal}) before listening: ${output}`)),
      );
    }),
    START_TIMEOUT_MS,
    'service start',
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { url, child, exited, output: () => output };
}

async function getJson(service: Service, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, body: await response.json() };
}

async function post(service: Service, file: TestFile): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: file.name, content_base64: file.base64 }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.json() };
}

interface KillRun {
  acked: Map<string, string>; // file name → import_id
  /** files whose request was sent but not answered when the process died */
  inFlightAtKill: Set<string>;
}

/** POSTs `files` PARALLEL at a time; after `killAfter` acknowledgements (+ `delayMs`) the service gets SIGKILL. */
async function postUntilKilled(
  t: Test,
  service: Service,
  files: TestFile[],
  killAfter: number,
  delayMs: number,
): Promise<KillRun> {
  const acked = new Map<string, string>();
  const inFlight = new Set<string>();
  let inFlightAtKill: Set<string> | null = null;
  let next = 0;
  const kill = () => {
    inFlightAtKill = new Set(inFlight);
    service.child.kill('SIGKILL');
  };
  const worker = async () => {
    while (next < files.length && inFlightAtKill === null) {
      const file = files[next++]!;
      inFlight.add(file.name);
      try {
        const { status, body } = await post(service, file);
        // an answer that arrived is an acknowledgement only when it is 200
        t.equal(status, 200, `${file.name} answered 200 before the kill`);
        if (status === 200) {
          t.equal(body.reused, false, `${file.name} is a new import`);
          acked.set(file.name, body.import_id);
        }
        if (acked.size === killAfter) setTimeout(kill, delayMs);
      } catch {
        // the connection died with the process: neither acknowledged nor refused
        if (inFlightAtKill === null) t.fail(`${file.name} failed before the kill`);
      } finally {
        inFlight.delete(file.name);
      }
    }
  };
  await withTimeout(Promise.all(Array.from({ length: PARALLEL }, worker)), 60_000, 'posting until the kill');
  const { signal } = await withTimeout(service.exited, EXIT_TIMEOUT_MS, 'the killed service to exit');
  t.equal(signal, 'SIGKILL', 'the service died of SIGKILL');
  t.ok(inFlightAtKill, 'the kill happened before the files ran out');
  t.ok(inFlightAtKill!.size > 0, `requests were in flight at the kill (${inFlightAtKill!.size})`);
  return { acked, inFlightAtKill: inFlightAtKill ?? new Set() };
}

async function listAllImports(t: Test, service: Service): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  const pageSize = 7;
  for (let offset = 0; ; offset += pageSize) {
    const { status, body } = await getJson(service, `/api/drivercard/imports?limit=${pageSize}&offset=${offset}`);
    t.equal(status, 200);
    rows.push(...body.items);
    if (offset + pageSize >= body.total) {
      t.equal(rows.length, body.total, 'paging returned every listed import once');
      break;
    }
  }
  t.equal(new Set(rows.map((r) => r.import_id)).size, rows.length, 'no import listed twice');
  return rows;
}

/** The totals of the import's rows the service reports, per endpoint. */
async function countsOf(service: Service, importId: string): Promise<Counts> {
  const counts = {} as Counts;
  for (const endpoint of ['activities', 'events', 'faults', 'vehicles-used', 'positions'] as const) {
    const { status, body } = await getJson(service, `/api/drivercard/${endpoint}?import_id=${importId}&limit=1`);
    counts[endpoint] = status === 200 ? body.total : -status;
  }
  return counts;
}

const allFiles = new Map<string, TestFile>(); // sha256 → file
const acknowledged = new Map<string, string>(); // file name → import_id, over both rounds
const dataDir = join(root, 'data');
const seeds = new Prng(20_260_315);

const rounds = [
  { round: 1, files: await filesOfRound(1) },
  { round: 2, files: await filesOfRound(2) },
];
for (const { files } of rounds) for (const file of files) allFiles.set(file.sha256, file);
t.equal(allFiles.size, 40, '40 distinct files');

// seeded kill points, early in round 1 and later in round 2; the delay lands the kill in some phase of the
// in-flight imports (body, decode, insert or commit); files always remain so that requests are in flight
const killPoints = [
  { killAfter: seeds.int(3, 7), delayMs: seeds.int(0, 40) },
  { killAfter: seeds.int(8, 12), delayMs: seeds.int(0, 40) },
];

for (const [index, { round, files }] of rounds.entries()) {
  const { killAfter, delayMs } = killPoints[index]!;

  t.test(`round ${round}: SIGKILL after ${killAfter} acknowledgements + ${delayMs} ms`, async (t) => {
    const started = performance.now();
    const first = await startService(dataDir);
    const run = await postUntilKilled(t, first, files, killAfter, delayMs);
    t.ok(run.acked.size >= killAfter, `${run.acked.size} imports acknowledged`);
    for (const [name, id] of run.acked) acknowledged.set(name, id);

    const second = await startService(dataDir);
    const health = await getJson(second, '/health');
    t.same(
      health,
      { status: 200, body: { status: 'ok', service: 'drivercard-rest', database: 'available' } },
      'health after the crash',
    );

    // every listed import is a file we sent, stored complete
    const listed = await listAllImports(t, second);
    const listedBySha = new Map(listed.map((row) => [row.content_sha256, row]));
    const knownIds = new Set(acknowledged.values());
    for (const row of listed) {
      const file = allFiles.get(row.content_sha256);
      if (!file) {
        t.fail(`import ${row.import_id} holds content that was never sent`);
        continue;
      }
      t.ok(
        knownIds.has(row.import_id) || run.inFlightAtKill.has(file.name),
        `${file.name} was acknowledged or in flight at the kill`,
      );
      // the encoder's files carry seeded random certificate bytes: authenticity INVALID → QUARANTINED
      t.match(
        row,
        { size_bytes: file.size, status: 'QUARANTINED', card: { card_number: file.cardNumber } },
        `${file.name}: import row`,
      );
      t.same(await countsOf(second, row.import_id), file.counts, `${file.name}: every row of the import is served`);
    }
    t.ok(
      listed.length <= acknowledged.size + run.inFlightAtKill.size,
      'at most the in-flight imports beyond the acknowledged ones',
    );

    // every acknowledged import (of both rounds so far) is served by its id
    const byName = new Map([...allFiles.values()].map((f) => [f.name, f]));
    for (const [name, id] of acknowledged) {
      const { status, body } = await getJson(second, `/api/drivercard/imports?import_id=${id}`);
      t.equal(status, 200, `${name}: served after the crash`);
      t.equal(body.items?.length, 1);
      t.equal(
        body.items?.[0]?.content_sha256,
        byName.get(name)!.sha256,
        `${name}: the acknowledged import holds its file`,
      );
      t.equal(listedBySha.get(byName.get(name)!.sha256)?.import_id, id, `${name}: listed under its acknowledged id`);
    }

    // re-POST: acknowledged files are reused, the others are imported (or reused if committed before the kill)
    for (const [name, id] of acknowledged) {
      const { status, body } = await post(second, byName.get(name)!);
      t.same(
        { status, reused: body.reused, import_id: body.import_id },
        { status: 200, reused: true, import_id: id },
        `${name}: re-POST reuses`,
      );
    }
    for (const file of files.filter((f) => !acknowledged.has(f.name))) {
      const { status, body } = await post(second, file);
      const stored = listedBySha.get(file.sha256);
      t.equal(status, 200, `${file.name}: unacknowledged file imports`);
      t.equal(body.reused, stored !== undefined, `${file.name}: reused exactly when it was committed before the kill`);
      if (stored) t.equal(body.import_id, stored.import_id);
      acknowledged.set(file.name, body.import_id);
    }
    const after = await getJson(second, '/api/drivercard/imports?limit=1');
    t.equal(after.body.total, acknowledged.size, 'one import per distinct file sent so far');

    second.child.kill('SIGTERM');
    const { code, signal } = await withTimeout(second.exited, EXIT_TIMEOUT_MS, 'the service to stop on SIGTERM');
    t.same({ code, signal }, { code: 0, signal: null }, 'SIGTERM stops the service with exit code 0');
    t.match(second.output(), /SIGTERM received, closing the server and the database/);
    t.comment(
      `round ${round}: ${run.acked.size} acknowledged, ${run.inFlightAtKill.size} in flight at the kill, ${listed.length} stored, ${Math.round(performance.now() - started)} ms`,
    );
  });
}
