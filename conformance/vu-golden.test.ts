/**
 * Golden run of the vehicle-unit decoder: every fixtures/ddd/vu-downloads/*.ddd is decoded (whole and in chunks
 * of several sizes) and verified under the test PKI, summarised in the shape of fixtures/encoder/vu/expected.ts,
 * and compared with fixtures/golden/vu-downloads/<name>.json, which is derived from the scenario alone. The
 * generator must reproduce the committed files (gen2 signatures aside: their ECDSA nonce is random); a changed
 * byte in one day's activities must fail exactly that TREP.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { buildTrustStore } from '../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../core/authenticity/verify-vu.js';
import { decodeVu, decodeVuBytes, decodeVuChunks } from '../core/decoder/vu/decode-vu.js';
import type { DecodedVu, VuCardNumber } from '../core/domain/vu.js';
import type { VuAuthenticity } from '../core/domain/vu-authenticity.js';
import { isoDay, dayOf, isoTimestamp } from '../core/time.js';
import { encodeVu } from '../fixtures/encoder/vu/encode-vu.js';
import type { VuGolden } from '../fixtures/encoder/vu/expected.js';
import { testTrustFiles } from '../fixtures/pki/test-pki.js';
import { VU_DDD_DIR, VU_GOLDEN_DIR, vuGoldenText, writeVuFixtures } from '../fixtures/scenarios/vu-generate.js';
import { vuFixtures } from '../fixtures/scenarios/vu-scenarios.js';

const crypto = new NodeSignatureCrypto();
const verifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const fixtures = vuFixtures();
const iso = (s: number | null): string | null => (s === null ? null : isoTimestamp(s));
const day = (s: number | null): string | null => (s === null ? null : isoDay(dayOf(s)));
const cardNumber = (c: VuCardNumber): string | null => (c.cardType === 0 ? null : c.cardNumber);
const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');

/** the days in the golden's shape */
function daysOf(vu: DecodedVu): VuGolden['days'] {
  return vu.days.map((d) => ({
    date: day(d.date)!,
    odometer_midnight_km: d.odometerMidnight,
    activity_changes: d.activities.map((c) => ({
      slot: c.slot,
      minute: c.minutes,
      activity: c.activity,
      card_inserted: !c.notInserted,
      crew_or_known: c.crewOrKnown,
    })),
    insertions: d.insertions.map((i) => ({
      card_number: cardNumber(i.card),
      slot: i.slot,
      inserted_at: iso(i.insertedAt),
      withdrawn_at: iso(i.withdrawnAt),
      odometer_at_insertion_km: i.odometerAtInsertion,
      manual_input: i.manualInput,
    })),
    places: d.places.length,
    positions: d.positions.map((p) => ({ timestamp: iso(p.timestamp), odometer_km: p.odometer })),
    specific_conditions: d.specificConditions.length,
  }));
}

/** The decoded file in the golden's shape (the reading the golden, written from the scenario, must match). */
function summaryOf(vu: DecodedVu, a: VuAuthenticity): VuGolden {
  const o = vu.overview!;
  const id = vu.technical?.identification ?? null;
  return {
    generation: vu.generation,
    treps: vu.treps.map((x) => hex2(x.trep)),
    vehicle: { vin: o.vin!, nation: o.registration!.nation, registration: o.registration!.number.text },
    downloaded_at: iso(o.currentDateTime)!,
    previous_download: {
      at: iso(o.previousDownload!.at)!,
      card_number: cardNumber(o.previousDownload!.card),
      company_or_workshop: o.previousDownload!.companyOrWorkshopName.text,
    },
    data_range: { from: iso(o.downloadableFrom)!, to: iso(o.downloadableTo)! },
    company_locks: o.companyLocks.map((l) => ({
      lock_in: iso(l.lockIn),
      lock_out: iso(l.lockOut),
      card_number: cardNumber(l.companyCard),
    })),
    controls: o.controls.map((c) => ({
      type: c.controlType,
      at: iso(c.controlTime),
      card_number: cardNumber(c.controlCard),
    })),
    time_adjustments: vu.eventsFaults!.timeAdjustments.map((a) => ({
      old_time: iso(a.oldTime),
      new_time: iso(a.newTime),
      card_number: cardNumber(a.workshopCard),
    })),
    slots: { driver: o.driverSlotCard, co_driver: o.codriverSlotCard },
    days: daysOf(vu),
    faults: vu.eventsFaults!.faults.map((f) => ({ type: f.type, start: iso(f.begin), end: iso(f.end) })),
    events: vu.eventsFaults!.events.map((e) => ({
      type: e.type,
      start: iso(e.begin),
      end: iso(e.end),
      similar_events: e.similarEvents,
    })),
    overspeeding: vu.eventsFaults!.overspeeding.map((x) => ({
      start: iso(x.begin),
      max_speed_kmh: x.maxSpeed,
      average_speed_kmh: x.averageSpeed,
      card_number: cardNumber(x.card),
    })),
    speed_blocks: vu.speed.map((b) => ({ start: iso(b.begin), first_speed_kmh: b.speeds[0]! })),
    vu:
      id === null
        ? null
        : {
            manufacturer_name: id.manufacturerName.text,
            part_number: id.partNumber,
            serial_number: id.serialNumber.serial,
            software_version: id.softwareVersion,
          },
    calibrations: vu.technical!.calibrations.map((c) => ({
      purpose: c.purpose,
      workshop: c.workshopName.text,
      next_calibration_date: day(c.nextCalibrationDate),
      odometer_new_km: c.newOdometer,
    })),
    card_downloads: vu.cardDownloads.map((c) => ({
      card_number: (c.gen2 ?? c.gen1)?.identification?.cardNumber ?? null,
    })),
    warnings: vu.warnings.map((w) => w.code).sort(),
    authenticity: { status: a.status, treps: a.treps.map((x) => ({ trep: x.trep, result: x.result })) },
  };
}

