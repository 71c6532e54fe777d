import t from 'tap';
import { createHash } from 'node:crypto';
import type { ActivityIntervalRow } from '../domain/rows.js';
import type { ServedDay, StoredDayRecord } from '../ports/import-store.js';
import { dayRecordsOf } from './day-records.js';
import { resolveServedDays } from './served-days.js';
import { buildParsedCard, day, workingDay, type DaySpec } from './testing/parsed-card-builder.js';
import { isoDay } from '../time.js';

const hasher = {
  sha256Hex: (b: Uint8Array) => createHash('sha256').update(b).digest('hex'),
  sha256HexOfText: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

/** Imports as (id, sequence, days); returns the records and a loader over their intervals. */
function history(imports: Array<{ id: string; sequence: number; days: DaySpec[]; quarantined?: boolean }>) {
  const records: StoredDayRecord[] = [];
  const rows: ActivityIntervalRow[] = [];
  for (const imp of imports) {
    const card = buildParsedCard({ days: imp.days });
    for (const day of dayRecordsOf(card, hasher)) {
      records.push({
        ...day,
        import_id: imp.id,
        card_number: 'C',
        sequence: imp.sequence,
        quarantined: imp.quarantined ?? false,
      });
    }
    for (const row of card.activities) rows.push({ ...row, import_id: imp.id });
  }
  records.sort((a, b) => a.date - b.date || a.sequence - b.sequence);
  const asked: ServedDay[][] = [];
  const load = async (days: ServedDay[]) => {
    asked.push(days);
    return rows.filter((r) => days.some((d) => d.import_id === r.import_id && d.date === r.date));
  };
  return { records, load, asked };
}

const served = (r: { served: StoredDayRecord[] }) => r.served.map((d) => `${isoDay(d.date)}:${d.import_id}`);

t.test('identical days are served once from the newest import, without loading rows', async (t) => {
  const h = history([
    { id: 'a', sequence: 1, days: [workingDay('2026-03-01'), workingDay('2026-03-02')] },
    { id: 'b', sequence: 2, days: [workingDay('2026-03-02'), workingDay('2026-03-03')] },
  ]);
  const result = await resolveServedDays(h.records, h.load);
  t.same(served(result), ['2026-03-01:a', '2026-03-02:b', '2026-03-03:b']);
  t.same(result.conflicts, []);
  t.same(h.asked, [], 'no interval rows needed');
});

t.test('a day cut off by a download is a prefix of the complete day: no conflict, complete day served', async (t) => {
  const full = workingDay('2026-03-02');
  const cut: DaySpec = { ...full, changes: full.changes.slice(0, 4), cut_at: '10:45', distance_km: 250 };
  for (const [older, newer] of [
    [cut, full],
    [full, cut],
  ] as const) {
    const h = history([
      { id: 'old', sequence: 1, days: [older] },
      { id: 'new', sequence: 2, days: [newer] },
    ]);
    const result = await resolveServedDays(h.records, h.load);
    t.same(served(result), [`2026-03-02:${older === full ? 'old' : 'new'}`]);
    t.same(result.conflicts, []);
    t.equal(h.asked.length, 1, 'rows loaded once for the disputed day');
  }
});

t.test(
  'a day cut at a download: 0 s last interval, rows stored to 24:00, and a cut past the next change',
  async (t) => {
    const full = workingDay('2026-03-02');
    const resolve = async (older: DaySpec) => {
      const h = history([
        { id: 'old', sequence: 1, days: [older] },
        { id: 'new', sequence: 2, days: [full] },
      ]);
      const result = await resolveServedDays(h.records, h.load);
      return { served: served(result), conflicts: result.conflicts.map(isoDay) };
    };
    const atChange: DaySpec = { ...full, changes: full.changes.slice(0, 5), cut_at: '11:15', distance_km: 300 };
    t.same(
      await resolve(atChange),
      { served: ['2026-03-02:new'], conflicts: [] },
      'read in the minute of its last change (0 s DRIVING)',
    );
    const stored24: DaySpec = { ...full, changes: full.changes.slice(0, 5), distance_km: 300 };
    t.same(
      await resolve(stored24),
      { served: ['2026-03-02:new'], conflicts: [] },
      'an older import stored with the day run to 24:00',
    );
    const atNextChange: DaySpec = { ...full, changes: full.changes.slice(0, 5), cut_at: '15:00', distance_km: 300 };
    t.same(
      await resolve(atNextChange),
      { served: ['2026-03-02:new'], conflicts: [] },
      'read at the very minute of the next change',
    );
    const pastNextChange: DaySpec = { ...full, changes: full.changes.slice(0, 5), cut_at: '15:20', distance_km: 300 };
    t.same(
      await resolve(pastNextChange),
      { served: ['2026-03-02:new'], conflicts: ['2026-03-02'] },
      'driving recorded until 15:20 where the newer file has WORK from 15:00: they disagree',
    );
  },
);

t.test('days that really disagree: newest import served, date listed', async (t) => {
  const a = workingDay('2026-03-02');
  const b: DaySpec = {
    ...a,
    changes: a.changes.map(([time, act], i) => [time, i === 2 ? 'WORK' : act] as [string, typeof act]),
  };
  const moreDistance = { ...a, distance_km: 999 };
  const lessChanges: DaySpec = { ...a, changes: a.changes.slice(0, 3), distance_km: 9999 };
  const h = history([
    {
      id: 'x',
      sequence: 1,
      days: [a, workingDay('2026-03-03'), lessChanges && { ...lessChanges, date: '2026-03-04' }],
    },
    { id: 'y', sequence: 5, days: [b, { ...moreDistance, date: '2026-03-03' }, { ...a, date: '2026-03-04' }] },
    { id: 'z', sequence: 3, days: [a] },
  ]);
  const result = await resolveServedDays(h.records, h.load);
  t.same(served(result), ['2026-03-02:y', '2026-03-03:y', '2026-03-04:y']);
  t.same(
    result.conflicts.map(isoDay),
    ['2026-03-02', '2026-03-04'],
    'a shorter day with more distance is not a prefix',
  );
});

t.test('no records: nothing served', async (t) => {
  const result = await resolveServedDays([], async () => t.fail('no load') as never);
  t.same(result, { served: [], conflicts: [] });
});

t.test('day records: union of activity and distance dates, fingerprints reflect content', async (t) => {
  const card = buildParsedCard({ days: [workingDay('2026-03-02', 10), workingDay('2026-03-01', 20)] });
  card.day_distances.push({ import_id: null, card_number: null, date: day('2026-03-05'), distance_km: 3 });
  const records = dayRecordsOf(card, hasher);
  t.same(
    records.map((r) => [isoDay(r.date), r.distance_km]),
    [
      ['2026-03-01', 20],
      ['2026-03-02', 10],
      ['2026-03-05', 3],
    ],
  );
  t.not(records[0]!.fingerprint, records[1]!.fingerprint);
  const same = dayRecordsOf(buildParsedCard({ days: [workingDay('2026-03-02', 10)] }), hasher);
  t.equal(same[0]!.fingerprint, records[1]!.fingerprint, 'order of rows in the file does not matter');
  t.match(records[0]!.fingerprint, /^[0-9a-f]{32}$/);
});
