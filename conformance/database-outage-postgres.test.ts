/**
 * A service process whose PostgreSQL stops and starts again (the throwaway cluster of postgres-server.ts): while
 * the server is down every request needing it is answered 503 database_unavailable (JSON, Retry-After), health
 * 503, the process stays up and says so once on stderr without request data; once the server is back the
 * same process answers from it again, and a file posted during the outage and again after is imported once.
 * A server that stops answering without closing its connections (frozen: SIGSTOP) fails a statement after the
 * runner's answer timeout instead of holding the request for as long as TCP waits.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';
import { startChildService, type ChildService } from './child-service.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { databaseUnavailable } from '../adapters/storage/database/storage-error.js';

const started = await startPostgres();
const FILE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ddd', 'gen1-full.ddd'));
const BODY = JSON.stringify({ file_name: 'gen1-full.ddd', content_base64: FILE.toString('base64') });

async function call(service: ChildService, path: string, post = false) {
  const response = await fetch(`${service.url}${path}`, {
    ...(post && { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY }),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), json: JSON.parse(text) };
}

if (!started.available) {
  reportMissingDependency(t, `PostgreSQL outage test NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else if (!started.server.outage) {
  t.comment('an external PostgreSQL (DRIVERCARD_TEST_POSTGRES_URL) is not stopped by the tests: outage test not run');
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test('503 database_unavailable while PostgreSQL is down; answers again, unchanged, once it is back', async (t) => {
    const service = await startChildService({
      DRIVERCARD_DATABASE_URL: server.freshDatabaseUrl(),
      DRIVERCARD_DATA_DIR: t.testdir(),
    });
    t.teardown(() => service.stop());
    const imported = await call(service, '/api/drivercard/parse', true);
    t.equal(imported.status, 200);
    const card = imported.json.card.card_number as string;
    const reads = [
      '/api/drivercard/imports',
      `/api/drivercard/week-overview?card_number=${card}&date_from=2020-01-01&date_to=2020-01-31`,
      `/api/drivercard/activities?card_number=${card}`,
      '/api/drivercard/drivers',
    ];
    const before = await Promise.all(reads.map((path) => call(service, path)));
    t.same(
      before.map((r) => r.status),
      reads.map(() => 200),
    );

    const resume = await server.outage!();
    let resumed = false;
    t.teardown(async () => void (resumed || (await resume())));
    for (const path of reads) {
      const down = await call(service, path);
      t.equal(down.status, 503, `${path}: 503 while the database is down`);
      t.equal(down.json.error, 'database_unavailable', `${path}: named`);
      t.type(down.json.message, 'string');
      t.ok(Number(down.retryAfter) > 0, `${path}: Retry-After`);
    }
    const posted = await call(service, '/api/drivercard/parse', true);
    t.match(posted, { status: 503, json: { error: 'database_unavailable' } }, 'an import is refused, not half stored');
    t.match(await call(service, '/health'), { status: 503, json: { database: 'unavailable' } });
    t.ok(service.alive(), 'the process stays up');
    const said = service.output().match(/the database is unavailable/g) ?? [];
    t.equal(said.length, 1, 'said once on stderr, not once per request');
    t.notMatch(service.output(), card, 'no card number in the output');
    t.notMatch(service.output(), /internal error/, 'no request answered as an internal error');

    await resume();
    resumed = true;
    t.match(await call(service, '/health'), { status: 200, json: { database: 'available' } }, 'health is back');
    const after = await Promise.all(reads.map((path) => call(service, path)));
    t.same(after, before, 'every read answers as before the outage');
    const again = await call(service, '/api/drivercard/parse', true);
    t.match(again, { status: 200, json: { import_id: imported.json.import_id, reused: true } }, 'imported once');
  });

  t.test(
    'a frozen server: the statement fails as unavailable after the answer timeout, and the store recovers',
    async (t) => {
      const store = await createSqlStore({
        databaseUrl: server.freshDatabaseUrl(),
        dataDir: t.testdir(),
        answerTimeoutMs: 1000,
      });
      t.teardown(() => store.close());
      t.same(await store.query('SELECT 1 AS one'), [{ one: 1 }], 'a connection in the pool');
      const resume = server.freeze!();
      let resumed = false;
      t.teardown(() => void (resumed || resume()));
      const started = Date.now();
      const failures = await Promise.all([
        store.query('SELECT 2 AS two').then(
          () => null,
          (error: unknown) => error,
        ),
        store.runner
          .transaction(async (tx) => tx.all('SELECT 3 AS three'))
          .then(
            () => null,
            (error: unknown) => error,
          ),
      ]);
      const waited = Date.now() - started;
      resume();
      resumed = true;
      for (const failure of failures) {
        t.ok(failure, 'the statement failed');
        t.ok(databaseUnavailable(failure), 'as an outage (503 database_unavailable)');
      }
      t.ok(waited >= 900 && waited < 20_000, `after the timeout, not as long as TCP would wait (${waited} ms)`);
      t.same(await store.query('SELECT 4 AS four'), [{ four: 4 }], 'answers again once the server does');
      t.same(await store.runner.transaction(async (tx) => tx.all('SELECT 5 AS five')), [{ five: 5 }]);
    },
  );
}
