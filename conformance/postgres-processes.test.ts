/**
 * Several service processes on one PostgreSQL database (the throwaway cluster of postgres-server.ts):
 * - the storage, use-case and fleet suites on two stores opened together on one database, every call going to
 *   the other store in turn (shared-database.ts): what one process wrote, the other reads, with nothing cached
 *   in between;
 * - real `drivercard serve` processes started together on one new database: identical files posted to both at
 *   once give one import; overlapping downloads of one card posted in parallel through both give the card history
 *   one process gives (the same intervals, conflicts, week totals and fleet row); a file stored through one is
 *   served by the other in the very next request; one archive_id posted with different contents through both at once
 *   stores one import, and one withdrawal raced through both withdraws it once; `serve --workers 2` serves on one
 *   port, and is refused on SQLite.
 * Without PostgreSQL binaries this file skips loudly, except under CI=true, where it fails.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { startPostgres } from './postgres-server.js';
import { storagePortSuite } from './storage-port.suite.js';
import { useCasesSuite } from './use-cases.suite.js';
import { holderRaceSuite } from './holder-race.suite.js';
import { fleetStoreSuite, fleetUnderTest } from './fleet-store.suite.js';
import { storesOnOneDatabase } from './shared-database.js';
import { startChildService, type ChildService } from './child-service.js';
import { untrackedChildEnv } from './child-env.js';
import { GEN1_MAX } from '../fixtures/encoder/capacities.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { baseScenario, randomDays } from '../fixtures/scenarios/build.js';
import { withCardDownload } from '../fixtures/pki/test-pki.js';
import { at } from '../fixtures/encoder/time.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL multi-process tests NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  const twoStores = () => {
    const url = server.freshDatabaseUrl();
    return storesOnOneDatabase(2, () =>
      createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 4 }),
    );
  };
  storagePortSuite(t, 'postgres ×2', twoStores);
  useCasesSuite(t, 'postgres ×2', twoStores);
  holderRaceSuite(t, 'postgres ×2', twoStores);
  fleetStoreSuite(t, 'postgres ×2', async () => fleetUnderTest(await twoStores()));
  processTests(server.freshDatabaseUrl.bind(server));
}

const CARD = 'DM00000000004201';

/** Three downloads of one card over 56 days, each 28 days, overlapping by 14, agreeing on every shared day. */
function overlappingDownloads(): Array<{ name: string; bytes: Uint8Array }> {
  const days = randomDays(new Prng(4201), '2026-02-28', 56);
  return [0, 14, 28].map((from, i) => {
    const scenario = baseScenario({ generation: 'GEN1', capacities: GEN1_MAX, days: days.slice(from, from + 28) });
    scenario.identification.cardNumber = CARD;
    return { name: `download-${i + 1}.ddd`, bytes: encodeCard(scenario) };
  });
}

const body = (name: string, bytes: Uint8Array, archiveId?: string) =>
  JSON.stringify({
    file_name: name,
    content_base64: Buffer.from(bytes).toString('base64'),
    ...(archiveId && { archive_id: archiveId }),
  });

async function post(
  service: ChildService,
  name: string,
  bytes: Uint8Array,
  archiveId?: string,
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${service.url}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body(name, bytes, archiveId),
  });
  return { status: response.status, json: await response.json() };
}

