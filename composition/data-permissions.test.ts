import t from 'tap';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { secureDataDir, secureSqliteFiles } from './data-permissions.js';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

t.test('an existing world-readable folder and database files are narrowed to 0700 / 0600', async (t) => {
  const dir = join(t.testdir({}), 'data');
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  const file = join(dir, 'drivercard.sqlite');
  for (const suffix of ['', '-wal', '-shm']) {
    writeFileSync(file + suffix, '');
    chmodSync(file + suffix, 0o644);
  }
  secureDataDir(dir);
  secureSqliteFiles(file);
  t.equal(mode(dir), '700');
  for (const suffix of ['', '-wal', '-shm']) t.equal(mode(file + suffix), '600', `drivercard.sqlite${suffix}`);
});

t.test('a missing database file is created 0600 in a new 0700 folder', async (t) => {
  const file = join(t.testdir({}), 'new', 'db.sqlite');
  secureSqliteFiles(file);
  t.equal(mode(file), '600');
  t.equal(mode(join(file, '..')), '700');
});
