import t from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';
import type { OverviewUseCases } from '../../core/use-cases/contracts.js';
import { demoCommand, demoEnvironment, runDemo } from './demo.js';
import { longDayOf } from '../demo/demo-fleet.js';
import { untrackedChildEnv } from '../../conformance/child-env.js';
import { captureIo } from '../testing/capture-io.js';

const ROOT = join(import.meta.dirname, '..', '..');

function tempDir(t: { teardown(f: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-demo-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('the long day is the Wednesday of the last full working week', async (t) => {
  t.equal(longDayOf('2026-11-21'), '2026-11-18', 'a Saturday: that week');
  t.equal(longDayOf('2026-11-20'), '2026-11-18', 'a Friday: its own week');
  t.equal(longDayOf('2026-11-19'), '2026-11-11', 'a Thursday: the week before');
});

t.test(
  'demo --no-serve: four VERIFIED imports, a finding, an overdue and a due download, an expiring card',
  async (t) => {
    const dir = join(tempDir(t), 'demo');
    const run = captureIo();
    t.equal(await demoCommand([dir, '--no-serve'], run.io, {}), 0);
    const text = run.out.join('');
    t.match(
      text,
      /Imported 4 downloads from the demo fleet: 4 new, 0 reused \(already imported\), 0 quarantined, 0 failed\./,
    );
    t.match(text, /4 drivers, 4 of 4 imports VERIFIED/);
    t.match(text, /drivers with findings \(EU 561\/2006 pre-check, last 4 weeks\): 1\n/);
    t.match(text, /downloads overdue: 1, due within 7 days: 1\n/);
    t.match(text, /cards expiring within 30 days: 1\n/);
    t.match(text, /DRIVERCARD_DATA_DIR=\S+demo DRIVERCARD_TRUST_DIR=\S+trust npx drivercard serve/);
    const ddd = readdirSync(join(dir, 'files')).filter((f) => f.endsWith('.ddd'));
    t.equal(ddd.length, 4);
    t.equal(statSync(join(dir, 'files')).mode & 0o777, 0o700, 'the card downloads folder: owner only');
    t.same(
      ddd.map((f) => statSync(join(dir, 'files', f)).mode & 0o777),
      [0o600, 0o600, 0o600, 0o600],
      'each card download: readable by its owner only',
    );
    t.ok(existsSync(join(dir, 'drivercard.sqlite')), 'the demo has its own database');

    // the finding is the 11 h day of Marek Nowak, hand-placed by the generator
    const services = createServiceContainer(loadConfig({}, { dataDir: dir, trustDir: join(dir, 'trust') }));
    t.teardown(() => services.dispose());
    const overviews = await services.container.getAsync<OverviewUseCases>(TOKENS.OverviewUseCases);
    const result = await overviews.precheck({
      basis: { kind: 'card_number', value: 'PL00000000020001' },
      range: { from: null, to: null },
    });
    const violations = result.violations.filter((v) => v.status === 'VIOLATION');
    t.same(
      violations.map((v) => [v.rule, v.value, v.limit]),
      [['daily_driving', 11 * 3600, 10 * 3600]],
    );

    const again = captureIo();
    t.equal(await demoCommand([dir, '--no-serve'], again.io, {}), 0, 'a second run reuses what is stored');
    t.match(again.out.join(''), /Imported 4 downloads from the demo fleet: 0 new, 4 reused/);
  },
);

t.test('demo: the time zone is configured as for serve', async (t) => {
  const env = { DRIVERCARD_PORT: '0', DRIVERCARD_TIME_ZONE: 'Europe/Berlin', DRIVERCARD_DATA_DIR: '/elsewhere' };
  t.equal(loadConfig(demoEnvironment(env), {}).timeZone, 'Europe/Berlin', 'the page and the documents read it');
  t.equal(demoEnvironment(env).DRIVERCARD_DATA_DIR, undefined, 'the data stays in the demo folder');
  const run = captureIo();
  const dir = join(tempDir(t), 'demo');
  t.equal(await demoCommand([dir, '--no-serve'], run.io, { DRIVERCARD_TIME_ZONE: 'Mars/Olympus' }), 1);
  t.match(run.err.join(''), /DRIVERCARD_TIME_ZONE must be an IANA time zone/, 'a wrong zone is refused, not ignored');
});

t.test('demo: usage', async (t) => {
  t.equal(await demoCommand(['a', 'b'], captureIo().io, {}), 2);
  t.equal(await demoCommand(['--serve-forever'], captureIo().io, {}), 2);
  const help = captureIo();
  t.equal(await demoCommand(['--help'], help.io, {}), 0);
  t.match(help.out.join(''), /usage: drivercard demo/);
  t.type(runDemo, 'function');
});

t.test('the demo runs from the production build (dist/)', async (t) => {
  const cli = join(ROOT, 'dist', 'composition', 'cli.js');
  if (!existsSync(cli)) return t.fail('dist/ missing: run npm run build before this test');
  const dir = join(tempDir(t), 'demo');
  // the built CLI records coverage for no file (../../conformance/child-env.ts)
  const child = spawnSync(process.execPath, [cli, 'demo', dir, '--no-serve'], {
    env: untrackedChildEnv({}),
    encoding: 'utf8',
    timeout: 120_000,
  });
  t.equal(child.status, 0, child.stderr);
  t.match(child.stdout, /4 drivers, 4 of 4 imports VERIFIED/);
  t.match(child.stdout, /downloads overdue: 1, due within 7 days: 1\n/);
});
