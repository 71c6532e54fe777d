/** `drivercard verify FILE`: the readable report and its exit codes (0 only when VERIFIED). */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore } from '../../core/authenticity/index.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { existsSync, readFileSync } from 'node:fs';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { decodeVuBytes } from '../../core/decoder/vu/decode-vu.js';
import { verifyCommand } from './verify.js';
import { createVerifier, loadTrustStore, trustDirFromEnv } from '../trust-store-loader.js';
import { ConfigError } from '../config.js';

const crypto = new NodeSignatureCrypto();
const verifier = new CardAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const dir = mkdtempSync(join(tmpdir(), 'verify-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '..', '..', 'fixtures', 'ddd', name)));

const vuVerifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);

async function run(argv: string[], v = verifier, vu?: VuAuthenticityVerifier) {
  let out = '';
  let err = '';
  const code = await verifyCommand(argv, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) }, v, vu);
  return { code, out, err };
}

t.test('a signed file: VERIFIED, exit 0, one line per EF', async (t) => {
  const path = join(dir, 'signed.ddd');
  writeFileSync(path, signDdd(fixture('gen2-full.ddd')));
  const r = await run([path]);
  t.equal(r.code, 0);
  t.match(r.out, /^signed\.ddd: VERIFIED\n/);
  t.match(r.out, /GEN2 certificate chain: VALID/);
  t.match(r.out, /LINK +VALID/);
  t.match(r.out, /0504 Driver_Activity_Data +VALID/);
  t.match(r.out, /DF Tachograph_G2 signatures:/);
  t.notMatch(r.out, new RegExp(dir), 'no local path');
});

t.test('a changed byte: INVALID, exit 1, the warning named', async (t) => {
  const bytes = signDdd(fixture('gen1-basic.ddd'));
  bytes[bytes.length - 3] ^= 0x01; // inside the last signature
  const path = join(dir, 'bad.ddd');
  writeFileSync(path, bytes);
  const r = await run([path]);
  t.equal(r.code, 1);
  t.match(r.out, /bad\.ddd: INVALID/);
  t.match(r.out, /signature_invalid/);
});

t.test('usage, unreadable and undecodable files', async (t) => {
  t.equal((await run([])).code, 2);
  t.equal((await run(['--pretty'])).code, 2);
  t.equal((await run(['--help'])).code, 0);
  const missing = await run([join(dir, 'nope.ddd')]);
  t.equal(missing.code, 1);
  t.match(missing.err, /cannot read nope\.ddd: no such file/);
  const junk = join(dir, 'junk.ddd');
  writeFileSync(junk, 'hello world');
  t.match((await run([junk])).err, /cannot decode junk\.ddd: not_a_ddd_file/);
});

t.test('trust store loading', async (t) => {
  t.equal(trustDirFromEnv({}), null);
  t.equal(trustDirFromEnv({ DRIVERCARD_TRUST_DIR: ' /x ' }), '/x');
  const shipped = loadTrustStore(null, crypto).store;
  t.same([...shipped.gen1Roots.keys()], ['FD45432000FFFF01'], 'the shipped gen1 European key');
  t.same([...shipped.gen2Roots.keys()], ['FD45432001FFFF01'], 'the shipped gen2 root');
  const folder = join(dir, 'trust');
  mkdirSync(folder);
  for (const f of testTrustFiles()) writeFileSync(join(folder, f.name), f.bytes);
  writeFileSync(join(folder, 'README.txt'), 'not a key');
  const loaded = loadTrustStore(folder, crypto);
  t.equal(loaded.store.gen1Roots.size, 1);
  t.match(loaded.notes.join('\n'), /README\.txt: not a European key/);
  t.throws(() => loadTrustStore(join(dir, 'absent'), crypto), ConfigError);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  t.throws(() => loadTrustStore(empty, crypto), ConfigError);
  const r = await run([join(dir, 'x.ddd')], createVerifier(folder));
  t.equal(r.code, 1);
});

