import t from 'tap';
import { createHttpApp, UNMATCHED_PATH } from './app.js';
import { strictFetch } from './testing/strict-answers.js';
import type { HttpAppDependencies, RestLogEntry } from './ports.js';
import {
  ArchiveConflictError,
  ConflictingDataError,
  InvalidFilterError,
  NotFoundError,
  QuarantinedDataError,
} from '../../core/domain/errors.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import type { ImportRow } from '../../core/domain/rows.js';
import { day, range, ts } from '../../core/use-cases/testing/parsed-card-builder.js';
import { apiRoutes } from './routes.js';
import * as schemas from './schemas.js';
import { strictValidator } from './shared/validation.js';

const BASE = 'http://127.0.0.1:5055';

const IMPORT: ImportRow = {
  import_id: 'imp-1',
  archive_id: 'arc-1',
  file_name: 'card.ddd',
  content_sha256: 'a'.repeat(64),
  size_bytes: 3,
  imported_at: ts('2026-03-02T06:15:00Z'),
  generation: 'GEN1',
  status: 'OK',
  card: {
    card_number: 'DRIVER0000000100',
    issuing_member_state: 'FI',
    issuing_authority: null,
    issue_date: null,
    validity_begin: null,
    expiry_date: null,
  },
  driver: {
    surname: 'X',
    first_names: 'Y',
    birth_date: null,
    preferred_language: null,
    licence_issuing_nation: null,
    licence_number: null,
  },
  activity_range: { from: day('2026-01-01'), to: day('2026-01-02'), days: 2 },
  warnings: [],
};

const emptyList = (page: { limit: number; offset: number }) => ({
  items: [],
  total: 0,
  limit: page.limit,
  offset: page.offset,
  conflicts: [],
});

