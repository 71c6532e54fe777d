/**
 * The watched folder, pass by pass: files settle before they are read, end in imported/, quarantined/ or failed/
 * beside a reason, never overwrite a name, and every state a stop can leave behind (taken, journaled, moved
 * without its reason) is finished once by the next pass.
 */
import t, { type Test } from 'tap';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { copySigned, writeTestTrustDir } from '../fixtures/pki/test-pki.js';
import { DddDecodeError } from '../core/decoder/api.js';
import type { ImportUseCase, ParseResponse } from '../core/use-cases/contracts.js';
import { EventEmitter } from 'node:events';
import { serveCommand } from './commands/serve.js';
import { loadConfig } from './config.js';
import { startServer } from './server.js';
import { captureIo } from './testing/capture-io.js';
import { createServiceContainer } from './container.js';
import {
  candidateName,
  CLAIM_FOLDER,
  createWatchFolder,
  LOCK_FILE,
  REASON_SUFFIX,
  RETRY_AFTER_MS,
  startWatchFolder,
} from './watch-folder.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ddd');

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-watch-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function realImports(t: Test): () => Promise<ImportUseCase> {
  const trustDir = writeTestTrustDir(join(tempDir(t), 'trust'));
  const services = createServiceContainer(loadConfig({}, { dataDir: tempDir(t), trustDir }));
  t.teardown(() => services.dispose());
  return () => services.importUseCase();
}

/** name → one-line reason of each file of an outcome folder (null: none), the reason files themselves left out */
function folder(dir: string, name: string): Record<string, string | null> {
  const files: Record<string, string | null> = {};
  for (const file of readdirSync(join(dir, name)).sort()) {
    if (file.endsWith(REASON_SUFFIX)) continue;
    const reason = join(dir, name, file + REASON_SUFFIX);
    files[file] = existsSync(reason) ? readFileSync(reason, 'utf8') : null;
  }
  return files;
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const mode = (path: string) => statSync(path).mode & 0o777;

t.test('dropped files end in imported/, quarantined/ or failed/ beside a reason', async (t) => {
  const dir = tempDir(t);
  const log: string[] = [];
  let now = 0;
  const watcher = await createWatchFolder({
    dir,
    imports: realImports(t),
    maxBytes: 70_000,
    settleMs: 1000,
    log: (line) => void log.push(line),
    now: () => now,
  });
  t.teardown(() => watcher.close());
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'card.C1B'));
  copySigned(join(FIXTURES, 'real-missing-efs.ddd'), join(dir, 'short.TGD'));
  writeFileSync(join(dir, 'notes.txt'), 'not a card');
  writeFileSync(join(dir, '.card.part'), 'a tool’s temporary name');
  writeFileSync(join(dir, 'big.ddd'), new Uint8Array(70_001));
  await watcher.scan();
  t.same(readdirSync(join(dir, 'imported')), [], 'nothing is taken at first sight');
  now += 999;
  await watcher.scan();
  t.same(readdirSync(join(dir, 'imported')), [], 'nor before it has settled');
  now += 1;
  await watcher.scan();
  t.match(folder(dir, 'imported'), {
    'card.C1B': /^imported as import \S+ \(new, 0 warnings, signatures VERIFIED\)\n$/,
  });
  t.match(folder(dir, 'quarantined'), {
    'short.TGD': /^quarantined as import \S+ \(new, \d+ warnings: missing_ef\)\n$/,
  });
  t.same(folder(dir, 'failed'), {
    'big.ddd': 'not imported: larger than the largest download the service accepts\n',
    'notes.txt': 'not imported: not a tachograph download (its first bytes are not those of a driver-card download)\n',
  });
  t.ok(existsSync(join(dir, '.card.part')), 'a dot-name is left alone');
  t.same(readdirSync(join(dir, CLAIM_FOLDER)), [], 'nothing left half done');
  t.equal(mode(join(dir, 'imported')), 0o700);
  t.equal(mode(join(dir, 'imported', 'card.C1B')), 0o600, 'personal data readable by its owner only');
  t.equal(mode(join(dir, 'imported', `card.C1B${REASON_SUFFIX}`)), 0o600);
  t.equal(log.length, 4, 'one line per file');
  t.notMatch(log.join(''), dir, 'no local path in the log');

  // the same download again under the same name: already imported, and the first file keeps its name
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'card.C1B'));
  await watcher.scan();
  now += 1000;
  await watcher.scan();
  t.match(folder(dir, 'imported'), {
    'card.C1B': /\(new, /,
    'card (2).C1B': /^imported as import \S+ \(already imported, 0 warnings, signatures VERIFIED\)\n$/,
  });
  t.equal(sha(join(dir, 'imported', 'card.C1B')), sha(join(dir, 'imported', 'card (2).C1B')));
});

