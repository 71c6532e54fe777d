/**
 * Backup, restore and check on SQLite: a backup taken while eight clients import restores to a database holding
 * whole imports only, each as the source answers it; a backup taken at rest restores to a database whose answers
 * (/imports, /drivers, /findings and annotations of each card) equal the source's; a restore never overwrites; an
 * original altered in the database is reported by `drivercard check`, which changes nothing.
 */
import t, { type Test } from 'tap';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { strictFetch } from '../../adapters/http/testing/strict-answers.js';
import { databaseFile } from '../../adapters/storage/open-storage.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig, type Config } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { BACKUP_FILES, FIXTURES } from '../testing/signed-fixtures.js';
import { backupCommand, sqliteFileOf } from './backup.js';
import { checkCommand } from './check.js';
import { importCommand } from './import.js';
import { restoreCommand } from './restore.js';

const FILES = BACKUP_FILES;
const HOST = '127.0.0.1:5055';

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-backup-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The service of a data folder: its container, its HTTP app and a GET giving the answer's status and text. */
async function service(t: Test, config: Config) {
  const services = createServiceContainer(config);
  t.teardown(() => services.dispose());
  const http = createHttpApp({ ...(await services.httpDependencies()), allowedHosts: () => new Set([HOST]) });
  const app = { fetch: strictFetch((request) => http.app.fetch(request), http.openapi) };
  const get = async (path: string) => {
    const answer = await app.fetch(new Request(`http://${HOST}${path}`));
    return `${answer.status} ${await answer.text()}`;
  };
  const json = async (path: string) => {
    const answer = await get(path);
    t.match(answer, /^200 /, `GET ${path.split('?')[0]}`);
    return JSON.parse(answer.slice(4)) as { items: Record<string, unknown>[] };
  };
  return { services, app, get, json };
}

/** Every answer of the comparison: /imports, /drivers, and the findings and annotations of each card. */
async function answers(get: (path: string) => Promise<string>): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  all.imports = await get('/api/drivercard/imports?limit=5000');
  all.drivers = await get('/api/drivercard/drivers?limit=5000');
  const cards = new Set(
    (JSON.parse(all.imports.slice(4)) as { items: { card: { card_number: string } }[] }).items.map(
      (i) => i.card.card_number,
    ),
  );
  for (const card of [...cards].sort()) {
    all[`findings ${card}`] = await get(
      `/api/drivercard/findings?card_number=${card}&date_from=2025-06-01&date_to=2026-05-31&limit=5000`,
    );
    all[`annotations ${card}`] = await get(`/api/drivercard/annotations?card_number=${card}&include_withdrawn=true`);
  }
  return all;
}

function signedFiles(t: Test, dir: string): string[] {
  mkdirSync(dir);
  return FILES.map((name) => {
    copySigned(join(FIXTURES, name), join(dir, name));
    return join(dir, name);
  });
}

