import t from 'tap';
import { keyedInsert, lockedLookup, replaceCardDays } from './folded-statements.js';

const parent = { table: 'imports', columns: ['a', 'b'], row: ['x', 'y'] };

t.test('keyedInsert: each child table bound as one JSON array, its key taken from the parent row', async (t) => {
  const built = keyedInsert(parent, [
    {
      table: 'c1',
      columns: ['import_pk', 'v'],
      rows: [
        [0, 1],
        [0, 2],
      ],
    },
    { table: 'c2', columns: ['import_pk', 'v', 'w'], rows: [] },
    { table: 'c3', columns: ['import_pk', 'v', 'w'], rows: [[0, 'p', Buffer.from([0, 0xab])]] },
  ]);
  t.same(
    built.params,
    ['x', 'y', '[{"v":1},{"v":2}]', '[]', '[{"v":"p","w":"\\\\x00ab"}]'],
    'parent values, then each child table without its key (bytes as bytea hex text), an empty table as []',
  );
  t.equal(
    built.sql.replace(/\s+/g, ' '),
    'WITH p AS (INSERT INTO imports (a, b) VALUES (?, ?) RETURNING pk), ' +
      'w1 AS (INSERT INTO c1 (import_pk, v) SELECT p.pk, r.v FROM p, json_populate_recordset(NULL::"c1", ?::json) r), ' +
      'w2 AS (INSERT INTO c2 (import_pk, v, w) SELECT p.pk, r.v, r.w FROM p, json_populate_recordset(NULL::"c2", ?::json) r), ' +
      'w3 AS (INSERT INTO c3 (import_pk, v, w) SELECT p.pk, r.v, r.w FROM p, json_populate_recordset(NULL::"c3", ?::json) r) ' +
      'SELECT pk FROM p',
  );
  t.equal((built.sql.match(/\?/g) ?? []).length, built.params.length, 'one placeholder per parameter');
});

t.test('keyedInsert: the text does not depend on the row counts; a row of the wrong width is refused', async (t) => {
  const one = keyedInsert(parent, [{ table: 'c', columns: ['k', 'v'], rows: [[0, 1]] }]);
  const many = keyedInsert(parent, [
    {
      table: 'c',
      columns: ['k', 'v'],
      rows: [
        [0, 1],
        [0, 2],
        [0, 3],
      ],
    },
  ]);
  t.equal(one.sql, many.sql);
  t.equal(many.params[2], '[{"v":1},{"v":2},{"v":3}]');
  t.throws(() => keyedInsert(parent, [{ table: 'c', columns: ['k', 'v'], rows: [[0]] }]), RangeError);
});

t.test(
  'replaceCardDays: the rows as one JSON array, then the card and span of the DELETE; none for no rows',
  async (t) => {
    const built = replaceCardDays('C1', 10, 12, [
      ['C1', 10, 7, 0],
      ['C1', 12, 8, 1],
    ])!;
    t.same(built.params, [
      '[{"card_number":"C1","day":10,"import_pk":7,"conflict":0},{"card_number":"C1","day":12,"import_pk":8,"conflict":1}]',
      'C1',
      10,
      12,
    ]);
    t.equal((built.sql.match(/\?/g) ?? []).length, 4);
    t.equal(replaceCardDays('C1', 10, 12, []), null, 'nothing to keep: the plain DELETE');
  },
);

t.test('lockedLookup: the lock key first, then the content hash and the archive id', async (t) => {
  const built = lockedLookup('card_day:C1', 'sha', 'arc');
  t.same(built.params, ['card_day:C1', 'sha', 'arc']);
  t.match(built.sql, /LEFT JOIN imports/, 'the lock row is answered when nothing is stored');
});
