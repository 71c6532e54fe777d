/**
 * The real service: h3 serve (srvx) on a free loopback port, a real SQLite file in a temp data dir, real DDD
 * fixtures; every endpoint, status and error code of the contract over a real socket.
 */
import t, { type Test } from 'tap';
import http from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, unavailableLog, UNAVAILABLE_LOG_INTERVAL_MS, type RunningServer } from './server.js';
import * as schemas from '../adapters/http/schemas.js';
import { strictValidator } from '../adapters/http/shared/validation.js';
import { createHttpApp } from '../adapters/http/app.js';

import { signDdd, testTrustFiles } from '../fixtures/pki/test-pki.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ddd');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
/** our encoder's gen1-basic.ddd signed by the test PKI (gen1 RSA signing is deterministic) */
const SIGNED_BASIC = Buffer.from(signDdd(new Uint8Array(fixture('gen1-basic.ddd'))));
const SAMPLE = join(import.meta.dirname, '..', '..', 'shared', 'samples', 'gen1-real-activity.ddd');
const parseBody = (bytes: Buffer, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ file_name: 'card.ddd', content_base64: bytes.toString('base64'), ...extra });

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** A request over node:http (fetch cannot set Host). */
function request(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path: options.path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const get = (server: RunningServer, path: string) => request(server.url, { path });
const post = (
  server: RunningServer,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => request(server.url, { method: 'POST', path: '/api/drivercard/parse', headers, body });

function assertSchema(t: Test, schema: object, body: unknown, label: string) {
  const validate = strictValidator(schema);
  t.ok(
    validate(body),
    `${label} matches its response schema ${validate.errors ? JSON.stringify(validate.errors.slice(0, 2)) : ''}`,
  );
}

function noCors(t: Test, answer: Answer, label: string) {
  t.same(
    Object.keys(answer.headers).filter((h) => h.startsWith('access-control-')),
    [],
    `${label}: no CORS header`,
  );
}

t.test('the service over a real socket', async (t) => {
  const dataDir = t.testdir({});
  // a trust folder with the test roots: the file below is signed by the test PKI (fixtures/pki)
  const trustDir = t.testdir(Object.fromEntries(testTrustFiles().map((f) => [f.name, Buffer.from(f.bytes)])));
  const server = await startServer({ port: 0, dataDir, host: '127.0.0.1', trustDir }, { env: {} });
  t.teardown(() => server.close());
  t.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.ok(existsSync(join(dataDir, 'drivercard.sqlite')), 'the SQLite database is created in the data dir');

  const health = await get(server, '/health');
  t.same(health.body, { status: 'ok', service: 'drivercard-rest', database: 'available' });
  t.equal(health.status, 200);

  // --- parse
  const created = await post(server, parseBody(SIGNED_BASIC, { file_name: '/home/user/cards/basic.ddd' }));
  t.equal(created.status, 200);
  t.equal(created.body.authenticity.status, 'VERIFIED', 'verified with the configured trust folder');
  t.equal(created.body.status, 'OK');
  assertSchema(t, schemas.parseResponseSchema, created.body, 'parse');
  t.equal(created.body.reused, false);
  t.equal(created.body.file_name, 'basic.ddd', 'the local path is not stored or echoed');
  t.equal(created.body.card.card_number, 'DF00000123456001');
  t.notOk('content_base64' in created.body);
  const again = await post(server, parseBody(SIGNED_BASIC));
  t.equal(again.status, 200);
  t.equal(again.body.reused, true);
  t.equal(again.body.import_id, created.body.import_id);

  const withArchive = await post(server, parseBody(fixture('gen2-full.ddd'), { archive_id: 'archive-7' }));
  t.equal(withArchive.status, 200);
  t.equal(withArchive.body.archive_id, 'archive-7');
  const conflict = await post(server, parseBody(fixture('gen2v2-full.ddd'), { archive_id: 'archive-7' }));
  t.equal(conflict.status, 409);
  t.equal(conflict.body.error, 'archive_conflict');
  const renamed = await post(server, parseBody(fixture('gen2-full.ddd'), { archive_id: 'archive-8' }));
  t.equal(renamed.status, 409, 'known content under a new archive_id');
  t.same(
    [renamed.body.error, renamed.body.archive_id, renamed.body.import_id],
    ['archive_conflict', 'archive-7', withArchive.body.import_id],
  );
  assertSchema(t, schemas.errorResponseSchema, renamed.body, 'parse 409');

  for (const [file, reason] of [
    // a vehicle-unit download goes to the VU decoder: this one holds no complete TREP
    ['corrupt-vu-download.ddd', 'truncated'],
    ['corrupt-empty.ddd', 'empty'],
    ['corrupt-truncated.ddd', 'truncated'],
    ['corrupt-random.ddd', 'not_a_ddd_file'],
  ] as const) {
    const bad = await post(server, parseBody(fixture(file)));
    t.equal(bad.status, 422, file);
    t.equal(bad.body.error, 'unparseable_ddd');
    t.equal(bad.body.reason, reason, file);
    t.match(bad.body.message, /^[A-Z].*\.$/, 'an English sentence');
    assertSchema(t, schemas.errorResponseSchema, bad.body, file);
  }
  const badBase64 = await post(server, JSON.stringify({ content_base64: '@@@' }));
  t.same([badBase64.status, badBase64.body.error], [400, 'invalid_payload']);
  const missing = await post(server, JSON.stringify({ file_name: 'x.ddd' }));
  t.same([missing.status, missing.body.error], [400, 'invalid_payload']);
  const notJson = await post(server, '{"content_base64":');
  t.same([notJson.status, notJson.body.error], [400, 'invalid_payload']);
  const plain = await post(server, parseBody(SIGNED_BASIC), { 'content-type': 'text/plain' });
  t.same([plain.status, plain.body.error], [415, 'unsupported_media_type']);
  const form = await post(server, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
  t.equal(form.status, 415);

  // --- queries
  const imp = created.body.import_id as string;
  const card = created.body.card.card_number as string;
  const imports = await get(server, '/api/drivercard/imports');
  t.equal(imports.status, 200);
  assertSchema(t, schemas.importsResponseSchema, imports.body, 'imports');
  t.equal(imports.body.total, 2);
  const byCard = await get(server, `/api/drivercard/imports?card_number=${encodeURIComponent(' df000001 23456001 ')}`);
  t.same(
    byCard.body.items.map((i: any) => i.import_id),
    [imp],
    'card number normalised',
  );

  const list: Array<[string, object]> = [
    ['activities', schemas.activitiesResponseSchema],
    ['events', schemas.eventsResponseSchema],
    ['faults', schemas.faultsResponseSchema],
    ['vehicles-used', schemas.vehiclesUsedResponseSchema],
    ['positions', schemas.positionsResponseSchema],
  ];
  for (const [name, schema] of list) {
    for (const q of [`import_id=${imp}`, `archive_id=${created.body.archive_id}`, `card_number=${card}`]) {
      const answer = await get(server, `/api/drivercard/${name}?${q}`);
      t.equal(answer.status, 200, `${name}?${q}`);
      assertSchema(t, schema, answer.body, name);
    }
  }
  const activities = await get(server, `/api/drivercard/activities?import_id=${imp}&limit=5&offset=2`);
  t.equal(activities.body.items.length, 5);
  t.equal(activities.body.total, 23);
  t.same([activities.body.limit, activities.body.offset], [5, 2]);
  const dayRange = await get(
    server,
    `/api/drivercard/activities?card_number=${card}&date_from=2026-03-03&date_to=2026-03-03`,
  );
  t.ok(dayRange.body.items.length > 0);
  t.ok(dayRange.body.items.every((row: any) => row.date === '2026-03-03'));

  const summary = await get(server, `/api/drivercard/time-summary?import_id=${imp}`);
  t.equal(summary.status, 200);
  assertSchema(t, schemas.timeSummaryResponseSchema, summary.body, 'time-summary');
  const day = await get(server, `/api/drivercard/day-overview?card_number=${card}&date=2026-03-03`);
  t.equal(day.status, 200);
  assertSchema(t, schemas.dayOverviewResponseSchema, day.body, 'day-overview');
  t.equal(day.body.items.length, 1);
  t.same(day.body.items[0].intervals, dayRange.body.items, 'day overview holds the activities rows of that day');
  const week = await get(server, `/api/drivercard/week-overview?import_id=${imp}&week=2026-W10`);
  t.equal(week.status, 200);
  assertSchema(t, schemas.weekOverviewResponseSchema, week.body, 'week-overview');
  t.same(
    week.body.items.map((w: any) => [w.week, w.start_date, w.end_date, w.days.length]),
    [['2026-W10', '2026-03-02', '2026-03-08', 7]],
  );
  const weeks = await get(
    server,
    `/api/drivercard/week-overview?import_id=${imp}&date_from=2026-03-01&date_to=2026-03-03`,
  );
  t.same(
    weeks.body.items.map((w: any) => w.week),
    ['2026-W09', '2026-W10'],
  );
  const precheck = await get(server, `/api/drivercard/eu561/violations?import_id=${imp}`);
  t.equal(precheck.status, 200);
  assertSchema(t, schemas.eu561ResponseSchema, precheck.body, 'eu561');
  t.equal(precheck.body.assumptions.unknown_as, 'gap', 'card-out time is by default a gap to explain');
  t.equal(precheck.body.readings[0].id, 'card_out_time');
  const firstDay = precheck.body.basis.date_from;
  const assumed = await get(
    server,
    `/api/drivercard/eu561/violations?import_id=${imp}&unknown_as=rest&evidence=full&at=${firstDay}T12:00:00Z`,
  );
  t.equal(assumed.status, 200);
  assertSchema(t, schemas.eu561ResponseSchema, assumed.body, 'eu561 unknown_as=rest');
  t.equal(assumed.body.assumptions.unknown_as, 'rest');
  t.ok(assumed.body.driver_status === null || assumed.body.driver_status.at === `${firstDay}T12:00:00Z`);
  const wtd = await get(server, `/api/drivercard/working-time?import_id=${imp}&reference_weeks=4&unknown_as=rest`);
  t.equal(wtd.status, 200);
  assertSchema(t, schemas.workingTimeResponseSchema, wtd.body, 'working-time');
  t.equal(wtd.body.reference_weeks, 4);
  for (const [path, parameter] of [
    [`/api/drivercard/eu561/violations?import_id=${imp}&unknown_as=maybe`, 'unknown_as'],
    [`/api/drivercard/eu561/violations?import_id=${imp}&evidence=some`, 'evidence'],
    [`/api/drivercard/eu561/violations?import_id=${imp}&at=2001-01-01T00:00:00Z`, 'at'],
    [`/api/drivercard/eu561/violations?import_id=${imp}&at=yesterday`, 'at'],
    [`/api/drivercard/working-time?import_id=${imp}&reference_weeks=27`, 'reference_weeks'],
    [`/api/drivercard/working-time?import_id=${imp}&reference_weeks=x`, 'reference_weeks'],
    [`/api/drivercard/working-time?import_id=${imp}&at=2001-01-01T00:00:00Z`, 'at'],
  ]) {
    const answer = await get(server, path!);
    t.same([answer.status, answer.body.error, answer.body.parameter], [400, 'invalid_filter', parameter], path);
  }

  // a second, damaged download of the same card: plain queries serve it; the pre-check of the card basis leaves it
  // out when it is quarantined (naming it) and refuses the basis when its days disagree with the first download
  const damaged = await post(server, parseBody(fixture('corrupt-damaged-activity.ddd')));
  t.equal(damaged.status, 200);
  const checked = await get(server, `/api/drivercard/eu561/violations?card_number=${card}`);
  if (damaged.body.status === 'QUARANTINED') {
    t.equal(checked.status, 200, 'the verified download is checked');
    t.same(
      checked.body.basis.left_out_imports.map((i: any) => i.import_id),
      [damaged.body.import_id],
      'the quarantined download is named as left out',
    );
    t.notOk(checked.body.basis.import_ids.includes(damaged.body.import_id));
  } else {
    t.same([checked.status, checked.body.error], [409, 'conflicting_data']);
    assertSchema(t, schemas.errorResponseSchema, checked.body, 'eu561 409');
  }
  if (damaged.body.status === 'QUARANTINED') {
    const own = await get(server, `/api/drivercard/eu561/violations?import_id=${damaged.body.import_id}`);
    t.same([own.status, own.body.error], [409, 'quarantined_data']);
    const rows = await get(server, `/api/drivercard/activities?import_id=${damaged.body.import_id}`);
    t.ok(
      rows.body.items.every((r: any) => r.quarantined === true),
      'rows of a quarantined import are marked',
    );
  }

  // --- filter errors and not found
  const filterErrors: Array<[string, string]> = [
    ['/api/drivercard/activities', 'import_id,archive_id,card_number'],
    [`/api/drivercard/activities?import_id=${imp}&card_number=${card}`, 'import_id,card_number'],
    [`/api/drivercard/activities?import_id=${imp}&date_from=2026-13-01`, 'date_from'],
    [`/api/drivercard/activities?import_id=${imp}&date_from=2026-03-05&date_to=2026-03-01`, 'date_from'],
    [`/api/drivercard/activities?import_id=${imp}&limit=5001`, 'limit'],
    [`/api/drivercard/events?import_id=${imp}&offset=-3`, 'offset'],
    [`/api/drivercard/week-overview?import_id=${imp}&week=2026-W60`, 'week'],
    [`/api/drivercard/day-overview?import_id=${imp}&date_from=2025-01-01&date_to=2026-01-02`, 'date_to'],
    [`/api/drivercard/day-overview?import_id=${imp}&date=1984-12-31`, 'date'],
  ];
  for (const [path, parameter] of filterErrors) {
    const answer = await get(server, path);
    t.equal(answer.status, 400, path);
    t.same([answer.body.error, answer.body.parameter], ['invalid_filter', parameter], path);
  }
  for (const path of [
    '/api/drivercard/activities?import_id=imp_unknown',
    '/api/drivercard/events?archive_id=nope',
    '/api/drivercard/positions?card_number=XX000000000000',
    '/api/drivercard/eu561/violations?import_id=imp_unknown',
    '/api/drivercard/week-overview?card_number=XX000000000000&week=2026-W10',
    '/api/drivercard/nothing-here',
  ]) {
    const answer = await get(server, path);
    t.same([answer.status, answer.body.error], [404, 'not_found'], path);
  }

  // --- OpenAPI
  const openapi = await get(server, '/openapi.json');
  t.equal(openapi.status, 200);
  const { openapi: local } = createHttpApp({} as never);
  t.same(openapi.body, JSON.parse(JSON.stringify(local)), 'the served document is the generated one');

  // --- Host header and CORS
  const port = new URL(server.url).port;
  for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, `192.168.0.1:${port}`]) {
    const answer = await request(server.url, { path: '/health', headers: { host } });
    t.equal(answer.status, 421, host);
    t.equal(answer.body.error, 'misdirected_request');
  }
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
    const answer = await request(server.url, { path: '/health', headers: { host, origin: 'https://evil.example' } });
    t.equal(answer.status, 200, host);
    noCors(t, answer, host);
  }
  const preflight = await request(server.url, {
    method: 'OPTIONS',
    path: '/api/drivercard/parse',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  noCors(t, preflight, 'preflight');
  t.not(preflight.status, 204);
  t.not(preflight.status, 200);

  // --- web page
  const page = await request(server.url, { path: '/' });
  t.equal(page.status, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.match(page.headers['content-security-policy'], /default-src 'self'/);

  // --- REST log
  const logFile = join(dataDir, 'rest.log');
  t.equal(statSync(logFile).mode & 0o777, 0o600, 'REST log is readable by its owner only');
  const log = readFileSync(logFile, 'utf8');
  const lines = log.trim().split('\n');
  t.ok(lines.length >= 40);
  for (const line of lines) {
    t.match(
      line,
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z [A-Z]+ (\/\S*|\(unmatched\)) status=\d{3} duration_ms=\d+\.\d correlation_id=[0-9a-f-]{36}$/,
    );
  }
  t.notMatch(
    log,
    /\?|DF00000123456001|DF000001|2026-03-0|imp_|archive-7|evil|basic\.ddd|home/,
    'no query values, ids, names or paths',
  );
});

t.test('payload limit: 413 from Content-Length and from a streamed body', async (t) => {
  const server = await startServer({ port: 0, dataDir: t.testdir({}), maxPayloadBytes: 64 * 1024 }, { env: {} });
  t.teardown(() => server.close());
  const big = parseBody(fixture('gen2-full.ddd'));
  t.ok(big.length > 64 * 1024);
  const declared = await post(server, big);
  t.same([declared.status, declared.body.error], [413, 'payload_too_large']);

  const { hostname, port } = new URL(server.url);
  const streamed = await new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: '/api/drivercard/parse',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    t.equal(req.getHeader('content-length'), undefined, 'chunked: no Content-Length');
    req.write('{"content_base64":"');
    const chunk = Buffer.alloc(16 * 1024, 0x41);
    let sent = 0;
    const pump = () => {
      while (sent < 200) {
        sent++;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end('"}');
    };
    pump();
  });
  t.equal(streamed.status, 413);
  t.equal(streamed.body.error, 'payload_too_large');
  const ok = await post(server, parseBody(SIGNED_BASIC));
  t.equal(ok.status, 200, 'a body under the limit still passes');
});

t.test('an unexpected failure answers 500 with the correlation id of its REST log line', async (t) => {
  const dataDir = t.testdir({});
  const reported: string[] = [];
  const server = await startServer(
    { port: 0, dataDir },
    {
      env: {},
      container: {
        queries: (base) => ({
          ...base,
          activities: async () => {
            throw new Error('disk on fire');
          },
        }),
      },
      onUnexpectedError: (_error, id) => reported.push(id),
    },
  );
  t.teardown(() => server.close());
  const answer = await get(server, '/api/drivercard/activities?card_number=DF00000123456001');
  t.equal(answer.status, 500);
  t.equal(answer.body.error, 'internal_error');
  t.match(answer.body.correlation_id, /^[0-9a-f-]{36}$/);
  t.notMatch(JSON.stringify(answer.body), /fire/);
  t.same(reported, [answer.body.correlation_id]);
  const log = readFileSync(join(dataDir, 'rest.log'), 'utf8');
  t.match(
    log,
    new RegExp(
      `GET /api/drivercard/activities status=500 duration_ms=\\S+ correlation_id=${answer.body.correlation_id}\\n`,
    ),
  );
});

t.test('health is 503 when the database is unusable', async (t) => {
  const server = await startServer(
    { port: 0, dataDir: t.testdir({}) },
    { env: {}, container: { health: () => ({ databaseAvailable: async () => false }) } },
  );
  t.teardown(() => server.close());
  const answer = await get(server, '/health');
  t.same(
    [answer.status, answer.body],
    [503, { status: 'unavailable', service: 'drivercard-rest', database: 'unavailable' }],
  );
});

t.test('identical parse requests racing store one import', async (t) => {
  const server = await startServer({ port: 0, dataDir: t.testdir({}) }, { env: {} });
  t.teardown(() => server.close());
  const body = parseBody(fixture('gen2v2-border-load.ddd'));
  const answers = await Promise.all(Array.from({ length: 4 }, () => post(server, body)));
  t.same(
    answers.map((a) => a.status),
    [200, 200, 200, 200],
  );
  t.equal(new Set(answers.map((a) => a.body.import_id)).size, 1, 'one import id for all');
  t.equal(answers.filter((a) => a.body.reused === false).length, 1, 'exactly one created it');
  const imports = await get(server, '/api/drivercard/imports');
  t.equal(imports.body.total, 1);
});

t.test(
  'the real sample decodes through the service',
  { skip: existsSync(SAMPLE) ? false : 'no ../shared/samples' },
  async (t) => {
    const server = await startServer({ port: 0, dataDir: t.testdir({}) }, { env: {} });
    t.teardown(() => server.close());
    const created = await post(server, parseBody(readFileSync(SAMPLE)));
    t.equal(created.status, 200);
    t.equal(created.body.card.card_number, 'DRIVER0000000100');
    const summary = await get(server, `/api/drivercard/time-summary?card_number=DRIVER0000000100`);
    // the samples README's summary runs the newest day to 24:00; it ends at the download (11:26): 45,240 s less driving
    t.same(summary.body.totals, { DRIVING: 1117800, WORK: 1136820, AVAILABILITY: 60, REST: 9428160, UNKNOWN: 799920 });
    t.equal(summary.body.distance_km, 9960);
    const activities = await get(server, `/api/drivercard/activities?card_number=DRIVER0000000100&limit=1`);
    t.equal(activities.body.total, 6013);
  },
);

t.test('start-up refusals and clean shutdown', async (t) => {
  await t.rejects(
    startServer({ port: 0, dataDir: t.testdir({}), host: '0.0.0.0' }, { env: {} }),
    /Refusing to bind to 0\.0\.0\.0/,
  );
  await t.rejects(
    startServer({ port: 0, dataDir: t.testdir({}) }, { env: { DRIVERCARD_PORT: 'x' } }),
    /DRIVERCARD_PORT/,
  );
  const first = await startServer({ port: 0, dataDir: t.testdir({}) }, { env: {} });
  const port = Number(new URL(first.url).port);
  await t.rejects(
    startServer({ port, dataDir: t.testdir({}) }, { env: {} }),
    /port/i,
    'a busy port is an error, not another port',
  );
  await first.close();
  await first.close();
  await t.rejects(get(first, '/health'), /ECONNREFUSED/);
});

t.test('closing ends idle keep-alive connections instead of waiting for the client', async (t) => {
  const server = await startServer({ port: 0, dataDir: t.testdir({}) }, { env: {} });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => agent.destroy());
  const { port } = new URL(server.url);
  let socketClosed: Promise<void> | null = null;
  await new Promise<void>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve());
    });
    request.on('socket', (socket) => {
      socketClosed = new Promise<void>((closed) => socket.once('close', () => closed()));
    });
    request.on('error', reject);
  });
  await new Promise((resolve) => setImmediate(resolve));
  const idle = Object.values(agent.freeSockets).flat();
  t.equal(idle.length, 1, 'the client keeps its connection open');
  idle[0]!.ref(); // the agent unrefs an idle socket: keep the test alive until it closes
  await server.close();
  await socketClosed;
  t.pass('the server closed the idle connection and then itself');
  await t.rejects(get(server, '/health'), /ECONNREFUSED/);
});

t.test('the database outage line: once, then at most once a minute, with the driver code only', async (t) => {
  const lines: string[] = [];
  let now = 1_000_000;
  const say = unavailableLog(
    (line) => lines.push(line),
    () => now,
  );
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432 for SELECT secret'), {
    code: 'ECONNREFUSED',
  });
  say(refused);
  say(refused);
  now += UNAVAILABLE_LOG_INTERVAL_MS - 1;
  say(refused);
  t.equal(lines.length, 1, 'once while it lasts');
  t.match(lines[0], /the database is unavailable \(ECONNREFUSED\)/);
  t.notMatch(lines[0], /10\.0\.0\.7|secret/, 'nothing of the message');
  now += 1;
  say(new Error('no code'));
  t.equal(lines.length, 2, 'again after a minute');
  t.match(lines[1], /unavailable; requests/);
});
