/**
 * The use cases (core/use-cases) end to end on a real storage adapter: parse idempotency and races, archive
 * conflicts, quarantine, the card-history merge of the query endpoints, overviews and pre-check refusals.
 * Decoding is replaced by built ParsedCards (the bytes only carry identity), except for the real sample.
 * Run by use-cases-sqlite.test.ts and storage-postgres.test.ts:
 *   useCasesSuite(t, 'sqlite', () => createMikroOrmStore({ dataDir: tempDir }))
 */
import type { TAP } from 'tap';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { DddDecodeError } from '../core/decoder/api.js';
import {
  ArchiveConflictError,
  ConflictingDataError,
  InvalidFilterError,
  NotFoundError,
  QuarantinedDataError,
} from '../core/domain/errors.js';
import type { ParsedCard } from '../core/domain/rows.js';
import type { Basis } from '../core/use-cases/contracts.js';
import { decodeCardFile, withDayRecords } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import { ImportDddFile, archiveIdForContent } from '../core/use-cases/import-ddd-file.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import {
  buildParsedCard,
  datesFrom,
  range,
  workingDay,
  type DaySpec,
} from '../core/use-cases/testing/parsed-card-builder.js';
import type { ClosableStore } from './new-import.js';
import { isoDay, isoTimestamp, parseIsoDay } from '../core/time.js';
import {
  activityToResponse,
  dayOverviewToResponse,
  importToResponse,
  listToResponse,
  timeSummaryToResponse,
  weekOverviewToResponse,
} from '../adapters/http/mappers.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const OPEN = { from: null, to: null };
const ALL = { limit: 5000, offset: 0 };
const encode = (s: string) => new TextEncoder().encode(s);

/** Asserts that the promise rejects with an instance of the class. */
async function rejectsWith(
  t: { type: (...args: any[]) => boolean },
  promise: Promise<unknown>,
  type: Function,
  message?: string,
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return t.type(error, type, message);
}

/** A service over a fresh store whose "decoder" looks the bytes up in a table of built cards. */
async function service(makeStore: () => Promise<ClosableStore>) {
  const store = await makeStore();
  const cards = new Map<string, ParsedCard>();
  let decodes = 0;
  let clock = Date.parse('2026-03-10T08:00:00.750Z');
  const importer = new ImportDddFile({
    store,
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date((clock += 1000)) },
    ids: new RandomIdGenerator(),
    decodeCard: withDayRecords(async (content) => {
      decodes++;
      const card = cards.get(new TextDecoder().decode(content));
      if (!card) throw new DddDecodeError('not_a_ddd_file', 'not a DDD file');
      return structuredClone(card);
    }, new NodeCryptoHasher()),
  });
  const file = (name: string, card: ParsedCard) => {
    cards.set(name, card);
    return encode(name);
  };
  return {
    store,
    importer,
    file,
    decodes: () => decodes,
    queries: new DriverCardQueries(store),
    overviews: new OverviewQueries(store),
  };
}

const SAMPLE = '/work/shared/samples/gen1-real-activity.ddd';

/**
 * Card history: import A (Mar 1..10, Mar 10 cut at the download), B (Mar 8..20, Mar 9 differs from A),
 * C (Mar 18..22, quarantined, identical overlap with B).
 */
/** Mar 1..22 as the card's imports record them, and Mar 9 recorded otherwise (a disagreement). */
function historyDays(): { days: DaySpec[]; mar9Different: DaySpec } {
  const days = datesFrom('2026-03-01', 22).map((d) => workingDay(d, 100));
  const mar9Different: DaySpec = {
    ...days[8]!,
    changes: [
      ['00:00', 'REST'],
      ['07:00', 'DRIVING'],
      ['12:00', 'REST'],
    ],
  };
  return { days, mar9Different };
}

