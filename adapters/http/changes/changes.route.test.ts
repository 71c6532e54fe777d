/**
 * GET /api/drivercard/changes through the service (SQLite): imports, annotations and their withdrawals followed a
 * page at a time with next_cursor and has_more; a cursor or limit that is not one is 400 invalid_filter; a cursor
 * above the last change is 410 cursor_ahead; the route is in /openapi.json with its parameters; a service without
 * the feed answers 404.
 */
import t, { type TAP } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from '../app.js';
import { createServiceContainer } from '../../../composition/container.js';
import { loadConfig } from '../../../composition/config.js';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { gen1Basic } from '../../../fixtures/scenarios/gen1.js';

const BASE = 'http://localhost:5055';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

async function service(t: Tap) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-changes-'));
  const services = createServiceContainer(loadConfig({}, { dataDir }), { web: null });
  const deps = { ...(await services.httpDependencies()), allowedHosts: () => new Set(['localhost:5055']) };
  t.teardown(async () => {
    await services.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const callOf = (app: ReturnType<typeof createHttpApp>['app']) => async (path: string, body?: unknown) => {
    const init: RequestInit =
      body === undefined
        ? {}
        : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    const response = await app.fetch(new Request(`${BASE}${path}`, init));
    return { status: response.status, body: (await response.json()) as any };
  };
  const { changes: _feed, ...withoutFeed } = deps;
  return { call: callOf(createHttpApp(deps).app), callWithoutFeed: callOf(createHttpApp(withoutFeed).app) };
}

/** The basic gen1 card under a card number of its own. */
function file(n: number): string {
  const scenario = gen1Basic();
  const cardNumber = `H${String(n).padStart(15, '0')}`;
  return Buffer.from(encodeCard({ ...scenario, identification: { ...scenario.identification, cardNumber } })).toString(
    'base64',
  );
}

/** Every change after `cursor`, `limit` at a time; the pages' has_more and the cursor reached. */
async function followAll(call: Awaited<ReturnType<typeof service>>['call'], cursor: string, limit: number) {
  const items: any[] = [];
  const more: boolean[] = [];
  for (;;) {
    const answer = await call(`/api/drivercard/changes?since=${cursor}&limit=${limit}`);
    if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
    items.push(...answer.body.items);
    more.push(answer.body.has_more);
    cursor = answer.body.next_cursor;
    if (!answer.body.has_more) return { items, more, cursor };
  }
}

t.test('imports and annotations followed a page at a time, each change once, in order', async (t) => {
  const { call } = await service(t);
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const answer = await call('/api/drivercard/parse', { file_name: `${n}.ddd`, content_base64: file(n) });
    t.equal(answer.status, 200);
    ids.push(answer.body.import_id);
  }
  const annotation = await call('/api/drivercard/annotations', {
    card_number: 'H000000000000001',
    kind: 'LEAVE',
    start: '2019-01-07T00:00:00Z',
    end: '2019-01-08T00:00:00Z',
  });
  t.equal(annotation.status, 201, JSON.stringify(annotation.body));
  const annotationId = annotation.body.annotation_id as string;

  const first = await followAll(call, 'c0', 2);
  t.same(first.more, [true, false], 'a page with more after it, then the last');
  t.same(
    first.items.map((c) => [c.change, c.kind, c.action, c.id, c.card_number, c.vin, c.status]),
    [
      ['c1', 'import', 'imported', ids[0], 'H000000000000001', null, null],
      ['c2', 'import', 'imported', ids[1], 'H000000000000002', null, null],
      ['c3', 'import', 'imported', ids[2], 'H000000000000003', null, null],
      ['c4', 'annotation', 'created', annotationId, 'H000000000000001', null, null],
    ],
  );
  t.match(first.items[3].at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'at is ISO UTC');
  t.equal(first.cursor, 'c4');

  t.equal((await call(`/api/drivercard/annotations/${annotationId}/withdraw`, { reason: 'wrong' })).status, 200);
  t.equal((await call(`/api/drivercard/imports/${ids[1]}/withdraw`, { reason: 'wrong card' })).status, 200);
  t.equal((await call(`/api/drivercard/imports/${ids[1]}/restore`, {})).status, 200);
  const second = await followAll(call, first.cursor, 500);
  t.same(
    second.items.map((c) => [c.change, c.kind, c.action, c.id]),
    [
      ['c5', 'annotation', 'withdrawn', annotationId],
      ['c7', 'import', 'restored', ids[1]],
    ],
    'the withdrawal of the annotation; the import withdrawn and restored since, listed once at its latest change',
  );
  const quiet = await call(`/api/drivercard/changes?since=${second.cursor}`);
  t.same(quiet.body, { items: [], limit: 500, next_cursor: 'c7', has_more: false }, 'nothing new: the same cursor');
});

t.test('bad since or limit is 400 invalid_filter; a cursor above the last change is 410', async (t) => {
  const { call } = await service(t);
  for (const [query, parameter] of [
    ['', 'since'],
    ['since=5', 'since'],
    ['since=2026-12-01T00:00:00Z', 'since'],
    ['since=c01', 'since'],
    ['since=c-1', 'since'],
    ['since=c0&limit=0', 'limit'],
    ['since=c0&limit=5001', 'limit'],
    ['since=c0&limit=ten', 'limit'],
    ['since=c0&offset=3', 'offset'],
  ] as const) {
    const answer = await call(`/api/drivercard/changes?${query}`);
    t.same([answer.status, answer.body.error, answer.body.parameter], [400, 'invalid_filter', parameter], query);
    t.ok(answer.body.message.length > 0, `${query}: a message`);
  }
  const empty = await call('/api/drivercard/changes?since=c0');
  t.same(empty.body, { items: [], limit: 500, next_cursor: 'c0', has_more: false }, 'a new database: nothing');
  const ahead = await call('/api/drivercard/changes?since=c1');
  t.same([ahead.status, ahead.body.error], [410, 'cursor_ahead'], 'c1 was never handed out: 410');
  t.match(ahead.body.message, /c0/, 'the message says where to start again');
});

t.test('the route is documented in /openapi.json; without the feed it is 404', async (t) => {
  const { call, callWithoutFeed } = await service(t);
  const document = (await call('/openapi.json')).body;
  const operation = document.paths['/api/drivercard/changes'].get;
  t.equal(operation.operationId, 'listChanges');
  t.same(
    operation.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.required === true]),
    [
      ['since', true],
      ['limit', false],
    ],
  );
  t.same(
    Object.keys(operation.responses).filter((s) => ['200', '400', '410'].includes(s)),
    ['200', '400', '410'],
  );
  const missing = await callWithoutFeed('/api/drivercard/changes?since=c0');
  t.same([missing.status, missing.body.error], [404, 'not_found']);
});
