import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { dayRuns, dialectOf, postgresDialect, sqliteDialect } from './dialect.js';
import { createSqlStore } from '../open-storage.js';
import { selectedDayKeys } from '../../../conformance/activity-days.js';

t.test('the database URL picks the dialect', async (t) => {
  for (const url of ['postgres://u@h/db', 'postgresql://u:p@127.0.0.1:5432/x', 'POSTGRES://h/db'])
    t.equal(dialectOf(url), postgresDialect, url);
  for (const url of [
    undefined,
    '',
    'sqlite:/x.db',
    'file:///x.db',
    '/plain/path.db',
    'postgres.sqlite',
    'mysql://h/db',
  ]) {
    t.equal(dialectOf(url), sqliteDialect, String(url));
  }
});

t.test("activity day selections: the keys as runs of one import's days, per dialect", async (t) => {
  const keys = [
    { pk: 3, day: 20_000 },
    { pk: 1, day: 20_001 },
    { pk: 2, day: 20_000 },
  ];
  const sqlite = sqliteDialect.activityDays(keys);
  t.match(sqlite.sql, /json_each\(\?\) j CROSS JOIN activity_day ad/);
  t.same(JSON.parse(sqlite.params[0] as string), [
    [1, 20_001, 20_001],
    [2, 20_000, 20_000],
    [3, 20_000, 20_000],
  ]);
  t.match(sqlite.sql, /ad\.day BETWEEN/);
  const pg = postgresDialect.activityDays(keys);
  t.match(
    pg.sql,
    /unnest\(\(SELECT \?::integer\[\]\), \(SELECT \?::integer\[\]\), \(SELECT \?::integer\[\]\)\) AS r\(pk, day_from, day_to\)/,
  );
  t.same(pg.params, ['{1,2,3}', '{20001,20000,20000}', '{20001,20000,20000}']);
});

t.test(
  'SQLite: the selection finds the days of any import key (beyond 2^21, where packed integers lost precision)',
  async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dialect-'));
    const store = await createSqlStore({ dataDir });
    t.teardown(async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const pks = [7, 2 ** 21 + 1, 2 ** 40 + 3];
    for (const pk of pks)
      for (let day = 20_000; day < 20_004; day++)
        await store.query(`INSERT INTO activity_day (import_pk, day, n, packed) VALUES (?, ?, 0, x'')`, [pk, day]);
    const keys = pks.flatMap((pk) => [20_001, 20_002].map((day) => ({ pk, day })));
    const { found, asked } = await selectedDayKeys((sql, params) => store.query(sql, params), sqliteDialect, keys);
    t.same(found, asked);
  },
);

t.test('day keys become runs of consecutive days of one import', async (t) => {
  const keys = [20_003, 20_001, 20_002, 20_005]
    .map((day) => ({ pk: 7, day }))
    .concat([
      { pk: 2, day: 20_002 },
      { pk: 7, day: 20_002 },
    ]);
  t.same(dayRuns(keys), [
    { pk: 2, from: 20_002, to: 20_002 },
    { pk: 7, from: 20_001, to: 20_003 },
    { pk: 7, from: 20_005, to: 20_005 },
  ]);
  t.same(dayRuns([]), []);
});

t.test('unique violations are told apart from other errors', async (t) => {
  t.ok(sqliteDialect.isUniqueViolation({ code: 'SQLITE_CONSTRAINT' }));
  t.ok(sqliteDialect.isUniqueViolation(new Error('UNIQUE constraint failed: imports.content_sha256')));
  t.notOk(sqliteDialect.isUniqueViolation({ code: 'SQLITE_BUSY', message: 'database is locked' }));
  t.notOk(sqliteDialect.isUniqueViolation(null));
  t.ok(postgresDialect.isUniqueViolation({ code: '23505' }));
  t.notOk(postgresDialect.isUniqueViolation({ code: '23502' }));
  t.notOk(postgresDialect.isUniqueViolation(undefined));
});

t.test('result rows: SQLite as is; PostgreSQL rows with int8 columns as numbers', async (t) => {
  const rows = [{ n: 1 }];
  t.equal(sqliteDialect.rows(rows), rows);
  const result = {
    rows: [
      { n: '42', s: null, name: 'x', small: 7 },
      { n: '1772430000', s: '5', name: 'y', small: 8 },
    ],
    fields: [
      { name: 'n', dataTypeID: 20 },
      { name: 's', dataTypeID: 20 },
      { name: 'name', dataTypeID: 25 },
      { name: 'small', dataTypeID: 23 },
    ],
  };
  t.same(postgresDialect.rows(result), [
    { n: 42, s: null, name: 'x', small: 7 },
    { n: 1_772_430_000, s: 5, name: 'y', small: 8 },
  ]);
  t.same(postgresDialect.rows({ rows: [] }), []);
  t.equal(sqliteDialect.nullsFirst, '', 'SQLite puts NULL first by default');
  t.equal(postgresDialect.nullsFirst, ' NULLS FIRST');
});