async function cardHistory(makeStore: () => Promise<ClosableStore>) {
  const s = await service(makeStore);
  const { days, mar9Different } = historyDays();
  const mar10Cut: DaySpec = { ...days[9]!, changes: days[9]!.changes.slice(0, 3), cut_at: '09:00', distance_km: 40 };
  const event = { code: 5, start: '2026-03-09T10:00:00Z', end: '2026-03-09T10:05:00Z' };
  const a = await s.importer.parse({
    file_name: 'a',
    archive_id: 'A',
    content: s.file('a', buildParsedCard({ days: [...days.slice(0, 8), mar9Different, mar10Cut], events: [event] })),
  });
  const b = await s.importer.parse({
    file_name: 'b',
    archive_id: 'B',
    content: s.file('b', buildParsedCard({ days: days.slice(7, 20), events: [event, { ...event, code: 7 }] })),
  });
  const cCard = buildParsedCard({ days: days.slice(17, 22) });
  cCard.metadata.warnings.push({ code: 'damaged_ef', message: 'skipped' });
  const c = await s.importer.parse({ file_name: 'c', archive_id: 'C', content: s.file('c', cCard) });
  await s.importer.parse({
    file_name: 'x',
    archive_id: 'X',
    content: s.file('x', buildParsedCard({ card_number: 'OTHERCARD0000001', days: [workingDay('2026-03-05', 5)] })),
  });
  return { s, a, b, c };
}

