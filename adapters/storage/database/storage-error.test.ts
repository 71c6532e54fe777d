import t from 'tap';
import { StorageError, databaseUnavailable } from './storage-error.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

t.test('an unreachable or unusable database is an outage', async (t) => {
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'])
    t.ok(databaseUnavailable(coded(code)), `socket ${code}`);
  for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300', '53100', '58030'])
    t.ok(databaseUnavailable(coded(code)), `PostgreSQL ${code}`);
  for (const code of [
    'SQLITE_BUSY',
    'SQLITE_BUSY_TIMEOUT',
    'SQLITE_FULL',
    'SQLITE_IOERR_WRITE',
    'SQLITE_CANTOPEN',
    'SQLITE_READONLY_DBMOVED',
  ])
    t.ok(databaseUnavailable(coded(code)), `SQLite ${code}`);
  t.ok(databaseUnavailable(new Error('Connection terminated unexpectedly')), "node-postgres's lost connection");
  t.ok(databaseUnavailable(new Error('Knex: Timeout acquiring a connection. The pool is probably full.')));
  t.ok(databaseUnavailable(new AggregateError([coded('ECONNREFUSED')], 'connect')), 'every address refused');
  t.ok(databaseUnavailable(new Error('wrapped', { cause: coded('57P01') })), 'through a cause');
  const wrapped = new StorageError('query failed', coded('ECONNREFUSED'));
  t.ok(wrapped.unavailable && databaseUnavailable(wrapped), 'a StorageError keeps the judgement of its cause');
  t.ok(
    databaseUnavailable(new StorageError('query failed', new Error('Connection terminated'))),
    'also without a code',
  );
});

t.test('faults of the call or of the data are not', async (t) => {
  for (const code of [
    '23505',
    '42P01',
    '22P02',
    '40001',
    'SQLITE_CONSTRAINT_UNIQUE',
    'SQLITE_CORRUPT',
    'SQLITE_ERROR',
    'ERR_INVALID_ARG_TYPE',
  ])
    t.notOk(databaseUnavailable(coded(code)), code);
  t.notOk(databaseUnavailable(new TypeError('x is undefined')));
  t.notOk(databaseUnavailable(new StorageError('saving the import failed', coded('23505'))));
  t.notOk(databaseUnavailable(null));
  t.notOk(databaseUnavailable('ECONNREFUSED'), 'a string thrown');
  const loop: { cause?: unknown } = {};
  loop.cause = loop;
  t.notOk(databaseUnavailable(loop), 'a cause cycle ends');
});
