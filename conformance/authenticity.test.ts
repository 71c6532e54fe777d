/**
 * Authenticity end to end on node:crypto: the published ERCA / member-state certificates, the real
 * samples of ../shared/samples (loud skip when absent), and our own test PKI (fixtures/pki) on the encoder's
 * fixtures: verified files, one changed byte failing exactly its EF or chain, missing / foreign / expired
 * material, random bytes never crashing, the cache, and quarantine through the import use case.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore, type TrustStore } from '../core/authenticity/index.js';
import { parseCvCertificate } from '../core/authenticity/cv-certificate.js';
import { readEcPk, unwrapCertificate } from '../core/authenticity/gen1-certificate.js';
import { verifyCvSignature } from '../core/authenticity/trust-store.js';
import { decodeDddBytes, readTlvBlocks } from '../core/decoder/index.js';
import { tamper } from '../fixtures/pki/tamper.js';
import type { ImportRow } from '../core/domain/rows.js';
import type { ImportStore } from '../core/ports/import-store.js';
import { verifyingCardDecoder, withDayRecords } from '../core/use-cases/decode-card-file.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import {
  signDdd,
  testGen1MemberStateCertificate,
  testGen2MemberState,
  testTrustFiles,
} from '../fixtures/pki/test-pki.js';
import { reportMissingDependency } from './missing-dependency.js';

const crypto = new NodeSignatureCrypto();
const repo = resolve(import.meta.dirname, '..');
const erca = resolve(repo, '..', 'shared', 'reference', 'erca');
const samples = resolve(repo, '..', 'shared', 'samples');
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(resolve(repo, 'fixtures', 'ddd', name)));

const shipped = buildTrustStore(
  ['gen1-erca-root-EC_PK.bin', 'gen2-erca-root-1.bin'].map((name) => ({
    name,
    bytes: new Uint8Array(readFileSync(resolve(repo, 'composition', 'trust-roots', name))),
  })),
  crypto,
).store;
const testTrust = buildTrustStore(testTrustFiles(), crypto).store;

function verifierOf(trust: TrustStore): CardAuthenticityVerifier {
  return new CardAuthenticityVerifier(crypto, trust);
}
function verify(bytes: Uint8Array, trust: TrustStore = testTrust) {
  return verifierOf(trust).verify(decodeDddBytes(bytes));
}

function withoutBlocks(file: Uint8Array, drop: (fid: number, appendix: number) => boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const b of readTlvBlocks(file))
    if (!drop(b.fid, b.appendix)) parts.push(file.subarray(b.offset, b.offset + 5 + b.value.length));
  return new Uint8Array(Buffer.concat(parts));
}

const notValid = (efs: { ef: string; application: string; result: string }[]) =>
  efs.filter((e) => e.result !== 'VALID' && !(e.ef === '050E' && e.result === 'NOT_CHECKED'));

t.test(
  'published member-state certificates verify under their roots and fail after any single changed byte',
  async (t) => {
    if (!existsSync(erca))
      return reportMissingDependency(t, `ERCA REFERENCE MISSING: ${erca}`, 'the shared reference folder');
    const root1 = readEcPk(new Uint8Array(readFileSync(resolve(erca, 'gen1-erca-root-EC_PK.bin'))))!;
    const root2 = parseCvCertificate(new Uint8Array(readFileSync(resolve(erca, 'gen2-erca-root-1.bin'))))!;
    t.ok(verifyCvSignature(root2, root2, crypto), 'the gen2 root is self-signed');
    for (const name of ['gen1-msca-finland-tcc37.bin', 'gen1-msca-finland-tcc38.bin']) {
      const cert = new Uint8Array(readFileSync(resolve(erca, name)));
      t.ok(unwrapCertificate(cert, root1, crypto), `${name} verifies`);
      let failures = 0;
      for (let i = 0; i < cert.length; i++) {
        const bad = cert.slice();
        bad[i] ^= 0x01;
        if (unwrapCertificate(bad, root1, crypto) === null) failures++;
      }
      t.equal(failures, cert.length, `${name}: every one of the ${cert.length} changed bytes fails`);
    }
    for (const name of ['gen2-msca-finland-card42.bin', 'gen2-msca-finland-card43.bin']) {
      const cert = new Uint8Array(readFileSync(resolve(erca, name)));
      const parsed = parseCvCertificate(cert)!;
      t.ok(verifyCvSignature(parsed, root2, crypto), `${name} verifies`);
      let failures = 0;
      for (let i = 0; i < cert.length; i++) {
        const bad = cert.slice();
        bad[i] ^= 0x01;
        const p = parseCvCertificate(bad);
        if (p === null || !verifyCvSignature(p, root2, crypto)) failures++;
      }
      t.equal(failures, cert.length, `${name}: every one of the ${cert.length} changed bytes fails`);
    }
  },
);

t.test('real samples', async (t) => {
  const es = resolve(samples, 'gen1-real-signed-es.ddd');
  const activity = resolve(samples, 'gen1-real-activity.ddd');
  if (!existsSync(es) || !existsSync(activity))
    return reportMissingDependency(t, `REAL SAMPLES MISSING: ${samples}`, 'the shared samples folder');
  const bytes = new Uint8Array(readFileSync(es));
  const ok = verify(bytes, shipped);
  t.equal(ok.authenticity.status, 'VERIFIED', 'the real Spanish card is VERIFIED with the shipped roots');
  t.equal(ok.authenticity.efs.length, 12);
  t.ok(
    ok.authenticity.efs.every((e) => e.result === 'VALID'),
    'all 12 EF signatures VALID',
  );
  t.same(
    ok.authenticity.efs.map((e) => e.ef),
    ['0501', '0520', '050E', '0521', '0502', '0503', '0504', '0505', '0506', '0507', '0508', '0522'],
  );
  t.same(
    ok.authenticity.chains[0]!.certificates.map((c) => [c.role, c.status]),
    [
      ['ROOT', 'VALID'],
      ['MEMBER_STATE', 'VALID'],
      ['CARD', 'VALID'],
    ],
  );
  t.equal(
    ok.authenticity.chains[0]!.certificates[2]!.valid_to,
    '2023-10-05T21:59:59Z',
    'card certificate expired after the download, valid for it',
  );
  t.same(ok.warnings, []);
  for (const e of ok.authenticity.efs) {
    const bad = verify(tamper(bytes, parseInt(e.ef, 16), 0, 3), shipped);
    t.same(
      bad.authenticity.efs.filter((x) => x.result !== 'VALID').map((x) => x.ef),
      [e.ef],
      `a changed byte of ${e.ef} fails exactly that EF`,
    );
    t.equal(bad.authenticity.status, 'INVALID');
  }
  const rand = verify(new Uint8Array(readFileSync(activity)), shipped);
  t.equal(rand.authenticity.status, 'INVALID', 'random certificate bytes: INVALID');
  t.ok(rand.warnings.some((w) => w.code === 'certificate_invalid'));
});

t.test('a changed byte of the real activity EF quarantines the import', async (t) => {
  const es = resolve(samples, 'gen1-real-signed-es.ddd');
  if (!existsSync(es))
    return reportMissingDependency(t, `REAL SAMPLES MISSING: ${samples}`, 'the shared samples folder');
  const bytes = tamper(new Uint8Array(readFileSync(es)), 0x0504, 0, 100);
  const row = await importOnce(bytes, shipped, false);
  t.equal(row.status, 'QUARANTINED');
  t.equal(row.authenticity?.status, 'INVALID');
  t.same(
    row.authenticity?.efs.filter((e) => e.result === 'INVALID').map((e) => e.ef),
    ['0504'],
  );
  t.ok(row.warnings.some((w) => w.code === 'signature_invalid'));
  const good = await importOnce(new Uint8Array(readFileSync(es)), shipped, true);
  t.equal(good.status, 'OK', 'VERIFIED stays OK even when verification is required');
});

async function importOnce(bytes: Uint8Array, trust: TrustStore, requireVerified: boolean): Promise<ImportRow> {
  let saved: ImportRow | null = null;
  const store = {
    findImport: async () => null,
    storedHolder: async () => null,
    cardHistory: async () => ({ served: [], conflicts: [] }),
    saveImport: async (input: { import: ImportRow }) => {
      saved = input.import;
      return { outcome: 'created', import: input.import };
    },
  } as unknown as ImportStore;
  const useCase = new ImportDddFile({
    store,
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
    ids: { newImportId: () => 'imp-1' } as never,
    decodeCard: withDayRecords(verifyingCardDecoder(verifierOf(trust)), new NodeCryptoHasher()),
    requireVerified,
  });
  await useCase.parse({ file_name: 'x.ddd', content: bytes, archive_id: null });
  return saved!;
}

t.test('test PKI: signed fixtures verify, one changed byte fails exactly its EF or chain', async (t) => {
  for (const name of ['gen1-full.ddd', 'gen2-full.ddd', 'gen2v2-full.ddd']) {
    const signed = signDdd(fixture(name));
    const ok = verify(signed);
    t.equal(ok.authenticity.status, 'VERIFIED', `${name} VERIFIED`);
    t.same(notValid(ok.authenticity.efs), [], `${name}: every EF VALID`);
    t.same(ok.warnings, []);
    const lastApp = name.startsWith('gen1') ? 0 : 2;
    const ef = verify(tamper(signed, 0x0504, lastApp, 7));
    t.same(
      notValid(ef.authenticity.efs).map((e) => [e.ef, e.result]),
      [['0504', 'INVALID']],
      `${name}: changed EF byte`,
    );
    const sig = verify(tamper(signed, 0x0502, lastApp + 1, 5));
    t.same(
      notValid(sig.authenticity.efs).map((e) => [e.ef, e.result]),
      [['0502', 'INVALID']],
      `${name}: changed signature byte`,
    );
    const cert = verify(tamper(signed, 0xc108, lastApp, 60));
    t.equal(cert.authenticity.status, 'INVALID', `${name}: changed certificate byte`);
    t.same(
      cert.authenticity.chains.map((c) => c.status),
      lastApp === 0 ? ['INVALID'] : ['VALID', 'INVALID'],
      'exactly that chain',
    );
    t.ok(cert.warnings.some((w) => w.code === 'certificate_invalid'));
  }
});

t.test('test PKI: link certificates, trust-store member states, validity at the download time', async (t) => {
  const noLink = verify(signDdd(fixture('gen2-full.ddd'), { withoutLink: true }));
  t.equal(noLink.authenticity.status, 'UNVERIFIABLE', 'no link certificate: root 2 is unknown');
  t.ok(noLink.warnings.some((w) => w.code === 'certificate_unknown_root'));
  const withRoot2InFolder = buildTrustStore(
    [...testTrustFiles(), { name: 'link.bin', bytes: readLink(signDdd(fixture('gen2-full.ddd'))) }],
    crypto,
  ).store;
  t.equal(
    verify(signDdd(fixture('gen2-full.ddd'), { withoutLink: true }), withRoot2InFolder).authenticity.status,
    'VERIFIED',
    'link certificate from the trust folder',
  );

  const noC108 = withoutBlocks(signDdd(fixture('gen2-full.ddd')), (fid) => fid === 0xc108);
  t.equal(verify(noC108).authenticity.status, 'UNVERIFIABLE', 'no C108 and none in the folder');
  const folder = buildTrustStore(
    [
      ...testTrustFiles(),
      { name: 'ms1.bin', bytes: testGen1MemberStateCertificate() },
      { name: 'ms2.bin', bytes: testGen2MemberState() },
    ],
    crypto,
  ).store;
  t.equal(
    verify(noC108, folder).authenticity.status,
    'VERIFIED',
    'member-state certificates of the trust folder stand in for C108',
  );

  const expiredBefore = verify(signDdd(fixture('gen1-full.ddd'), { gen1CardEov: 1_600_000_000 }));
  t.equal(expiredBefore.authenticity.status, 'INVALID', 'card certificate expired before the download');
  t.equal(expiredBefore.authenticity.chains[0]!.certificates[2]!.status, 'EXPIRED');
  const gen2Expired = verify(signDdd(fixture('gen2-full.ddd'), { gen2CardTo: 1_600_000_000 }));
  t.equal(gen2Expired.authenticity.chains[1]!.certificates.at(-1)!.status, 'EXPIRED');
  t.equal(verify(signDdd(fixture('gen1-full.ddd'), { gen1CardEov: 2_100_000_000 })).authenticity.status, 'VERIFIED');
});

function readLink(file: Uint8Array): Uint8Array {
  for (const b of readTlvBlocks(file)) if (b.fid === 0xc109) return b.value.slice();
  throw new Error('no link');
}

t.test('unsigned, missing signature, unknown roots', async (t) => {
  const signed = signDdd(fixture('gen1-full.ddd'));
  const unsigned = withoutBlocks(signed, (fid, appendix) => appendix === 1 || fid >= 0xc100);
  const u = verify(unsigned);
  t.equal(u.authenticity.status, 'UNSIGNED');
  t.ok(u.warnings.some((w) => w.code === 'authenticity_unsigned'));
  const missing = verify(withoutBlocks(signed, (fid, appendix) => fid === 0x0505 && appendix === 1));
  t.equal(missing.authenticity.status, 'UNVERIFIABLE');
  t.same(
    notValid(missing.authenticity.efs).map((e) => [e.ef, e.result]),
    [['0505', 'MISSING']],
  );
  t.ok(missing.warnings.some((w) => w.code === 'authenticity_unverifiable'));
  const shippedOnly = verify(signed, shipped);
  t.equal(shippedOnly.authenticity.status, 'UNVERIFIABLE', 'test certificates are not trusted by the shipped roots');
  t.ok(shippedOnly.warnings.some((w) => w.code === 'certificate_unknown_root'));
});

t.test('foreign signature scheme (appendix 81, X.509 in C209): UNVERIFIABLE, one warning', async (t) => {
  const file = foreignSchemeFile(fixture('gen1-basic.ddd'));
  const card = decodeDddBytes(file);
  t.same(
    card.warnings.map((w) => w.code),
    ['signature_scheme_unknown'],
    'one warning, no unknown_tag, no signature_missing',
  );
  t.ok(card.gen1!.security.foreignSignatures.size > 0);
  t.ok(card.gen1!.security.x509Certificate);
  const r = verifierOf(testTrust).verify(card);
  t.equal(r.authenticity.status, 'UNVERIFIABLE');
  t.same(
    r.warnings.filter((w) => w.code === 'authenticity_unverifiable'),
    [],
    'the decoder warning explains it',
  );
});

/** our encoder's file, its signatures re-tagged with appendix 81 and an X.509-like certificate in C209 */
function foreignSchemeFile(file: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const b of readTlvBlocks(file)) {
    if (b.fid >= 0xc100) continue;
    const head = Uint8Array.of(
      b.fid >> 8,
      b.fid & 0xff,
      b.appendix === 1 ? 0x81 : b.appendix,
      b.value.length >> 8,
      b.value.length & 0xff,
    );
    parts.push(head, b.value);
  }
  const x509 = Uint8Array.of(0x30, 0x82, 0x00, 0x04, 0x30, 0x02, 0x05, 0x00);
  parts.push(Uint8Array.of(0xc2, 0x09, 0x00, 0x00, x509.length), x509);
  return new Uint8Array(Buffer.concat(parts));
}