t.test('backups while eight clients import, and at rest, restore to the source answers', async (t) => {
  const dir = tempDir(t);
  const trustDir = writeTestTrustDir(join(dir, 'trust'));
  const [first, ...others] = signedFiles(t, join(dir, 'files'));
  const config = (name: string) => loadConfig({}, { dataDir: join(dir, name), trustDir });
  const source = await service(t, config('source'));
  t.equal(await importCommand([first!], captureIo().io, () => source.services.importUseCase(), 1 << 22), 0);
  const annotation = await source.app.fetch(
    new Request(`http://${HOST}/api/drivercard/annotations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: 'DF00000123456001',
        kind: 'LEAVE',
        start: '2026-01-01T00:00:00Z',
        end: '2026-01-03T00:00:00Z',
        author: 'office',
      }),
    }),
  );
  t.equal(annotation.status, 201, 'an annotation is recorded');

  // eight clients import while the backup is taken
  const busy = join(dir, 'busy.sqlite');
  const backupRun = captureIo();
  const [backedUp, ...imported] = await Promise.all([
    backupCommand([busy], backupRun.io, config('source')),
    ...others.map((file) => importCommand([file], captureIo().io, () => source.services.importUseCase(), 1 << 22)),
  ]);
  t.equal(backedUp, 0, 'the backup under load is written');
  t.match(backupRun.out.join(''), /^busy\.sqlite: backup written \(\d+ bytes\)\n$/);
  t.same(
    imported,
    others.map(() => 0),
    'every client imported',
  );
  const fromBusy = config('from-busy');
  t.equal(await restoreCommand([busy], captureIo().io, fromBusy), 0, 'restored into an empty data folder');
  const restoredBusy = await service(t, fromBusy);
  const sourceRows = new Map(
    (await source.json('/api/drivercard/imports?limit=5000')).items.map((row) => [row.import_id, JSON.stringify(row)]),
  );
  const busyRows = (await restoredBusy.json('/api/drivercard/imports?limit=5000')).items;
  t.ok(busyRows.length >= 1, 'the backup holds the imports finished before it');
  t.ok(
    busyRows.every((row) => sourceRows.get(row.import_id) === JSON.stringify(row)),
    'each import of the backup is whole and answers as in the source',
  );
  const busyCheck = captureIo();
  const busyStore = () => restoredBusy.services.container.getAsync<ImportStore>(TOKENS.ImportStore);
  t.equal(await checkCommand([], busyCheck.io, busyStore), 0, 'every original of that backup is intact');
  t.match(busyCheck.out.join(''), new RegExp(`^${busyRows.length} original\\(s\\) checked: all intact\\n$`));

  // at rest: every answer equal
  const rest = join(dir, 'rest.sqlite');
  t.equal(await backupCommand([rest], captureIo().io, config('source')), 0);
  const fromRest = config('from-rest');
  t.equal(await restoreCommand([rest], captureIo().io, fromRest), 0);
  const restored = await service(t, fromRest);
  const expected = await answers(source.get);
  t.equal(Object.keys(expected).length, 2 + 2 * 6, 'six cards compared');
  t.same(await answers(restored.get), expected, 'the restored database answers as the source');
  t.match(expected['annotations DF00000123456001'], /^200 .*"kind":"LEAVE"/);
  t.match(expected.imports, /^200 /);
  t.match(expected.drivers, /^200 /);

  const again = captureIo();
  t.equal(await restoreCommand([rest], again.io, fromRest), 1, 'a restore over a database is refused');
  t.match(again.err.join(''), /exists already; a restore overwrites nothing/);
  const twice = captureIo();
  t.equal(await backupCommand([rest], twice.io, config('source')), 1, 'a backup over a file is refused');
  t.match(twice.err.join(''), /exists already/);
});

t.test('refusals: no database, no backup, not a backup, PostgreSQL', async (t) => {
  const dir = tempDir(t);
  const empty = { dataDir: join(dir, 'empty'), databaseUrl: null };
  const none = captureIo();
  t.equal(await backupCommand([join(dir, 'b.sqlite')], none.io, empty), 1);
  t.match(none.err.join(''), /there is no database to back up/);
  const missing = captureIo();
  t.equal(await restoreCommand([join(dir, 'absent.sqlite')], missing.io, empty), 1);
  t.match(missing.err.join(''), /there is no backup file to restore/);
  writeFileSync(join(dir, 'junk.sqlite'), 'not a database at all');
  const junk = captureIo();
  t.equal(await restoreCommand([join(dir, 'junk.sqlite')], junk.io, empty), 1);
  t.match(junk.err.join(''), /not a whole backup/);
  const postgres = { dataDir: dir, databaseUrl: 'postgres://u@localhost/db' };
  t.equal(sqliteFileOf(postgres), null);
  t.equal(sqliteFileOf(empty), join(dir, 'empty', 'drivercard.sqlite'));
  t.equal(await backupCommand(['x'], captureIo().io, postgres), 1);
  t.equal(await restoreCommand(['x'], captureIo().io, postgres), 1);
  t.equal(await backupCommand([], captureIo().io, empty), 2, 'usage');
  t.equal(await restoreCommand([], captureIo().io, empty), 2, 'usage');
});

t.test('drivercard check reports an original altered in the database and changes nothing', async (t) => {
  const dir = tempDir(t);
  const trustDir = writeTestTrustDir(join(dir, 'trust'));
  const files = join(dir, 'files');
  mkdirSync(files);
  for (const name of FILES.slice(0, 2)) copySigned(join(FIXTURES, name), join(files, name));
  const config = loadConfig({}, { dataDir: join(dir, 'data'), trustDir });
  const first = createServiceContainer(config);
  t.equal(await importCommand([files], captureIo().io, () => first.importUseCase(), 1 << 22), 0);
  const store = () => first.container.getAsync<ImportStore>(TOKENS.ImportStore);
  const clean = captureIo();
  t.equal(await checkCommand([], clean.io, store), 0);
  t.equal(clean.out.join(''), '2 original(s) checked: all intact\n');
  await first.dispose();

  // one byte of one stored original changed behind the service's back
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(databaseFile({ dataDir: config.dataDir }));
  const altered = new Uint8Array(readFileSync(join(files, 'gen1-full.ddd')));
  altered[100] ^= 0xff;
  const { import_id } = db.prepare('SELECT import_id FROM imports WHERE file_name = ?').get('gen1-full.ddd');
  db.prepare(
    "UPDATE import_content SET content = ?, encoding = NULL WHERE import_pk = (SELECT pk FROM imports WHERE file_name = 'gen1-full.ddd')",
  ).run(altered);
  db.close();

  const second = createServiceContainer(config);
  t.teardown(() => second.dispose());
  const store2 = () => second.container.getAsync<ImportStore>(TOKENS.ImportStore);
  const run = captureIo();
  t.equal(await checkCommand([], run.io, store2), 1, 'the change is reported');
  t.match(run.out.join(''), new RegExp(`^${import_id} gen1-full\\.ddd: CHANGED \\(SHA-256 [0-9a-f]{64}`, 'm'));
  t.match(run.out.join(''), /2 original\(s\) checked: 1 not intact\n$/);
  t.same(await (await store2()).originalContent(import_id), altered, 'the stored bytes are left as found');
  t.equal(await checkCommand(['extra'], captureIo().io, store2), 2, 'usage');
});
