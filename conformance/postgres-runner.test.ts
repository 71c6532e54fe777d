/**
 * The PostgreSQL runner on a throwaway cluster: statements in one round trip (batch), a transaction's BEGIN sent
 * with its first statement, prepared statements named from a text's second run, and what an error leaves behind
 * (nothing committed, no statement after the failed one run, the pool still usable).
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import type { SqlRunner } from '../adapters/storage/database/sql-runner.js';
import { postgresDialect } from '../adapters/storage/database/dialect.js';
import { selectedDayKeys } from './activity-days.js';
import { startPostgres } from './postgres-server.js';

const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(t, `PostgreSQL runner test NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  const store = await createSqlStore({
    databaseUrl: server.freshDatabaseUrl(),
    dataDir: '/nonexistent-unused',
    poolSize: 2,
  });
  t.teardown(() => store.close());
  const runner: SqlRunner = store.runner;
  await runner.all('CREATE TABLE runner_probe (k integer PRIMARY KEY, v text)');
  const values = async () => (await runner.all('SELECT k, v FROM runner_probe ORDER BY k')).map((r) => [r.k, r.v]);

  t.test('batch: one result per statement, in order; a later statement sees what an earlier one wrote', async (t) => {
    const [inserted, read, none] = await runner.batch([
      { sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?) RETURNING k', params: [1, 'one'] },
      { sql: 'SELECT v, ? AS extra FROM runner_probe WHERE k = ?', params: ['x', 1] },
      { sql: 'SELECT v FROM runner_probe WHERE k = ?', params: [99] },
    ]);
    t.same(inserted, [{ k: 1 }]);
    t.same(read, [{ v: 'one', extra: 'x' }]);
    t.same(none, []);
    t.same(await runner.batch([]), [], 'no statements, no results');
    await runner.all('DELETE FROM runner_probe');
  });

  t.test('batch: a failing statement fails the call and none after it runs', async (t) => {
    await t.rejects(
      runner.batch([
        { sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?)', params: [1, 'a'] },
        { sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?)', params: [1, 'duplicate'] },
        { sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?)', params: [2, 'after'] },
      ]),
      { code: '23505' },
    );
    // outside a transaction the statements before the Sync form one implicit transaction: all rolled back
    t.same(await values(), []);
  });

  t.test('reads asked together outside a transaction go in one round trip, each answering for itself', async (t) => {
    // one pipeline is one implicit transaction: its statements share now(); run alone, each has its own
    const at = 'SELECT now()::text AS at, ? AS n';
    const together = await Promise.all([1, 2, 3].map((n) => runner.all(at, [n])));
    t.same(
      together.map((rows) => rows[0]!.n),
      [1, 2, 3],
      'each read its own rows, in the order asked',
    );
    t.equal(new Set(together.map((rows) => rows[0]!.at)).size, 1, 'sent together');
    const apart: unknown[] = [];
    for (const n of [1, 2]) apart.push((await runner.all(at, [n]))[0]!.at);
    t.equal(new Set(apart).size, 2, 'a read after the previous one answered is sent on its own');
    // a failing read fails alone: the others are run again by themselves
    const [failed, fine, write] = await Promise.allSettled([
      runner.all('SELECT 1/? AS x /* gathered failing */', [0]),
      runner.all('SELECT 2 AS y /* gathered fine */'),
      runner.all('INSERT INTO runner_probe (k, v) VALUES (?, ?) RETURNING k', [7, 'beside reads']),
    ]);
    t.match(failed, { status: 'rejected', reason: { code: '22012' } });
    t.same(fine, { status: 'fulfilled', value: [{ y: 2 }] });
    t.same(write, { status: 'fulfilled', value: [{ k: 7 }] }, 'a write is never gathered with reads');
    t.same(await values(), [[7, 'beside reads']]);
    await runner.all('DELETE FROM runner_probe');
  });

  t.test('transaction: BEGIN goes with the first statement; a throw rolls everything back', async (t) => {
    await t.rejects(
      runner.transaction(async (tx) => {
        await tx.all('INSERT INTO runner_probe (k, v) VALUES (?, ?)', [1, 'a']);
        await tx.batch([{ sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?)', params: [2, 'b'] }]);
        throw new Error('work failed');
      }),
      /work failed/,
    );
    t.same(await values(), [], 'nothing committed');
    const ids = await runner.transaction(async (tx) => {
      const [first] = await tx.batch([
        { sql: 'SELECT pg_current_xact_id()::text AS id', params: [] },
        { sql: 'INSERT INTO runner_probe (k, v) VALUES (?, ?)', params: [3, 'c'] },
      ]);
      const [again] = await tx.all('SELECT pg_current_xact_id()::text AS id');
      return [first![0]!.id, again!.id];
    });
    t.equal(ids[0], ids[1], 'the first statement and a later one ran in one transaction');
    t.same(await values(), [[3, 'c']], 'committed');
    t.equal(await runner.transaction(async () => 'nothing sent'), 'nothing sent', 'a transaction without statements');
    await runner.all('DELETE FROM runner_probe');
  });

  t.test('lastThenCommit: the statement and the COMMIT in one round trip; a failing one commits nothing', async (t) => {
    const insert = 'INSERT INTO runner_probe (k, v) VALUES (?, ?)';
    await runner.transaction(async (tx) => {
      await tx.all(insert, [1, 'a']);
      await tx.lastThenCommit(insert, [2, 'b']);
      await t.rejects(tx.all(insert, [3, 'c']), /after the transaction was committed/);
    });
    t.same(await values(), [
      [1, 'a'],
      [2, 'b'],
    ]);
    await t.rejects(
      runner.transaction(async (tx) => {
        await tx.all(insert, [5, 'e']);
        await tx.lastThenCommit(insert, [1, 'duplicate']);
      }),
      { code: '23505' },
    );
    t.same(
      await values(),
      [
        [1, 'a'],
        [2, 'b'],
      ],
      'the failed transaction rolled back',
    );
    await runner.all('DELETE FROM runner_probe');
  });

  t.test(
    'a text run again is a prepared statement of the connection; the pool survives a failed pipeline',
    async (t) => {
      const sql = 'SELECT v FROM runner_probe WHERE k = ? /* prepared probe */';
      const prepared = await runner.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.all(sql, [i]);
        return tx.all(
          "SELECT parameter_types::text AS types FROM pg_prepared_statements WHERE statement LIKE '%prepared probe%' AND statement NOT LIKE '%pg_prepared%'",
        );
      });
      t.same(prepared, [{ types: '{integer}' }], 'one prepared statement on the connection, from the second run');
      for (let i = 0; i < 4; i++) {
        await t.rejects(
          runner.batch([
            { sql: `SELECT 1/? AS x /* failing ${i % 2} */`, params: [0] },
            { sql: 'SELECT 2 AS y /* after failing */', params: [] },
          ]),
          { code: '22012' },
        );
      }
      t.same(await runner.batch([{ sql: 'SELECT 2 AS y /* after failing */', params: [] }]), [[{ y: 2 }]]);
      t.same(await runner.all(sql, [1]), [], 'the pool still answers');
    },
  );

  t.test('the activity days of any runs: one statement whose plan the connection keeps', async (t) => {
    // a table of some size, analysed: the plans' estimates then depend on the number of runs they expect
    await runner.all(
      `INSERT INTO activity_day (import_pk, day, n, packed)
         SELECT pk, d, 0, '' FROM generate_series(1, 1000) pk, generate_series(20000, 20030) d`,
    );
    await runner.all('ANALYZE activity_day');
    const plans = await runner.transaction(async (tx) => {
      for (let call = 0; call < 12; call++) {
        const keys = [1, 2, 3]
          .slice(0, 1 + (call % 3))
          .flatMap((pk) => [0, 1, 2, 3 + call].map((d) => ({ pk, day: 20_000 + d })));
        const { found, asked } = await selectedDayKeys((sql, params) => tx.all(sql, params), postgresDialect, keys);
        t.same(found, asked, `call ${call}`);
      }
      return tx.all(
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%activity_day ad%' AND statement NOT LIKE '%pg_prepared%'",
      );
    });
    t.equal(plans.length, 1, 'one prepared statement for every number of runs');
    t.ok(Number(plans[0]!.custom_plans) <= 5, `planned for its values only at first (${plans[0]!.custom_plans})`);
    t.ok(Number(plans[0]!.generic_plans) >= 5, `then its plan kept (${plans[0]!.generic_plans})`);
    await runner.all('DELETE FROM activity_day');
  });
}
