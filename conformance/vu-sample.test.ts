/**
 * The real vehicle-unit sample of ../shared/samples/ (a first-generation VU download not written by this project)
 * decodes and verifies as that folder's README says: TREP 01 once, TREP 02 for each of 30 days, 03/04/05 once,
 * the VU clock and the previous download, 223 activity changes, 12 insertion records that are 10 insertions, no
 * card inserted at the download, all 34 signatures genuine under the European root, and a changed byte of one
 * day's activities failing exactly that TREP. Counts, dates and results only: the file names a vehicle and
 * drivers, which are never printed. Skips loudly when the folder is absent (fails under CI=true).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { buildTrustStore } from '../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../core/authenticity/verify-vu.js';
import { decodeVuBytes, decodeVuChunks } from '../core/decoder/vu/decode-vu.js';
import { dayOf, isoDay, isoTimestamp } from '../core/time.js';
import { reportMissingDependency } from './missing-dependency.js';

const SAMPLES = process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../shared/samples/', import.meta.url));
const FILE = join(SAMPLES, 'vehicle-unit-download.ddd');
const repo = resolve(import.meta.dirname, '..');

if (!existsSync(FILE)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${FILE} does not exist; the vehicle-unit sample tests did not run.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  const bytes = new Uint8Array(readFileSync(FILE));
  const crypto = new NodeSignatureCrypto();
  const trust = buildTrustStore(
    ['gen1-erca-root-EC_PK.bin', 'gen2-erca-root-1.bin'].map((name) => ({
      name,
      bytes: new Uint8Array(readFileSync(join(repo, 'composition', 'trust-roots', name))),
    })),
    crypto,
  ).store;
  const verifier = new VuAuthenticityVerifier(crypto, trust);

  t.test('decodes as the README says', async (t) => {
    const vu = decodeVuBytes(bytes);
    t.equal(bytes.length, 103_348);
    t.same(vu.warnings, [], 'no warning');
    t.equal(vu.generation, 'GEN1');
    const count = (trep: number) => vu.treps.filter((x) => x.trep === trep).length;
    t.same(
      [count(1), count(2), count(3), count(4), count(5)],
      [1, 30, 1, 1, 1],
      'TREP 01 once, 02 × 30, 03/04/05 once',
    );
    const days = vu.days.map((d) => isoDay(dayOf(d.date!)));
    t.equal(days[0], '2022-07-31');
    t.equal(days[29], '2022-08-29');
    t.equal(new Set(days).size, 30, '30 distinct days');
    t.ok(
      days.every((d, i) => i === 0 || dayOf(vu.days[i]!.date!) === dayOf(vu.days[i - 1]!.date!) + 1),
      'consecutive days',
    );
    t.equal(isoTimestamp(vu.overview!.currentDateTime!), '2022-09-07T10:09:25Z', 'the VU clock at the download');
    t.equal(isoTimestamp(vu.overview!.previousDownload!.at!), '2022-08-30T17:30:16Z', 'the previous download');
    t.equal(
      vu.days.reduce((n, d) => n + d.activities.length, 0),
      223,
      '223 activity changes',
    );
    const records = vu.days.flatMap((d) => d.insertions);
    t.equal(records.length, 12, '12 insertion records');
    const distinct = new Set(records.map((r) => `${r.card.cardNumber}|${r.slot}|${r.insertedAt}`));
    t.equal(distinct.size, 10, '10 distinct insertions');
    t.same([vu.overview!.driverSlotCard, vu.overview!.codriverSlotCard], [0, 0], 'no card in either slot');
    t.ok(
      records.every((r) => r.withdrawnAt !== null),
      'every insertion was withdrawn before the download',
    );
  });

  t.test('the same at any chunk size', async (t) => {
    const whole = decodeVuBytes(bytes);
    for (const size of [1, 3, 1000, 65_536]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      const vu = decodeVuChunks(chunks);
      t.same(vu.days, whole.days, `days, chunks of ${size}`);
      t.same(
        vu.treps.map((x) => [x.trep, x.offset, x.length]),
        whole.treps.map((x) => [x.trep, x.offset, x.length]),
        `TREPs, chunks of ${size}`,
      );
      t.same(verifier.verify(vu).authenticity.status, 'VERIFIED', `verified, chunks of ${size}`);
    }
  });

  t.test('all 34 signatures are genuine', async (t) => {
    const { authenticity, warnings } = verifier.verify(decodeVuBytes(bytes));
    t.equal(authenticity.status, 'VERIFIED');
    t.same(warnings, []);
    t.same(
      authenticity.chains.map((c) => [c.generation, c.status, c.certificates.map((x) => [x.role, x.status])]),
      [
        [
          'GEN1',
          'VALID',
          [
            ['ROOT', 'VALID'],
            ['MEMBER_STATE', 'VALID'],
            ['VEHICLE_UNIT', 'VALID'],
          ],
        ],
      ],
    );
    t.equal(authenticity.treps.length, 34);
    t.ok(authenticity.treps.every((x) => x.result === 'VALID'));
  });

  t.test("a changed byte of one day's activities fails exactly that TREP", async (t) => {
    const vu = decodeVuBytes(bytes);
    const target = vu.treps.filter((x) => x.trep === 2)[12]!;
    const day = vu.days[12]!;
    // the first ActivityChangeInfo of the day: after TimeReal 4, odometer 3, noOfIWRecords 2, 129 bytes per
    // insertion record and noOfActivityChanges 2 (Appendix 7 §2.2.6.3, data structure generation 1)
    const at = target.offset + 2 + 4 + 3 + 2 + 129 * day.insertions.length + 2 + 1;
    const tampered = bytes.slice();
    tampered[at] ^= 0x01;
    const changed = decodeVuBytes(tampered);
    t.not(changed.days[12]!.activities[0]!.minutes, day.activities[0]!.minutes, 'the change is an activity time');
    const a = verifier.verify(changed).authenticity;
    t.equal(a.status, 'INVALID');
    t.same(
      a.treps.filter((x) => x.result !== 'VALID').map((x) => [x.trep, x.day, x.result]),
      [['02', isoDay(dayOf(day.date!)), 'INVALID']],
    );
  });

  t.test('a changed certificate byte fails the chain, and no TREP is then checked', async (t) => {
    const tampered = bytes.slice();
    tampered[2 + 194 + 50] ^= 0x01; // inside the VU certificate of TREP 01
    const a = verifier.verify(decodeVuBytes(tampered)).authenticity;
    t.equal(a.status, 'INVALID');
    t.equal(a.chains[0]!.status, 'INVALID');
    t.ok(a.treps.every((x) => x.result === 'NOT_CHECKED'));
  });
}
