import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { openOrm } from '../open-storage.js';
import { SqliteRunner } from './sql-runner.js';

/** A SqliteRunner on a new database file (synchronous FULL in WAL: every durable write waits for the WAL's fsync). */
async function opened(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'sql-runner-'));
  const { orm } = await openOrm({ dataDir: dir });
  const runner = await SqliteRunner.open(orm);
  await runner.all('CREATE TABLE pair (x TEXT NOT NULL, y INTEGER NOT NULL)');
  t.teardown(async () => {
    await runner.release();
    await orm.close(true);
    rmSync(dir, { recursive: true, force: true });
  });
  return runner;
}

const count = async (runner: SqliteRunner) => (await runner.all('SELECT COUNT(*) AS n FROM pair'))[0]!.n;

t.test('inserts outside a transaction: one table, several tables, empty tables skipped', async (t) => {
  const runner = await opened(t);
  t.ok(runner.walSync, 'FULL in WAL mode: commits synced off the main thread');
  await runner.insertMany('pair', ['x', 'y'], [['a', 1]]);
  await runner.insertTables([
    {
      table: 'pair',
      columns: ['x', 'y'],
      rows: [
        ['b', 2],
        ['c', 3],
      ],
    },
    { table: 'pair', columns: ['x', 'y'], rows: [] },
  ]);
  t.equal(await count(runner), 3);
  await t.rejects(runner.insertMany('pair', ['x', 'y'], [['too short']]), RangeError, 'a row of the wrong width');
  t.equal(await count(runner), 3, 'nothing of the refused row stored');
});

t.test('a derived write outside a transaction is visible at once', async (t) => {
  const runner = await opened(t);
  await runner.writeDerivedAll([{ sql: 'INSERT INTO pair (x, y) VALUES (?, ?)', params: ['derived', 7] }]);
  t.same(await runner.all('SELECT x, y FROM pair'), [{ x: 'derived', y: 7 }]);
});

t.test('derived writes together: all of them or none', async (t) => {
  const runner = await opened(t);
  const insert = (x: string, y: number | null) => ({ sql: 'INSERT INTO pair (x, y) VALUES (?, ?)', params: [x, y] });
  await runner.writeDerivedAll([insert('a', 1), insert('b', 2)]);
  t.same(await runner.all('SELECT x, y FROM pair ORDER BY x'), [
    { x: 'a', y: 1 },
    { x: 'b', y: 2 },
  ]);
  await t.rejects(runner.writeDerivedAll([insert('c', 3), insert('d', null)]), 'the second one fails (NOT NULL)');
  t.equal(await count(runner), 2, 'and the first one is not kept');
  await runner.transaction(async (tx) => tx.writeDerivedAll([insert('e', 5)]));
  t.equal(await count(runner), 3, 'inside a transaction: statements of it');
});

t.test('derived writes asked in one turn: committed together at its end; a failing one fails alone', async (t) => {
  const runner = await opened(t);
  const insert = (x: string, y: number | null) => ({ sql: 'INSERT INTO pair (x, y) VALUES (?, ?)', params: [x, y] });
  const transactions: string[] = [];
  const now = (runner as any).now.bind(runner);
  (runner as any).now = (sql: string, params: unknown[]) => {
    if (sql === 'BEGIN IMMEDIATE' || sql === 'COMMIT') transactions.push(sql);
    return now(sql, params);
  };
  const asked = [runner.writeDerivedAll([insert('a', 1)]), runner.writeDerivedAll([insert('b', 2), insert('c', 3)])];
  t.equal(await count(runner), 0, 'nothing written before the turn ends');
  await Promise.all(asked);
  t.equal(await count(runner), 3);
  t.same(transactions, ['BEGIN IMMEDIATE', 'COMMIT'], 'three statements of two calls: one transaction');

  const results = await Promise.allSettled([
    runner.writeDerivedAll([insert('d', 4)]),
    runner.writeDerivedAll([insert('e', 5), insert('f', null)]),
    runner.writeDerivedAll([insert('g', 7)]),
  ]);
  t.same(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
    'the call holding the failing statement is refused, the others are written',
  );
  t.same(
    (await runner.all('SELECT x FROM pair ORDER BY x')).map((r) => r.x),
    ['a', 'b', 'c', 'd', 'g'],
    'nothing of the refused call kept',
  );
  const single = runner.writeDerivedAll([insert('h', null)]);
  await t.rejects(single, 'a lone failing call is refused with its error');
});

t.test("inside a transaction: the transaction's own runner inserts, writes derived rows and nests", async (t) => {
  const runner = await opened(t);
  const result = await runner.transaction(async (tx) => {
    await tx.insertMany('pair', ['x', 'y'], [['a', 1]]);
    await tx.insertTables([{ table: 'pair', columns: ['x', 'y'], rows: [['b', 2]] }]);
    await tx.writeDerivedAll([{ sql: 'INSERT INTO pair (x, y) VALUES (?, ?)', params: ['c', 3] }]);
    const inner = await tx.transaction(async (nested) => (await nested.all('SELECT COUNT(*) AS n FROM pair'))[0]!.n);
    await tx.release();
    return inner as number;
  });
  t.equal(result, 3, 'a nested transaction runs inside the outer one and sees its rows');
  t.equal(await count(runner), 3);
});
