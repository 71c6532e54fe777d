/**
 * Idempotency-Key on the POSTs that create, through the service on SQLite and PostgreSQL (a throwaway cluster;
 * skipped loudly without its binaries, except under CI=true): the same key and body answer the first answer
 * byte for byte (status, body, Location) and create nothing — also across a restart of the service, and for
 * requests sent at the same moment; another body or another finding under the key is 409
 * idempotency_key_reused; a malformed key is 400; a request that failed leaves the key free. The store itself:
 * a claim never answered is taken over once stale, and keys are forgotten after the time kept, not before.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from '../adapters/http/app.js';
import { createServiceContainer, TOKENS } from '../composition/container.js';
import { loadConfig } from '../composition/config.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import type { IdempotencyStore } from '../core/ports/idempotency-store.js';
import { CLAIM_STALE_S, KEY_KEPT_S } from '../core/use-cases/idempotent-writes.js';
import { buildParsedCard, type DaySpec } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';

const started = await startPostgres();
const BASE = 'http://localhost:5055';
const CARD = 'DTEST00000000077';
// a day of 11 h driving: the pre-check draws a daily-driving finding to review
const long: DaySpec = {
  date: '2026-03-02',
  changes: [
    ['00:00', 'REST'],
    ['05:00', 'DRIVING'],
    ['09:30', 'REST'],
    ['10:15', 'DRIVING'],
    ['16:45', 'REST'],
  ],
};

async function service(dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig({}, { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const services = createServiceContainer(config, { web: null });
  const { app } = createHttpApp({
    ...(await services.httpDependencies()),
    allowedHosts: () => new Set(['localhost:5055']),
  });
  const post = async (path: string, body: unknown, key?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== undefined) headers['idempotency-key'] = key;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await app.fetch(new Request(`${BASE}${path}`, { method: 'POST', body: text, headers }));
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  };
  const get = async (path: string) => (await (await app.fetch(new Request(`${BASE}${path}`))).json()) as any;
  const store = await services.container.getAsync<SqlImportStore>(TOKENS.ImportStore);
  const keys = await services.container.getAsync<IdempotencyStore>(TOKENS.IdempotencyKeys);
  return { post, get, store, keys, dispose: () => services.dispose() };
}

const annotation = {
  card_number: CARD,
  kind: 'LEAVE',
  start: '2026-03-04T00:00:00Z',
  end: '2026-03-05T00:00:00Z',
  note: null,
  author: 'Anna (office)',
};
const ANNOTATIONS = `/api/drivercard/annotations?card_number=${CARD}&date_from=2026-03-01&date_to=2026-03-31`;

function idempotencySuite(name: string, databaseUrl: () => string | undefined): void {
  t.test(`${name}: the same key answers the first answer and creates nothing, across a restart`, async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dc-idempotency-'));
    const url = databaseUrl();
    let s = await service(dataDir, url);
    t.teardown(async () => {
      await s.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await s.store.saveImport(newImport(buildParsedCard({ card_number: CARD, days: [long] })));

    const first = await s.post('/api/drivercard/annotations', annotation, 'key-annotation-1');
    t.equal(first.status, 201);
    const again = await s.post('/api/drivercard/annotations', annotation, 'key-annotation-1');
    t.same(again, first, 'the same answer, byte for byte, with its Location');
    // the same fields in another order are the same request
    const reordered = Object.fromEntries(Object.entries(annotation).reverse());
    t.same(await s.post('/api/drivercard/annotations', reordered, 'key-annotation-1'), first, 'field order aside');
    t.equal((await s.get(ANNOTATIONS)).items.length, 1, 'one annotation created');

    const other = await s.post(
      '/api/drivercard/annotations',
      { ...annotation, author: 'Bert (office)' },
      'key-annotation-1',
    );
    t.same([other.status, JSON.parse(other.text).error], [409, 'idempotency_key_reused'], 'another body: 409');
    for (const bad of ['', 'spaced key', 'k'.repeat(256), 'tab\tkey']) {
      const answer = await s.post('/api/drivercard/annotations', annotation, bad);
      t.same([answer.status, JSON.parse(answer.text).error], [400, 'invalid_idempotency_key'], `key ${bad.length}`);
    }
    // a request that failed (a period the card records driving in) keeps no answer: the key is free again
    const driving = { ...annotation, start: '2026-03-02T06:00:00Z', end: '2026-03-02T08:00:00Z' };
    t.equal((await s.post('/api/drivercard/annotations', driving, 'key-annotation-2')).status, 409);
    t.equal((await s.post('/api/drivercard/annotations', annotation, 'key-annotation-2')).status, 201, 'key free');
    t.equal((await s.get(ANNOTATIONS)).items.length, 2);

    // a review: the same key for the same finding replays, for another finding is refused
    const precheck = await s.get(`/api/drivercard/eu561/violations?card_number=${CARD}`);
    const findingId = precheck.violations.find((v: any) => v.rule === 'daily_driving').finding_id as string;
    const review = { status: 'CONFIRMED', author: 'Anna (office)' };
    const reviewed = await s.post(`/api/drivercard/findings/${findingId}/review`, review, 'key-review-1');
    t.equal(reviewed.status, 201);
    t.same(await s.post(`/api/drivercard/findings/${findingId}/review`, review, 'key-review-1'), reviewed);
    const elsewhere = await s.post('/api/drivercard/findings/f_0000000000000000abcd/review', review, 'key-review-1');
    t.equal(elsewhere.status, 409, 'the same body for another finding is another request');
    t.equal((await s.get(`/api/drivercard/findings/${findingId}/reviews`)).entries.length, 1, 'one review');

    // a restart: the answers are in the database
    await s.dispose();
    s = await service(dataDir, url);
    t.same(await s.post('/api/drivercard/annotations', annotation, 'key-annotation-1'), first, 'after a restart');
    t.same(await s.post(`/api/drivercard/findings/${findingId}/review`, review, 'key-review-1'), reviewed);
    t.equal((await s.get(ANNOTATIONS)).items.length, 2, 'still two annotations');

    // sent five times at once: one created, five identical answers
    const burst = { ...annotation, start: '2026-03-10T00:00:00Z', end: '2026-03-11T00:00:00Z' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.post('/api/drivercard/annotations', burst, 'key-burst')),
    );
    t.same(new Set(answers.map((a) => `${a.status} ${a.text}`)).size, 1, 'five identical answers');
    t.equal(answers[0]!.status, 201);
    t.equal((await s.get(ANNOTATIONS)).items.length, 3, 'one annotation for the five requests');
  });

  t.test(`${name}: a stale claim is taken over; a key is kept ${KEY_KEPT_S / 3600} h, then forgotten`, async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dc-idempotency-'));
    const s = await service(dataDir, databaseUrl());
    t.teardown(async () => {
      await s.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const at = (now: number) => ({ now, forgetBefore: now - KEY_KEPT_S, staleBefore: now - CLAIM_STALE_S });
    const t0 = 1_780_000_000;
    t.same(await s.keys.claim('k', 'fp', at(t0)), { outcome: 'claimed' });
    t.same(await s.keys.claim('k', 'fp', at(t0 + CLAIM_STALE_S)), { outcome: 'in_flight' }, 'not stale yet');
    t.same(await s.keys.claim('k', 'other', at(t0 + 1)), { outcome: 'reused' });
    t.same(await s.keys.claim('k', 'fp', at(t0 + CLAIM_STALE_S + 1)), { outcome: 'claimed' }, 'stale: taken over');
    t.same(await s.keys.claim('k', 'fp', at(t0 + CLAIM_STALE_S + 2)), { outcome: 'in_flight' }, 'taken once');
    const answer = { status: 201, body: '{"a":1}', location: '/x' };
    await s.keys.answer('k', answer);
    const later = t0 + CLAIM_STALE_S + KEY_KEPT_S;
    t.same(await s.keys.claim('k', 'fp', at(later)), { outcome: 'answered', answer }, 'kept the whole time');
    // taken over at t0 + CLAIM_STALE_S + 1: forgotten once that is more than KEY_KEPT_S ago
    t.same(await s.keys.claim('k', 'other', at(later + 2)), { outcome: 'claimed' }, 'forgotten after it');
    await s.keys.release('k');
    t.same(await s.keys.claim('k', 'fp', at(later + 3)), { outcome: 'claimed' }, 'a released claim is free');
  });
}

idempotencySuite('sqlite', () => undefined);

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL idempotency tests NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  idempotencySuite('postgres', () => server.freshDatabaseUrl());
}
