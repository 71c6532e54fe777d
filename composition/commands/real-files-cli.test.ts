/**
 * CLI: `anonymize`, a quarantined import in the `import DIR` listing, and an unreachable PostgreSQL
 * database (a closed port) giving one clear line and a non-zero exit, without a stack trace.
 */
import t, { type Test } from 'tap';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeDddBytes } from '../../core/decoder/index.js';
import { runCli } from '../cli.js';
import { loadConfig } from '../config.js';
import { createServiceContainer } from '../container.js';
import { anonymizeCommand } from './anonymize.js';
import { importCommand } from './import.js';
import { databaseFailure, startupFailure } from './startup-failure.js';

const ROOT = join(import.meta.dirname, '..', '..');
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';
import { untrackedChildEnv } from '../../conformance/child-env.js';
import { captureIo } from '../testing/capture-io.js';
const FIXTURES = join(ROOT, 'fixtures', 'ddd');

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-real-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** a TCP port nobody listens on (bound, then closed) */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

t.test('anonymize IN OUT: writes the file, one line per note, paths as given', async (t) => {
  const dir = tempDir(t);
  const out = join(dir, 'anon.ddd');
  const run = captureIo();
  t.equal(await runCli(['anonymize', join(FIXTURES, 'gen2v2-full.ddd'), out, '--coarsen-positions'], run.io), 0);
  const text = run.out.join('');
  t.match(text, /identifying fields were replaced/);
  t.match(text, /coarsened/);
  t.match(text, /^.*signatures and certificates were replaced with zero bytes.*$/m);
  const bytes = new Uint8Array(readFileSync(out));
  t.equal(bytes.length, readFileSync(join(FIXTURES, 'gen2v2-full.ddd')).length);
  t.equal(decodeDddBytes(bytes).gen2?.identification?.holderSurname.text, 'ANONYMOUS');

  const missing = captureIo();
  t.equal(await anonymizeCommand(['no/such.ddd', out], missing.io), 1);
  t.equal(missing.err.join(''), 'drivercard: cannot read no/such.ddd: no such file\n');
  const bad = captureIo();
  t.equal(await anonymizeCommand([join(FIXTURES, 'corrupt-vu-download.ddd'), out], bad.io), 1);
  t.match(bad.err.join(''), /cannot decode .*corrupt-vu-download\.ddd: vehicle_unit_download/);
  const unwritable = captureIo();
  t.equal(
    await anonymizeCommand([join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'no', 'such', 'x.ddd')], unwritable.io),
    1,
  );
  t.match(unwritable.err.join(''), /cannot write .*x\.ddd: no such file/);
  t.equal(await anonymizeCommand(['one'], captureIo().io), 2);
  t.equal(await anonymizeCommand(['a', 'b', '--fast'], captureIo().io), 2);
  const help = captureIo();
  t.equal(await anonymizeCommand(['--help'], help.io), 0);
  t.match(help.out.join(''), /--coarsen-positions/);
});

