/**
 * The newest day ends at the download (api-contract "activity interval"): no interval, total, chart segment or
 * finding covers the time after it. Shown on encoder scenarios at the edges of the reading (expected ends stated by
 * hand), on the real samples of ../shared/samples (skipped loudly when absent, failing under CI=true), and on the
 * card-history merge: an older download's cut day is a prefix of the newer download's full day, not a conflict.
 */
import t from 'tap';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { decodeDddBytes, downloadTimeOf } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { buildDayOverviews, buildWeekOverviews } from '../core/overview/index.js';
import { precheckOfFile } from './sample-precheck.js';
import { dayRecordsOf } from '../core/use-cases/day-records.js';
import { resolveServedDays } from '../core/use-cases/served-days.js';
import type { ActivityIntervalRow, ParsedCard } from '../core/domain/rows.js';
import type { StoredDayRecord } from '../core/ports/import-store.js';
import { isoDay, isoTimestamp, isoWeekOf, parseIsoTimestamp } from '../core/time.js';
import { describeEventFault } from '../core/decoder/tables/event-fault-types.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { expectedRows } from '../fixtures/encoder/expected.js';
import { ch, day } from '../fixtures/scenarios/build.js';
import { FRIDAY, downloadDayCases } from '../fixtures/scenarios/download-day.js';
import { reportMissingDependency } from './missing-dependency.js';

const SAMPLES = process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../shared/samples/', import.meta.url));

function newestDayRows(card: ParsedCard): ActivityIntervalRow[] {
  const newest = card.metadata.activity_range.to;
  return card.activities.filter((r) => r.date === newest).sort((a, b) => a.start - b.start);
}

t.test('scenarios at the edges: where the newest day ends', async (t) => {
  for (const c of downloadDayCases()) {
    const card = toParsedCard(decodeDddBytes(encodeCard(c.scenario)));
    const rows = newestDayRows(card);
    const end = parseIsoTimestamp(c.dayEnds);
    t.equal(isoTimestamp(rows[rows.length - 1]!.end), c.dayEnds, `${c.name}: the last interval ends at ${c.dayEnds}`);
    t.ok(
      card.activities.every((r) => r.end <= end),
      `${c.name}: no interval runs past it`,
    );
    t.ok(
      card.activities.every((r) => r.duration === r.end - r.start),
      `${c.name}: every row is valid (duration = end − start)`,
    );
    const expected = expectedRows(c.scenario, describeEventFault).activities.filter((r) => r.date === FRIDAY);
    t.equal(expected[expected.length - 1]!.end, c.dayEnds, `${c.name}: the golden builder states the same end`);
    const midnight = parseIsoTimestamp(`${FRIDAY}T00:00:00Z`);
    if (end < midnight + 86_400)
      t.equal(downloadTimeOf(decodeDddBytes(encodeCard(c.scenario))), end, `${c.name}: the decoder's download time`);
  }
});

t.test(
  'the merge: an older download cut at its download is a prefix of the newer download, in either order',
  async (t) => {
    const cases = downloadDayCases();
    const older = cases[0]!.scenario; // Friday read at 11:15 (0 s of driving)
    const consistent = cases[4]!.scenario; // Friday read at 14:05:30
    const friday = day(
      FRIDAY,
      520,
      [ch('00:00', 'R'), ch('06:00', 'D'), ch('10:30', 'R'), ch('11:15', 'D'), ch('15:45', 'W'), ch('16:10', 'R')],
      8,
    );
    const newer = {
      ...older,
      days: [older.days[0]!, friday, day('2026-03-07', 0, [ch('00:00', 'R'), ch('09:00', 'W')], 9)],
    };
    const wrong = {
      ...newer,
      days: [
        newer.days[0]!,
        { ...friday, changes: friday.changes.map((c, i) => (i === 1 ? { ...c, activity: 2 as const } : c)) },
      ],
    };
    const hasher = {
      sha256Hex: (b: Uint8Array) => createHash('sha256').update(b).digest('hex'),
      sha256HexOfText: (x: string) => createHash('sha256').update(x).digest('hex'),
    };
    const resolve = async (files: { id: string; scenario: typeof older }[]) => {
      const records: StoredDayRecord[] = [];
      const rows: ActivityIntervalRow[] = [];
      files.forEach((f, sequence) => {
        const card = toParsedCard(decodeDddBytes(encodeCard(f.scenario)));
        for (const d of dayRecordsOf(card, hasher))
          records.push({ ...d, import_id: f.id, card_number: 'C', sequence, quarantined: false });
        for (const r of card.activities) rows.push({ ...r, import_id: f.id });
      });
      const result = await resolveServedDays(records, async (days) =>
        rows.filter((r) => days.some((d) => d.import_id === r.import_id && d.date === r.date)),
      );
      return {
        served: result.served.map((d) => `${isoDay(d.date)}:${d.import_id}`),
        conflicts: result.conflicts.map(isoDay),
      };
    };
    for (const first of [older, consistent]) {
      t.same(
        await resolve([
          { id: 'old', scenario: first },
          { id: 'new', scenario: newer },
        ]),
        { served: ['2026-03-05:new', '2026-03-06:new', '2026-03-07:new'], conflicts: [] },
      );
      t.same(
        await resolve([
          { id: 'new', scenario: newer },
          { id: 'old', scenario: first },
        ]),
        { served: ['2026-03-05:old', '2026-03-06:new', '2026-03-07:new'], conflicts: [] },
        'stored in the other order',
      );
    }
    t.same(
      (
        await resolve([
          { id: 'old', scenario: older },
          { id: 'new', scenario: wrong },
        ])
      ).conflicts,
      ['2026-03-06'],
      'a change before the download that differs is still a conflict',
    );
  },
);

