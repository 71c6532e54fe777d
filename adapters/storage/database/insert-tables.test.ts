import t from 'tap';
import { postgresDialect } from './dialect.js';
import { ANSWER_TIMEOUT_MS, numbered, PostgresRunner, type PgClient } from './postgres-runner.js';

/** A PostgresRunner in a transaction on a recorder of its statements, with a bound-parameter limit of 10. */
function recorded() {
  const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
  const client: PgClient = {
    query: async ({ text, values }) => {
      statements.push({ sql: text, bindings: values ?? [] });
      return { rows: [] };
    },
    end: async () => undefined,
  };
  const pool = {
    acquireConnection: () => Promise.reject(new Error('in a transaction')),
    releaseConnection: async () => 0,
  };
  const runner = new PostgresRunner(pool, { ...postgresDialect, maxParameters: 10 }, ANSWER_TIMEOUT_MS, client);
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
      'WITH w0 AS (INSERT INTO a (x, y) VALUES ($1, $2), ($3, $4), ($5, $6)) INSERT INTO b (x, y) VALUES ($7, $8), ($9, $10)',
      'INSERT INTO c (x, y) VALUES ($1, $2)',
      'INSERT INTO big (x, y) VALUES ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10)',
      'INSERT INTO big (x, y) VALUES ($1, $2)',
      'INSERT INTO e (x, y) VALUES ($1, $2)',
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

t.test('placeholders numbered in order; an escaped question mark stays one', async (t) => {
  t.equal(numbered('SELECT ? AS a, ? AS b'), 'SELECT $1 AS a, $2 AS b');
  t.equal(numbered("SELECT '\\?' AS q, ? AS a"), "SELECT '?' AS q, $1 AS a");
  t.equal(numbered('SELECT 1'), 'SELECT 1');
});
