/**
 * The Idempotency-Key wrapper of the creating routes over a store played by hand: a request while the first one
 * with its key is being answered waits for that answer (and replays it), or gets 503 service_busy once the wait is
 * over; a creation that fails releases the key and fails as it did; without the header, or without the kept
 * answers, the request is answered as it is.
 */
import t from 'tap';
import { idempotently } from './idempotency.js';
import { HttpProblem } from './problem.js';
import { IdempotentWrites, canonicalJson } from '../../../core/use-cases/idempotent-writes.js';
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../../../core/ports/idempotency-store.js';
import type { RouteContext } from './route-spec.js';

function store(claims: IdempotencyClaim[]) {
  const calls: string[] = [];
  const kept: IdempotencyStore = {
    claim: async () => {
      calls.push('claim');
      return claims.length > 1 ? claims.shift()! : claims[0]!;
    },
    answer: async (_key: string, answer: StoredAnswer) => void calls.push(`answer ${answer.status} ${answer.body}`),
    release: async () => void calls.push('release'),
  };
  return { kept, calls };
}

function context(kept: IdempotencyStore | null, key: string | null): RouteContext {
  const writes =
    kept &&
    new IdempotentWrites({
      store: kept,
      clock: { now: () => new Date('2026-03-10T08:00:00Z') },
      hasher: { sha256Hex: () => 'h', sha256HexOfText: (text) => `#${text}` },
    });
  const headers: Record<string, string> = key === null ? {} : { 'idempotency-key': key };
  return {
    request: new Request('http://localhost/x', { method: 'POST', headers }),
    url: new URL('http://localhost/x'),
    query: {},
    deps: (writes ? { idempotency: writes } : {}) as RouteContext['deps'],
  };
}

const created = { status: 201, body: { id: 'a' }, location: '/a' };

t.test('a request waits for the first answer of its key, then replays it', async (t) => {
  const answer = { status: 201, body: '{"id":"first"}', location: null };
  const { kept, calls } = store([{ outcome: 'in_flight' }, { outcome: 'in_flight' }, { outcome: 'answered', answer }]);
  let runs = 0;
  const result = await idempotently(context(kept, 'k1'), 'op', {}, async () => (runs++, created));
  t.same(result, { status: 201, body: { id: 'first' } }, 'the first answer, without a Location it had none of');
  t.equal(runs, 0, 'nothing created');
  t.same(calls, ['claim', 'claim', 'claim']);
});

t.test('the wait is bounded: 503 service_busy', async (t) => {
  const { kept } = store([{ outcome: 'in_flight' }]);
  const started = Date.now();
  const refused = await idempotently(context(kept, 'k1'), 'op', {}, async () => created, 120).catch((e) => e);
  t.ok(refused instanceof HttpProblem);
  t.same([refused.status, refused.code], [503, 'service_busy']);
  t.ok(Date.now() - started >= 120, 'after the wait');
});

t.test('created: the answer is kept; failed: the key is released and the failure stands', async (t) => {
  const ok = store([{ outcome: 'claimed' }]);
  t.same(await idempotently(context(ok.kept, 'k1'), 'op', {}, async () => created), created);
  t.same(ok.calls, ['claim', 'answer 201 {"id":"a"}']);
  const failing = store([{ outcome: 'claimed' }]);
  const failure = new Error('refused');
  const thrown = await idempotently(context(failing.kept, 'k1'), 'op', {}, async () => {
    throw failure;
  }).catch((e) => e);
  t.equal(thrown, failure);
  t.same(failing.calls, ['claim', 'release']);
  const reused = store([{ outcome: 'reused' }]);
  const conflict = await idempotently(context(reused.kept, 'k1'), 'op', {}, async () => created).catch((e) => e);
  t.equal(conflict.code, 'idempotency_key_reused');
});

t.test('no header, or no kept answers: answered as it is', async (t) => {
  const { kept, calls } = store([{ outcome: 'claimed' }]);
  t.same(await idempotently(context(kept, null), 'op', {}, async () => created), created);
  t.same(calls, [], 'the store not asked');
  t.same(await idempotently(context(null, 'k1'), 'op', {}, async () => created), created);
});

t.test('the fingerprint: object keys sorted at every depth, arrays in order', async (t) => {
  t.equal(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x' }), '{"a":"x","b":[2,{"c":null,"d":1}]}');
  t.equal(canonicalJson([3, 1]), '[3,1]');
  t.equal(canonicalJson(undefined), 'null');
  t.not(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
});
