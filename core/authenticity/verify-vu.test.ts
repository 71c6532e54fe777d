/**
 * VU authenticity verdicts on our own fixtures (test PKI): verified files of both generations, an untrusted
 * root, a missing signature, an unsigned file, a signature of the wrong size, a certificate expired at the
 * VU's clock, and the verifier's own failure — each with the warnings it must give.
 */
import t from 'tap';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import { testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { vuScenario } from '../../fixtures/scenarios/vu-scenarios.js';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import type { DecodedVu } from '../domain/vu.js';
import { at } from '../../fixtures/encoder/time.js';
import { buildTrustStore, emptyTrustStore } from './index.js';
import { VuAuthenticityVerifier } from './verify-vu.js';

const crypto = new NodeSignatureCrypto();
const verifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const untrusting = new VuAuthenticityVerifier(crypto, emptyTrustStore());
const gen1 = decodeVuBytes(encodeVu(vuScenario('GEN1')).bytes);
const gen2 = decodeVuBytes(encodeVu(vuScenario('GEN2V2')).bytes);
const codes = (w: { code: string }[]): string[] => w.map((x) => x.code);

t.test('verified, both generations, with the days named', async (t) => {
  for (const vu of [gen1, gen2]) {
    const { authenticity, warnings } = verifier.verify(vu);
    t.equal(authenticity.status, 'VERIFIED');
    t.same(warnings, []);
    t.same(
      authenticity.treps.filter((x) => x.day !== null).map((x) => x.day),
      ['2026-03-02', '2026-03-03'],
    );
    t.same(
      authenticity.chains[0]!.certificates.map((c) => c.role),
      ['ROOT', 'MEMBER_STATE', 'VEHICLE_UNIT'],
    );
  }
});

t.test('no trusted root: unverifiable, no TREP checked', async (t) => {
  for (const vu of [gen1, gen2]) {
    const { authenticity, warnings } = untrusting.verify(vu);
    t.equal(authenticity.status, 'UNVERIFIABLE');
    t.ok(authenticity.treps.every((x) => x.result === 'NOT_CHECKED'));
    t.same(codes(warnings), ['authenticity_unverifiable']);
  }
});

t.test('a missing signature makes the file unverifiable; no signature and no certificate: unsigned', async (t) => {
  const withUnsigned: DecodedVu = {
    ...gen2,
    treps: gen2.treps.map((x, i) => (i === 2 ? { ...x, signature: null } : x)),
  };
  const a = verifier.verify(withUnsigned);
  t.equal(a.authenticity.status, 'UNVERIFIABLE');
  t.same(
    a.authenticity.treps.filter((x) => x.result !== 'VALID').map((x) => x.result),
    ['MISSING'],
  );
  const bare: DecodedVu = { ...gen2, treps: gen2.treps.map((x) => ({ ...x, signature: null, certificates: null })) };
  const u = verifier.verify(bare);
  t.equal(u.authenticity.status, 'UNSIGNED');
  t.same(codes(u.warnings), ['authenticity_unsigned']);
});

t.test('a signature of the wrong size, or a changed one, is invalid', async (t) => {
  for (const vu of [gen1, gen2]) {
    const short: DecodedVu = {
      ...vu,
      treps: vu.treps.map((x, i) => (i === 3 ? { ...x, signature: x.signature!.subarray(1) } : x)),
    };
    const a = verifier.verify(short);
    t.equal(a.authenticity.status, 'INVALID');
    t.same(codes(a.warnings), ['signature_invalid']);
    t.match(a.warnings[0]!.message, /TREP [0-9A-F]{2}/);
  }
});

t.test('a VU certificate expired at the VU clock fails the chain', async (t) => {
  const late = decodeVuBytes(encodeVu({ ...vuScenario('GEN2'), downloadAt: at('2041-01-01', 0) }).bytes);
  const a = verifier.verify(late);
  t.equal(a.authenticity.status, 'INVALID');
  t.ok(codes(a.warnings).includes('certificate_invalid'));
  t.ok(a.authenticity.treps.every((x) => x.result === 'NOT_CHECKED'));
});

t.test('a failure of the verifier itself rates the file unverifiable', async (t) => {
  const a = verifier.verify({} as DecodedVu);
  t.same(a.authenticity, { status: 'UNVERIFIABLE', chains: [], treps: [] });
  t.same(codes(a.warnings), ['authenticity_unverifiable']);
});
