/**
 * Following imports with `GET /imports?imported_since=` while they are being imported, on SQLite and PostgreSQL
 * (a throwaway cluster; skipped loudly without its binaries, except under CI=true): 8 clients post 40 different
 * files at once through the service while a poller follows the cursor in small pages. Every import is seen exactly
 * once, in an order that never goes back; withdrawing and restoring one brings it back once each time, with its
 * new status; a cursor that is not one is refused. On PostgreSQL the commit order is also played by hand: a change
 * numbered first and committed last is never skipped by a poller that read in between.
 */
import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from '../adapters/http/app.js';
import { createServiceContainer, TOKENS } from '../composition/container.js';
import { loadConfig } from '../composition/config.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { gen1Basic } from '../fixtures/scenarios/gen1.js';
import { changeStatements } from '../adapters/storage/imports/import-changes.js';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';

const started = await startPostgres();
const BASE = 'http://localhost:5055';
const CLIENTS = 8;
const FILES = 40;

/** File `n`: the basic gen1 card under a card number of its own (different bytes, different card). */
function file(n: number): Uint8Array {
  const scenario = gen1Basic();
  const cardNumber = `F${String(n).padStart(15, '0')}`;
  return encodeCard({ ...scenario, identification: { ...scenario.identification, cardNumber } });
}