t.test('a file written slowly in pieces is read whole', async (t) => {
  const dir = tempDir(t);
  const watcher = await startWatchFolder({
    dir,
    imports: realImports(t),
    maxBytes: 1 << 20,
    settleMs: 600,
    log: () => {},
  });
  t.teardown(() => watcher.close());
  const source = join(tmpdir(), `drivercard-watch-src-${process.pid}.ddd`);
  copySigned(join(FIXTURES, 'gen2-full.ddd'), source);
  t.teardown(() => rmSync(source, { force: true }));
  const bytes = readFileSync(source);
  const pieces = 12;
  const step = Math.ceil(bytes.length / pieces);
  for (let i = 0; i < pieces; i++) {
    appendFileSync(join(dir, 'slow.ddd'), bytes.subarray(i * step, (i + 1) * step));
    await sleep(200);
  }
  const deadline = Date.now() + 20_000;
  while (!existsSync(join(dir, 'imported', `slow.ddd${REASON_SUFFIX}`)) && Date.now() < deadline) await sleep(100);
  t.match(folder(dir, 'imported'), { 'slow.ddd': /\(new, 0 warnings, signatures VERIFIED\)/ });
  t.equal(sha(join(dir, 'imported', 'slow.ddd')), sha(source), 'the whole file');
  t.same(folder(dir, 'failed'), {}, 'no half file failed');
});

/** An import use case that answers from a table and can be made to fail like the service, not the file. */
function scriptedImports(): { imports: () => Promise<ImportUseCase>; calls: string[]; down: { on: boolean } } {
  const calls: string[] = [];
  const down = { on: false };
  const useCase: ImportUseCase = {
    async parse(request) {
      calls.push(request.file_name ?? '');
      if (down.on) throw new Error('connection refused');
      if (request.file_name?.startsWith('cut')) throw new DddDecodeError('truncated', 'The file ends too early.');
      const reused = calls.filter((c) => c === request.file_name).length > 1;
      return {
        import_id: `id-${request.file_name}`,
        status: 'OK',
        warnings: [],
        reused,
      } as unknown as ParseResponse;
    },
  };
  return { imports: async () => useCase, calls, down };
}

const card = () => readFileSync(join(FIXTURES, 'gen1-basic.ddd'));

