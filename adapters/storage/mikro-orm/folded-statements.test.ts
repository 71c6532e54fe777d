import t from 'tap';
import { keyedInsert, lockedLookup, replaceCardDays } from './folded-statements.js';

const parent = { table: 'imports', columns: ['a', 'b'], row: ['x', 'y'] };

t.test('keyedInsert: the children take the parent key in place of their first value', async (t) => {
  const built = keyedInsert(
    parent,
    [
      {
        table: 'c1',
        columns: ['import_pk', 'v'],
        rows: [
          [0, 1],
          [0, 2],
        ],
      },
      { table: 'c2', columns: ['import_pk', 'v', 'w'], rows: [] },
      { table: 'c3', columns: ['import_pk', 'v', 'w'], rows: [[0, 'p', 'q']] },
    ],
    100,
  )!;
  t.same(built.params, ['x', 'y', 1, 2, 'p', 'q'], 'parent values, then each child row without its key');
  t.equal(
    built.sql,
    'WITH p AS (INSERT INTO imports (a, b) VALUES (?, ?) RETURNING pk), ' +
      'w1 AS (INSERT INTO c1 (import_pk, v) VALUES ((SELECT pk FROM p), ?), ((SELECT pk FROM p), ?)), ' +
      'w2 AS (INSERT INTO c3 (import_pk, v, w) VALUES ((SELECT pk FROM p), ?, ?)) SELECT pk FROM p',
  );
  t.equal((built.sql.match(/\?/g) ?? []).length, built.params.length, 'one placeholder per parameter');
});

t.test('keyedInsert: over the parameter limit there is no folded statement', async (t) => {
  const rows = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  t.not(keyedInsert(parent, [{ table: 'c', columns: ['k', 'v'], rows }], 5), null, '2 + 3 parameters fit in 5');
  t.equal(keyedInsert(parent, [{ table: 'c', columns: ['k', 'v'], rows }], 4), null, '5 parameters do not fit in 4');
  t.throws(() => keyedInsert(parent, [{ table: 'c', columns: ['k', 'v'], rows: [[0]] }], 100), RangeError);
});

t.test('replaceCardDays: the rows, then the card and span of the DELETE; none for no rows or too many', async (t) => {
  const built = replaceCardDays(
    'C1',
    10,
    12,
    [
      ['C1', 10, 7, 0],
      ['C1', 12, 8, 1],
    ],
    11,
  )!;
  t.same(built.params, ['C1', 10, 7, 0, 'C1', 12, 8, 1, 'C1', 10, 12]);
  t.equal((built.sql.match(/\?/g) ?? []).length, 11);
  t.equal(
    replaceCardDays(
      'C1',
      10,
      12,
      [
        ['C1', 10, 7, 0],
        ['C1', 12, 8, 1],
      ],
      10,
    ),
    null,
    '11 parameters over 10',
  );
  t.equal(replaceCardDays('C1', 10, 12, [], 100), null, 'nothing to keep: the plain DELETE');
});

t.test('lockedLookup: the lock key first, then the content hash and the archive id', async (t) => {
  const built = lockedLookup('card_day:C1', 'sha', 'arc');
  t.same(built.params, ['card_day:C1', 'sha', 'arc']);
  t.match(built.sql, /LEFT JOIN imports/, 'the lock row is answered when nothing is stored');
});
