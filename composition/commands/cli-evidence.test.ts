/** The evidence, backup, restore and check commands as `drivercard` runs them (configuration from the environment). */
import t from 'tap';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli.js';
import { captureIo } from '../testing/capture-io.js';

t.test('drivercard check, backup, restore, evidence and check-bundle through the CLI', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-cli-evidence-'));
  const saved = process.env.DRIVERCARD_DATA_DIR;
  t.teardown(() => {
    if (saved === undefined) delete process.env.DRIVERCARD_DATA_DIR;
    else process.env.DRIVERCARD_DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  process.env.DRIVERCARD_DATA_DIR = join(dir, 'data');
  const check = captureIo();
  t.equal(await runCli(['check'], check.io), 0);
  t.equal(check.out.join(''), '0 original(s) checked: all intact\n');
  const backup = join(dir, 'backup.sqlite');
  t.equal(await runCli(['backup', backup], captureIo().io), 0);
  t.ok(existsSync(backup));
  process.env.DRIVERCARD_DATA_DIR = join(dir, 'restored');
  t.equal(await runCli(['restore', backup], captureIo().io), 0);
  t.ok(existsSync(join(dir, 'restored', 'drivercard.sqlite')));
  const evidence = captureIo();
  t.equal(await runCli(['evidence', '--card', 'X'], evidence.io), 2);
  t.match(evidence.err.join(''), /usage: drivercard evidence/);
  const unknown = captureIo();
  t.equal(
    await runCli(
      ['evidence', '--card', 'NOPE', '--from', '2026-01-01', '--to', '2026-01-31', '--out', join(dir, 'e.zip')],
      unknown.io,
    ),
    1,
  );
  t.match(unknown.err.join(''), /^drivercard: /);
  t.equal(await runCli(['check-bundle'], captureIo().io), 2);
  const help = captureIo();
  t.equal(await runCli(['--help'], help.io), 0);
  t.match(help.out.join(''), /check-bundle FILE\.zip[\s\S]*backup \[--portable\] DEST[\s\S]*restore SRC[\s\S]*check /);
});