export function useCasesSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: parse: new, reused, archive conflicts, quarantine, decode errors`, async (t) => {
    const s = await service(makeStore);
    t.teardown(() => s.store.close());
    const content = s.file('one', buildParsedCard({ days: [workingDay('2026-03-02')] }));
    const first = await s.importer.parse({ file_name: 'one.ddd', content, archive_id: null });
    t.equal(first.reused, false);
    t.equal(first.status, 'OK');
    t.equal(first.archive_id, archiveIdForContent(first.content_sha256));
    t.equal(isoTimestamp(first.imported_at), '2026-03-10T08:00:01Z', 'whole seconds from the clock');
    t.equal(first.size_bytes, 3);
    t.equal(first.file_name, 'one.ddd');
    t.match(first.content_sha256, /^[0-9a-f]{64}$/);
    t.same(importToResponse(first).activity_range, { from: '2026-03-02', to: '2026-03-02', days: 1 });

    const again = await s.importer.parse({ file_name: 'other-name.ddd', content, archive_id: null });
    t.same(again, { ...first, reused: true });
    t.equal(s.decodes(), 1, 'a known payload is not decoded again');
    t.same(
      await s.importer.parse({ file_name: null, content, archive_id: 'fresh-archive' }),
      { ...first, reused: true },
      'known content under a free archive id: the stored import is returned',
    );

    const named = await s.importer.parse({
      file_name: null,
      content: s.file('two', buildParsedCard({ days: [workingDay('2026-03-03')] })),
      archive_id: 'ARCH-2',
    });
    t.equal(named.archive_id, 'ARCH-2');
    await rejectsWith(
      t,
      s.importer.parse({ file_name: null, content: s.file('three', buildParsedCard({})), archive_id: 'ARCH-2' }),
      ArchiveConflictError,
    );
    await rejectsWith(
      t,
      s.importer.parse({ file_name: null, content, archive_id: 'ARCH-2' }),
      ArchiveConflictError,
      'known content, archive id holding other content',
    );

    const damaged = buildParsedCard({ days: [workingDay('2026-03-04')] });
    damaged.metadata.warnings.push({ code: 'damaged_activity_record', message: 'a daily record was skipped' });
    const q = await s.importer.parse({ file_name: null, content: s.file('damaged', damaged), archive_id: null });
    t.equal(q.status, 'QUARANTINED');
    const benign = buildParsedCard({ days: [workingDay('2026-03-05')] });
    benign.metadata.warnings.push({ code: 'unknown_tag', message: 'skipped' });
    t.equal(
      (await s.importer.parse({ file_name: null, content: s.file('benign', benign), archive_id: null })).status,
      'OK',
    );

    await rejectsWith(
      t,
      s.importer.parse({ file_name: null, content: encode('garbage'), archive_id: null }),
      DddDecodeError,
    );
    t.equal(
      (await s.queries.imports({ basis: null, range: OPEN, page: ALL })).total,
      4,
      'nothing stored for the failure',
    );
    t.equal(await new HealthCheck(s.store).databaseAvailable(), true);
    t.equal(
      await new HealthCheck({
        ping: async () => {
          throw new Error('down');
        },
      }).databaseAvailable(),
      false,
    );
  });

  t.test(`${name}: parse: 20 identical requests in parallel give exactly one import`, async (t) => {
    const s = await service(makeStore);
    t.teardown(() => s.store.close());
    const content = s.file('race', buildParsedCard({ days: datesFrom('2026-02-01', 28).map((d) => workingDay(d)) }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => s.importer.parse({ file_name: null, content, archive_id: null })),
    );
    t.equal(results.filter((r) => !r.reused).length, 1);
    t.equal(new Set(results.map((r) => r.import_id)).size, 1);
    const list = await s.queries.imports({ basis: null, range: OPEN, page: ALL });
    t.equal(list.total, 1);
    const acts = await s.queries.activities({
      basis: { kind: 'import_id', value: results[0]!.import_id },
      range: OPEN,
      page: ALL,
    });
    t.equal(acts.total, 28 * 7, 'rows stored once');
  });

  t.test(`${name}: imports of one card stored in parallel keep the history one after another gives`, async (t) => {
    const s = await service(makeStore);
    t.teardown(() => s.store.close());
    const { days, mar9Different } = historyDays();
    const files = [
      buildParsedCard({ days: [...days.slice(0, 8), mar9Different] }),
      buildParsedCard({ days: days.slice(7, 15) }),
      buildParsedCard({ days: days.slice(12, 22) }),
      buildParsedCard({ days: days.slice(14, 16) }),
    ].map((card, i) => s.file(`p${i}`, card));
    const results = await Promise.all(
      files.map((content, i) => s.importer.parse({ file_name: null, content, archive_id: `P${i}` })),
    );
    t.equal(results.filter((r) => !r.reused).length, 4);
    const card: Basis = { kind: 'card_number', value: 'DRIVER0000000100' };
    const acts = listToResponse(
      await s.queries.activities({ basis: card, range: OPEN, page: ALL }),
      activityToResponse,
    );
    t.same(acts.conflicts, ['2026-03-09'], 'the one day two imports disagree about, whichever was stored first');
    const stored = (await s.queries.imports({ basis: card, range: OPEN, page: ALL })).items.map((i) => i.import_id);
    const mar9 = acts.items.filter((r) => r.date === '2026-03-09');
    const disagreeing = [results[0]!.import_id, results[1]!.import_id];
    const newer = disagreeing.sort((x, y) => stored.indexOf(y) - stored.indexOf(x))[0];
    t.same([...new Set(mar9.map((r) => r.import_id))], [newer], 'served from the newer of the two, and from it only');
    // which of the two was stored last is up to the race: 9 March has 3 intervals in p0's version, 7 in p1's
    const mar9Intervals = newer === results[0]!.import_id ? 3 : 7;
    t.equal(mar9.length, mar9Intervals);
    t.equal(new Set(acts.items.map((r) => r.date)).size, 22, 'every day once');
    t.equal(acts.total, 21 * 7 + mar9Intervals, 'every interval of every served day once');
  });

  t.test(`${name}: queries over a card history: merge, conflicts, quarantine flags, de-duplication`, async (t) => {
    const { s, a, b, c } = await cardHistory(makeStore);
    t.teardown(() => s.store.close());
    const card: Basis = { kind: 'card_number', value: 'DRIVER0000000100' };

    const acts = listToResponse(
      await s.queries.activities({ basis: card, range: OPEN, page: ALL }),
      activityToResponse,
    );
    t.equal(acts.total, 22 * 7, 'every day once');
    t.same(acts.conflicts, ['2026-03-09']);
    const history = await s.store.cardDays('DRIVER0000000100');
    t.same(
      history.days,
      [...new Set(acts.items.map((r) => r.date))].map((d) => parseIsoDay(d)),
      'cardDays: every served date',
    );
    t.same(history.conflicts, [parseIsoDay('2026-03-09')], 'cardDays: the conflict');
    t.same(await s.store.cardDays('NOSUCHCARD000001'), { days: [], conflicts: [] });
    const servedBy = new Map(acts.items.map((r) => [r.date, r.import_id]));
    t.equal(servedBy.get('2026-03-07'), a.import_id);
    t.equal(servedBy.get('2026-03-09'), b.import_id, 'conflict: newest import');
    t.equal(servedBy.get('2026-03-10'), b.import_id, 'complete day wins over the cut day');
    t.equal(servedBy.get('2026-03-19'), c.import_id, 'identical days: newest import');
    t.equal(acts.items.find((r) => r.date === '2026-03-19')!.quarantined, true);
    t.equal(acts.items.find((r) => r.date === '2026-03-17')!.quarantined, false);
    const starts = acts.items.map((r) => r.start);
    t.same(starts, [...starts].sort(), 'time order');

    const ranged = await s.queries.activities({
      basis: card,
      range: range('2026-03-10', '2026-03-11'),
      page: { limit: 3, offset: 12 },
    });
    t.same([ranged.total, ranged.items.length, ranged.limit, ranged.offset, ranged.conflicts], [14, 2, 3, 12, []]);

    const one = await s.queries.activities({ basis: { kind: 'archive_id', value: 'A' }, range: OPEN, page: ALL });
    t.equal(one.total, 8 * 7 + 3 + 3);
    t.same(one.conflicts, []);

    const summary = timeSummaryToResponse(
      await s.queries.timeSummary({ basis: card, range: range('2026-03-01', '2026-03-10') }),
    );
    t.equal(summary.days, 10);
    t.equal(summary.distance_km, 1000);
    t.same(summary.basis, {
      card_number: 'DRIVER0000000100',
      import_ids: [a.import_id, b.import_id],
      date_from: '2026-03-01',
      date_to: '2026-03-10',
    });
    t.equal(
      summary.totals.DRIVING,
      10 * (4 * 3600 + 3 * 3600 + 45 * 60),
      'Mar 9 served from B (a working day; A drove 5 h)',
    );
    t.equal(
      Object.values(summary.totals).reduce((x, y) => x + y, 0),
      10 * 86_400,
    );
    const whole = timeSummaryToResponse(await s.queries.timeSummary({ basis: card, range: OPEN }));
    t.same(
      [whole.days, whole.distance_km, whole.basis.date_from, whole.basis.date_to],
      [22, 2200, '2026-03-01', '2026-03-22'],
    );

    const events = await s.queries.events({ basis: card, range: OPEN, page: ALL });
    t.same(
      events.items.map((e) => [e.code, e.import_id]),
      [
        [5, b.import_id],
        [7, b.import_id],
      ],
      'identical event once, newest copy',
    );
    t.same(events.conflicts.map(isoDay), ['2026-03-09']);
    t.equal((await s.queries.faults({ basis: card, range: OPEN, page: ALL })).total, 0);
    t.equal((await s.queries.vehiclesUsed({ basis: card, range: OPEN, page: ALL })).total, 0);
    t.equal(
      (await s.queries.positions({ basis: { kind: 'import_id', value: a.import_id }, range: OPEN, page: ALL })).total,
      0,
    );

    const imports = await s.queries.imports({ basis: card, range: OPEN, page: ALL });
    t.same(
      imports.items.map((i) => i.archive_id),
      ['A', 'B', 'C'],
    );
    t.same(imports.conflicts.map(isoDay), ['2026-03-09']);
    t.same(
      (await s.queries.imports({ basis: null, range: range('2026-03-21', null), page: ALL })).items.map(
        (i) => i.archive_id,
      ),
      ['C'],
    );
    t.same(
      (await s.queries.imports({ basis: { kind: 'import_id', value: a.import_id }, range: OPEN, page: ALL })).items.map(
        (i) => i.archive_id,
      ),
      ['A'],
    );
    t.same(
      (
        await s.queries.imports({
          basis: { kind: 'archive_id', value: 'A' },
          range: range('2026-03-15', null),
          page: ALL,
        })
      ).total,
      0,
    );

    for (const basis of [
      { kind: 'import_id', value: 'imp_missing' },
      { kind: 'archive_id', value: 'missing' },
      { kind: 'card_number', value: 'NOSUCHCARD000000' },
    ] as const) {
      await rejectsWith(t, s.queries.activities({ basis, range: OPEN, page: ALL }), NotFoundError, basis.kind);
    }
  });

  t.test(`${name}: overviews and the pre-check over a card history`, async (t) => {
    const { s, a, b } = await cardHistory(makeStore);
    t.teardown(() => s.store.close());
    const card: Basis = { kind: 'card_number', value: 'DRIVER0000000100' };

    const days = dayOverviewToResponse(
      await s.overviews.dayOverview({ basis: card, range: range('2026-03-09', '2026-03-10') }),
    );
    t.same(
      days.items.map((d) => [d.date, d.intervals.length, d.distance_km, d.intervals[0]?.import_id]),
      [
        ['2026-03-09', 7, 100, b.import_id],
        ['2026-03-10', 7, 100, b.import_id],
      ],
    );
    t.same(days.conflicts, ['2026-03-09']);
    t.equal((await s.overviews.dayOverview({ basis: card, range: OPEN })).items.length, 22);
    t.same((await s.overviews.dayOverview({ basis: card, range: range('2027-01-01', null) })).items, []);

    const weeks = weekOverviewToResponse(
      await s.overviews.weekOverview({ basis: card, weeks: ['2026-W10'], range: OPEN }),
    );
    t.equal(weeks.items.length, 1);
    t.same(
      [weeks.items[0]!.start_date, weeks.items[0]!.end_date, weeks.items[0]!.days.length],
      ['2026-03-02', '2026-03-08', 7],
    );
    t.equal(
      Object.values(weeks.items[0]!.totals).reduce((x, y) => x + y, 0),
      7 * 86_400,
    );
    const touched = await s.overviews.weekOverview({ basis: card, weeks: null, range: OPEN });
    t.same(
      touched.items.map((w) => w.week),
      ['2026-W09', '2026-W10', '2026-W11', '2026-W12'],
      'Mar 1 and Mar 22 2026 are Sundays',
    );
    await rejectsWith(
      t,
      s.overviews.weekOverview({ basis: card, weeks: ['2026-W60'], range: OPEN }),
      InvalidFilterError,
    );
    t.same((await s.overviews.weekOverview({ basis: card, weeks: [], range: OPEN })).items, []);

    const conflict = await s.overviews.precheck({ basis: card, range: OPEN }).catch((e) => e);
    t.type(conflict, ConflictingDataError);
    t.same(conflict.dates.map(isoDay), ['2026-03-09']);
    const quarantined = await s.overviews.precheck({ basis: card, range: range('2026-03-10', null) }).catch((e) => e);
    t.type(quarantined, QuarantinedDataError);
    await rejectsWith(
      t,
      s.overviews.precheck({ basis: { kind: 'archive_id', value: 'C' }, range: OPEN }),
      QuarantinedDataError,
    );
    const included = await s.overviews.precheck({
      basis: card,
      range: range('2026-03-10', null),
      options: { include_quarantined: true },
    });
    const untrusted = (included.basis as { untrusted_imports?: string[] }).untrusted_imports ?? [];
    t.equal(untrusted.length, 1, 'include_quarantined: the quarantined import is named, not refused');
    t.ok(
      included.violations.every((v) => typeof (v as { untrusted?: boolean }).untrusted === 'boolean'),
      'every finding says whether it is untrusted',
    );

    const narrowed = await s.overviews.precheck({ basis: card, range: range('2026-03-10', '2026-03-16') });
    t.same(narrowed.basis, {
      card_number: 'DRIVER0000000100',
      import_ids: [b.import_id],
      date_from: '2026-03-10',
      date_to: '2026-03-16',
    });
    t.equal(narrowed.driver.surname, 'TEST_SURNAME');
    t.equal(narrowed.summary.driving, 7 * (4 * 3600 + 3 * 3600 + 45 * 60));
    const single = await s.overviews.precheck({ basis: { kind: 'import_id', value: a.import_id }, range: OPEN });
    t.same(single.basis.import_ids, [a.import_id]);
  });

  t.test(
    `${name}: the real gen1 sample through the real decoder`,
    { skip: existsSync(SAMPLE) ? false : `${SAMPLE} not present` },
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const importer = new ImportDddFile({
        store,
        hasher: new NodeCryptoHasher(),
        clock: { now: () => new Date() },
        ids: new RandomIdGenerator(),
        decodeCard: withDayRecords(decodeCardFile, new NodeCryptoHasher()),
      });
      const content = new Uint8Array(await readFile(SAMPLE));
      const parsed = await importer.parse({ file_name: 'sample.ddd', content, archive_id: null });
      t.same(importToResponse(parsed).activity_range, { from: '2025-04-15', to: '2025-09-12', days: 145 });
      const basis: Basis = { kind: 'card_number', value: 'DRIVER0000000100' };
      const summary = await new DriverCardQueries(store).timeSummary({ basis, range: OPEN });
      // the README's summary runs the newest day to 24:00; it ends at the download (11:26): 45,240 s less driving
      t.same(summary.totals, {
        DRIVING: 1_117_800,
        WORK: 1_136_820,
        AVAILABILITY: 60,
        REST: 9_428_160,
        UNKNOWN: 799_920,
      });
      t.same([summary.days, summary.distance_km], [145, 9960]);
      const q = new DriverCardQueries(store);
      t.equal((await q.activities({ basis, range: OPEN, page: { limit: 1, offset: 0 } })).total, 6013);
      t.equal((await q.vehiclesUsed({ basis, range: OPEN, page: { limit: 1, offset: 0 } })).total, 200);
      t.equal((await q.positions({ basis, range: OPEN, page: { limit: 1, offset: 0 } })).total, 112);
      t.equal(JSON.stringify(parsed).includes('content'), true, 'field names only');
      t.notOk(
        Object.values(parsed).some((v) => v instanceof Uint8Array),
        'no bytes returned',
      );
    },
  );
}