function fakeDeps(overrides: Partial<HttpAppDependencies> = {}) {
  const calls: Array<{ name: string; arg: any }> = [];
  const log: RestLogEntry[] = [];
  const record = (name: string) => (arg: any) => {
    calls.push({ name, arg });
    return Promise.resolve(emptyList(arg.page));
  };
  let nextId = 0;
  const deps: HttpAppDependencies = {
    imports: {
      async parse(request) {
        calls.push({ name: 'parse', arg: request });
        return {
          ...IMPORT,
          file_name: request.file_name,
          size_bytes: request.content.byteLength,
          reused: false,
          conflicting_dates: [],
        };
      },
    },
    queries: {
      imports: record('imports') as any,
      importChanges: record('importChanges') as any,
      activities: record('activities') as any,
      events: record('events') as any,
      faults: record('faults') as any,
      vehiclesUsed: record('vehiclesUsed') as any,
      positions: record('positions') as any,
      async timeSummary(arg) {
        calls.push({ name: 'timeSummary', arg });
        return {
          basis: { card_number: null, import_ids: [], date_from: null, date_to: null },
          totals: { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 },
          days: 0,
          distance_km: 0,
        };
      },
    },
    overviews: {
      async dayOverview(arg) {
        calls.push({ name: 'dayOverview', arg });
        return { items: [], conflicts: [] };
      },
      async weekOverview(arg) {
        calls.push({ name: 'weekOverview', arg });
        return { items: [], conflicts: [] };
      },
      async precheck(arg) {
        calls.push({ name: 'eu561', arg });
        throw new ConflictingDataError([day('2026-01-01')], 'Imports disagree about 2026-01-01.');
      },
      async workingTime(arg) {
        calls.push({ name: 'workingTime', arg });
        throw new ConflictingDataError([day('2026-01-01')], 'Imports disagree about 2026-01-01.');
      },
    },
    health: { databaseAvailable: async () => true },
    restLog: { record: (entry) => log.push(entry), close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055', 'localhost:5055']),
    maxPayloadBytes: 4096,
    web: {
      serve: (p) =>
        p === '/' ? { body: '<!doctype html><title>x</title>', contentType: 'text/html; charset=utf-8' } : null,
      contentSecurityPolicy: "default-src 'self'",
    },
    newCorrelationId: () => `corr-${++nextId}`,
    ...overrides,
  };
  const { app: raw, openapi } = createHttpApp(deps);
  // every answer held to the app's OpenAPI document, strictly
  const app = { fetch: strictFetch((request) => raw.fetch(request), openapi) };
  return { app, raw, openapi, calls, log, deps };
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request(`${BASE}/api/drivercard/parse`, { method: 'POST', body, headers });

t.test('health: 200 when the database answers, 503 when not', async (t) => {
  const up = fakeDeps();
  const ok = await json(await up.app.fetch(new Request(`${BASE}/health`)));
  t.same(ok, {
    status: 200,
    body: { status: 'ok', service: 'drivercard-rest', database: 'available' },
    headers: ok.headers,
  });
  t.ok(strictValidator(schemas.healthResponseSchema)(ok.body));
  const down = fakeDeps({
    health: {
      databaseAvailable: async () => {
        throw new Error('closed');
      },
    },
  });
  const bad = await json(await down.app.fetch(new Request(`${BASE}/health`)));
  t.equal(bad.status, 503);
  t.same(bad.body, { status: 'unavailable', service: 'drivercard-rest', database: 'unavailable' });
});

t.test('unknown routes are 404 not_found, wrong methods 405', async (t) => {
  const { app, log } = fakeDeps();
  const missing = await json(await app.fetch(new Request(`${BASE}/api/drivercard/nothing?card_number=SECRET`)));
  t.equal(missing.status, 404);
  t.equal(missing.body.error, 'not_found');
  t.type(missing.body.message, 'string');
  t.equal(log.at(-1)!.path, UNMATCHED_PATH, 'a path no route knows is not logged verbatim');
  const wrong = await json(await app.fetch(new Request(`${BASE}/api/drivercard/activities`, { method: 'DELETE' })));
  t.equal(wrong.status, 405);
  t.equal(wrong.body.error, 'method_not_allowed');
  t.equal(wrong.headers.get('allow'), 'GET');
  const getParse = await json(await app.fetch(new Request(`${BASE}/api/drivercard/parse`)));
  t.equal(getParse.status, 405);
});

t.test('Host header must name the service; no CORS headers anywhere', async (t) => {
  const { app, calls } = fakeDeps();
  for (const host of ['evil.example', 'evil.example:5055', '127.0.0.1:5056', 'localhost']) {
    const response = await json(await app.fetch(new Request(`${BASE}/api/drivercard/imports`, { headers: { host } })));
    t.equal(response.status, 421, host);
    t.equal(response.body.error, 'misdirected_request');
  }
  t.equal(calls.length, 0, 'no use case ran for a foreign Host');
  const ok = await app.fetch(
    new Request(`${BASE}/api/drivercard/imports`, {
      headers: { host: 'LOCALHOST:5055', origin: 'https://evil.example' },
    }),
  );
  t.equal(ok.status, 200);
  const preflight = await app.fetch(
    new Request(`${BASE}/api/drivercard/parse`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    }),
  );
  for (const response of [ok, preflight]) {
    for (const [name] of response.headers) t.notMatch(name, /^access-control-/, `no ${name}`);
  }
  t.not(preflight.status, 200);
});

t.test('parse: content type, body and base64 checks', async (t) => {
  const { app, calls } = fakeDeps();
  const body = JSON.stringify({ file_name: 'a.ddd', content_base64: 'AAEC' });
  for (const headers of [
    {} as Record<string, string>,
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/x-www-form-urlencoded' },
    { 'content-type': 'application/json; charset=latin1' },
  ]) {
    const r = await json(await app.fetch(post(body, headers)));
    t.equal(r.status, 415, JSON.stringify(headers));
    t.equal(r.body.error, 'unsupported_media_type');
  }
  const cases: Array<[BodyInit, string]> = [
    ['{not json', 'The request body is not valid JSON.'],
    ['', 'The request body is empty; a JSON object is expected.'],
    [new Uint8Array([0x7b, 0xff, 0x7d]), 'The request body is not valid UTF-8.'],
    ['[1,2]', 'The request body must be a JSON object.'],
    [JSON.stringify({ file_name: 'a.ddd' }), 'Field content_base64 is required.'],
    [JSON.stringify({ content_base64: 5 }), 'Field content_base64 must be of type string.'],
    [JSON.stringify({ content_base64: 'AAEC', extra: 1 }), 'Field extra is not a recognised field.'],
    [JSON.stringify({ content_base64: 'AA$C' }), 'Field content_base64 is not valid base64.'],
    [JSON.stringify({ content_base64: 'AAECA' }), 'Field content_base64 is not valid base64.'],
    [JSON.stringify({ content_base64: 'AAEC', archive_id: '' }), 'Field archive_id must not be empty.'],
  ];
  for (const [payload, message] of cases) {
    const r = await json(await app.fetch(post(payload)));
    t.equal(r.status, 400, message);
    t.same(r.body, { error: 'invalid_payload', message });
  }
  t.equal(calls.length, 0);
  const ok = await json(
    await app.fetch(
      post(
        JSON.stringify({ file_name: 'C:\\Users\\me\\cards\\a.ddd', content_base64: 'AAEC\nAw==', archive_id: 'arc-9' }),
        { 'content-type': 'Application/JSON; charset=UTF-8' },
      ),
    ),
  );
  t.equal(ok.status, 200);
  t.equal(ok.body.reused, false);
  t.ok(strictValidator(schemas.parseResponseSchema)(ok.body));
  t.same([...calls[0]!.arg.content], [0, 1, 2, 3]);
  t.equal(calls[0]!.arg.file_name, 'a.ddd', 'a local path in file_name is cut to its last component');
  t.equal(calls[0]!.arg.archive_id, 'arc-9');
  const unpadded = await json(await app.fetch(post(JSON.stringify({ content_base64: 'AAECAw' }))));
  t.equal(unpadded.status, 200);
  t.equal(calls[1]!.arg.file_name, null);
  t.equal(calls[1]!.arg.content.byteLength, 4);
});

t.test('parse: 413 from Content-Length before reading, and while streaming', async (t) => {
  const { app, calls } = fakeDeps();
  let pulled = 0;
  const declared = new Request(`${BASE}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '999999' },
    body: new ReadableStream({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(10));
      },
    }),
    duplex: 'half',
  } as RequestInit);
  const r1 = await json(await app.fetch(declared));
  t.equal(r1.status, 413);
  t.equal(r1.body.error, 'payload_too_large');
  t.ok(pulled <= 1, 'the body was not read');
  let streamed = 0;
  const endless = new Request(`${BASE}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new ReadableStream({
      pull(c) {
        streamed += 1000;
        c.enqueue(new Uint8Array(1000).fill(0x20));
      },
    }),
    duplex: 'half',
  } as RequestInit);
  const r2 = await json(await app.fetch(endless));
  t.equal(r2.status, 413);
  t.ok(streamed < 4096 + 3000, `reading stopped near the limit (${streamed} bytes produced)`);
  const exact = JSON.stringify({ content_base64: 'A'.repeat(4096 - 21) });
  t.equal(exact.length, 4096);
  t.equal((await app.fetch(post(exact + ' '))).status, 413, 'one byte over the limit');
  t.equal(calls.length, 0);
  t.equal((await app.fetch(post(exact))).status, 200, 'exactly the limit is accepted');
});

