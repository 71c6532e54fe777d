import t from 'tap';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DddDecodeError } from '../../core/decoder/api.js';
import { decodeCardFile, withDayRecords } from '../../core/use-cases/decode-card-file.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import { NodeCryptoHasher } from '../crypto/node-crypto-hasher.js';
import { DecoderPool, eventLoopBusy } from './decoder-pool.js';
import { decodeContent, encodeContent, storedContentOf } from '../storage/imports/content-codec.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { buildTrustStore } from '../../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { vuFileDecoder, type DecodedVuFile, type DecodedVuRows } from '../../core/use-cases/decode-vu-file.js';
import { vuRowValues } from '../storage/vehicle-units/vu-row-kinds.js';
import { NodeSignatureCrypto } from '../crypto/node-signature-crypto.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');
const file = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const VU_FILES = ['vu-gen1.ddd', 'vu-gen2.ddd', 'vu-gen2v2.ddd'];
const vuFile = (name: string) => file(join('vu-downloads', name));
const crypto = new NodeSignatureCrypto();
const vuVerifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);

/** The `vu_row` values the save writes of a decoded VU download, whichever form it came in. */
function savedValues(decoded: DecodedVuFile) {
  if ('prepared' in decoded) return vuRowValues(7, 'VIN', { prepared: decoded.prepared });
  const { import: _summary, ...rows } = (decoded as DecodedVuRows).rows;
  return vuRowValues(7, 'VIN', {
    rows,
    days: (decoded as DecodedVuRows).days,
    speed: (decoded as DecodedVuRows).speed,
  });
}
/** what the import use case gets from an inline decoder: the rows and their day records computed on this thread */
const inlineDecode = withDayRecords(decodeCardFile, new NodeCryptoHasher());

t.test('large bodies are decoded in a worker, to the very same rows', async (t) => {
  const pool = new DecoderPool({ size: 2, inlineBelowBytes: 0 });
  t.teardown(() => pool.close());
  const hasher = new NodeCryptoHasher();
  for (const name of ['gen1-full.ddd', 'gen2-full.ddd', 'gen2v2-full.ddd']) {
    const decoded = await pool.decode(file(name));
    const inline = await decodeCardFile(file(name));
    t.same(decoded.card, inline, name);
    t.ok(decoded.days.length > 0, `${name}: day records travel with the card`);
    t.same(decoded.days, dayRecordsOf(inline, hasher), `${name}: the worker's day records are those of the rows`);
  }
  t.ok(pool.started >= 1 && pool.started <= 2, `workers started on demand, bounded (${pool.started})`);
});

t.test("asked to, workers answer each decoded body's stored form, as the save would make it", async (t) => {
  const pool = new DecoderPool({ size: 1, inlineBelowBytes: 0, prepareContent: true });
  t.teardown(() => pool.close());
  for (const name of ['gen1-full.ddd', 'gen2-full.ddd']) {
    const body = file(name);
    const form = (await pool.decode(body)).stored_form!;
    const stored = storedContentOf(form);
    t.same(stored, await encodeContent(body), `${name}: the save's own encoding`);
    t.same(decodeContent(stored.content, stored.encoding), body, `${name}: gives back the very bytes`);
  }
  const random = new Uint8Array(randomBytes(40_000));
  await t.rejects(pool.decode(random), 'not a card: refused, no stored form');
  const inlined = new DecoderPool({ size: 1, inlineBelowBytes: 1 << 20, prepareContent: true });
  t.teardown(() => inlined.close());
  const body = file('gen1-full.ddd');
  t.equal(
    (await inlined.decode(body)).stored_form,
    undefined,
    'a body decoded inline has none: the save compresses it',
  );
  const without = new DecoderPool({ size: 1, inlineBelowBytes: 0 });
  t.teardown(() => without.close());
  t.equal((await without.decode(body)).stored_form, undefined, 'a pool not asked to prepares nothing');
});

