import t from 'tap';
import { isWorkerListening, MAX_WORKERS, servePrimary, workersOption, workersRefusal } from './serve-workers.js';

t.test('--workers N is read from the arguments, the rest kept', async (t) => {
  t.same(workersOption([]), { workers: null, rest: [] });
  t.same(workersOption(['--workers', '3']), { workers: 3, rest: [] });
  t.same(workersOption(['x', '--workers', '2', 'y']), { workers: 2, rest: ['x', 'y'] });
  for (const bad of [
    ['--workers'],
    ['--workers', '0'],
    ['--workers', 'two'],
    ['--workers', String(MAX_WORKERS + 1)],
    ['--workers', '-1'],
  ]) {
    t.match(workersOption(bad), /whole number from 1 to 16/, bad.join(' '));
  }
});

t.test('several workers need PostgreSQL; one worker is allowed anywhere', async (t) => {
  t.equal(workersRefusal({ DRIVERCARD_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }, 4), null);
  t.equal(workersRefusal({}, 1), null);
  t.match(workersRefusal({}, 2), /needs PostgreSQL/, 'the default SQLite file');
  t.match(workersRefusal({ DRIVERCARD_DATABASE_URL: 'sqlite:/tmp/x.sqlite' }, 2), /SQLite admits one writer/);
});

t.test('the primary refuses SQLite and a bad configuration before starting any worker', async (t) => {
  const out: string[] = [];
  const io = { stdout: (s: string) => void out.push(s), stderr: (s: string) => void out.push(s) };
  const signals = { once: () => undefined, off: () => undefined };
  t.equal(await servePrimary(2, io, signals, { DRIVERCARD_DATA_DIR: t.testdir() }), 2);
  t.match(out.join(''), /needs PostgreSQL/);
  out.length = 0;
  t.equal(await servePrimary(2, io, signals, { DRIVERCARD_PORT: 'x' }), 1);
  t.match(out.join(''), /configuration error: DRIVERCARD_PORT/);
});

t.test('a worker announces itself with one message shape', async (t) => {
  t.ok(isWorkerListening({ drivercard: 'listening', url: 'http://127.0.0.1:1' }));
  for (const other of [null, 'listening', { drivercard: 'listening' }, { drivercard: 'other', url: 'x' }])
    t.notOk(isWorkerListening(other));
});

t.test('the bin, npm start and the bench run the service with the heap limits of SERVE_NODE_FLAGS', async (t) => {
  const { readFileSync } = await import('node:fs');
  const { SERVE_NODE_FLAGS } = await import('./serve.js');
  const root = new URL('../../', import.meta.url);
  const shebang = readFileSync(new URL('composition/cli.ts', root), 'utf8').split('\n')[0];
  t.equal(shebang, `#!/usr/bin/env -S node ${SERVE_NODE_FLAGS.join(' ')}`);
  const start = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  t.match(start, `node ${SERVE_NODE_FLAGS.join(' ')} dist/composition/cli.js serve`);
});
