/**
 * A backup of a PostgreSQL database taken while `drivercard serve` imports from eight clients and is killed with
 * SIGKILL: the backup is written; restored into an empty database it holds every import acknowledged before the
 * backup began, nothing but the posted downloads, each original intact (`check`), and answers as the database the
 * killed service left did at the backup's moment (its imports committed after the backup withdrawn). A backup of
 * what the killed service left holds every acknowledged import.
 */
import t, { type Test } from 'tap';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untrackedChildEnv } from '../../conformance/child-env.js';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startPostgres } from '../../conformance/postgres-server.js';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig, type Config } from '../config.js';
import { TOKENS } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { answers, listOf, serviceOf, withdrawAllBut } from '../testing/service-answers.js';
import { backupCommand } from './backup.js';
import { checkCommand } from './check.js';
import { restoreCommand } from './restore.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = 8;
const FILES = 48;
const PERIOD = 'date_from=2026-01-01&date_to=2026-12-31';

async function startService(t: Test, databaseUrl: string, dataDir: string) {
  const env = untrackedChildEnv({
    DRIVERCARD_HOST: '127.0.0.1',
    DRIVERCARD_PORT: '0',
    DRIVERCARD_DATA_DIR: dataDir,
    DRIVERCARD_DATABASE_URL: databaseUrl,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'composition/cli.ts', 'serve'], {
    cwd: REPO_ROOT,
    env,
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

/** The backup restored into `target`: each original intact and one of the posted; its import ids. */
async function restored(t: Test, backup: string, target: Config, posted: Set<string>) {
  const run = captureIo();
  t.equal(await restoreCommand([backup], run.io, target), 0, run.err.join(''));
  const service = await serviceOf(t, target);
  const store = () => service.services.container.getAsync<ImportStore>(TOKENS.ImportStore);
  t.equal(await checkCommand([], captureIo().io, store), 0, 'every original of the backup re-hashes and decodes');
  const rows = listOf(await service.get('/api/drivercard/imports?limit=5000')).items;
  t.ok(
    rows.every((row) => posted.has(row.content_sha256)),
    'nothing but the posted downloads',
  );
  return { service, ids: new Set(rows.map((row) => row.import_id as string)) };
}

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(t, `PostgreSQL backup tests NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test('a backup while eight clients import and the service is killed restores consistently', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'drivercard-backup-kill-pg-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const config = (name: string) =>
      loadConfig({}, { dataDir: join(dir, name), databaseUrl: server.freshDatabaseUrl() });
    const source = config('source');
    const service = await startService(t, source.databaseUrl!, source.dataDir);
    const files = Array.from({ length: FILES }, (_, i) => ({
      name: `card-${i}.ddd`,
      bytes: twentyEightDayCard(52_000 + i, cardNumberOf(730_000 + i), '2026-06-28'),
    }));
    const posted = new Set(files.map((f) => createHash('sha256').update(f.bytes).digest('hex')));
    const acked: string[] = [];
    let next = 0;
    const client = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        try {
          const response = await fetch(`${service.url}/api/drivercard/parse`, {
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
    const clients = Array.from({ length: CLIENTS }, client);
    while (acked.length < 8) await new Promise((resolve) => setTimeout(resolve, 20));
    const ackedBefore = [...acked];
    const during = join(dir, 'during');
    const backup = backupCommand([during], captureIo().io, source);
    // killed once the backup reads its snapshot (its first part is opened after the snapshot's first read)
    let ended = false;
    void backup.finally(() => (ended = true));
    while (!ended && !existsSync(join(during, 'originals.jsonl'))) await new Promise((r) => setTimeout(r, 2));
    service.child.kill('SIGKILL');
    t.equal(await backup, 0, 'the backup is written');
    await service.exited;
    await Promise.all(clients);
    t.ok(acked.length < FILES, 'the service was killed while clients were still importing');

    const fromDuring = await restored(t, during, config('from-during'), posted);
    t.ok(
      ackedBefore.every((id) => fromDuring.ids.has(id)),
      'every import acknowledged before the backup began is in it',
    );
    const after = join(dir, 'after');
    t.equal(await backupCommand([after], captureIo().io, source), 0);
    const fromAfter = await restored(t, after, config('from-after'), posted);
    t.ok(
      acked.every((id) => fromAfter.ids.has(id)),
      'a backup of what the killed service left holds every acknowledged import',
    );
    const left = await serviceOf(t, source);
    t.same(
      await answers(fromAfter.service.get, true, PERIOD),
      await answers(left.get, true, PERIOD),
      'the backup of what the killed service left answers as it',
    );

    // what the killed service left, at the moment of the backup taken during the kill
    t.comment(`${fromDuring.ids.size} of ${fromAfter.ids.size} imports in the backup taken during the kill`);
    await withdrawAllBut(left, fromDuring.ids);
    t.same(
      await answers(fromDuring.service.get, false, PERIOD),
      await answers(left.get, false, PERIOD),
      'the backup taken during the kill answers as the source at its moment',
    );
  });
}