t.test('decode failures keep their reason and message; a queue longer than the pool is served in turn', async (t) => {
  const pool = new DecoderPool({ size: 1, inlineBelowBytes: 0 });
  t.teardown(() => pool.close());
  const names = [
    'corrupt-vu-download.ddd',
    'gen1-basic.ddd',
    'corrupt-truncated.ddd',
    'gen1-greek.ddd',
    'gen2-crew-gnss.ddd',
  ];
  const answers = await Promise.all(
    names.map((n) =>
      pool.decode(file(n)).then(
        (card) => card,
        (e: unknown) => e,
      ),
    ),
  );
  const vu = answers[0] as DddDecodeError;
  t.type(vu, DddDecodeError);
  t.equal(vu.reason, 'vehicle_unit_download');
  const inline = await decodeCardFile(file('corrupt-vu-download.ddd')).catch((e: DddDecodeError) => e);
  t.equal(vu.message, (inline as DddDecodeError).message);
  t.equal((answers[2] as DddDecodeError).reason, 'truncated');
  t.same(answers[3], await inlineDecode(file('gen1-greek.ddd')));
  t.equal(pool.started, 1, 'one worker for five bodies');
});

t.test(
  'small bodies stay inline while the event loop has time; a closed pool refuses work and rejects what waits',
  async (t) => {
    let loopBusy = false;
    const pool = new DecoderPool({ size: 1, loopBusy: () => loopBusy });
    t.equal(pool.inlineBelowBytes, 16 * 1024);
    t.same(await pool.decode(file('gen1-basic.ddd')), await inlineDecode(file('gen1-basic.ddd')));
    t.equal(pool.started, 0, 'no worker for a small body');
    loopBusy = true;
    t.same(
      await pool.decode(file('gen1-basic.ddd')),
      await inlineDecode(file('gen1-basic.ddd')),
      'the same answer from a worker',
    );
    t.equal(pool.started, 1, 'a busy event loop sends small bodies to a worker too');
    const busy = new DecoderPool({ size: 1, inlineBelowBytes: 0 });
    const first = busy.decode(file('gen1-full.ddd')).catch((e: Error) => e);
    const waiting = busy.decode(file('gen1-full.ddd')).catch((e: Error) => e);
    await busy.close();
    t.match(await waiting, { message: 'the decoder pool is closed' });
    t.match(await first, { message: 'the decoder pool is closed' }, 'the body in flight too');
    t.match(await busy.decode(file('gen1-full.ddd')).catch((e: Error) => e), { message: 'the decoder pool is closed' });
    t.ok(new DecoderPool().size >= 1);
    await pool.close();
  },
);

t.test('a worker that cannot start: bodies are decoded inline, with the same answers', async (t) => {
  const broken = new DecoderPool({ size: 2, inlineBelowBytes: 0 }, new URL('./no-such-worker.js', import.meta.url));
  t.teardown(() => broken.close());
  const names = ['gen1-full.ddd', 'gen2-full.ddd', 'corrupt-truncated.ddd'];
  const answers = await Promise.all(names.map((n) => broken.decode(file(n)).catch((e: unknown) => e)));
  t.same(answers[0], await inlineDecode(file('gen1-full.ddd')));
  t.same(answers[1], await inlineDecode(file('gen2-full.ddd')));
  t.equal((answers[2] as DddDecodeError).reason, 'truncated');
  t.same(await broken.decode(file('gen1-full.ddd')), answers[0], 'later bodies too');
  t.equal(broken.started, 0, 'no worker kept');
});

