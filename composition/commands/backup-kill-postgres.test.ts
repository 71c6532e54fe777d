/**
 * A backup of a PostgreSQL database taken while `drivercard serve` imports from eight clients and is killed with
 * SIGKILL: the backup is written; restored into an empty database it holds every import acknowledged before the
 * backup began, nothing but the posted downloads, each original intact (`check`), and answers as the database the
 * killed service left did at the backup's moment (its imports committed after the backup withdrawn). A backup of
 * what the killed service left holds every acknowledged import.
 */
import t, { type Test } from 'tap';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startPostgres } from '../../conformance/postgres-server.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig, type Config } from '../config.js';
import { TOKENS } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { cardDownloads, postingClients, startServe } from '../testing/importing-service.js';
import { answers, listOf, serviceOf, withdrawAllBut } from '../testing/service-answers.js';
import { backupCommand } from './backup.js';
import { checkCommand } from './check.js';
import { restoreCommand } from './restore.js';

const CLIENTS = 8;
const FILES = 48;
const PERIOD = 'date_from=2026-01-01&date_to=2026-12-31';

const startService = (t: Test, databaseUrl: string, dataDir: string) =>
  startServe(t, { DRIVERCARD_DATA_DIR: dataDir, DRIVERCARD_DATABASE_URL: databaseUrl });

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
    const { files, posted } = cardDownloads(FILES, 730_000);
    const { acked, done: clients } = postingClients(service.url, files, CLIENTS);
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
    await clients;
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
