import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityIntervalRow } from '../../../core/domain/rows.js';
import { buildParsedCard, workingDay } from '../../../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from '../../../conformance/new-import.js';
import { INTERVAL_LENGTH, packDay, packedDays, unpackDay } from './activity-pack.js';
import { createSqlStore } from '../open-storage.js';

const DAY = 20_500; // 2026-02-16
const base = DAY * 86_400;
const interval = (start: number, end: number, extra: Partial<ActivityIntervalRow> = {}): ActivityIntervalRow => ({
  import_id: null,
  card_number: null,
  date: DAY,
  start: base + start,
  end: base + end,
  activity: 'DRIVING',
  duration: end - start,
  slot: 'DRIVER',
  crew: false,
  card_inserted: true,
  manual_entry: false,
  ...extra,
});

t.test('a packed day gives back every field of every interval, in seq order', async (t) => {
  const rows = [
    interval(0, 3600, { activity: 'REST' }),
    interval(3600, 3600, { activity: 'WORK', slot: 'CO_DRIVER', crew: true }),
    interval(3600, 3000, { activity: 'AVAILABILITY', duration: -600, card_inserted: false, manual_entry: true }), // out of order
    interval(3000, 86_400, { card_inserted: false }),
  ];
  const packed = packDay(DAY, rows);
  t.equal(packed.length, rows.length * INTERVAL_LENGTH);
  const out: Parameters<typeof unpackDay>[3] = [];
  unpackDay(packed, DAY, { import_id: 'imp_x', card_number: 'C1', quarantined: true }, out);
  t.strictSame(
    out,
    rows.map((r) => ({ ...r, import_id: 'imp_x', card_number: 'C1', quarantined: true })),
  );
});

t.test('days are grouped and ordered by date, start, then the card order', async (t) => {
  const other = { ...interval(0, 10), date: DAY + 1, start: base + 86_400, end: base + 86_410 };
  const days = packedDays([
    other,
    interval(500, 600, { activity: 'WORK' }),
    interval(0, 500),
    interval(500, 500, { activity: 'REST' }),
  ]);
  t.same(
    days.map((d) => [d.day, d.count]),
    [
      [DAY, 3],
      [DAY + 1, 1],
    ],
  );
  const out: Parameters<typeof unpackDay>[3] = [];
  unpackDay(days[0]!.packed, DAY, { import_id: 'i', card_number: null, quarantined: false }, out);
  t.same(
    out.map((r) => [r.start - base, r.activity]),
    [
      [0, 'DRIVING'],
      [500, 'WORK'],
      [500, 'REST'],
    ],
  );
});

t.test('values outside the packed layout are refused, never truncated', async (t) => {
  t.throws(() => packDay(DAY, [interval(0, 2 ** 31)]), RangeError);
  t.throws(() => packDay(DAY, [interval(0.5, 10)]), RangeError);
  t.throws(
    () =>
      unpackDay(
        new Uint8Array(INTERVAL_LENGTH + 1),
        DAY,
        { import_id: 'i', card_number: null, quarantined: false },
        [],
      ),
    RangeError,
  );
});

t.test('a day served by two imports is merged by start, import order kept for equal starts', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'drivercard-pack-'));
  const store = await createSqlStore({ dataDir: dir });
  t.teardown(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const first = newImport(buildParsedCard({ card_number: 'PACK000000000001', days: [workingDay('2026-02-16')] }));
  const second = newImport(buildParsedCard({ card_number: 'PACK000000000002', days: [workingDay('2026-02-16', 120)] }));
  await store.saveImport(first);
  await store.saveImport(second);
  const served = [first, second].map((i) => ({ import_id: i.import.import_id, date: DAY }));
  const all = await store.activities(served, null);
  t.equal(all.total, first.card.activities.length + second.card.activities.length);
  const starts = all.items.map((r) => r.start);
  t.same(
    starts,
    [...starts].sort((a, b) => a - b),
    'ordered by start across both imports',
  );
  const firstAtEachStart = new Map<number, string>();
  for (const row of all.items) if (!firstAtEachStart.has(row.start)) firstAtEachStart.set(row.start, row.import_id!);
  t.ok(
    [...firstAtEachStart.values()].every((id) => id === first.import.import_id),
    'equal starts: the older import first',
  );
  const page = await store.activities(served, { limit: 2, offset: 1 });
  t.same(page.items, all.items.slice(1, 3));
  t.equal(page.total, all.total);
});
