import t from 'tap';
import { postgresDialect, type SqlValue } from './dialect.js';
import { KnexRunner } from './sql-runner.js';

/** A KnexRunner over a recorder of its statements, with a bound-parameter limit of 10. */
function recorded() {
  const statements: Array<{ sql: string; bindings: SqlValue[] }> = [];
  const db = {
    raw: async (sql: string, bindings: SqlValue[]) => {
      statements.push({ sql, bindings });
      return { rows: [] };
    },
  };
  const runner = new KnexRunner(db as never, { ...postgresDialect, maxParameters: 10 }, true);
  return { runner, statements };
}

const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => [`${tag}${i}`, i]);

t.test('several tables in one statement while the bound parameters fit, a larger table in chunks', async (t) => {
  const { runner, statements } = recorded();
  await runner.insertTables([
    { table: 'a', columns: ['x', 'y'], rows: rows(3, 'a') },
    { table: 'empty', columns: ['x', 'y'], rows: [] },
    { table: 'b', columns: ['x', 'y'], rows: rows(2, 'b') },
    { table: 'c', columns: ['x', 'y'], rows: rows(1, 'c') },
    { table: 'big', columns: ['x', 'y'], rows: rows(6, 'd') },
    { table: 'e', columns: ['x', 'y'], rows: rows(1, 'e') },
  ]);
  t.same(
    statements.map((s) => s.sql),
    [
      'WITH w0 AS (INSERT INTO a (x, y) VALUES (?, ?), (?, ?), (?, ?)) INSERT INTO b (x, y) VALUES (?, ?), (?, ?)',
      'INSERT INTO c (x, y) VALUES (?, ?)',
      'INSERT INTO big (x, y) VALUES (?, ?), (?, ?), (?, ?), (?, ?), (?, ?)',
      'INSERT INTO big (x, y) VALUES (?, ?)',
      'INSERT INTO e (x, y) VALUES (?, ?)',
    ],
  );
  t.same(statements[0]!.bindings, ['a0', 0, 'a1', 1, 'a2', 2, 'b0', 0, 'b1', 1], 'values in table order');
  t.same(statements.flatMap((s) => s.bindings).length, (3 + 2 + 1 + 6 + 1) * 2, 'every value bound once');
});

t.test('a row of the wrong width is refused before anything is sent', async (t) => {
  const { runner, statements } = recorded();
  await t.rejects(
    runner.insertTables([
      { table: 'a', columns: ['x', 'y'], rows: rows(1, 'a') },
      { table: 'b', columns: ['x', 'y'], rows: [['only one']] },
    ]),
    RangeError,
  );
  t.same(statements, []);
});
