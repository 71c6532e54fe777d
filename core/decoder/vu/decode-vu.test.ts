/**
 * The VU decoder's branches on damaged and unusual input: refusals (empty, not a VU file, nothing complete),
 * damaged TREPs and unknown bytes as warnings with what came before kept, gen2 record arrays that are shorter,
 * unknown or unsigned, repeated days, TREP 00 and TREP 06 — each the same whole and at any chunk size.
 */
import t, { type Test } from 'tap';
import { NodeSignatureCrypto } from '../../../adapters/crypto/node-signature-crypto.js';
import { Prng } from '../../../fixtures/encoder/prng.js';
import { emptyTrustStore } from '../../authenticity/index.js';
import { VuAuthenticityVerifier } from '../../authenticity/verify-vu.js';
import { DddDecodeError } from '../api.js';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { encodeVu } from '../../../fixtures/encoder/vu/encode-vu.js';
import { gen1Basic } from '../../../fixtures/scenarios/gen1.js';
import { vuScenario } from '../../../fixtures/scenarios/vu-scenarios.js';
import type { DecodedVu } from '../../domain/vu.js';
import { decodeVu, decodeVuBytes, decodeVuChunks } from './decode-vu.js';

const cat = (...parts: (Uint8Array | number[])[]): Uint8Array =>
  new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array))));
const gen1 = encodeVu(vuScenario('GEN1')).bytes;
const gen2 = encodeVu(vuScenario('GEN2')).bytes;
const codes = (vu: DecodedVu): string[] => vu.warnings.map((w) => w.code);
const trepsOf = (vu: DecodedVu): number[] => vu.treps.map((x) => x.trep);

/** decodes whole and in 1- and 3-byte chunks; the three must agree */
function decodeAll(t: Test, bytes: Uint8Array): DecodedVu {
  const whole = decodeVuBytes(bytes);
  for (const size of [1, 3]) {
    const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    );
    const chunked = decodeVuChunks(chunks);
    t.same(
      [codes(chunked), trepsOf(chunked), chunked.days],
      [codes(whole), trepsOf(whole), whole.days],
      `chunks of ${size}`,
    );
  }
  return whole;
}

function reason(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof DddDecodeError ? e.reason : 'other';
  }
}

/** a gen2 record array */
const array = (type: number, size: number, records: number[][]): number[] => [
  type,
  size >> 8,
  size & 0xff,
  records.length >> 8,
  records.length & 0xff,
  ...records.flat(),
];

t.test('refusals', async (t) => {
  t.equal(
    reason(() => decodeVuBytes(new Uint8Array(0))),
    'empty',
  );
  t.equal(
    reason(() => decodeVuChunks([])),
    'empty',
  );
  t.equal(
    reason(() => decodeVuBytes(Uint8Array.of(0x05, 0x01, 0x00))),
    'not_a_ddd_file',
  );
  t.equal(
    reason(() => decodeVuBytes(Uint8Array.of(0x76))),
    'truncated',
    'a lone 76',
  );
  t.equal(
    reason(() => decodeVuBytes(gen1.subarray(0, 600))),
    'truncated',
    'the overview cut short',
  );
  t.equal(
    reason(() => decodeVuBytes(Uint8Array.of(0x76, 0x07, 1, 2))),
    'truncated',
    'an unknown first TREP',
  );
  await t.rejects(decodeVu((async function* () {})()), DddDecodeError);
});

t.test('a TREP cut short keeps what came before', async (t) => {
  const vu = decodeAll(t, gen1.subarray(0, gen1.length - 10));
  t.same(trepsOf(vu), [1, 2, 2, 3, 4]);
  t.same(codes(vu), ['damaged_trep']);
  t.ok(vu.technical === null && vu.eventsFaults !== null);
});

t.test('bytes that start no known TREP end the reading with a warning', async (t) => {
  for (const tail of [
    [0x76, 0x07, 0, 0],
    [0x42, 0x01],
    [0x76, 0x34],
  ]) {
    const vu = decodeAll(t, cat(gen1, tail));
    t.same(trepsOf(vu), [1, 2, 2, 3, 4, 5]);
    t.same(codes(vu), ['unknown_trep'], `tail ${tail.join(' ')}`);
  }
});

t.test('TREP 00 (download interface version) is read past; cut short it is damaged', async (t) => {
  const vu = decodeAll(t, cat([0x76, 0x00, 0x02, 0x02], gen2));
  t.same(trepsOf(vu), [0x21, 0x22, 0x22, 0x23, 0x24, 0x25]);
  t.same(codes(vu), []);
  t.same(codes(decodeAll(t, cat(gen2, [0x76, 0x00, 0x02]))), ['damaged_trep']);
});

t.test('the same day twice: the first copy is kept', async (t) => {
  const vu = decodeVuBytes(gen1);
  const day = vu.treps.find((x) => x.trep === 2)!;
  const twice = cat(gen1, gen1.subarray(day.offset, day.offset + day.length));
  const again = decodeAll(t, twice);
  t.equal(again.days.length, 2);
  t.same(codes(again), ['duplicated_day']);
  t.equal(again.treps.length, vu.treps.length + 1, 'the TREP is still listed (its signature still counts)');
});

