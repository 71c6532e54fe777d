/**
 * The SQLite connection's page cache is bounded at 2 MiB (SQLITE_CACHE_KIB): a negative cache_size is a size in
 * KiB, not in pages, so the bound does not move with the page size.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlStore } from '../open-storage.js';

t.test('a store on SQLite runs with a page cache of 2048 KiB', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sqlite-page-cache-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = await createSqlStore({ dataDir });
  const [row] = await store.query('PRAGMA cache_size');
  await store.close();
  t.equal(Number(row!.cache_size), -2048, '2 MiB, given in KiB');
});