t.test('what a stop leaves behind is finished once by the next start', async (t) => {
  const dir = tempDir(t);
  const script = scriptedImports();
  const first = await createWatchFolder({
    dir,
    imports: script.imports,
    maxBytes: 1 << 20,
    settleMs: 0,
    log: () => {},
  });
  await first.close();
  const claim = join(dir, CLAIM_FOLDER);
  // stopped after taking the file: imported and moved
  writeFileSync(join(claim, 'taken.ddd'), card());
  // stopped after the journal, before the move
  writeFileSync(join(claim, 'journaled.ddd'), card());
  const journal = { outcome: 'imported', reason: 'imported as import id-j (new, 0 warnings, signatures VERIFIED)' };
  writeFileSync(join(claim, '.journaled.ddd.move'), JSON.stringify({ ...journal, final: 'journaled.ddd' }));
  // stopped after the move, before the reason: moved once, explained
  writeFileSync(join(dir, 'imported', 'moved.ddd'), card());
  writeFileSync(join(claim, '.moved.ddd.move'), JSON.stringify({ ...journal, final: 'moved.ddd' }));
  // a journal whose name was taken meanwhile by a file put there by hand: never overwritten
  writeFileSync(join(dir, 'imported', 'clash.ddd'), 'put there by hand');
  writeFileSync(join(claim, 'clash.ddd'), card());
  writeFileSync(join(claim, '.clash.ddd.move'), JSON.stringify({ ...journal, final: 'clash.ddd' }));
  // a journal cut while written, and one whose file was removed by hand
  writeFileSync(join(claim, '.half.ddd.move.tmp'), '{"outc');
  writeFileSync(join(claim, '.gone.ddd.move'), JSON.stringify({ ...journal, final: 'gone.ddd' }));
  // a lock left by a process that no longer runs
  writeFileSync(join(dir, LOCK_FILE), '2147483646\n');

  const next = await createWatchFolder({ dir, imports: script.imports, maxBytes: 1 << 20, settleMs: 0, log: () => {} });
  t.teardown(() => next.close());
  await next.scan();
  t.same(readdirSync(claim), [], 'nothing left half done');
  t.same(script.calls, ['taken.ddd'], 'only the file without a decision is imported (again)');
  const imported = folder(dir, 'imported');
  t.same(Object.keys(imported), ['clash (2).ddd', 'clash.ddd', 'journaled.ddd', 'moved.ddd', 'taken.ddd']);
  t.equal(imported['clash.ddd'], null, 'the file put there by hand, untouched');
  t.equal(readFileSync(join(dir, 'imported', 'clash.ddd'), 'utf8'), 'put there by hand');
  t.equal(readFileSync(join(dir, 'imported', `moved.ddd${REASON_SUFFIX}`), 'utf8'), `${journal.reason}\n`);
  t.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`, 'the dead holder’s lock taken over');
  await next.close();
  t.notOk(existsSync(join(dir, LOCK_FILE)), 'the lock given up on close');
});

t.test('a service failure keeps the file taken until a later pass; a file failure moves it to failed/', async (t) => {
  const dir = tempDir(t);
  const script = scriptedImports();
  let now = 0;
  const log: string[] = [];
  const watcher = await createWatchFolder({
    dir,
    imports: script.imports,
    maxBytes: 1 << 20,
    settleMs: 0,
    log: (line) => void log.push(line),
    now: () => now,
  });
  t.teardown(() => watcher.close());
  writeFileSync(join(dir, 'a.ddd'), card());
  writeFileSync(join(dir, 'cut.ddd'), card().subarray(0, 100));
  script.down.on = true;
  await watcher.scan();
  await watcher.scan();
  t.same(readdirSync(join(dir, CLAIM_FOLDER)).sort(), ['a.ddd', 'cut.ddd'], 'taken, kept while the service fails');
  t.match(log.join(''), /a\.ddd could not be imported now \(Error\); tried again in a minute/);
  t.notMatch(log.join(''), /connection refused/, 'no error text (it may quote values)');
  script.down.on = false;
  now += RETRY_AFTER_MS - 1;
  await watcher.scan();
  t.equal(readdirSync(join(dir, CLAIM_FOLDER)).length, 2, 'not before the wait is over');
  now += 1;
  await watcher.scan();
  t.same(readdirSync(join(dir, CLAIM_FOLDER)), []);
  t.same(Object.keys(folder(dir, 'imported')), ['a.ddd']);
  t.same(folder(dir, 'failed'), { 'cut.ddd': 'not imported: unparseable_ddd (truncated): The file ends too early.\n' });
});

t.test('one process watches a folder at a time', async (t) => {
  const dir = tempDir(t);
  const log: string[] = [];
  const options = { dir, imports: scriptedImports().imports, maxBytes: 1 << 20, settleMs: 0 };
  const watcher = await createWatchFolder({ ...options, log: (line) => void log.push(line) });
  t.teardown(() => watcher.close());
  // a live process (the test runner's parent) holds the lock
  writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
  writeFileSync(join(dir, 'a.ddd'), card());
  await watcher.scan();
  await watcher.scan();
  t.ok(existsSync(join(dir, 'a.ddd')), 'left to the holder');
  t.equal(log.length, 1, 'said once');
  t.match(log[0], /another process \(pid \d+\) watches the folder/);
  rmSync(join(dir, LOCK_FILE));
  await watcher.scan();
  await watcher.scan();
  t.same(Object.keys(folder(dir, 'imported')), ['a.ddd'], 'taken once the lock is free');
  // another process took the lock over at the same moment: this one stops moving files
  writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
  writeFileSync(join(dir, 'b.ddd'), card());
  await watcher.scan();
  await watcher.scan();
  t.ok(existsSync(join(dir, 'b.ddd')));
  await watcher.close();
  t.ok(existsSync(join(dir, LOCK_FILE)), 'a lock it does not hold is not removed');
});

t.test('candidate names keep the extension', async (t) => {
  t.equal(candidateName('a.C1B', 1), 'a.C1B');
  t.equal(candidateName('a.C1B', 2), 'a (2).C1B');
  t.equal(candidateName('noext', 3), 'noext (3)');
  t.equal(candidateName('.hidden', 2), '.hidden (2)');
  t.equal(candidateName('x.tar.gz', 2), 'x.tar (2).gz');
});

t.test('a file gone between its settling and its taking is let go; one that cannot be read fails', async (t) => {
  const dir = tempDir(t);
  const script = scriptedImports();
  let now = 0;
  let vanish = false;
  const watcher = await createWatchFolder({
    dir,
    imports: script.imports,
    maxBytes: 1 << 20,
    settleMs: 5,
    log: () => {},
    // the clock is read right after the file's stat: the tool takes the file away at that moment
    now: () => {
      if (vanish) renameSync(join(dir, 'a.ddd'), join(dir, '.a.ddd'));
      vanish = false;
      return now;
    },
  });
  t.teardown(() => watcher.close());
  writeFileSync(join(dir, 'a.ddd'), card());
  await watcher.scan();
  now += 10;
  vanish = true;
  await watcher.scan();
  t.same(script.calls, [], 'not imported');
  t.same(readdirSync(join(dir, CLAIM_FOLDER)), [], 'not taken');
  t.ok(existsSync(join(dir, '.a.ddd')), 'left where the tool put it');

  // something taken that is not a file to read (a folder moved in by hand)
  mkdirSync(join(dir, CLAIM_FOLDER, 'odd.ddd'));
  await watcher.scan();
  t.same(folder(dir, 'failed'), { 'odd.ddd': 'the file could not be read (EISDIR)\n' });
});

t.test('drivercard serve watches DRIVERCARD_WATCH_DIR and stops watching before it closes', async (t) => {
  const watchDir = join(tempDir(t), 'drop');
  const trustDir = writeTestTrustDir(join(tempDir(t), 'trust'));
  const env = { DRIVERCARD_WATCH_DIR: watchDir, DRIVERCARD_WATCH_SETTLE_SECONDS: '1', DRIVERCARD_TRUST_DIR: trustDir };
  const signals = new EventEmitter();
  const run = captureIo();
  let url = '';
  const done = serveCommand([], run.io, signals as never, async () => {
    const server = await startServer({ port: 0, dataDir: tempDir(t) }, { env });
    url = server.url;
    return server;
  });
  while (!url || !existsSync(join(watchDir, 'imported'))) await sleep(20);
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(watchDir, 'card.C1B'));
  const deadline = Date.now() + 20_000;
  while (!existsSync(join(watchDir, 'imported', `card.C1B${REASON_SUFFIX}`)) && Date.now() < deadline) await sleep(50);
  t.match(folder(watchDir, 'imported'), { 'card.C1B': /^imported as import \S+ \(new, / });
  t.ok(existsSync(join(watchDir, LOCK_FILE)), 'the folder is held while serving');
  const listed = (await (await fetch(`${url}/api/drivercard/imports`)).json()) as { total: number };
  t.equal(listed.total, 1, 'imported into the service’s database');
  signals.emit('SIGTERM');
  t.equal(await done, 0);
  t.notOk(existsSync(join(watchDir, LOCK_FILE)), 'given up on stop');
  t.match(run.out.join(''), /drivercard watch: card\.C1B → imported\/card\.C1B: imported as import/);
  t.notMatch(run.out.join(''), watchDir, 'no local path');

  // a watched folder that cannot be made (its parent is a file): the start fails with one line
  const file = join(tempDir(t), 'a-file');
  writeFileSync(file, '');
  const refused = captureIo();
  const badEnv = { DRIVERCARD_WATCH_DIR: join(file, 'drop') };
  const code = await serveCommand([], refused.io, new EventEmitter() as never, () =>
    startServer({ port: 0, dataDir: tempDir(t) }, { env: badEnv }),
  );
  t.equal(code, 1);
  t.equal(
    refused.err.join(''),
    'drivercard serve: the watched folder DRIVERCARD_WATCH_DIR cannot be used (ENOTDIR).\n',
  );
});
