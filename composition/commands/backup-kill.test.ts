/**
 * A backup taken while `drivercard serve` imports from eight clients and is killed with SIGKILL: the backup is
 * written, restores into an empty data folder, holds every import acknowledged before it began, each whole (its
 * original re-hashes and decodes: `check` finds nothing), and nothing but the posted downloads. A backup of the
 * database the killed process left restores the same way.
 */
import t, { type Test } from 'tap';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupSqlite, restoreSqlite } from '../../adapters/storage/backup/sqlite-backup.js';
import { databaseFile } from '../../adapters/storage/open-storage.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { checkStoredOriginals } from '../../core/evidence/integrity.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';
import { cardDownloads, postingClients, startServe } from '../testing/importing-service.js';

const CLIENTS = 8;
const FILES = 48;

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-backup-kill-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const startService = (t: Test, dataDir: string) => startServe(t, { DRIVERCARD_DATA_DIR: dataDir });

/** The imports of a restored backup: each intact, each one of the posted downloads. */
async function restoredImports(t: Test, backup: string, dataDir: string, posted: Set<string>) {
  mkdirSync(dataDir);
  await restoreSqlite(backup, databaseFile({ dataDir }));
  const services = createServiceContainer(loadConfig({}, { dataDir }));
  t.teardown(() => services.dispose());
  const store = await services.container.getAsync<ImportStore>(TOKENS.ImportStore);
  const report = await checkStoredOriginals(store, new NodeCryptoHasher());
  t.same(report.problems, [], 'every original of the backup re-hashes and decodes');
  const rows = await store.listImports(
    { card_number: null, range: { from: null, to: null } },
    { limit: 5000, offset: 0 },
  );
  t.ok(
    rows.items.every((row) => posted.has(row.content_sha256)),
    'nothing but the posted downloads',
  );
  return new Set(rows.items.map((row) => row.import_id));
}

t.test('a backup while eight clients import and the service is killed restores consistently', async (t) => {
  const dir = tempDir(t);
  const dataDir = join(dir, 'data');
  const service = await startService(t, dataDir);
  const { files, posted } = cardDownloads(FILES, 720_000);
  const { acked, done: clients } = postingClients(service.url, files, CLIENTS);
  while (acked.length < 8) await new Promise((resolve) => setTimeout(resolve, 20));
  const ackedBefore = [...acked];
  const during = join(dir, 'during.sqlite');
  const backup = backupSqlite(databaseFile({ dataDir }), during);
  setTimeout(() => service.child.kill('SIGKILL'), 30);
  await backup;
  await service.exited;
  await clients;
  t.ok(acked.length < FILES, 'the service was killed while clients were still importing');

  const fromDuring = await restoredImports(t, during, join(dir, 'from-during'), posted);
  t.ok(
    ackedBefore.every((id) => fromDuring.has(id)),
    'every import acknowledged before the backup began is in it',
  );
  const after = join(dir, 'after.sqlite');
  await backupSqlite(databaseFile({ dataDir }), after);
  const fromAfter = await restoredImports(t, after, join(dir, 'from-after'), posted);
  t.ok(
    acked.every((id) => fromAfter.has(id)),
    'a backup of what the killed service left holds every acknowledged import',
  );
});