t.test('random bytes in certificates and signatures never crash the verifier', async (t) => {
  let seed = 8;
  const rand = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed % n;
  };
  const bases = [signDdd(fixture('gen1-full.ddd')), signDdd(fixture('gen2v2-full.ddd'))];
  const statuses = new Set<string>();
  for (let i = 0; i < 100; i++) {
    const base = bases[i % 2]!;
    const blocks = [...readTlvBlocks(base)];
    const parts: Uint8Array[] = [];
    for (const b of blocks) {
      let value = b.value;
      if ((b.fid >= 0xc100 || b.appendix % 2 === 1) && rand(3) === 0) {
        value = Uint8Array.from({ length: rand(4) === 0 ? rand(300) : value.length }, () => rand(256));
        if (rand(2) === 0 && value.length > 4) value.set(b.value.subarray(0, 4));
      }
      parts.push(Uint8Array.of(b.fid >> 8, b.fid & 0xff, b.appendix, value.length >> 8, value.length & 0xff), value);
    }
    const r = verify(new Uint8Array(Buffer.concat(parts)));
    statuses.add(r.authenticity.status);
  }
  t.ok(
    [...statuses].every((s) => ['VERIFIED', 'INVALID', 'UNVERIFIABLE', 'UNSIGNED'].includes(s)),
    `statuses ${[...statuses]}`,
  );
  t.ok(statuses.has('INVALID'));
});

t.test('verified chains are cached: a re-import repeats no certificate check', async (t) => {
  const v = verifierOf(testTrust);
  const card = decodeDddBytes(signDdd(fixture('gen2-full.ddd')));
  const first = v.verify(card);
  const size = v.cache.size;
  const hits = v.cache.hits;
  t.same(v.verify(card), first, 'same result');
  t.equal(v.cache.size, size, 'no new entries');
  t.ok(v.cache.hits - hits >= 4, 'every certificate served from the cache');
});
