/**
 * A backup taken while `drivercard serve` imports from eight clients and is killed with SIGKILL: the backup is
 * written, restores into an empty data folder, holds every import acknowledged before it began, each whole (its
 * original re-hashes and decodes: `check` finds nothing), and nothing but the posted downloads. A backup of the
 * database the killed process left restores the same way.
 */
import t, { type Test } from 'tap';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untrackedChildEnv } from '../../conformance/child-env.js';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { backupSqlite, restoreSqlite } from '../../adapters/storage/backup/sqlite-backup.js';
import { databaseFile } from '../../adapters/storage/open-storage.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { checkStoredOriginals } from '../../core/evidence/integrity.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = 8;
const FILES = 48;

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-backup-kill-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startService(t: Test, dataDir: string) {
  const env = untrackedChildEnv({ DRIVERCARD_HOST: '127.0.0.1', DRIVERCARD_PORT: '0', DRIVERCARD_DATA_DIR: dataDir });
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
  const files = Array.from({ length: FILES }, (_, i) => ({
    name: `card-${i}.ddd`,
    bytes: twentyEightDayCard(52_000 + i, cardNumberOf(720_000 + i), '2026-06-28'),
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
  const during = join(dir, 'during.sqlite');
  const backup = backupSqlite(databaseFile({ dataDir }), during);
  setTimeout(() => service.child.kill('SIGKILL'), 30);
  await backup;
  await service.exited;
  await Promise.all(clients);
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