async function service(databaseUrl?: string, dataDir = mkdtempSync(join(tmpdir(), 'dc-cursor-'))) {
  const config = loadConfig({}, { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const services = createServiceContainer(config, { web: null });
  const { app } = createHttpApp({
    ...(await services.httpDependencies()),
    allowedHosts: () => new Set(['localhost:5055']),
  });
  const call = async (path: string, body?: unknown) => {
    const init: RequestInit =
      body === undefined
        ? {}
        : {
            method: 'POST',
            body: JSON.stringify(body),
            // the length known up front: the body budget reserves what is sent, not the largest body allowed
            headers: { 'content-type': 'application/json', 'content-length': String(JSON.stringify(body).length) },
          };
    const response = await app.fetch(new Request(`${BASE}${path}`, init));
    return { status: response.status, body: (await response.json()) as any };
  };
  const store = await services.container.getAsync<SqlImportStore>(TOKENS.ImportStore);
  return {
    call,
    store,
    async dispose() {
      await services.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Service = Awaited<ReturnType<typeof service>>;

/** Polls from `cursor` until a page comes back empty; the imports seen (id and status) and the cursor reached. */
async function pollOnce(s: Service, cursor: string, seen: Array<{ id: string; status: string }>): Promise<string> {
  for (;;) {
    const answer = await s.call(`/api/drivercard/imports?imported_since=${cursor}&limit=3`);
    if (answer.status !== 200) throw new Error(`poll answered ${answer.status}`);
    for (const item of answer.body.items) seen.push({ id: item.import_id, status: item.status });
    if (answer.body.items.length === 0) return answer.body.next_cursor;
    cursor = answer.body.next_cursor;
  }
}

function cursorSuite(name: string, databaseUrl: () => string | undefined): void {
  t.test(`${name}: 8 clients import 40 files while a poller follows the cursor: each seen exactly once`, async (t) => {
    const s = await service(databaseUrl());
    t.teardown(() => s.dispose());
    const files = Array.from({ length: FILES }, (_, n) => file(n));
    const created: string[] = [];
    let importing = true;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = c; n < FILES; n += CLIENTS) {
        const body = { file_name: `${n}.ddd`, content_base64: Buffer.from(files[n]!).toString('base64') };
        const answer = await s.call('/api/drivercard/parse', body);
        if (answer.status !== 200)
          throw new Error(`import ${n} answered ${answer.status} ${JSON.stringify(answer.body)}`);
        created.push(answer.body.import_id);
      }
    });
    const seen: Array<{ id: string; status: string }> = [];
    let polls = 0;
    const poller = (async () => {
      let cursor = 'c0';
      while (importing) {
        cursor = await pollOnce(s, cursor, seen);
        polls++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return pollOnce(s, cursor, seen); // once more after the last import answered
    })();
    await Promise.all(clients);
    importing = false;
    const cursor = await poller;
    t.equal(created.length, FILES, 'every file imported');
    t.ok(polls > 1, `the poller polled while the imports ran (${polls} polls)`);
    const ids = seen.map((item) => item.id);
    t.equal(new Set(ids).size, ids.length, 'no import seen twice');
    t.same([...ids].sort(), [...created].sort(), 'every import seen');

    // a withdrawal and a restore are changes: the import comes back once each time, with its status
    const target = created[7]!;
    t.equal((await s.call(`/api/drivercard/imports/${target}/withdraw`, { reason: 'wrong card' })).status, 200);
    const afterWithdraw: typeof seen = [];
    const next = await pollOnce(s, cursor, afterWithdraw);
    t.same(afterWithdraw, [{ id: target, status: 'WITHDRAWN' }], 'the withdrawal seen once, withdrawn');
    t.equal((await s.call(`/api/drivercard/imports/${target}/restore`, {})).status, 200);
    const afterRestore: typeof seen = [];
    const last = await pollOnce(s, next, afterRestore);
    const before = seen.find((item) => item.id === target)!.status;
    t.same(afterRestore, [{ id: target, status: before }], 'the restore seen once, with the status it had');
    const quiet = await s.call(`/api/drivercard/imports?imported_since=${last}`);
    t.same([quiet.body.items, quiet.body.total, quiet.body.next_cursor], [[], 0, last], 'nothing new: same cursor');

    // one card's changes, and the list from the beginning in change order
    const card = await s.call(`/api/drivercard/imports?import_id=${target}`);
    const cardNumber = card.body.items[0].card.card_number as string;
    const ofCard = await s.call(`/api/drivercard/imports?imported_since=c0&card_number=${cardNumber}`);
    t.same(
      ofCard.body.items.map((item: any) => item.import_id),
      [target],
      'the card_number basis follows one card',
    );
    const all = await s.call(`/api/drivercard/imports?imported_since=c0&limit=5000`);
    t.equal(all.body.total, FILES, 'every import counted once from the beginning');
    t.equal(all.body.items.at(-1).import_id, target, 'the import changed last comes last');
  });

  t.test(`${name}: a cursor that is not one, or a parameter that cannot go with it, is 400`, async (t) => {
    const s = await service(databaseUrl());
    t.teardown(() => s.dispose());
    for (const [query, parameter] of [
      ['imported_since=1733400000', 'imported_since'],
      ['imported_since=2026-12-01T00:00:00Z', 'imported_since'],
      ['imported_since=c-1', 'imported_since'],
      ['imported_since=c01', 'imported_since'],
      ['imported_since=', 'imported_since'],
      ['imported_since=c0&offset=5', 'offset'],
      ['imported_since=c0&import_id=x', 'import_id'],
      ['imported_since=c0&archive_id=x', 'archive_id'],
    ] as const) {
      const answer = await s.call(`/api/drivercard/imports?${query}`);
      t.same([answer.status, answer.body.error, answer.body.parameter], [400, 'invalid_filter', parameter], query);
    }
    const empty = await s.call('/api/drivercard/imports?imported_since=c0&include_withdrawn=false');
    t.same([empty.status, empty.body.items, empty.body.next_cursor], [200, [], 'c0'], 'no import yet: cursor kept');
    const plain = await s.call('/api/drivercard/imports');
    t.notOk('next_cursor' in plain.body, 'a list without imported_since has no cursor');
  });
}

cursorSuite('sqlite', () => undefined);

t.test('sqlite: the imports of an earlier release are numbered once, in their save order', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-cursor-'));
  const legacy = new URL('../fixtures/legacy/drivercard-c81c5c7.sqlite.gz', import.meta.url);
  writeFileSync(join(dataDir, 'drivercard.sqlite'), gunzipSync(readFileSync(legacy)));
  const s = await service(undefined, dataDir);
  t.teardown(() => s.dispose());
  const pks = await s.store.query('SELECT import_id FROM imports ORDER BY pk');
  const all = (await s.call('/api/drivercard/imports?imported_since=c0')).body;
  t.same(
    all.items.map((item: any) => item.import_id),
    pks.map((row) => row.import_id),
    'the seven imports, in save order',
  );
  t.equal(all.next_cursor, `c${pks.length}`);
  const body = { file_name: 'new.ddd', content_base64: Buffer.from(file(99)).toString('base64') };
  const created = (await s.call('/api/drivercard/parse', body)).body.import_id;
  const after = (await s.call(`/api/drivercard/imports?imported_since=${all.next_cursor}`)).body;
  t.same(
    [after.items.map((item: any) => item.import_id), after.next_cursor],
    [[created], `c${pks.length + 1}`],
    'a new import numbered after them',
  );
});

if (!started.available) {
  reportMissingDependency(t, `PostgreSQL cursor tests NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  cursorSuite('postgres', () => server.freshDatabaseUrl());
  t.test('postgres: a change numbered first and committed last is seen after the one numbered after it', async (t) => {
    const s = await service(server.freshDatabaseUrl());
    t.teardown(() => s.dispose());
    const ids: string[] = [];
    for (const n of [0, 1]) {
      const body = { file_name: `${n}.ddd`, content_base64: Buffer.from(file(n)).toString('base64') };
      ids.push((await s.call('/api/drivercard/parse', body)).body.import_id);
    }
    const start = (await s.call('/api/drivercard/imports?imported_since=c0')).body.next_cursor as string;
    const [first, second] = ids as [string, string];
    const runner = s.store.runner;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstNumbered!: () => void;
    const numbered = new Promise<void>((resolve) => (firstNumbered = resolve));
    // the first change holds its number and commits only when told
    const slow = runner.transaction(async (tx) => {
      for (const { sql, params } of changeStatements(s.store.dialect, first)) await tx.all(sql, params);
      firstNumbered();
      await held;
    });
    await numbered;
    let secondDone = false;
    const fast = runner
      .transaction(async (tx) => {
        for (const { sql, params } of changeStatements(s.store.dialect, second)) await tx.all(sql, params);
      })
      .then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.notOk(secondDone, 'the second change waits for the first one to commit');
    const between = (await s.call(`/api/drivercard/imports?imported_since=${start}`)).body;
    t.same(between.items, [], 'a poll in between sees neither');
    release();
    await Promise.all([slow, fast]);
    const after = (await s.call(`/api/drivercard/imports?imported_since=${start}`)).body;
    t.same(
      after.items.map((item: any) => item.import_id),
      [first, second],
      'both seen, the one committed first first',
    );
  });
}
