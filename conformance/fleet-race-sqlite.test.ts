/**
 * `drivercard import DIR` processes racing the running service on one SQLite file, as an office runs them (each
 * download imported once, the service read meanwhile): every process computes the card's fleet row after its import
 * (the CLI before it exits, the service before every fleet read), under the lock that holds across processes
 * (adapters/storage/database/file-locks.ts). Many rounds, the newer download's import started first in some and
 * second in others: no fleet read answered after an import was acknowledged (its process exited 0) lags behind it,
 * and the row written last holds the newer download, in the running service and after a restart.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildService, type ChildService } from './child-service.js';
import { untrackedChildEnv } from './child-env.js';
import { GEN1_MAX } from '../fixtures/encoder/capacities.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { baseScenario, randomDays } from '../fixtures/scenarios/build.js';
import { withCardDownload } from '../fixtures/pki/test-pki.js';
import { at } from '../fixtures/encoder/time.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 4;
/** the two downloads of a round's card: 28 days each, the file downloaded at the end of its last day */
const DOWNLOADS = [
  { from: '2026-02-01', day: '2026-02-28' },
  { from: '2026-03-01', day: '2026-03-28' },
];

/** `drivercard import DIR` as a user runs it; resolves with its exit code. */
function cliImport(dataDir: string, dir: string): Promise<number | null> {
  const env = untrackedChildEnv({ DRIVERCARD_DATA_DIR: dataDir });
  delete env.NODE_V8_COVERAGE;
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'import', dir], {
    cwd: REPO_ROOT,
    env,
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

interface Row {
  imports: number;
  last_download: string | null;
}

async function rowOf(service: ChildService, card: string): Promise<Row | null> {
  const response = await fetch(`${service.url}/api/drivercard/drivers?q=${card}`);
  if (response.status !== 200) throw new Error(`the fleet answered ${response.status}`);
  const items = ((await response.json()) as { items: Array<Row & { card_number: string }> }).items;
  return items.find((row) => row.card_number === card) ?? null;
}

/** The round's two files, each in a folder of its own (one `import DIR` process each). */
function roundFiles(root: string, round: number): { card: string; dirs: string[] } {
  const card = `DMRC${String(round).padStart(12, '0')}`;
  const days = randomDays(new Prng(9100 + round), DOWNLOADS[0]!.from, 56);
  const dirs = DOWNLOADS.map((download, i) => {
    const scenario = baseScenario({ generation: 'GEN1', capacities: GEN1_MAX, days: days.slice(i * 28, i * 28 + 28) });
    scenario.identification.cardNumber = card;
    const dir = join(root, `round-${round}`, `download-${i}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${card}-${i}.ddd`), withCardDownload(encodeCard(scenario), at(download.day, 22)));
    return dir;
  });
  return { card, dirs };
}

t.test(
  'CLI imports racing the service: no fleet row and no fleet read older than an acknowledged import',
  async (t) => {
    const root = t.testdir();
    const dataDir = join(root, 'data');
    let service = await startChildService({ DRIVERCARD_DATA_DIR: dataDir });
    t.teardown(() => service.stop());
    const cards: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { card, dirs } = roundFiles(root, round);
      cards.push(card);
      // the acknowledged imports, in the order their processes exited: [imports, the download's day]
      const acknowledged: Array<[number, string]> = [];
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const imports = order.map((i) =>
        cliImport(dataDir, dirs[i]!).then((code) => {
          t.equal(code, 0, `round ${round}: download ${i} imported`);
          acknowledged.push([acknowledged.length + 1, DOWNLOADS[i]!.day]);
        }),
      );
      let running = true;
      const reads = (async () => {
        while (running) {
          const known = [...acknowledged];
          const row = await rowOf(service, card);
          for (const [count, day] of known) {
            if ((row?.imports ?? 0) < count)
              t.fail(`round ${round}: a read after ${count} acknowledged imports saw fewer`);
            if (day === DOWNLOADS[1]!.day && !row?.last_download?.startsWith(day))
              t.fail(`round ${round}: a read after the newer download's import answered ${row?.last_download}`);
          }
        }
      })();
      await Promise.all(imports);
      running = false;
      await reads;
      const row = await rowOf(service, card);
      t.equal(row?.imports, 2, `round ${round}: both imports in the row`);
      t.match(row?.last_download, new RegExp(`^${DOWNLOADS[1]!.day}`), `round ${round}: the newer download`);
    }
    await service.stop();
    service = await startChildService({ DRIVERCARD_DATA_DIR: dataDir });
    for (const card of cards) {
      const row = await rowOf(service, card);
      t.match(row, { imports: 2, last_download: new RegExp(`^${DOWNLOADS[1]!.day}`) }, `${card}: after a restart too`);
    }
  },
);
