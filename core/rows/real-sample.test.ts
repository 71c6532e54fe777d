/**
 * The real gen1 sample of ../shared/samples (outside the repository; see its README for the expected values).
 * Skipped, loudly, when the folder is absent.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DddDecodeError, decodeDdd, decodeDddBytes } from '../decoder/index.js';
import { toParsedCard } from './to-parsed-card.js';
import { isoDay, isoTimestampOrNull } from '../time.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const samples = resolve(repoRoot, '..', 'shared', 'samples');
const gen1Path = resolve(samples, 'gen1-real-activity.ddd');
const vuPath = resolve(samples, 'vehicle-unit-download.ddd');

if (!existsSync(gen1Path) || !existsSync(vuPath)) {
  t.skip(
    `REAL SAMPLES MISSING: ${samples} (gen1-real-activity.ddd, vehicle-unit-download.ddd) not found; the real-sample checks did not run`,
    async () => {},
  );
} else {
  t.test('gen1-real-activity.ddd decodes to the README values', async (t) => {
    const bytes = new Uint8Array(readFileSync(gen1Path));
    const card = decodeDddBytes(bytes);
    const p = toParsedCard(card);
    t.equal(p.metadata.generation, 'GEN1');
    t.equal(p.metadata.card.card_number, 'DRIVER0000000100');
    t.equal(p.metadata.driver.surname, 'TEST_SURNAME');
    t.same(
      [isoDay(p.metadata.activity_range.from!), isoDay(p.metadata.activity_range.to!), p.metadata.activity_range.days],
      ['2025-04-15', '2025-09-12', 145],
    );
    t.equal(p.activities.length, 6013);
    const totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
    for (const a of p.activities) {
      if (!a.card_inserted && !a.manual_entry) totals.UNKNOWN += a.duration;
      else totals[a.activity] += a.duration;
    }
    // the README's summary runs the newest day (2025-09-12) to 24:00; it ends at the download, 11:26 (the file's
    // newest instant: its last change; no EF Card_Download): the 12 h 34 min (45,240 s) of driving after it are gone
    t.same(totals, {
      DRIVING: 1_163_040 - 45_240,
      WORK: 1_136_820,
      AVAILABILITY: 60,
      REST: 9_428_160,
      UNKNOWN: 799_920,
    });
    t.equal(
      p.day_distances.reduce((s, d) => s + d.distance_km, 0),
      9960,
    );
    t.same(
      p.events.map((e) => [e.code, isoTimestampOrNull(e.start), isoTimestampOrNull(e.end), e.vehicle_registration]),
      [[5, '2020-01-01T12:00:00Z', '2020-01-01T12:30:00Z', { nation: 'FI', number: 'TEST-VRN' }]],
    );
    t.equal(p.faults.length, 0);
    t.equal(p.vehicles_used.length, 200);
    t.equal(p.positions.filter((x) => x.source === 'PLACE').length, 112);
    t.same(
      p.metadata.warnings.map((w) => w.code),
      ['activity_time_out_of_order'],
    );

    const streamed = await decodeDdd(
      (function* () {
        for (let i = 0; i < bytes.length; i += 1) yield bytes.subarray(i, i + 1);
      })(),
    );
    t.same(toParsedCard(streamed), p, '1-byte chunks give the same rows');
  });

  t.test('vehicle-unit-download.ddd is rejected as a vehicle-unit download', async (t) => {
    const bytes = new Uint8Array(readFileSync(vuPath));
    let error: unknown = null;
    try {
      decodeDddBytes(bytes);
    } catch (e) {
      error = e;
    }
    t.ok(error instanceof DddDecodeError);
    t.equal((error as DddDecodeError).reason, 'vehicle_unit_download');
    t.match((error as DddDecodeError).message, /vehicle-unit/);
  });
}
