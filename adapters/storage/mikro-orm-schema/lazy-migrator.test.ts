/**
 * MikroORM's Migrator (and umzug, @rushstack) is loaded at start only when a migration is pending: a new database
 * loads it, a second start on the same database does not. Each start runs in its own process, so the module cache
 * shows what that start loaded. The names the start compares (migrations/names.ts) are the Migrator's list.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_NAMES } from './migrations/names.js';
import { migrationNames } from './migrations/index.js';
import { postgresDialect, sqliteDialect } from '../database/dialect.js';
import { untrackedChildEnv } from '../../../conformance/child-env.js';

const STORE = new URL('../open-storage.ts', import.meta.url).pathname;
const START = `
import { createRequire } from 'node:module';
const { createSqlStore } = await import(${JSON.stringify(STORE)});
const store = await createSqlStore({ dataDir: process.argv[1] });
await store.close();
const cache = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify(cache.filter((k) => /[/\\\\](umzug|@rushstack)[/\\\\]|migrations[/\\\\]Migrator/.test(k)).length));
`;

/** How many Migrator modules one start of the store on `dir` loaded. */
function migratorModulesOfStart(dir: string): number {
  // the child's coverage is left out: tsx compiles the sources differently from the test's own loader, and V8
  // coverage of the same files under two compilations does not merge into one report
  const env = untrackedChildEnv();
  delete env.NODE_V8_COVERAGE;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', START, dir], {
    encoding: 'utf8',
    env,
  });
  return Number(out.trim().split('\n').pop());
}

t.test('the names compared at start are the migrations of both dialects, in order', async (t) => {
  t.same(migrationNames(sqliteDialect), MIGRATION_NAMES);
  t.same(migrationNames(postgresDialect), MIGRATION_NAMES);
});

t.test('the Migrator is loaded by the first start only', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-migrator-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  t.ok(migratorModulesOfStart(dir) > 0, 'a new database: migrations run, the Migrator is loaded');
  t.equal(migratorModulesOfStart(dir), 0, 'the same database again: nothing pending, nothing loaded');
});
