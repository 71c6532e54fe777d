import t, { type Test } from 'tap';
import { EventEmitter } from 'node:events';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, USAGE } from './cli.js';
import { importCommand, progressLine } from './commands/import.js';
import { serveCommand } from './commands/serve.js';
import { createServiceContainer } from './container.js';
import { loadConfig } from './config.js';
import { startServer } from './server.js';

import { copySigned, writeTestTrustDir } from '../fixtures/pki/test-pki.js';
import { captureIo } from './testing/capture-io.js';
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ddd');

/** A fresh folder per call (t.testdir reuses one folder per test). */
function tempDir(t: Test, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('top-level help and unknown commands', async (t) => {
  const help = captureIo();
  t.equal(await runCli(['--help'], help.io), 0);
  t.equal(help.out.join(''), `${USAGE}\n`);
  t.match(USAGE, /serve[\s\S]*demo \[DIR\][\s\S]*parse FILE[\s\S]*import PATH/);
  const none = captureIo();
  t.equal(await runCli([], none.io), 2);
  const unknown = captureIo();
  t.equal(await runCli(['explode'], unknown.io), 2);
  t.match(unknown.err.join(''), /unknown command "explode"/);
  const parseHelp = captureIo();
  t.equal(await runCli(['parse', '--help'], parseHelp.io), 0);
  const serveHelp = captureIo();
  t.equal(await runCli(['serve', '--help'], serveHelp.io), 0);
  t.match(serveHelp.out.join(''), /DRIVERCARD_EXTERNAL_GATEWAY_ACK/);
});

t.test('import DIR: new, reused and failed files, progress on stderr', async (t) => {
  const dir = tempDir(t, { 'notes.txt': 'not a card' });
  // genuine files (signed by the test PKI, verified under its roots): nothing here is quarantined
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'a-basic.ddd'));
  copyFileSync(join(dir, 'a-basic.ddd'), join(dir, 'b-basic-copy.DDD'));
  copyFileSync(join(FIXTURES, 'corrupt-truncated.ddd'), join(dir, 'c-cut.ddd'));
  copySigned(join(FIXTURES, 'gen2-full.ddd'), join(dir, 'd-gen2.ddd'));
  const trustDir = writeTestTrustDir(join(tempDir(t), 'trust'));
  const services = createServiceContainer(loadConfig({}, { dataDir: tempDir(t), trustDir }));
  t.teardown(() => services.dispose());
  const run = captureIo();
  t.equal(await importCommand([dir], run.io, () => services.importUseCase()), 1, 'exit 1 when a file failed');
  const stdout = run.out.join('');
  t.match(
    stdout,
    /Imported 4 downloads from .*: 2 new, 1 reused \(already imported\), 0 quarantined, 1 failed; 1 other file skipped\./,
  );
  t.match(
    stdout,
    /failed +c-cut\.ddd: The file ends too early: the download was cut off or the copy is incomplete\. [^\n[]*\n/,
    "the page's words, no code",
  );
  t.match(stdout, /\n  skipped +notes\.txt: not a tachograph download/);
  const detail = captureIo();
  t.equal(await importCommand(['--verbose', dir], detail.io, () => services.importUseCase()), 1);
  t.match(
    detail.out.join(''),
    /failed +c-cut\.ddd: The file ends too early[^\n]*\[unparseable_ddd \(truncated\): [^\n]+\]\n/,
    'the technical detail behind --verbose',
  );
  t.match(stdout, /\n  new +a-basic\.ddd \(0 warnings\)\n/);
  t.match(stdout, /\n  reused +b-basic-copy\.DDD \(0 warnings\)\n/);
  t.notMatch(stdout, new RegExp(dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'no local path');
  const progress = run.err.join('').trim().split('\n');
  t.equal(progress.length, 4, 'one line per file when stderr is not a terminal');
  t.match(progress[3], /\[#{24}\] 100% 4\/4 d-gen2\.ddd/);

  const again = captureIo(true);
  const onlyGood = tempDir(t);
  copyFileSync(join(dir, 'a-basic.ddd'), join(onlyGood, 'x.ddd'));
  t.equal(await importCommand([onlyGood], again.io, () => services.importUseCase()), 0);
  t.match(again.out.join(''), /1 download from .*: 0 new, 1 reused/);
  t.match(again.err.join(''), /^\r\x1b\[2K\[#+\] 100% 1\/1 x\.ddd\n$/, 'redrawn in place on a terminal');

  const one = captureIo();
  t.equal(
    await importCommand([join(dir, 'd-gen2.ddd')], one.io, () => services.importUseCase()),
    0,
    'one file named by its path',
  );
  t.match(
    one.out.join(''),
    /^Imported 1 download from d-gen2\.ddd: 0 new, 1 reused \(already imported\), 0 quarantined, 0 failed\.\n  reused +d-gen2\.ddd \(0 warnings\)\n$/,
  );
  const single = captureIo();
  const fresh = tempDir(t);
  copySigned(join(FIXTURES, 'gen1-greek.ddd'), join(fresh, 'greek.ddd'));
  t.equal(await importCommand([join(fresh, 'greek.ddd')], single.io, () => services.importUseCase()), 0);
  t.match(single.out.join(''), /: 1 new, 0 reused \(already imported\), 0 quarantined, 0 failed\./);
});

t.test('import: usage, empty and unreadable folders', async (t) => {
  const never = async () => {
    throw new Error('not used');
  };
  const usage = captureIo();
  t.equal(await importCommand([], usage.io, never), 2);
  t.equal(await importCommand(['a', 'b'], captureIo().io, never), 2);
  const help = captureIo();
  t.equal(await importCommand(['--help'], help.io, never), 0);
  const empty = captureIo();
  t.equal(await importCommand([tempDir(t, { 'x.txt': '' })], empty.io, never), 0);
  t.match(empty.out.join(''), /^No downloads in \S+\.\n  skipped +x\.txt: empty/);
  const missing = captureIo();
  t.equal(await importCommand([join(tempDir(t), 'nope')], missing.io, never), 1);
  t.match(missing.err.join(''), /cannot read \S*\/nope \(ENOENT\)/, 'the path as given');
  t.equal(progressLine(1, 4, 'f'), '[######------------------]  25% 1/4 f');
});

t.test('runCli import goes through the configured database', async (t) => {
  const dataDir = tempDir(t);
  const dir = tempDir(t);
  copyFileSync(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'a.ddd'));
  const previous = process.env.DRIVERCARD_DATA_DIR;
  process.env.DRIVERCARD_DATA_DIR = dataDir;
  t.teardown(() => {
    if (previous === undefined) delete process.env.DRIVERCARD_DATA_DIR;
    else process.env.DRIVERCARD_DATA_DIR = previous;
  });
  const run = captureIo();
  t.equal(await runCli(['import', dir], run.io), 0);
  // the fixture carries no signatures of a trusted root: stored, and counted once, as quarantined
  t.match(
    run.out.join(''),
    /Imported 1 download from .*: 0 new, 0 reused \(already imported\), 1 quarantined, 0 failed\./,
  );
  const server = await startServer({ port: 0, dataDir }, { env: {} });
  t.teardown(() => server.close());
  const imports = (await (await fetch(`${server.url}/api/drivercard/imports`)).json()) as { total: number };
  t.equal(imports.total, 1, 'the service sees the imported file');
});

t.test('serve runs until SIGTERM / SIGINT and closes cleanly', async (t) => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const signals = new EventEmitter();
    const run = captureIo();
    let url = '';
    const done = serveCommand([], run.io, signals as never, async () => {
      const server = await startServer({ port: 0, dataDir: tempDir(t) }, { env: {} });
      url = server.url;
      return server;
    });
    while (!url) await new Promise((r) => setTimeout(r, 10));
    t.equal((await fetch(`${url}/health`)).status, 200);
    signals.emit(signal);
    t.equal(await done, 0);
    t.match(run.out.join(''), new RegExp(`listening on ${url}/[\\s\\S]*${signal} received`));
    await t.rejects(fetch(`${url}/health`), 'closed');
    t.equal(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM'), 0);
  }
  const refused = captureIo();
  t.equal(
    await serveCommand([], refused.io, new EventEmitter() as never, () =>
      startServer({ host: '10.1.2.3', port: 0 }, { env: {} }),
    ),
    1,
  );
  t.match(refused.err.join(''), /configuration error: Refusing to bind to 10\.1\.2\.3/);
  t.equal(await serveCommand(['extra'], captureIo().io), 2);
});
