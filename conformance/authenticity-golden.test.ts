/**
 * Golden authenticity: every encoder fixture, signed by the test PKI, verifies to exactly the
 * authenticity its golden file states (fixtures/pki/golden/<name>.json, computed from the scenario and the PKI
 * definitions, ./fixtures/pki/expected-authenticity.ts), on the sequential and the concurrent path; one changed
 * byte of an EF or of its signature turns exactly that EF INVALID and the file INVALID.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore } from '../core/authenticity/index.js';
import { decodeDddBytes } from '../core/decoder/index.js';
import { tamper } from '../fixtures/pki/tamper.js';
import { withInvalidEf } from '../fixtures/pki/expected-authenticity.js';
import { GOLDEN_DIR, goldenText, signedGoldens, writeGoldens } from '../fixtures/pki/golden.js';
import { signDdd, testTrustFiles } from '../fixtures/pki/test-pki.js';

const crypto = new NodeSignatureCrypto();
const trust = buildTrustStore(testTrustFiles(), crypto).store;
const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'ddd', `${name}.ddd`)));
const goldens = signedGoldens();

t.test('the golden files are current: one per encoder fixture, as the scenario states', async (t) => {
  t.same(readdirSync(GOLDEN_DIR).sort(), goldens.map((g) => `${g.name}.json`).sort());
  for (const g of goldens)
    t.equal(readFileSync(join(GOLDEN_DIR, `${g.name}.json`), 'utf8'), goldenText(g.authenticity), `${g.name}.json`);
  t.ok(
    goldens.some((g) => g.name.startsWith('gen1')) && goldens.some((g) => g.name.startsWith('gen2v2')),
    'every generation',
  );
  const dir = mkdtempSync(join(tmpdir(), 'pki-golden-'));
  const lines = writeGoldens(dir);
  t.match(lines.join('\n'), /gen2v2-full +VERIFIED 30 EFs/);
  for (const g of goldens)
    t.equal(
      readFileSync(join(dir, `${g.name}.json`), 'utf8'),
      readFileSync(join(GOLDEN_DIR, `${g.name}.json`), 'utf8'),
      `the generator writes ${g.name}.json`,
    );
});

for (const { name } of goldens) {
  t.test(`${name} signed: the golden authenticity`, async (t) => {
    const golden = JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.json`), 'utf8'));
    const signed = signDdd(fixture(name));
    const verifier = new CardAuthenticityVerifier(crypto, trust);
    const sync = verifier.verify(decodeDddBytes(signed));
    t.same(sync.authenticity, golden, 'verify');
    t.same(sync.warnings, [], 'no warnings');
    t.same(
      (await new CardAuthenticityVerifier(crypto, trust).verifyAsync(decodeDddBytes(signed))).authenticity,
      golden,
      'verifyAsync',
    );

    const g2 = name.startsWith('gen2');
    const app = g2 ? 2 : 0;
    const application = g2 ? 'TACHOGRAPH_G2' : 'TACHOGRAPH';
    const efByte = await verifier.verifyAsync(decodeDddBytes(tamper(signed, 0x0504, app, 9)));
    t.same(
      efByte.authenticity,
      withInvalidEf(golden, '0504', application),
      'a changed byte of EF Driver_Activity_Data',
    );
    t.same(
      efByte.warnings.map((w) => w.code),
      ['signature_invalid'],
    );
    const sigByte = verifier.verify(decodeDddBytes(tamper(signed, 0x0520, app + 1, 3)));
    t.same(
      sigByte.authenticity,
      withInvalidEf(golden, '0520', application),
      'a changed byte of the signature of EF Identification',
    );
    const gen1OfGen2 = g2 ? verifier.verify(decodeDddBytes(tamper(signed, 0x0502, 0, 11))) : null;
    if (gen1OfGen2)
      t.same(
        gen1OfGen2.authenticity,
        withInvalidEf(golden, '0502', 'TACHOGRAPH'),
        'a gen2 card’s DF Tachograph is checked with its own chain',
      );
  });
}

t.test('withInvalidEf refuses an EF the expectation does not list', async (t) => {
  t.throws(() => withInvalidEf(goldens[0]!.authenticity, '0524', 'TACHOGRAPH'), /no EF 0524/);
});