t.test('import DIR lists a quarantined file with the codes that quarantined it', async (t) => {
  const dir = tempDir(t);
  // both signed by the test PKI and verified under its roots: a-short is quarantined for its missing EFs alone
  copySigned(join(FIXTURES, 'real-missing-efs.ddd'), join(dir, 'a-short.ddd'));
  copySigned(join(FIXTURES, 'real-odd-date.ddd'), join(dir, 'b-odd.ddd'));
  const trustDir = writeTestTrustDir(join(tempDir(t), 'trust'));
  const services = createServiceContainer(loadConfig({}, { dataDir: tempDir(t), trustDir }));
  t.teardown(() => services.dispose());
  const run = captureIo();
  t.equal(await importCommand([dir], run.io, () => services.importUseCase()), 0);
  const text = run.out.join('');
  t.match(
    text,
    /Imported 2 downloads from .*: 1 new, 0 reused \(already imported\), 1 quarantined, 0 failed\./,
    'each file counted once',
  );
  t.match(
    text,
    /\n  quarantined +a-short\.ddd \(7 warnings\): The download is incomplete: a part the regulation requires is missing\. Download the card again completely and import the new file\.\n/,
    'why, in the words of the page, once',
  );
  t.match(text, /\n  new +b-odd\.ddd \(1 warning\)\n/);
  const again = captureIo();
  t.equal(await importCommand([dir], again.io, () => services.importUseCase()), 0);
  t.match(again.out.join(''), /quarantined +a-short\.ddd \(already imported, 7 warnings\): The download is incomplete/);
  t.notMatch(again.out.join(''), 'missing_ef', 'no code without --verbose');
  const verbose = captureIo();
  t.equal(await importCommand(['--verbose', dir], verbose.io, () => services.importUseCase()), 0);
  t.match(verbose.out.join(''), /The download is incomplete[^\n]* \[missing_ef\]\n/, 'the codes behind --verbose');
  t.match(
    again.out.join(''),
    /Imported 2 downloads from .*: 0 new, 1 reused \(already imported\), 1 quarantined, 0 failed\./,
  );
});

t.test('an unreachable database: one clear line, exit 1', async (t) => {
  const port = await closedPort();
  const dir = tempDir(t);
  copyFileSync(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'a.ddd'));
  const url = `postgres://someone:secret-pw@127.0.0.1:${port}/drivercard`;
  const services = createServiceContainer(loadConfig({}, { dataDir: tempDir(t), databaseUrl: url }));
  const run = captureIo();
  t.equal(await importCommand([dir], run.io, () => services.importUseCase()), 1);
  await services.dispose();
  t.match(
    run.err.join(''),
    new RegExp(
      `^drivercard import: cannot open the database \\(check DRIVERCARD_DATABASE_URL\\): .*ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`,
    ),
  );
  t.notMatch(run.err.join(''), /secret-pw/, 'never the password');

  const cli = join(ROOT, 'dist', 'composition', 'cli.js');
  if (!existsSync(cli)) return t.fail('dist/ missing: run npm run build before this test');
  // tap tracks every spawned child; the built CLI must record coverage for no file, or dist/ files would enter the
  // report beside their sources (../../conformance/child-env.ts)
  const env = untrackedChildEnv({ DRIVERCARD_DATABASE_URL: url, DRIVERCARD_PORT: '0' });
  for (const args of [['import', dir], ['serve']]) {
    const child = spawnSync(process.execPath, [cli, ...args], {
      env: { ...env, DRIVERCARD_DATA_DIR: tempDir(t) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    t.equal(child.status, 1, `${args[0]}: exit 1`);
    const lines = child.stderr.trim().split('\n');
    t.equal(lines.length, 1, `${args[0]}: one line on stderr (${JSON.stringify(child.stderr.slice(0, 300))})`);
    t.match(lines[0], /cannot open the database .*ECONNREFUSED/);
    t.notMatch(child.stderr, /\n\s+at |secret-pw/, 'no stack trace, no password');
  }
});

t.test('startup failures are classified', async (t) => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1\nmore'), { code: 'ECONNREFUSED' });
  t.match(databaseFailure(refused), /^cannot open the database .*: connect ECONNREFUSED 127\.0\.0\.1:1$/);
  t.match(
    databaseFailure(Object.assign(new Error('password authentication failed for user "x"'), { code: '28P01' })),
    /password authentication failed/,
  );
  t.match(
    databaseFailure(
      Object.assign(new Error('SQLITE_CANTOPEN: unable to open database file'), { code: 'SQLITE_CANTOPEN' }),
    ),
    /unable to open/,
  );
  t.equal(databaseFailure(Object.assign(new Error('x'), { code: 'ENOENT' })), null);
  t.equal(databaseFailure(new Error('plain')), null);
  t.equal(databaseFailure(null), null);
  t.equal(startupFailure(new Error('first\nsecond')), 'first');
  t.equal(startupFailure('text'), 'text');
});