async function get(service: ChildService, path: string): Promise<any> {
  const response = await fetch(`${service.url}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** What a card's history answers, without the import ids (which differ from one database to another). */
async function historyOf(service: ChildService): Promise<unknown> {
  const q = `card_number=${CARD}&date_from=2026-01-01&date_to=2026-03-01`;
  const activities = await get(service, `/api/drivercard/activities?${q}&limit=5000`);
  const weeks = await get(service, `/api/drivercard/week-overview?${q}`);
  const drivers = await get(service, `/api/drivercard/drivers?q=${CARD}`);
  const row = drivers.items.find((r: { card_number: string }) => r.card_number === CARD);
  return {
    intervals: activities.items.map(({ import_id: _, ...rest }: { import_id: string }) => rest),
    total: activities.total,
    conflicts: activities.conflicts,
    weeks: weeks.items.map((w: { week: string; totals: unknown }) => [w.week, w.totals]),
    fleet: row && { imports: row.imports ?? row.import_count, first: row.first_activity, last: row.last_activity },
  };
}

/** GET /health on a connection of its own: its status, `error` when the connection was refused or reset, `hung` when nothing came back in time. */
function healthOnNewConnection(port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve('hung');
    });
    request.on('error', () => resolve('error'));
  });
}

/** The worker processes of `serve --workers N` (the primary's children). */
function workerPids(primary: number): number[] {
  const children = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return children === '' ? [] : children.split(/\s+/).map(Number);
}

function processTests(freshUrl: () => string): void {
  const services = async (count: number, url: string) =>
    Promise.all(
      Array.from({ length: count }, () =>
        startChildService({ DRIVERCARD_DATABASE_URL: url, DRIVERCARD_DATA_DIR: t.testdir() }),
      ),
    );

  t.test('processes: started together on a new database, identical files posted to both give one import', async (t) => {
    const [a, b] = await services(2, freshUrl());
    t.teardown(async () => void (await Promise.all([a!.stop(), b!.stop()])));
    const [file] = overlappingDownloads();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(i % 2 ? a! : b!, 'same.ddd', file!.bytes)),
    );
    t.same(
      answers.map((r) => r.status),
      Array(8).fill(200),
      'every post answered 200',
    );
    t.equal(new Set(answers.map((r) => r.json.import_id)).size, 1, 'one import id for all');
    t.equal(answers.filter((r) => r.json.reused === false).length, 1, 'exactly one answer created it');
    for (const service of [a!, b!])
      t.equal((await get(service, '/api/drivercard/imports')).total, 1, 'one import listed');
  });

  t.test("processes: one file posted to both at once keeps its EF Card_Download time in the card's row", async (t) => {
    // the process that found the file stored already computes the row without the time, which only the import's
    // mark carries; computed at the same moment as the storing process's, it once wrote its row last
    const [a, b] = await services(2, freshUrl());
    t.teardown(async () => void (await Promise.all([a!.stop(), b!.stop()])));
    for (let round = 0; round < 10; round++) {
      const card = `DMCD${String(round).padStart(12, '0')}`;
      const scenario = baseScenario({
        generation: 'GEN1',
        capacities: GEN1_MAX,
        days: randomDays(new Prng(7000 + round), '2026-02-28', 28),
      });
      scenario.identification.cardNumber = card;
      const bytes = withCardDownload(encodeCard(scenario), at('2026-02-28', 18));
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => post(i % 2 ? a! : b!, 'cd.ddd', bytes)));
      t.same(
        answers.map((r) => r.status),
        [200, 200, 200, 200],
      );
      for (const service of [a!, b!]) {
        const [row] = (await get(service, `/api/drivercard/drivers?q=${card}`)).items;
        t.same(
          row.card_previous_download,
          '2026-02-28T18:00:00Z',
          `round ${round}: the row keeps the file's EF Card_Download`,
        );
      }
    }
  });

  t.test('processes: parallel downloads of one card through two processes merge as one process does', async (t) => {
    const files = overlappingDownloads();
    const [single] = await services(1, freshUrl());
    for (const f of files) t.equal((await post(single!, f.name, f.bytes)).status, 200);
    const expected = await historyOf(single!);
    await single!.stop();
    t.equal((expected as { total: number }).total > 0, true, 'the card has intervals');

    const [a, b] = await services(2, freshUrl());
    t.teardown(async () => void (await Promise.all([a!.stop(), b!.stop()])));
    const answers = await Promise.all(files.map((f, i) => post(i % 2 ? a! : b!, f.name, f.bytes)));
    t.same(
      answers.map((r) => r.status),
      [200, 200, 200],
    );
    t.same(await historyOf(a!), expected, 'process A answers what one process answers');
    t.same(await historyOf(b!), expected, 'process B answers the same');
  });

  t.test('processes: what one process stored, the other serves in the very next request', async (t) => {
    const [a, b] = await services(2, freshUrl());
    t.teardown(async () => void (await Promise.all([a!.stop(), b!.stop()])));
    const files = overlappingDownloads();
    for (const [i, f] of files.entries()) {
      const writer = i % 2 ? a! : b!;
      const reader = i % 2 ? b! : a!;
      const stored = await post(writer, f.name, f.bytes);
      const seen = await get(reader, `/api/drivercard/imports?card_number=${CARD}`);
      t.ok(
        seen.items.some((r: { import_id: string }) => r.import_id === stored.json.import_id),
        `${f.name} seen by the other process`,
      );
      t.equal(seen.total, i + 1);
      const fleet = await get(reader, '/api/drivercard/drivers/summary');
      t.equal(fleet.drivers ?? fleet.total ?? fleet.count, 1, 'one driver in the fleet counts');
    }
  });

  t.test('processes: an archive_id and a withdrawal raced through both, each settled once', async (t) => {
    const [a, b] = await services(2, freshUrl());
    t.teardown(async () => void (await Promise.all([a!.stop(), b!.stop()])));
    const files = overlappingDownloads();
    const archived = await Promise.all(files.map((f, i) => post(i % 2 ? a! : b!, f.name, f.bytes, 'ARCHIVE-1')));
    const statuses = archived.map((r) => r.status).sort();
    t.same(statuses, [200, 409, 409], 'one archive holds one content: the others are archive_conflict');
    t.same(
      archived.filter((r) => r.status === 409).map((r) => r.json.error),
      ['archive_conflict', 'archive_conflict'],
    );
    const stored = archived.find((r) => r.status === 200)!.json.import_id as string;
    const withdrawals = await Promise.all(
      [a!, b!].map((s) =>
        fetch(`${s.url}/api/drivercard/imports/${stored}/withdraw`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'posted by mistake' }),
        }).then((r) => r.status),
      ),
    );
    t.same(withdrawals.sort(), [200, 409], 'one withdrawal; the other finds it withdrawn already');
    for (const service of [a!, b!]) {
      t.equal((await get(service, '/api/drivercard/imports')).total, 0, 'no import listed by either process');
      t.equal((await get(service, '/api/drivercard/drivers')).total, 0, 'and no fleet row');
    }
  });

  t.test('serve --workers 2: a worker killed while connections arrive leaves none of them unanswered', async (t) => {
    // round-robin scheduling (cluster's default) kept the primary's copy of a connection handed to a worker that died
    // before taking it: that client waited for ever
    const cluster = await startChildService({ DRIVERCARD_DATABASE_URL: freshUrl(), DRIVERCARD_DATA_DIR: t.testdir() }, [
      '--workers',
      '2',
    ]);
    t.teardown(() => cluster.stop());
    const port = Number(new URL(cluster.url).port);
    const outcomes: string[] = [];
    const end = Date.now() + 3000;
    const loop = async () => {
      while (Date.now() < end) outcomes.push(await healthOnNewConnection(port, 8000));
    };
    const kills = [800, 1800].map((ms) =>
      delay(ms).then(() => {
        const [worker] = workerPids(cluster.child.pid!);
        if (worker !== undefined) process.kill(worker, 'SIGKILL');
      }),
    );
    await Promise.all([...Array.from({ length: 12 }, loop), ...kills]);
    t.equal(outcomes.filter((o) => o === 'hung').length, 0, 'every request answered or refused at once');
    t.ok(outcomes.filter((o) => o === '200').length > 20, 'the surviving and restarted workers answer');
    t.match(cluster.output(), /exited \(SIGKILL\); starting another/);
  });

  t.test('serve --workers 2 serves on one port; refused on SQLite with the reason', async (t) => {
    const cluster = await startChildService({ DRIVERCARD_DATABASE_URL: freshUrl(), DRIVERCARD_DATA_DIR: t.testdir() }, [
      '--workers',
      '2',
    ]);
    t.teardown(() => cluster.stop());
    t.match(cluster.output(), /with 2 worker processes/);
    const files = overlappingDownloads();
    const answers = await Promise.all(files.map((f) => post(cluster, f.name, f.bytes)));
    t.same(
      answers.map((r) => r.status),
      [200, 200, 200],
    );
    const reads = await Promise.all(
      Array.from({ length: 12 }, () => get(cluster, `/api/drivercard/imports?card_number=${CARD}`)),
    );
    t.same(new Set(reads.map((r) => r.total)), new Set([3]), 'every worker answers the same');
    const stopped = await cluster.stop();
    t.equal(stopped.code, 0, 'SIGTERM stops the workers and the primary cleanly');

    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'serve', '--workers', '2'], {
      cwd: REPO_ROOT,
      env: untrackedChildEnv({ DRIVERCARD_DATA_DIR: t.testdir(), DRIVERCARD_PORT: '0' }),
      encoding: 'utf8',
    });
    t.equal(refused.status, 2);
    t.match(refused.stderr, /needs PostgreSQL/);
  });
}
