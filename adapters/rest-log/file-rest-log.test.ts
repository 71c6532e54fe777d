import t from 'tap';
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { formatRestLogLine, openFileRestLog } from './file-rest-log.js';

const entry = {
  time: new Date('2026-03-02T06:15:00.456Z'),
  method: 'GET',
  path: '/api/drivercard/activities',
  status: 200,
  durationMs: 3.14159,
  correlationId: '5f2c-1',
};

t.test('a line holds time, method, path, status, duration and correlation id', async (t) => {
  t.equal(
    formatRestLogLine(entry),
    '2026-03-02T06:15:00Z GET /api/drivercard/activities status=200 duration_ms=3.1 correlation_id=5f2c-1\n',
  );
  const odd = formatRestLogLine({ ...entry, path: '/a b\nc', method: 'GE\tT', durationMs: -1 });
  t.equal(odd.split('\n').length, 2, 'one line whatever the input');
  t.match(odd, /^2026-03-02T06:15:00Z GE%09T \/a%20b%0ac status=200 duration_ms=0\.0 /);
});

t.test('the file is created with mode 0600 and appended to', async (t) => {
  const dir = t.testdir({});
  const path = join(dir, 'rest.log');
  const log = openFileRestLog(path);
  log.record(entry);
  log.record({ ...entry, status: 500, correlationId: 'x-2' });
  await log.close();
  log.record(entry); // after close: ignored
  await log.close();
  t.equal(statSync(path).mode & 0o777, 0o600);
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  t.equal(lines.length, 2);
  t.match(lines[1], /status=500 .*correlation_id=x-2$/);
});

t.test('an existing file too open is narrowed to 0600', async (t) => {
  const dir = t.testdir({});
  const path = join(dir, 'rest.log');
  writeFileSync(path, 'old line\n');
  chmodSync(path, 0o644);
  const log = openFileRestLog(path);
  log.record(entry);
  await log.close();
  t.equal(statSync(path).mode & 0o777, 0o600);
  t.match(readFileSync(path, 'utf8'), /^old line\n2026-03-02T06:15:00Z GET/);
});
