/**
 * The entry for any download: a VU file goes to the VU decoder, a card file (also one downloaded through a VU,
 * '76 06') to the card decoder — whole, as chunks and as an async source, with the first two bytes split.
 */
import t from 'tap';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { encodeVu } from '../../../fixtures/encoder/vu/encode-vu.js';
import { gen1Basic } from '../../../fixtures/scenarios/gen1.js';
import { vuScenario } from '../../../fixtures/scenarios/vu-scenarios.js';
import { DddDecodeError } from '../api.js';
import { decodeDdd } from '../decode-ddd.js';
import { decodeDownload, decodeDownloadBytes } from './download-kind.js';

const vu = encodeVu(vuScenario('GEN2')).bytes;
const card = encodeCard(gen1Basic());
const viaVu = new Uint8Array([0x76, 0x06, ...card]);

async function* source(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const chunks = (bytes: Uint8Array, size: number): Uint8Array[] =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

t.test('each kind to its decoder, whatever the chunks', async (t) => {
  for (const [bytes, kind] of [
    [vu, 'VEHICLE_UNIT'],
    [card, 'DRIVER_CARD'],
    [viaVu, 'DRIVER_CARD'],
  ] as const) {
    t.equal(decodeDownloadBytes(bytes).kind, kind);
    t.equal((await decodeDownload(bytes)).kind, kind);
    for (const size of [1, 7]) {
      t.equal((await decodeDownload(chunks(bytes, size))).kind, kind, `sync chunks of ${size}`);
      t.equal((await decodeDownload(source(bytes, size))).kind, kind, `async chunks of ${size}`);
    }
  }
  const d = await decodeDownload(source(vu, 1));
  t.equal(d.kind === 'VEHICLE_UNIT' ? d.vu.days.length : -1, 2, 'the whole VU file read');
  const c = await decodeDownload(chunks(viaVu, 3));
  const direct = await decodeDdd(viaVu);
  t.same(c.kind === 'DRIVER_CARD' ? c.card.warnings : null, direct.warnings, 'the card as the card decoder reads it');
});

t.test('empty and one-byte files', async (t) => {
  const reason = async (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof DddDecodeError ? e.reason : 'other'),
    );
  t.equal(await reason(decodeDownload(new Uint8Array(0))), 'empty');
  t.equal(await reason(decodeDownload(source(new Uint8Array(0), 1))), 'empty');
  t.equal(await reason(decodeDownload([Uint8Array.of(0x76)])), 'truncated', 'a lone 76 is a VU download cut short');
  t.equal(await reason(decodeDownload([Uint8Array.of(0x05)])), 'not_a_ddd_file');
});
