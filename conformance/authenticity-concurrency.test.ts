/**
 * Authenticity verification cost: the concurrent path (verifyAsync, EF signatures on the thread pool)
 * answers exactly what the sequential path answers, for verified and tampered files of every generation; EF
 * results are memoised by key ‖ signature ‖ value, so a file verified again repeats no ECDSA check while a
 * changed signature or value is checked afresh; a crypto port without the async method still verifies.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore, verifyCardAsync } from '../core/authenticity/index.js';
import { VerificationCache } from '../core/authenticity/verification-cache.js';
import { decodeDddBytes } from '../core/decoder/index.js';
import { tamper } from '../fixtures/pki/tamper.js';
import type { DecodedCard } from '../core/domain/card.js';
import type { SignatureCrypto } from '../core/ports/signature-crypto.js';
import { signDdd, testTrustFiles, withCardDownload } from '../fixtures/pki/test-pki.js';
import { decodeCardFile, verifyingCardDecoder } from '../core/use-cases/decode-card-file.js';

const node = new NodeSignatureCrypto();
const trust = buildTrustStore(testTrustFiles(), node).store;
const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'ddd', name)));

/** node:crypto, counting the ECDSA checks of each kind */
class CountingCrypto implements SignatureCrypto {
  sync = 0;
  async = 0;
  hash = node.hash.bind(node);
  rsaPublic = node.rsaPublic.bind(node);
  ecdsaVerify(...args: Parameters<SignatureCrypto['ecdsaVerify']>): boolean {
    this.sync++;
    return node.ecdsaVerify(...args);
  }
  ecdsaVerifyAsync(...args: Parameters<SignatureCrypto['ecdsaVerify']>): Promise<boolean> {
    this.async++;
    return node.ecdsaVerifyAsync(...args);
  }
}

t.test('verifyAsync answers what verify answers: verified and tampered files of every generation', async (t) => {
  for (const name of ['gen1-full.ddd', 'gen2-full.ddd', 'gen2v2-full.ddd']) {
    const signed = signDdd(fixture(name));
    const app = name.startsWith('gen1') ? 0 : 2;
    const variants: Array<[string, Uint8Array]> = [
      ['signed', signed],
      ['EF byte', tamper(signed, 0x0504, app, 7)],
      ['signature byte', tamper(signed, 0x0502, app + 1, 5)],
      ['certificate byte', tamper(signed, 0xc108, app, 60)],
    ];
    for (const [label, bytes] of variants) {
      const card = decodeDddBytes(bytes);
      const sync = new CardAuthenticityVerifier(node, trust).verify(card);
      const crypto = new CountingCrypto();
      const concurrent = await new CardAuthenticityVerifier(crypto, trust).verifyAsync(card);
      t.same(concurrent, sync, `${name}, ${label}`);
      if (app === 2 && label !== 'certificate byte')
        t.ok(crypto.async >= 10, `${name}, ${label}: EF signatures checked off the thread (${crypto.async})`);
    }
    t.equal(
      new CardAuthenticityVerifier(node, trust).verify(decodeDddBytes(signed)).authenticity.status,
      'VERIFIED',
      `${name} VERIFIED`,
    );
  }
});

t.test('EF results are memoised: the same file again repeats no ECDSA check; new signatures are checked', async (t) => {
  const crypto = new CountingCrypto();
  const v = new CardAuthenticityVerifier(crypto, trust);
  const signed = signDdd(fixture('gen2-full.ddd'));
  const card = decodeDddBytes(signed);
  const first = await v.verifyAsync(card);
  t.equal(first.authenticity.status, 'VERIFIED');
  const g2 = first.authenticity.efs.filter((e) => e.application === 'TACHOGRAPH_G2' && e.result === 'VALID').length;
  t.equal(crypto.async, g2, 'one async check per signed G2 EF');
  const checks = crypto.sync + crypto.async;
  t.same(await v.verifyAsync(card), first, 'async again: same answer');
  t.same(v.verify(card), first, 'sync again: same answer');
  t.equal(crypto.sync + crypto.async, checks, 'no ECDSA check repeated');

  // one changed signature byte of the same EF: a new key ‖ signature ‖ value, checked afresh, INVALID
  const bad = decodeDddBytes(tamper(signed, 0x0502, 3, 5));
  const badResult = await v.verifyAsync(bad);
  t.same(
    badResult.authenticity.efs.filter((e) => e.result === 'INVALID').map((e) => [e.ef, e.application]),
    [['0502', 'TACHOGRAPH_G2']],
  );
  t.equal(crypto.sync + crypto.async, checks + 1, 'only the changed EF checked');
  t.same(v.verify(bad), badResult, 'the cached INVALID answer is the same');

  // a later download of the same card: new ECDSA signatures (random nonce) on every EF, the chain from the cache
  const later = decodeDddBytes(signDdd(withCardDownload(fixture('gen2-full.ddd'), 1_777_597_200)));
  const before = crypto.async;
  const laterResult = await v.verifyAsync(later);
  t.equal(laterResult.authenticity.status, 'VERIFIED');
  t.equal(
    crypto.async - before,
    g2 + 1,
    'every G2 EF signature checked (plus the new EF Card_Download), no certificate',
  );
});

t.test(
  'a crypto port without ecdsaVerifyAsync still verifies concurrently-shaped, on the calling thread',
  async (t) => {
    const { ecdsaVerifyAsync: _unused, ...rest } = {
      ecdsaVerifyAsync: null,
      hash: node.hash.bind(node),
      rsaPublic: node.rsaPublic.bind(node),
      ecdsaVerify: node.ecdsaVerify.bind(node),
    };
    void _unused;
    const plain: SignatureCrypto = rest;
    const card = decodeDddBytes(signDdd(fixture('gen2v2-full.ddd')));
    const answer = await verifyCardAsync(card, { crypto: plain, trust, cache: new VerificationCache() });
    t.same(answer, new CardAuthenticityVerifier(node, trust).verify(card));
    t.equal(answer.authenticity.status, 'VERIFIED');
  },
);

t.test('verifyAsync never rejects: an internal failure rates the file UNVERIFIABLE', async (t) => {
  const broken = { gen1: { security: null }, gen2: null } as unknown as DecodedCard;
  const r = await new CardAuthenticityVerifier(node, trust).verifyAsync(broken);
  t.equal(r.authenticity.status, 'UNVERIFIABLE');
  t.same(
    r.warnings.map((w) => w.code),
    ['authenticity_unverifiable'],
  );
});

t.test(
  'the verifying decoder: same rows as the plain decoder, the same authenticity with or without verifyAsync',
  async (t) => {
    const signed = signDdd(fixture('gen2v2-full.ddd'));
    const verifier = new CardAuthenticityVerifier(node, trust);
    const concurrent = await verifyingCardDecoder(verifier)(signed);
    const sequential = await verifyingCardDecoder({ verify: (card) => verifier.verify(card) })(signed);
    const plain = await decodeCardFile(signed);
    t.equal(concurrent.metadata.authenticity?.status, 'VERIFIED');
    t.same(sequential, concurrent, 'the sequential path answers the same');
    const { authenticity: _a, ...rest } = concurrent.metadata;
    void _a;
    t.same(
      { ...concurrent, metadata: rest },
      { ...plain, metadata: (({ authenticity: _b, ...m }) => m)(plain.metadata) },
      'rows unchanged by verification',
    );
  },
);