t.test('gen2 arrays: shorter records skipped, unknown types read past, a TREP without signature', async (t) => {
  const date = array(0x06, 4, [[0x69, 0xa5, 0xd3, 0x00]]);
  const shortIw = array(0x0d, 10, [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
  const unknown = array(0x60, 3, [
    [1, 2, 3],
    [4, 5, 6],
  ]);
  const signature = array(0x08, 4, [[9, 9, 9, 9]]);
  const day = [0x76, 0x22, ...date, ...shortIw, ...unknown, ...signature];
  const vu = decodeAll(t, cat(gen2, day));
  t.same(codes(vu), ['damaged_record_array', 'unknown_record_type']);
  t.equal(vu.days.length, 3);
  t.same(vu.days[2]!.insertions, []);
  const unsignedAtEnd = decodeAll(t, cat(gen2, [0x76, 0x22, ...date]));
  t.same(codes(unsignedAtEnd), ['signature_missing']);
  t.equal(unsignedAtEnd.treps.at(-1)!.signature, null);
  const unsignedBeforeNext = decodeAll(t, cat(gen2, [0x76, 0x22, ...date], gen2));
  t.same(codes(unsignedBeforeNext), ['signature_missing', 'duplicated_day', 'duplicated_day']);
  t.equal(unsignedBeforeNext.treps.length, 2 * 6 + 1);
});

t.test('gen2 technical data: every record type a VU sends there is read or read past silently', async (t) => {
  const serial = [0x05, 0x39, 0x7f, 0xb1, 0x01, 0x20, 0x07, 0x21]; // ExtendedSerialNumber, serial 87654321
  const technical = [
    0x76,
    0x25,
    ...array(0x07, 20, [[...serial, ...Array<number>(12).fill(0x20)]]), // SensorPaired (gen1 layout)
    ...array(0x0e, 46, [Array<number>(46).fill(0)]), // VuCardRecord
    ...array(0x17, 20, [Array<number>(20).fill(0)]), // VuITSConsentRecord
    ...array(0x1d, 10, [Array<number>(10).fill(0)]), // VuTimeAdjustmentGNSSRecord
    ...array(0x1f, 69, [Array<number>(69).fill(0)]), // VuPowerSupplyInterruptionRecord
    ...array(0x21, 28, [Array<number>(28).fill(0)]), // SensorExternalGNSSCoupledRecord
    ...array(0x08, 4, [[1, 2, 3, 4]]),
  ];
  const vu = decodeAll(t, Uint8Array.from(technical));
  t.same(codes(vu), []);
  t.same(vu.technical!.sensorSerialNumbers, [87_654_321]);
  t.same([vu.technical!.identification, vu.technical!.calibrations], [null, []]);
  t.equal(vu.generation, 'GEN2', 'the generation of the first TREP without an overview');
});

t.test('TREP 06: a card downloaded through the VU', async (t) => {
  const card = encodeCard(gen1Basic());
  const alone = decodeAll(t, cat([0x76, 0x06], card));
  t.equal(alone.cardDownloads.length, 1);
  t.same(alone.treps, []);
  t.equal(alone.cardDownloads[0]!.gen1!.identification!.cardNumber, gen1Basic().identification.cardNumber);
  const between = decodeAll(t, cat([0x76, 0x06], card, gen1));
  t.equal(between.cardDownloads.length, 1, 'ends at the next 76');
  t.same(trepsOf(between), [1, 2, 2, 3, 4, 5]);
  const damaged = decodeAll(t, cat(gen1, [0x76, 0x06, 0x05, 0x01, 0x00, 0x00, 0x00]));
  t.same(codes(damaged), ['damaged_card_download']);
  t.equal(damaged.cardDownloads.length, 0);
  const cut = decodeAll(t, cat(gen1, [0x76, 0x06, 0x00, 0x02, 0x00, 0x00, 0x19]));
  t.same(codes(cut), ['damaged_trep'], 'a TLV block running past the end');
});

t.test('decodeVu reads a Uint8Array, a sync iterable and an async iterable alike', async (t) => {
  const whole = decodeVuBytes(gen2);
  t.same(trepsOf(await decodeVu(gen2)), trepsOf(whole));
  async function* source(): AsyncGenerator<Uint8Array> {
    yield gen2.subarray(0, 100);
    yield new Uint8Array(0);
    yield gen2.subarray(100);
  }
  t.same((await decodeVu(source())).days, whole.days);
});

t.test('mutated and cut files decode with warnings or fail with a DddDecodeError, never otherwise', async (t) => {
  const rng = new Prng(20261205);
  const verifier = new VuAuthenticityVerifier(new NodeSignatureCrypto(), emptyTrustStore());
  let decoded = 0;
  for (const base of [gen1, gen2, encodeVu(vuScenario('GEN2V2')).bytes]) {
    for (let i = 0; i < 150; i++) {
      const bytes = base.slice(0, 2 + Math.floor(rng.next() * (base.length - 2)) + (i % 2 === 0 ? base.length : 0));
      for (let k = 0; k < 1 + Math.floor(rng.next() * 4); k++)
        bytes[Math.floor(rng.next() * bytes.length)] = Math.floor(rng.next() * 256);
      const r = reason(() => decodeVuBytes(bytes));
      if (r === null) {
        decoded++;
        t.equal(verifier.verify(decodeVuBytes(bytes)).authenticity.chains.length > 0, true);
      } else t.not(r, 'other', `mutation ${i}`);
    }
  }
  t.ok(decoded > 0, 'some mutated files still decode');
});