t.test('errors of the use cases map to the contract codes', async (t) => {
  const cases: Array<[unknown, number, Record<string, unknown>]> = [
    [
      new DddDecodeError('vehicle_unit_download', 'The file is a vehicle-unit download, not a driver card.'),
      422,
      { error: 'unparseable_ddd', reason: 'vehicle_unit_download' },
    ],
    [
      new DddDecodeError('empty', ''),
      422,
      { error: 'unparseable_ddd', reason: 'empty', message: 'The file is empty.' },
    ],
    [new ArchiveConflictError('Archive arc-1 holds different content.'), 409, { error: 'archive_conflict' }],
    [
      new ArchiveConflictError('Stored under another archive.', { archive_id: 'arc-1', import_id: 'imp-1' }),
      409,
      { error: 'archive_conflict', archive_id: 'arc-1', import_id: 'imp-1' },
    ],
    [
      new ConflictingDataError([day('2026-01-02')], 'Imports disagree.'),
      409,
      { error: 'conflicting_data', dates: ['2026-01-02'] },
    ],
    [new QuarantinedDataError(['imp-3'], 'Quarantined.'), 409, { error: 'quarantined_data', import_ids: ['imp-3'] }],
    [new NotFoundError('No such import.'), 404, { error: 'not_found', message: 'No such import.' }],
    [new InvalidFilterError('date_to', 'Bad date_to.'), 400, { error: 'invalid_filter', parameter: 'date_to' }],
  ];
  for (const [error, status, expected] of cases) {
    // the app unchecked: parse is made to throw errors of every use case, whose answers POST /parse never gives
    const { raw } = fakeDeps({
      imports: {
        parse: async () => {
          throw error;
        },
      },
    });
    const r = await json(await raw.fetch(post(JSON.stringify({ content_base64: 'AAEC' }))));
    t.equal(r.status, status, String((error as Error).message));
    t.match(r.body, expected);
    t.type(r.body.message, 'string');
    t.ok(strictValidator(schemas.errorResponseSchema)(r.body));
  }
});