/** The real samples: the newest day, the download time (stated from the README and the file, see each case). */
const REAL = [
  // No EF Card_Download; every vehicle, place and event time is of 2020 (anonymised): the newest instant the file
  // records is the last change, 11:26 (DRIVING). The issue saw "Driving 15:21" on this day with 11:26–24:00 drawn.
  {
    file: 'gen1-real-activity.ddd',
    newest: '2025-09-12',
    download: '2025-09-12T11:26:00Z',
    driving: 15 * 3600 + 21 * 60 - (24 * 3600 - (11 * 3600 + 26 * 60)),
  },
  // EF Card_Download says 11:35:04, older than the last change (12:16, DRIVING): an earlier download. The newest
  // vehicle record (first use 11:14:28, no last use yet), the current usage (11:15:30) and the place (11:14:28) are
  // older too. The issue saw "Driving 12:08" on this day (12:16–24:00 drawn as driving).
  {
    file: 'gen1-real-signed-es.ddd',
    newest: '2023-04-28',
    download: '2023-04-28T12:16:00Z',
    driving: 12 * 3600 + 8 * 60 - (24 * 3600 - (12 * 3600 + 16 * 60)),
  },
];

if (!existsSync(SAMPLES)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES} does not exist; the download-day checks on real files did not run.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  for (const sample of REAL) {
    t.test(`${sample.file}: no interval, total, chart segment or finding after the download`, async (t) => {
      const path = join(SAMPLES, sample.file);
      if (!existsSync(path)) return t.fail(`${sample.file} missing from the samples`);
      const decoded = decodeDddBytes(new Uint8Array(readFileSync(path)));
      const card = toParsedCard(decoded);
      const download = parseIsoTimestamp(sample.download);
      const newest = card.metadata.activity_range.to!;
      t.equal(isoDay(newest), sample.newest);
      t.equal(downloadTimeOf(decoded), download, 'the download time read from the file');
      if (sample.file === 'gen1-real-signed-es.ddd') {
        t.equal(
          decoded.gen1?.cardDownload?.lastCardDownload,
          parseIsoTimestamp('2023-04-28T11:35:04Z'),
          'EF Card_Download: an earlier download',
        );
      }
      t.ok(
        card.activities.every((r) => r.end <= download),
        'no interval ends after the download',
      );
      const rows = newestDayRows(card);
      t.equal(isoTimestamp(rows[rows.length - 1]!.end), sample.download, 'the newest day’s last interval ends at it');

      // totals and chart segments: the day and week overviews carry these rows and sum them
      const input = {
        card_number: card.metadata.card.card_number,
        intervals: card.activities,
        day_distances: card.day_distances,
        vehicles_used: card.vehicles_used,
      };
      const [dayView] = buildDayOverviews(input, [newest]);
      const sum = Object.values(dayView!.totals).reduce((a, b) => a + b, 0);
      t.equal(sum, download - newest * 86_400, 'the day’s totals cover 00:00 to the download, nothing after');
      t.equal(dayView!.totals.DRIVING, sample.driving, `driving on the newest day: ${sample.driving} s`);
      t.ok(
        dayView!.intervals.every((r) => r.end <= download),
        'no chart segment after the download',
      );
      const [week] = buildWeekOverviews(input, [isoWeekOf(newest)]);
      const weekSum = Object.values(week!.totals).reduce((a, b) => a + b, 0);
      t.ok(weekSum <= download - week!.start_date * 86_400, 'the week’s totals hold nothing after the download');

      // findings: the pre-check over the whole file
      const r = precheckOfFile(card, newest);
      t.ok(
        r.violations.every((v) => parseIsoTimestamp(v.end) <= download),
        'no finding reaches past the download',
      );
      const open = r.warnings.find((w) => w.code === 'OPEN_END');
      t.equal(open?.start, sample.download, 'OPEN_END names the download time');
    });
  }
}
