import t from 'tap';
import { decodeDdd, decodeDddBytes, decodeDddChunks, DddDecodeError } from './index.js';
import { bytes, fill, identification, signed, tlv, u16 } from './testing/bytes.js';
import { DAY1, DAY2, gen1Card, gen2Card } from './testing/cards.js';
import type { DecodedCard } from '../domain/card.js';

function* chunked(b: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < b.length; i += size) yield b.slice(i, i + size);
}

/** A comparable form of a decoded card (Maps and typed arrays turned into plain data). */
function plain(card: DecodedCard): unknown {
  return JSON.parse(
    JSON.stringify(card, (_k, v) => {
      if (v instanceof Map) return [...v.entries()];
      if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
      return v;
    }),
  );
}

/** warning codes, without `missing_ef`: these tests build partial files on purpose (missing_ef: see its own test) */
const codes = (card: DecodedCard) => card.warnings.map((w) => w.code).filter((c) => c !== 'missing_ef');

t.test('gen1 card', async (t) => {
  const card = decodeDddBytes(gen1Card());
  t.equal(card.generation, 'GEN1');
  t.equal(card.gen2, null);
  t.same(codes(card), []);
  const app = card.gen1!;
  t.equal(app.identification?.cardNumber, 'd1234567890120ab');
  t.equal(app.driverActivity?.days.length, 2);
  t.same(
    app.driverActivity?.days.map((d) => d.date),
    [DAY1, DAY2],
  );
  t.equal(app.events?.records.length, 36);
  t.equal(app.faults?.records.length, 24);
  t.equal(app.vehiclesUsed?.records.length, 84);
  t.equal(app.places?.records.length, 84);
  t.equal(app.specificConditions?.records.length, 56);
  t.equal(app.cardDownload?.lastCardDownload, DAY2 + 50_000);
  t.equal(app.security.cardCertificate?.length, 194);
  t.equal(app.security.caCertificate?.length, 194);
  t.equal(app.security.signatures.size, 11);
  t.equal(card.common.icc?.length, 25);
  t.equal(card.common.ic?.length, 8);
  t.equal(card.blocks[0].fid, 0x0002);
  t.equal(card.blocks.length, 27);
});

t.test('gen2 v1 and v2 cards', async (t) => {
  const v1 = decodeDddBytes(gen2Card(1));
  t.equal(v1.generation, 'GEN2');
  t.same(codes(v1), []);
  t.equal(v1.gen2?.vehiclesUsed?.records[0].vin, 'YV2A4C2A5JB123456');
  t.equal(v1.gen2?.vehicleUnitsUsed?.records.length, 200);
  t.equal(v1.gen2?.gnssPlaces?.records.length, 336);
  t.equal(v1.gen2?.security.linkCertificate?.length, 204);
  t.equal(v1.gen2?.security.cardSignCertificate?.length, 204);
  t.equal(v1.gen1?.identification?.cardNumber, 'd1234567890120ab');

  const v2 = decodeDddBytes(gen2Card(2));
  t.equal(v2.generation, 'GEN2V2');
  t.same(codes(v2), []);
  t.equal(v2.gen2?.applicationIdentificationV2?.noOfBorderCrossingRecords, 1120);
  t.equal(v2.gen2?.borderCrossings?.records.length, 1120);
  t.equal(v2.gen2?.loadUnloadOperations?.records.length, 1624);
  t.equal(v2.gen2?.loadTypeEntries?.records.length, 336);
  t.equal(v2.gen2?.placesAuthentication?.records.length, 112);
  t.equal(v2.gen2?.gnssPlacesAuthentication?.records.length, 336);
  t.equal(v2.gen2?.raw.get(0x0540)?.length, 3072);
});

t.test('GEN2V2 from a version-2 EF alone (structure version byte 00)', async (t) => {
  const file = bytes(
    signed(0x0501, 2, bytes(1, 1, 0, 12, 24, u16(13776), u16(200), u16(112), u16(336), u16(112), u16(200))),
    signed(0x0520, 2, identification()),
    signed(0x0528, 2, bytes(u16(0), fill(17))),
  );
  const card = decodeDddBytes(file);
  t.equal(card.generation, 'GEN2V2');
  t.same(codes(card), [], 'no Application_Identification_V2: the record count is inferred from the size');
  t.equal(card.gen2?.borderCrossings?.records.length, 1);
});