t.test('an unexpected failure is 500 internal_error with the correlation id of the log line', async (t) => {
  const seen: string[] = [];
  const { app, log } = fakeDeps({
    queries: {
      ...fakeDeps().deps.queries,
      activities: async () => {
        throw new TypeError('secret detail at /home/x');
      },
    },
    onUnexpectedError: (_e, id) => seen.push(id),
  });
  const r = await json(await app.fetch(new Request(`${BASE}/api/drivercard/activities?import_id=imp-1`)));
  t.equal(r.status, 500);
  t.equal(r.body.error, 'internal_error');
  t.match(r.body.correlation_id, /^corr-\d+$/);
  t.notMatch(JSON.stringify(r.body), /secret|home/);
  t.same(seen, [r.body.correlation_id]);
  t.match(log.at(-1), {
    status: 500,
    correlationId: r.body.correlation_id,
    path: '/api/drivercard/activities',
    method: 'GET',
  });
});

t.test('a failure the storage judges an outage is 503 database_unavailable with Retry-After, told once', async (t) => {
  const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const unexpected: string[] = [];
  const told: unknown[] = [];
  const { app, log } = fakeDeps({
    queries: {
      ...fakeDeps().deps.queries,
      activities: async () => {
        throw outage;
      },
    },
    databaseUnavailable: (error) => error === outage,
    onDatabaseUnavailable: (error) => told.push(error),
    onUnexpectedError: (_e, id) => unexpected.push(id),
  });
  const response = await app.fetch(new Request(`${BASE}/api/drivercard/activities?import_id=imp-1`));
  t.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After');
  const r = await json(response);
  t.equal(r.status, 503);
  t.equal(r.body.error, 'database_unavailable');
  t.notMatch(r.body.message, /ECONNREFUSED|127\.0\.0\.1/, 'no driver detail in the answer');
  t.ok(strictValidator(schemas.errorResponseSchema)(r.body), 'a code of the error schema');
  t.same(told, [outage], 'told to onDatabaseUnavailable');
  t.same(unexpected, [], 'not reported as an unexpected failure');
  t.match(log.at(-1), { status: 503, path: '/api/drivercard/activities' });
  const { app: plain } = fakeDeps({
    queries: {
      ...fakeDeps().deps.queries,
      activities: async () => {
        throw outage;
      },
    },
  });
  const without = await json(await plain.fetch(new Request(`${BASE}/api/drivercard/activities?import_id=imp-1`)));
  t.equal(without.status, 500, 'without a judgement of the storage: an unexpected failure');
});