const fileOf = (name: string): Uint8Array => new Uint8Array(readFileSync(join(VU_DDD_DIR, `${name}.ddd`)));
const goldenOf = (name: string): VuGolden =>
  JSON.parse(readFileSync(join(VU_GOLDEN_DIR, `${name}.json`), 'utf8')) as VuGolden;

t.test('the generator reproduces the committed files and goldens', async (t) => {
  t.same(readdirSync(VU_DDD_DIR).sort(), fixtures.map((f) => `${f.name}.ddd`).sort(), 'one file per VU scenario');
  for (const f of fixtures) {
    const blank = encodeVu(f.scenario, 'blank');
    const committed = fileOf(f.name).slice();
    const expected = blank.bytes.slice();
    for (const [from, to] of blank.signatures) {
      committed.fill(0, from, to);
      expected.fill(0, from, to);
    }
    t.ok(Buffer.from(committed).equals(Buffer.from(expected)), `${f.name}.ddd re-encodes (signatures aside)`);
    t.equal(readFileSync(join(VU_GOLDEN_DIR, `${f.name}.json`), 'utf8'), vuGoldenText(f.scenario), `${f.name}.json`);
  }
});

t.test('the generator writes the files it is asked for', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'vu-fixtures-'));
  const lines = writeVuFixtures(join(dir, 'ddd'), join(dir, 'golden'));
  t.equal(lines.length, fixtures.length);
  t.same(readdirSync(join(dir, 'golden')).sort(), readdirSync(VU_GOLDEN_DIR).sort());
  for (const f of fixtures)
    t.equal(readFileSync(join(dir, 'golden', `${f.name}.json`), 'utf8'), vuGoldenText(f.scenario), f.name);
});

for (const f of fixtures) {
  t.test(f.name, async (t) => {
    const bytes = fileOf(f.name);
    const golden = goldenOf(f.name);
    const whole = decodeVuBytes(bytes);
    t.same(summaryOf(whole, verifier.verify(whole).authenticity), golden, 'decodes and verifies to the golden');
    for (const size of [1, 2, 5, 64, 4096]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      const chunked = decodeVuChunks(chunks);
      t.same(summaryOf(chunked, verifier.verify(chunked).authenticity), golden, `chunks of ${size} bytes`);
    }
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 333) yield bytes.subarray(i, i + 333);
    }
    const streamed = await decodeVu(source());
    t.same(summaryOf(streamed, verifier.verify(streamed).authenticity), golden, 'an async source');
  });

  t.test(`${f.name}: a changed activity byte fails exactly that day's TREP`, async (t) => {
    const bytes = fileOf(f.name);
    const days = decodeVuBytes(bytes).treps.filter((x) => (x.trep & 0x0f) === 2);
    const second = days[1]!;
    const tampered = bytes.slice();
    const signedAt = second.signed.byteOffset - bytes.byteOffset;
    // the second byte (minutes) of the day's first ActivityChangeInfo: gen1 after TimeReal 4, odometer 3,
    // noOfIWRecords 2, the 129-byte insertion records and noOfActivityChanges 2; gen2 after the array header
    const insertions = f.scenario.days[1]!.insertions.length;
    const gen2Header = second.signed.findIndex((_, i, b) => b[i] === 0x01 && b[i + 1] === 0x00 && b[i + 2] === 0x02);
    const first = f.scenario.generation === 'GEN1' ? 4 + 3 + 2 + 129 * insertions + 2 : gen2Header + 5;
    tampered[signedAt + first + 1] ^= 0x01;
    const a = verifier.verify(decodeVuBytes(tampered)).authenticity;
    t.equal(a.status, 'INVALID');
    t.same(
      a.treps.filter((x) => x.result !== 'VALID').map((x) => [x.offset, x.result]),
      [[second.offset, 'INVALID']],
    );
  });
}