t.test('streaming in 1-byte chunks gives the same model as the whole file', async (t) => {
  for (const file of [gen1Card(), gen2Card(2)]) {
    const whole = plain(decodeDddBytes(file));
    t.same(plain(await decodeDdd(chunked(file, 1))), whole, '1-byte chunks');
    t.same(plain(await decodeDdd(chunked(file, 4093))), whole, '4093-byte chunks');
    t.same(plain(await decodeDdd(file)), whole, 'Uint8Array source');
    async function* slow() {
      for (const c of chunked(file, 3)) yield c;
    }
    t.same(plain(await decodeDdd(slow())), whole, 'async iterable');
  }
});

const reasonOf = async (source: Uint8Array, chunk = 1): Promise<[string | null, string | null]> => {
  let sync: string | null = null;
  let streamed: string | null = null;
  try {
    decodeDddBytes(source);
  } catch (e) {
    sync = e instanceof DddDecodeError ? e.reason : 'other';
  }
  try {
    await decodeDdd(chunked(source, chunk));
  } catch (e) {
    streamed = e instanceof DddDecodeError ? e.reason : 'other';
  }
  return [sync, streamed];
};

t.test('error reasons (whole file and streamed)', async (t) => {
  t.same(await reasonOf(new Uint8Array(0)), ['empty', 'empty']);
  t.same(await reasonOf(bytes(0x76, 0x06)), ['empty', 'empty']);
  t.same(await reasonOf(bytes(0x76)), ['vehicle_unit_download', 'vehicle_unit_download']);
  t.same(await reasonOf(bytes(0x76, 0x01, fill(300, 7))), ['vehicle_unit_download', 'vehicle_unit_download']);
  t.same(await reasonOf(bytes(0x76, 0x21, fill(300, 7))), ['vehicle_unit_download', 'vehicle_unit_download']);
  const random = new Uint8Array(1000);
  let x = 12345;
  for (let i = 0; i < random.length; i++) random[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
  random[0] = 0x42;
  t.same(await reasonOf(random), ['not_a_ddd_file', 'not_a_ddd_file']);
  t.same(await reasonOf(bytes(0x00, 0x02)), ['not_a_ddd_file', 'not_a_ddd_file'], 'two bytes');
  t.same(await reasonOf(bytes(tlv(0x0520, 7, fill(3)))), ['not_a_ddd_file', 'not_a_ddd_file'], 'appendix 07');
  t.same(await reasonOf(gen1Card({ noIdentification: true })), ['no_identification', 'no_identification']);
  const file = gen1Card();
  t.same(await reasonOf(file.subarray(0, file.length - 3), 100), ['truncated', 'truncated']);
  t.same(await reasonOf(bytes(file, 0x05, 0x04)), ['truncated', 'truncated']);
  t.same(await reasonOf(bytes(file, 0x05, 0x04, 0x00, 0xff, 0xff)), ['reserved_length', 'reserved_length']);
  const other = identification({ surname: 'OTHER' });
  t.same(await reasonOf(bytes(file, tlv(0x0520, 0, other))), ['conflicting_duplicate_ef', 'conflicting_duplicate_ef']);
  t.same(await reasonOf(bytes(file, tlv(0x0002, 0, fill(25, 0x99)))), [
    'conflicting_duplicate_ef',
    'conflicting_duplicate_ef',
  ]);
  t.same(await reasonOf(bytes(file, tlv(0x0520, 1, fill(128, 1)))), [
    'conflicting_duplicate_ef',
    'conflicting_duplicate_ef',
  ]);
  const err = await decodeDdd(bytes(0x76, 0x01, fill(10))).catch((e: Error) => e);
  t.match((err as Error).message, /vehicle-unit/);
});

t.test('warnings: transfer header, duplicates, unknown tags, missing signatures', async (t) => {
  const file = gen1Card();
  const wrapped = decodeDddBytes(bytes(0x76, 0x06, file));
  t.same(codes(wrapped), ['transfer_header_stripped']);
  t.equal(wrapped.transferHeaderStripped, true);
  t.equal(wrapped.gen1?.identification?.cardNumber, 'd1234567890120ab');
  t.same(codes(await decodeDdd(chunked(bytes(0x76, 0x06, file), 1))), ['transfer_header_stripped']);

  const dup = decodeDddBytes(
    bytes(
      file,
      tlv(0x0520, 0, identification({ cardNumber: 'd1234567890120ab' })),
      tlv(0x0520, 0, identification({ cardNumber: 'd1234567890120ab' })),
      tlv(0x0002, 0, fill(25, 0x11)),
      tlv(0x0520, 1, fill(128, 0x5a)),
    ),
  );
  t.same(codes(dup), ['duplicated_ef', 'duplicated_ef', 'duplicated_ef'], 'one warning per duplicated tag');

  const unknown = decodeDddBytes(
    bytes(file, tlv(0x0999, 0, fill(4)), tlv(0x0523, 0, fill(4)), tlv(0x0520, 9, fill(1))),
  );
  t.same(codes(unknown), ['unknown_tag'], 'one warning for all skipped blocks (a damaged file cannot flood the list)');
  t.match(unknown.warnings[0].message, new RegExp(`^3 blocks .*the first at byte ${file.length}\\b`));
  t.notMatch(
    unknown.warnings[0].message,
    /0999|052309|[0-9a-f]{2} [0-9a-f]{2}/i,
    'the tags (file bytes) are not quoted',
  );
  const one = decodeDddBytes(bytes(file, tlv(0x0999, 0, fill(4))));
  t.match(
    one.warnings.map((w) => w.message),
    [new RegExp(`^The block at byte ${file.length} does not have the tag of a driver-card EF`)],
  );

  const unsigned = decodeDddBytes(
    bytes(
      tlv(0x0002, 0, fill(25)),
      tlv(0x0520, 0, identification()),
      tlv(0x050e, 0, fill(4)),
      tlv(0xc100, 0, fill(194)),
      tlv(0x0504, 0, bytes(u16(0), u16(0), fill(100))),
    ),
  );
  t.same(
    codes(unsigned),
    ['signature_missing', 'signature_missing'],
    'Identification and Driver_Activity_Data; not ICC, Card_Download or certificates',
  );
  t.match(unsigned.warnings[0].message, /Identification/);
});

t.test('damaged EFs are warnings, the rest decodes', async (t) => {
  const card = decodeDddBytes(
    bytes(
      gen1Card().subarray(0, 0),
      signed(0x0520, 1, identification()),
      signed(0x0501, 1, fill(3)),
      signed(0x0505, 1, fill(1)),
      signed(0x0506, 1, bytes(0, fill(25))),
    ),
  );
  t.same(codes(card), ['damaged_ef', 'damaged_ef', 'ef_size_mismatch']);
  t.equal(card.gen1?.places?.records.length, 2);
  t.equal(card.gen1?.identification?.holderSurname.text, 'SURNAME');
});

t.test('audit: streaming after a 76 06 header names the same byte offsets as the whole-file decoder', async (t) => {
  const file = bytes(0x76, 0x06, gen1Card(), tlv(0x0999, 0, fill(4)));
  const whole = decodeDddBytes(file);
  t.match(
    whole.warnings.map((w) => w.message),
    [/transfer-response header/, new RegExp(`at byte ${file.length - 9}\\b`)],
  );
  for (const size of [1, 3, 7, 4096]) {
    t.same(plain(await decodeDdd(chunked(file, size))), plain(whole), `${size}-byte chunks`);
  }
  const cut = file.subarray(0, file.length - 2);
  const messages = await Promise.all([
    Promise.resolve()
      .then(() => decodeDddBytes(cut))
      .catch((e: Error) => e.message),
    decodeDdd(chunked(cut, 5)).catch((e: Error) => e.message),
  ]);
  t.equal(messages[0], messages[1], 'the same truncation message (same offset)');
  t.match(messages[0], new RegExp(`at byte ${file.length - 9}:`));
});

t.test('audit: synchronous and async iterables of chunks give the same card', async (t) => {
  const file = gen2Card(2);
  const whole = plain(decodeDddBytes(file));
  t.same(plain(decodeDddChunks(chunked(file, 7))), whole, 'decodeDddChunks');
  t.same(plain(await decodeDdd([...chunked(file, 1000)])), whole, 'an array of chunks');
  async function* slow(): AsyncGenerator<Uint8Array> {
    for (const c of chunked(file, 333)) yield c;
  }
  t.same(plain(await decodeDdd(slow())), whole, 'an async iterable');
  t.throws(() => decodeDddChunks([bytes(0x76), bytes(0x01)]), {
    name: 'DddDecodeError',
    reason: 'vehicle_unit_download',
  });
  t.throws(() => decodeDddChunks([]), { name: 'DddDecodeError', reason: 'empty' });
});

t.test(
  'missing_ef: one warning per DDP_035 data EF absent, per DF present (gen2 DF only when in the file)',
  async (t) => {
    const missing = (card: DecodedCard) =>
      card.warnings.filter((w) => w.code === 'missing_ef').map((w) => w.message.split(' is missing')[0]);
    const gen1Only = decodeDddBytes(
      bytes(
        signed(0x0501, 1, fill(10)),
        signed(0x0520, 1, identification()),
        signed(0x0504, 1, bytes(u16(0), u16(0), fill(100))),
      ),
    );
    t.same(missing(gen1Only), [
      'EF Events_Data (DF Tachograph)',
      'EF Faults_Data (DF Tachograph)',
      'EF Vehicles_Used (DF Tachograph)',
      'EF Places (DF Tachograph)',
      'EF Control_Activity_Data (DF Tachograph)',
      'EF Specific_Conditions (DF Tachograph)',
    ]);
    const g2 = decodeDddBytes(bytes(signed(0x0520, 2, identification())));
    t.equal(
      missing(g2).filter((m) => m.endsWith('(DF Tachograph_G2)')).length,
      10,
      'gen2 DF: 9 + VehicleUnits_Used + GNSS_Places, minus Identification',
    );
    t.ok(missing(g2).includes('EF GNSS_Places (DF Tachograph_G2)'));
    t.equal(
      missing(g2).filter((m) => m.endsWith('(DF Tachograph)')).length,
      9,
      'DF Tachograph is mandatory for every card',
    );
  },
);

t.test(
  'EF ICC and EF IC repeated under appendix 02 (as real gen2 equipment writes them) are the MF EFs again',
  async (t) => {
    const icc = fill(25, 0x11);
    const ic = fill(8, 0x22);
    for (const version of [1, 2] as const) {
      const file = gen2Card(version);
      const base = decodeDddBytes(file);
      const repeated = decodeDddBytes(bytes(file, tlv(0x0002, 2, icc), tlv(0x0005, 2, ic)));
      t.same(
        codes(repeated),
        codes(base),
        `v${version}: identical copies → no warning at all (no unknown_tag, no duplicated_ef)`,
      );
      t.same(repeated.common, base.common, 'the first copies are the common EFs');
      t.notOk(
        repeated.gen2!.raw.has(0x0002) || repeated.gen2!.raw.has(0x0005),
        'never filed as EFs of DF Tachograph_G2',
      );
      t.notOk(
        repeated.warnings.some((w) => w.code === 'signature_missing'),
        'the MF EFs are unsigned: no signature is missing',
      );
      t.equal(repeated.generation, base.generation);

      const differing = decodeDddBytes(
        bytes(file, tlv(0x0002, 2, fill(25, 0x99)), tlv(0x0005, 2, ic), tlv(0x0002, 2, fill(25, 0x98))),
      );
      t.same(
        codes(differing),
        ['repeated_ef_differs'],
        `v${version}: a differing copy → one warning of its own, no unknown_tag`,
      );
      t.match(
        differing.warnings.find((w) => w.code === 'repeated_ef_differs')!.message,
        /EF ICC .*appendix 02.*first copy was kept/,
      );
      t.same(differing.common.icc, icc, 'the first copy is kept');
      const streamed = await decodeDdd(
        chunked(bytes(file, tlv(0x0002, 2, fill(25, 0x99)), tlv(0x0005, 2, ic), tlv(0x0002, 2, fill(25, 0x98))), 3),
      );
      t.same(plain(streamed), plain(differing), 'streaming decides alike');
    }
    // only a repeat under 02 is forgiven: the same tag twice with different content still cannot be filed
    t.throws(() => decodeDddBytes(bytes(gen1Card(), tlv(0x0005, 0, fill(8, 0x23)))), {
      name: 'DddDecodeError',
      reason: 'conflicting_duplicate_ef',
    });
    // a file may start with the 02 copy (no 00 copy at all): it is the common EF then
    const g2first = decodeDddBytes(bytes(tlv(0x0002, 2, icc), signed(0x0520, 2, identification(), 64)));
    t.same(g2first.common.icc, icc);
    t.notOk(g2first.warnings.some((w) => w.code === 'unknown_tag'));
    // an ICC "signature" under 03 is no tag of a driver-card download
    t.same(codes(decodeDddBytes(bytes(gen2Card(1), tlv(0x0002, 3, fill(64))))), ['unknown_tag']);
  },
);