t.test('query parameters: basis, dates, paging', async (t) => {
  const { app, calls } = fakeDeps();
  const get = async (q: string, path = 'activities') =>
    json(await app.fetch(new Request(`${BASE}/api/drivercard/${path}?${q}`)));
  const bad: Array<[string, string, string?]> = [
    ['', 'import_id,archive_id,card_number'],
    ['import_id=a&card_number=b', 'import_id,card_number'],
    ['card_number=%20%20', 'card_number'],
    ['import_id=%20a', 'import_id'],
    ['import_id=a&date_from=2026-1-01', 'date_from'],
    ['import_id=a&date_from=2026-02-30', 'date_from'],
    ['import_id=a&date_to=yesterday', 'date_to'],
    ['import_id=a&date_from=2026-02-02&date_to=2026-02-01', 'date_from'],
    ['import_id=a&limit=5001', 'limit'],
    ['import_id=a&limit=0', 'limit'],
    ['import_id=a&limit=abc', 'limit'],
    ['import_id=a&limit=1.5', 'limit'],
    ['import_id=a&offset=-1', 'offset'],
    ['import_id=a&foo=1', 'foo'],
    ['import_id=a&import_id=b', 'import_id'],
    ['import_id=a&date=2026-01-01', 'date'],
    ['import_id=a&limit=1', 'limit', 'time-summary'],
    ['import_id=a&date_from=2025-01-01&date_to=2026-01-02', 'date_to', 'day-overview'],
    ['import_id=a&date_from=0001-01-01&date_to=9999-12-31', 'date_from', 'day-overview'],
    ['import_id=a&date_to=2100-01-01', 'date_to'],
    ['import_id=a&date=1984-12-31', 'date', 'day-overview'],
    ['import_id=a&date_from=2025-01-01&date_to=2026-01-02', 'date_to', 'eu561/violations'],
    ['import_id=a&date_from=2024-01-01&date_to=2025-01-01', 'date_to', 'week-overview'],
    ['import_id=a%00', 'import_id'],
    ['card_number=AB%01CD', 'card_number'],
    ['import_id=a&%00=1', 'query'],
    ['import_id=a&week=0001-W01', 'week', 'week-overview'],
    ['import_id=a&week=2100-W01', 'week', 'week-overview'],
    ['import_id=a&date=2026-01-01&date_to=2026-01-02', 'date', 'day-overview'],
    ['import_id=a&week=2026-W54', 'week', 'week-overview'],
    ['import_id=a&week=2025-W53', 'week', 'week-overview'],
    ['import_id=a&week=2026-W00', 'week', 'week-overview'],
    ['import_id=a&week=2026W01', 'week', 'week-overview'],
    ['import_id=a&week=2026-W01&date_from=2026-01-01', 'week', 'week-overview'],
    ['import_id=a&offset=1', 'offset', 'eu561/violations'],
  ];
  for (const [q, parameter, path] of bad) {
    const r = await get(q, path);
    t.equal(r.status, 400, `${path ?? 'activities'}?${q}`);
    t.equal(r.body.error, 'invalid_filter');
    t.equal(r.body.parameter, parameter, q);
    t.ok(r.body.message.includes(parameter.split(',')[0]), r.body.message);
  }
  t.equal(calls.length, 0);

  const ok = await get(
    'card_number=%20dri%20ver0000000100%09&date_from=2026-01-01&date_to=2026-01-01&limit=5000&offset=7',
  );
  t.equal(ok.status, 200);
  t.same(ok.body, { items: [], total: 0, limit: 5000, offset: 7, conflicts: [] });
  t.same(calls.pop(), {
    name: 'activities',
    arg: {
      basis: { kind: 'card_number', value: 'DRIVER0000000100' },
      range: range('2026-01-01', '2026-01-01'),
      page: { limit: 5000, offset: 7 },
    },
  });
  await get('archive_id=arc-1', 'events');
  t.same(calls.pop(), {
    name: 'events',
    arg: {
      basis: { kind: 'archive_id', value: 'arc-1' },
      range: { from: null, to: null },
      page: { limit: 500, offset: 0 },
    },
  });
  for (const [path, name] of [
    ['faults', 'faults'],
    ['vehicles-used', 'vehiclesUsed'],
    ['positions', 'positions'],
  ]) {
    t.equal((await get('import_id=imp-1', path)).status, 200);
    t.equal(calls.pop()!.name, name);
  }
  t.equal((await get('', 'imports')).status, 200);
  t.same(calls.pop()!.arg.basis, null, 'imports may list everything');
  t.equal((await get('import_id=imp-1&date_to=2026-01-01', 'time-summary')).status, 200);
  t.same(calls.pop(), {
    name: 'timeSummary',
    arg: { basis: { kind: 'import_id', value: 'imp-1' }, range: range(null, '2026-01-01') },
  });
  t.equal((await get('import_id=imp-1&date=2024-02-29', 'day-overview')).status, 200);
  t.same(calls.pop()!.arg.range, range('2024-02-29', '2024-02-29'));
  t.equal((await get('import_id=imp-1&date_from=2024-02-01', 'day-overview')).status, 200);
  t.same(calls.pop()!.arg.range, range('2024-02-01', null));
  t.equal((await get('import_id=imp-1&week=2026-W53', 'week-overview')).status, 200);
  t.same(calls.pop()!.arg, {
    basis: { kind: 'import_id', value: 'imp-1' },
    weeks: ['2026-W53'],
    range: range('2026-12-28', '2027-01-03'),
  });
  t.equal((await get('import_id=imp-1&week=2025-W01', 'week-overview')).status, 200);
  t.same(calls.pop()!.arg.range, range('2024-12-30', '2025-01-05'), 'week 1 may start in the previous year');
  t.equal((await get('import_id=imp-1&date_from=2026-03-04&date_to=2026-03-20', 'week-overview')).status, 200);
  t.same(calls.pop()!.arg, {
    basis: { kind: 'import_id', value: 'imp-1' },
    weeks: null,
    range: range('2026-03-04', '2026-03-20'),
  });
  const conflict = await get('card_number=X', 'eu561/violations');
  t.equal(conflict.status, 409);
  t.same(conflict.body, {
    error: 'conflicting_data',
    message: 'Imports disagree about 2026-01-01.',
    dates: ['2026-01-01'],
  });
});

