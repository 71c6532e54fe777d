import t from 'tap';
import { createHash } from 'node:crypto';
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { VerificationCache } from './verification-cache.js';

/** only hash() is used by the cache */
const crypto = {
  hash: (_: string, data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
} as unknown as SignatureCrypto;
const b = (...v: number[]) => Uint8Array.from(v);

t.test('memo: computed once per kind and parts, parts are length-delimited', async (t) => {
  const cache = new VerificationCache();
  let calls = 0;
  const compute = () => ++calls;
  t.equal(cache.memo(crypto, 'k', [b(1, 2), b(3)], compute), 1);
  t.equal(cache.memo(crypto, 'k', [b(1, 2), b(3)], compute), 1, 'served again');
  t.equal(cache.hits, 1);
  t.equal(cache.memo(crypto, 'k', [b(1), b(2, 3)], compute), 2, 'same bytes, other split: another entry');
  t.equal(cache.memo(crypto, 'other', [b(1, 2), b(3)], compute), 3, 'another kind: another entry');
  t.equal(cache.size, 3);
});

t.test('memoAsync: stores the result once known, shares entries with memo', async (t) => {
  const cache = new VerificationCache();
  let calls = 0;
  const compute = async () => {
    calls++;
    return false;
  };
  t.equal(await cache.memoAsync(crypto, 'ef', [b(9)], compute), false);
  t.equal(await cache.memoAsync(crypto, 'ef', [b(9)], compute), false);
  t.equal(calls, 1, 'a false result is served again too (a check is a pure function of its bytes)');
  t.equal(
    cache.memo(crypto, 'ef', [b(9)], () => true),
    false,
    'the sync memo sees the same entry',
  );
  const failing = cache.memoAsync(crypto, 'ef', [b(8)], () => Promise.reject(new Error('boom')));
  await t.rejects(failing, /boom/);
  t.equal(cache.size, 1, 'a failed check stores nothing');
});

t.test('bounded: cleared when full', async (t) => {
  const cache = new VerificationCache(2);
  cache.memo(crypto, 'k', [b(1)], () => 1);
  cache.memo(crypto, 'k', [b(2)], () => 2);
  t.equal(cache.size, 2);
  cache.memo(crypto, 'k', [b(3)], () => 3);
  t.equal(cache.size, 1, 'cleared, then the new entry');
  t.equal(
    new VerificationCache().memo(crypto, 'k', [], () => 'empty'),
    'empty',
  );
});
