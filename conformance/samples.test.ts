/**
 * Real-sample conformance: decodes every `.ddd` in ../shared/samples/ (files not written by this project) as
 * its README says. When the folder is absent the suite skips loudly — except under CI=true, where nothing
 * may skip, so it fails instead.
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { DddDecodeError } from '../core/decoder/api.js';
import { decodeDdd, decodeDddBytes } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { precheckOfFile } from './sample-precheck.js';
import { parseIsoDay } from '../core/time.js';
import type { ActivityIntervalRow, ParsedCard } from '../core/domain/rows.js';

/** ../shared/samples/ beside the repository; DRIVERCARD_SAMPLES_DIR overrides it (e.g. to check the skip path). */
const SAMPLES = process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../shared/samples/', import.meta.url));

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let p = 0; p < bytes.length; p += size) yield bytes.subarray(p, p + size);
}

/** Seconds per activity; UNKNOWN = card not inserted and not manually entered (not counted in its activity). */
function timeSummary(rows: ActivityIntervalRow[]) {
  const totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  for (const r of rows) {
    if (!r.card_inserted && !r.manual_entry) totals.UNKNOWN += r.duration;
    else totals[r.activity] += r.duration;
  }
  return totals;
}

if (!existsSync(SAMPLES)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES} does not exist; the real-sample conformance suite did not run.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.toLowerCase().endsWith('.ddd'))
    .sort();

  t.test('vehicle-unit-download.ddd is rejected as a vehicle-unit download', async (t) => {
    const path = join(SAMPLES, 'vehicle-unit-download.ddd');
    if (!existsSync(path)) return t.fail('vehicle-unit-download.ddd missing from the samples');
    const bytes = new Uint8Array(readFileSync(path));
    t.equal(bytes.length, 103_348);
    t.throws(() => decodeDddBytes(bytes), { name: 'DddDecodeError', reason: 'vehicle_unit_download' });
    await t.rejects(decodeDdd(chunked(bytes, 4096)), { name: 'DddDecodeError', reason: 'vehicle_unit_download' });
    try {
      decodeDddBytes(bytes);
    } catch (error) {
      t.match((error as Error).message, /vehicle.unit/i, 'the message says it is a vehicle-unit file');
    }
  });

  t.test('gen1-real-activity.ddd decodes with the README values', async (t) => {
    const path = join(SAMPLES, 'gen1-real-activity.ddd');
    if (!existsSync(path)) return t.fail('gen1-real-activity.ddd missing from the samples');
    const bytes = new Uint8Array(readFileSync(path));
    const decoded = decodeDddBytes(bytes);
    const card: ParsedCard = toParsedCard(decoded);

    t.equal(card.metadata.generation, 'GEN1');
    t.equal(card.metadata.card.card_number, 'DRIVER0000000100');
    t.equal(card.metadata.driver.surname, 'TEST_SURNAME');
    t.same(card.metadata.activity_range, { from: parseIsoDay('2025-04-15'), to: parseIsoDay('2025-09-12'), days: 145 });

    t.equal(card.activities.length, 6013, '6,013 activity intervals');
    t.equal(new Set(card.activities.map((a) => a.date)).size, 145, '145 day records');
    // The README's summary runs the newest day (2025-09-12) to 24:00. That day ends at the download: 11:26, the
    // newest instant the file records (its last change, DRIVING; no EF Card_Download, every other time is older),
    // so the 12 h 34 min of "driving" from 11:26 to 24:00 (45,240 s) are not recorded data.
    t.same(timeSummary(card.activities), {
      DRIVING: 1_163_040 - 45_240,
      WORK: 1_136_820,
      AVAILABILITY: 60,
      REST: 9_428_160,
      UNKNOWN: 799_920,
    });
    t.equal(
      card.activities.reduce((s, a) => s + a.duration, 0),
      144 * 86_400 + (11 * 60 + 26) * 60,
      'the intervals cover every recorded day fully, the newest one up to the download',
    );
    t.ok(card.activities.every((a) => a.card_number === 'DRIVER0000000100'));

    t.equal(card.day_distances.length, 145);
    t.equal(
      card.day_distances.reduce((s, d) => s + d.distance_km, 0),
      9_960,
      'total distance 9,960 km',
    );

    t.equal(card.events.length, 1, '1 event');
    t.match(card.events[0], {
      code: 5,
      type: 'CARD_INSERTION_WHILE_DRIVING',
      description: 'Card insertion while driving',
      start: Date.parse('2020-01-01T12:00:00Z') / 1000,
      end: Date.parse('2020-01-01T12:30:00Z') / 1000,
      vehicle_registration: { nation: 'FI', number: 'TEST-VRN' },
    });
    t.equal(card.faults.length, 0, '0 faults');
    t.equal(card.vehicles_used.length, 200, '200 vehicle records');
    t.equal(card.positions.filter((p) => p.source === 'PLACE').length, 112, '112 place records');

    // The streaming decoder gives the same result for any chunking.
    const expected = JSON.stringify(card);
    for (const size of [1, 4096, bytes.length]) {
      const streamed = toParsedCard(await decodeDdd(chunked(bytes, size)));
      // (compared as JSON: a deep comparison of 6,000 rows is slow in tap)
      t.equal(JSON.stringify(streamed), expected, `streaming in ${size}-byte chunks gives the same card`);
    }
    t.equal(JSON.stringify(toParsedCard(await decodeDdd(bytes))), expected, 'a whole Uint8Array source too');
  });

  t.test('every other sample decodes or fails with a DddDecodeError', async (t) => {
    const others = files.filter((f) => f !== 'vehicle-unit-download.ddd' && f !== 'gen1-real-activity.ddd');
    if (others.length === 0) t.pass('no other samples');
    for (const file of others) {
      const bytes = new Uint8Array(readFileSync(join(SAMPLES, file)));
      try {
        toParsedCard(decodeDddBytes(bytes));
        t.pass(`${file} decodes`);
      } catch (error) {
        t.type(error, DddDecodeError, `${file} fails only with a DddDecodeError`);
      }
    }
  });

  t.test('the real samples with unknown_as=rest reach verdicts on daily and weekly rest', async (t) => {
    // Measured: gen1-real-activity 12 daily-rest and 2 weekly-rest INCOMPLETE_DATA without the
    // assumption, none with it (92 of 93 daily rests and 24 weekly rests judged, no finding); gen1-real-signed-es
    // 24 + 8 without, 4 + 4 with (the rest lie next to card-out periods longer than 5 days, which stay unknown).
    for (const file of ['gen1-real-activity.ddd', 'gen1-real-signed-es.ddd']) {
      const path = join(SAMPLES, file);
      if (!existsSync(path)) {
        t.fail(`${file} missing from the samples`);
        continue;
      }
      const card = toParsedCard(decodeDddBytes(new Uint8Array(readFileSync(path))));
      const run = (unknown_as: 'unknown' | 'rest') => precheckOfFile(card, card.metadata.activity_range.to, unknown_as);
      const undecided = (r: ReturnType<typeof run>) =>
        r.violations.filter(
          (v) => (v.rule === 'daily_rest' || v.rule === 'weekly_rest') && v.status === 'INCOMPLETE_DATA',
        ).length;
      const strict = run('unknown');
      const assumed = run('rest');
      t.equal(assumed.assumptions.unknown_as, 'rest', file);
      t.ok(undecided(strict) >= 14, `${file}: ${undecided(strict)} undecided rests without the assumption`);
      t.ok(undecided(assumed) * 3 < undecided(strict), `${file}: ${undecided(assumed)} undecided rests with it`);
      if (file === 'gen1-real-activity.ddd') t.equal(undecided(assumed), 0, 'every daily and weekly rest decided');
      t.ok(assumed.driver_status !== null, 'a driver status at the end of the data');
    }
  });
}