t.test('the web page is served with its security policy; the log never holds query values', async (t) => {
  const { app, log } = fakeDeps();
  const page = await app.fetch(new Request(`${BASE}/`));
  t.equal(page.status, 200);
  t.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  t.equal(page.headers.get('content-security-policy'), "default-src 'self'");
  t.match(await page.text(), /<title>/);
  t.equal((await app.fetch(new Request(`${BASE}/assets/none.js`))).status, 404);
  await app.fetch(new Request(`${BASE}/api/drivercard/activities?card_number=DRIVER0000000100&date_from=2026-01-01`));
  const entry = log.at(-1)!;
  t.equal(entry.path, '/api/drivercard/activities');
  t.notMatch(JSON.stringify(log), /DRIVER0000000100|2026-01-01/);
  const noWeb = fakeDeps({ web: null });
  t.equal((await noWeb.app.fetch(new Request(`${BASE}/`))).status, 404);
});

t.test('OpenAPI document is generated from the same schema objects as the routes', async (t) => {
  const { app, openapi } = fakeDeps();
  const served = await json(await app.fetch(new Request(`${BASE}/openapi.json`)));
  t.equal(served.status, 200);
  t.same(served.body, JSON.parse(JSON.stringify(openapi)));
  t.equal(openapi.openapi, '3.1.0');
  const resolve = (schema: any): any =>
    schema.$ref ? openapi.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  for (const route of apiRoutes) {
    const operation = openapi.paths[route.path]?.[route.method.toLowerCase()] as any;
    t.ok(operation, `${route.method} ${route.path} is documented`);
    for (const [status, response] of Object.entries(route.responses)) {
      const documented = resolve(
        operation.responses[status].content[response.contentType ?? 'application/json'].schema,
      );
      if (Number(status) >= 400) {
        const codes = (documented.oneOf ?? [documented]).map((body: any) => resolve(body).properties.error.const);
        t.ok(codes.length > 0 && codes.every((code: string) => code in schemas.ERROR_CODES), `${route.path} ${status}`);
        continue;
      }
      t.same(Object.keys(documented.properties ?? {}), Object.keys((response.schema.properties as object) ?? {}));
      t.same(documented.required, response.schema.required, `${route.path} ${status}: the route's own schema`);
    }
    const names = route.query?.names ?? [];
    const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const etag = route.method === 'GET' && !route.responses[200]?.contentType ? ['If-None-Match'] : [];
    const key = route.idempotencyKey ? ['Idempotency-Key'] : [];
    t.same(
      operation.parameters.map((p: any) => p.name),
      [...inPath, ...names, ...etag, ...key],
      'path parameters first, then the query, then If-None-Match on a JSON GET, Idempotency-Key on a creating POST',
    );
    for (const parameter of operation.parameters.filter((p: any) => p.in === 'query')) {
      t.same(
        parameter.schema,
        schemas.queryParameterSchemas[parameter.name as keyof typeof schemas.queryParameterSchemas],
      );
      const required = (route.query!.schema.required as string[] | undefined) ?? [];
      t.equal(parameter.required, required.includes(parameter.name), `${parameter.name}: required as validated`);
    }
  }
  t.same((openapi.paths['/api/drivercard/parse']!.post as any).requestBody.content['application/json'].schema, {
    $ref: '#/components/schemas/ParseRequest',
  });
  for (const path of [
    '/health',
    '/openapi.json',
    '/',
    '/api/drivercard/parse',
    '/api/drivercard/imports',
    '/api/drivercard/activities',
    '/api/drivercard/events',
    '/api/drivercard/faults',
    '/api/drivercard/vehicles-used',
    '/api/drivercard/positions',
    '/api/drivercard/time-summary',
    '/api/drivercard/day-overview',
    '/api/drivercard/week-overview',
    '/api/drivercard/eu561/violations',
  ]) {
    t.ok(openapi.paths[path], path);
  }
});

t.test('a polled GET answers with an ETag, and 304 while it holds', async (t) => {
  const { app } = fakeDeps();
  const first = await app.fetch(new Request(`${BASE}/health`));
  t.equal(first.status, 200);
  const tag = first.headers.get('etag');
  t.match(tag, /^"[\w-]+"$/);
  t.equal(first.headers.get('cache-control'), 'private, no-cache');
  const again = await app.fetch(new Request(`${BASE}/health`, { headers: { 'if-none-match': tag! } }));
  t.equal(again.status, 304);
  t.equal(await again.text(), '');
  const refused = await app.fetch(
    new Request(`${BASE}/api/drivercard/activities`, { headers: { 'if-none-match': '*' } }),
  );
  t.equal(refused.status, 400, 'a refusal is never 304');
  t.equal(refused.headers.get('etag'), null);
});