const SAMPLE = join(
  process.env.DRIVERCARD_SAMPLES_DIR ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'samples'),
  'vehicle-unit-download.ddd',
);
const noSample = !existsSync(SAMPLE) && process.env.CI !== 'true' && `REAL SAMPLE MISSING: ${SAMPLE}`;

t.test('a VU download: one line per TREP with its day, VERIFIED, exit 0', async (t) => {
  for (const name of ['vu-gen1', 'vu-gen2', 'vu-gen2v2']) {
    const r = await run(
      [resolve(import.meta.dirname, '..', '..', 'fixtures', 'ddd', 'vu-downloads', `${name}.ddd`)],
      verifier,
      vuVerifier,
    );
    t.equal(r.code, 0, name);
    t.match(r.out, new RegExp(`^${name}\\.ddd: VERIFIED\n`));
    t.match(r.out, /certificate chain: VALID/);
    t.match(r.out, /VEHICLE_UNIT +VALID/);
    const trepLines = r.out.split('\n').filter((l) => l.startsWith('  TREP '));
    t.equal(trepLines.length, 6, `${name}: 01, two days, 03, 04, 05`);
    t.ok(trepLines.every((l) => / VALID +the signature verifies with the VU key$/.test(l)));
    t.match(r.out, /TREP [023]2 2026-03-02 VALID/, 'an activities TREP names its day');
  }
});

t.test('a tampered VU download fails exactly that TREP, exit 1', async (t) => {
  const bytes = new Uint8Array(
    readFileSync(resolve(import.meta.dirname, '..', '..', 'fixtures', 'ddd', 'vu-downloads', 'vu-gen1.ddd')),
  );
  const first = decodeVuBytes(bytes).treps.find((x) => x.trep === 0x02)!;
  // the minutes byte of the day's first ActivityChangeInfo: after TimeReal 4, odometer 3, noOfIWRecords 2, one
  // 129-byte insertion record and noOfActivityChanges 2 (Appendix 7 §2.2.6.3, gen1)
  const tampered = bytes.slice();
  tampered[first.offset + 2 + 4 + 3 + 2 + 129 + 2 + 1] ^= 0x01;
  const path = join(dir, 'tampered-vu.ddd');
  writeFileSync(path, tampered);
  const r = await run([path], verifier, vuVerifier);
  t.equal(r.code, 1);
  t.match(r.out, /^tampered-vu\.ddd: INVALID\n/);
  const failing = r.out.split('\n').filter((l) => l.startsWith('  TREP ') && !/ VALID /.test(l));
  t.same(failing, [
    '  TREP 02 2026-03-02 INVALID     the signature does not verify: the data are not what the VU signed',
  ]);
  t.match(r.out, /signature_invalid: The signature of TREP 02 \(2026-03-02\)/);
});

t.test('a VU download without signatures: MISSING, and a chain that opens no key: NOT_CHECKED', async (t) => {
  const path = join(resolve(import.meta.dirname, '..', '..', 'fixtures', 'ddd', 'vu-downloads'), 'vu-gen2.ddd');
  const untrusted = await run([path], verifier, new VuAuthenticityVerifier(crypto, buildTrustStore([], crypto).store));
  t.equal(untrusted.code, 1);
  t.match(untrusted.out, /UNVERIFIABLE/);
  t.match(untrusted.out, /TREP 21 +NOT_CHECKED +no VU key/);
});

t.test('the real VU sample: 34 TREPs verified under the shipped roots', { skip: noSample }, async (t) => {
  const r = await run([SAMPLE], verifier);
  t.equal(r.code, 0);
  t.match(r.out, /^vehicle-unit-download\.ddd: VERIFIED\n/);
  t.equal(r.out.split('\n').filter((l) => / VALID +the signature verifies/.test(l)).length, 34);
  t.equal(r.out.split('\n').filter((l) => l.startsWith('  TREP 02 ')).length, 30, 'one line per day');
});