t.test(
  'workers given trust roots verify, EF signatures concurrently or one by one, with the same answers',
  async (t) => {
    const signed = signDdd(file('gen2-full.ddd'));
    const tampered = signed.slice();
    tampered[tampered.length - 3] ^= 0x01; // the last EF signature of the file
    for (const sequentialSignatures of [false, true]) {
      const pool = new DecoderPool({
        size: 1,
        inlineBelowBytes: 0,
        trustFiles: testTrustFiles(),
        sequentialSignatures,
      });
      t.teardown(() => pool.close());
      const { card: ok } = await pool.decode(signed);
      t.equal(ok.metadata.authenticity?.status, 'VERIFIED', `sequential ${sequentialSignatures}: VERIFIED`);
      const { card: bad } = await pool.decode(tampered);
      t.equal(
        bad.metadata.authenticity?.status,
        'INVALID',
        `sequential ${sequentialSignatures}: a changed signature byte`,
      );
      t.equal(bad.metadata.authenticity?.efs.filter((e) => e.result === 'INVALID').length, 1, 'exactly one EF');
      t.ok(bad.metadata.warnings.some((w) => w.code === 'signature_invalid'));
      t.equal(pool.started, 1);
    }
  },
);

t.test('the event loop counts as busy after a window spent mostly running code', async (t) => {
  const busy = eventLoopBusy();
  t.equal(busy(), false, 'nothing measured yet');
  const until = performance.now() + 150;
  while (performance.now() < until); // the loop blocked for a whole window
  t.equal(busy(), true);
  await new Promise((r) => setTimeout(r, 250)); // a window spent idle
  t.equal(busy(), false);
});

t.test(
  'vehicle-unit downloads: a worker decodes and verifies them, answering the very rows the save writes',
  async (t) => {
    const pool = new DecoderPool({ size: 1, inlineBelowBytes: 0, trustFiles: testTrustFiles(), prepareContent: true });
    t.teardown(() => pool.close());
    for (const name of VU_FILES) {
      const body = vuFile(name);
      const decoded = await pool.decodeVu(body);
      const inline = await vuFileDecoder(vuVerifier)(body);
      t.ok('prepared' in decoded, `${name}: prepared rows, not row objects`);
      t.same(decoded.rows.import, inline.rows.import, `${name}: the same summary`);
      t.equal(decoded.rows.import.authenticity?.status, 'VERIFIED', `${name}: verified on the worker`);
      const values = savedValues(decoded);
      t.ok(values.length > 20, `${name}: ${values.length} rows`);
      t.same(values, savedValues(inline), `${name}: the values the save writes of the rows decoded here`);
      t.same(storedContentOf(decoded.stored_form!), await encodeContent(body), `${name}: the stored form`);
    }
    const card = await pool.decode(file('gen1-full.ddd'));
    const cardInline = await decodeCardFile(file('gen1-full.ddd'));
    t.same(card.card.activities, cardInline.activities, 'cards still decode beside them');
    const cut = await pool.decodeVu(vuFile('vu-gen2.ddd').subarray(0, 40)).catch((e: unknown) => e);
    t.type(cut, DddDecodeError);
    t.equal((cut as DddDecodeError).reason, 'truncated', 'a refusal keeps its reason');
    t.equal(pool.started, 1);
  },
);

t.test('vehicle-unit downloads stay on this thread when small, or when workers cannot start', async (t) => {
  const small = new DecoderPool({ size: 1, inlineBelowBytes: 1 << 20, loopBusy: () => false });
  t.teardown(() => small.close());
  const body = vuFile('vu-gen1.ddd');
  const inline = await small.decodeVu(body);
  t.notOk('prepared' in inline, 'row objects from the calling thread');
  t.same(savedValues(inline), savedValues(await vuFileDecoder(null)(body)));
  t.equal(small.started, 0);
  const broken = new DecoderPool({ size: 1, inlineBelowBytes: 0 }, new URL('./no-such-worker.js', import.meta.url));
  t.teardown(() => broken.close());
  const [a, b] = await Promise.all([broken.decodeVu(body), broken.decodeVu(vuFile('vu-gen2.ddd'))]);
  t.same(savedValues(a), savedValues(inline), 'the same rows, decoded inline');
  t.same(savedValues(b), savedValues(await vuFileDecoder(null)(vuFile('vu-gen2.ddd'))));
  t.equal(broken.started, 0);
});
