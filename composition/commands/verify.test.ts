/** `drivercard verify FILE`: the readable report and its exit codes (0 only when VERIFIED). */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore } from '../../core/authenticity/index.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { readFileSync } from 'node:fs';
import { verifyCommand } from './verify.js';
import { createVerifier, loadTrustStore, trustDirFromEnv } from '../trust-store-loader.js';
import { ConfigError } from '../config.js';

const crypto = new NodeSignatureCrypto();
const verifier = new CardAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const dir = mkdtempSync(join(tmpdir(), 'verify-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '..', '..', 'fixtures', 'ddd', name)));

async function run(argv: string[], v = verifier) {
  let out = '';
  let err = '';
  const code = await verifyCommand(argv, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) }, v);
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
