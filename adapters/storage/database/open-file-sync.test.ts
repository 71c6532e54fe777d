import t from 'tap';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { OpenFileSync } from './sql-runner.js';

const heldInode = async (sync: OpenFileSync) =>
  (await (sync as unknown as { handle: FileHandle | null }).handle?.stat())?.ino ?? null;

t.test('the file is opened once, and opened again when the file at the path was replaced', async (t) => {
  const path = join(t.testdir(), 'db-wal');
  writeFileSync(path, 'first');
  const sync = new OpenFileSync(path);
  t.teardown(() => sync.close());
  await sync.sync();
  const first = (sync as unknown as { handle: FileHandle }).handle;
  await sync.sync();
  t.equal((sync as unknown as { handle: FileHandle }).handle, first, 'the same handle for the next sync');
  t.equal(await heldInode(sync), statSync(path).ino);

  rmSync(path); // SQLite removed the WAL (another process closed the last connection) and made it again
  writeFileSync(join(t.testdir(), 'other'), 'keeps the old inode number from being reused at once');
  writeFileSync(path, 'second');
  await sync.sync();
  t.not((sync as unknown as { handle: FileHandle }).handle, first, 'a new handle');
  t.equal(await heldInode(sync), statSync(path).ino, 'the file synced is the one at the path');

  await sync.close();
  t.equal((sync as unknown as { handle: FileHandle | null }).handle, null, 'closed');
});

t.test('a missing file fails the sync (the write waiting for it fails)', async (t) => {
  const sync = new OpenFileSync(join(t.testdir(), 'missing-wal'));
  await t.rejects(sync.sync());
});
