/** The SignatureCrypto adapter never throws: unusable keys, points and inputs give null / false. */
import t from 'tap';
import { NodeSignatureCrypto, ecSpki } from './node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore, emptyTrustStore } from '../../core/authenticity/index.js';
import { testTrustFiles } from '../../fixtures/pki/test-pki.js';
import type { DecodedCard } from '../../core/domain/card.js';

const c = new NodeSignatureCrypto();

t.test('RSA: raw public operation, bad keys and inputs', async (t) => {
  const n = new Uint8Array(128).fill(0xff);
  const e = Uint8Array.of(0, 0, 0, 0, 0, 1, 0, 1);
  const out = c.rsaPublic(n, e, new Uint8Array(128).fill(0x01));
  t.equal(out?.length, 128);
  t.equal(c.rsaPublic(n, e, new Uint8Array(127)), null, 'input of another length');
  t.equal(c.rsaPublic(n, e, new Uint8Array(128).fill(0xff)), null, 'input not below the modulus');
  t.equal(c.rsaPublic(new Uint8Array(128), new Uint8Array(8), new Uint8Array(128)), null, 'a zero key');
});

t.test('ECDSA: bad points and signatures are false', async (t) => {
  t.notOk(c.ecdsaVerify('brainpoolP256r1', Uint8Array.of(4, 1, 2, 3), 'SHA-256', Uint8Array.of(1), new Uint8Array(64)));
  t.notOk(
    c.ecdsaVerify('prime256v1', new Uint8Array(65), 'SHA-256', Uint8Array.of(1), new Uint8Array(64)),
    'point not on the curve',
  );
  t.equal(ecSpki('secp521r1', new Uint8Array(133)).length > 133, true, 'long-form DER lengths');
  t.equal(c.hash('SHA-512', Uint8Array.of()).length, 64);
});

t.test('trust store: a self-signed certificate that does not verify is ignored', async (t) => {
  const [gen1, gen2] = testTrustFiles();
  const bad = gen2!.bytes.slice();
  bad[bad.length - 1] ^= 0x01;
  const { store, notes } = buildTrustStore(
    [gen1!, { name: 'bad-root.bin', bytes: bad }, { name: 'ms.bin', bytes: new Uint8Array(194) }],
    c,
  );
  t.equal(store.gen2Roots.size, 0);
  t.match(notes.join('\n'), /bad-root\.bin: a self-signed certificate whose signature does not verify/);
  t.match(notes.join('\n'), /ms\.bin: a first-generation certificate no trusted root opens/);
});

t.test('the verifier never throws: an internal failure rates the file UNVERIFIABLE', async (t) => {
  const v = new CardAuthenticityVerifier(c, emptyTrustStore());
  const broken = { gen1: { security: null }, gen2: null } as unknown as DecodedCard;
  const r = v.verify(broken);
  t.equal(r.authenticity.status, 'UNVERIFIABLE');
  t.same(
    r.warnings.map((w) => w.code),
    ['authenticity_unverifiable'],
  );
});

t.test('ECDSA off the calling thread: the same answers, never a rejection', async (t) => {
  const { generateKeyPairSync, sign } = await import('node:crypto');
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'brainpoolP256r1' });
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const point = new Uint8Array(der.subarray(der.length - 65));
  const data = Uint8Array.of(1, 2, 3);
  const signature = new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }));
  t.equal(await c.ecdsaVerifyAsync('brainpoolP256r1', point, 'SHA-256', data, signature), true);
  t.equal(c.ecdsaVerify('brainpoolP256r1', point, 'SHA-256', data, signature), true, 'the sync check agrees');
  const bad = signature.slice();
  bad[10] ^= 1;
  t.equal(await c.ecdsaVerifyAsync('brainpoolP256r1', point, 'SHA-256', data, bad), false, 'a changed signature byte');
  t.equal(
    await c.ecdsaVerifyAsync('brainpoolP256r1', point, 'SHA-256', Uint8Array.of(1, 2, 4), signature),
    false,
    'changed data',
  );
  t.equal(
    await c.ecdsaVerifyAsync('prime256v1', new Uint8Array(65), 'SHA-256', data, signature),
    false,
    'a point not on the curve',
  );
  t.equal(
    await c.ecdsaVerifyAsync('brainpoolP256r1', point, 'SHA-256', data, signature.subarray(0, 10)),
    false,
    'a short signature',
  );
  const notBytes = null as unknown as Uint8Array;
  t.equal(
    await c.ecdsaVerifyAsync('brainpoolP256r1', point, 'SHA-256', notBytes, signature),
    false,
    'arguments node:crypto refuses',
  );
});
