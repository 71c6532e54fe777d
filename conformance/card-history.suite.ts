/**
 * The card-history part of the use-case suite (use-cases.suite.ts runs it): three imports of one card that overlap,
 * disagree on a day and include a quarantined one, read through the query endpoints, the overviews and the
 * pre-check: the merge, conflicts, quarantine flags and de-duplication.
 */
import {
  ConflictingDataError,
  InvalidFilterError,
  NotFoundError,
  QuarantinedDataError,
} from '../core/domain/errors.js';
import type { Basis } from '../core/use-cases/contracts.js';
import {
  buildParsedCard,
  datesFrom,
  range,
  workingDay,
  type DaySpec,
} from '../core/use-cases/testing/parsed-card-builder.js';
import type { ClosableStore } from './new-import.js';
import { rejectsWith, service, OPEN, ALL, type Tap } from './use-case-service.js';
import { isoDay, parseIsoDay } from '../core/time.js';
import {
  activityToResponse,
  dayOverviewToResponse,
  listToResponse,
  timeSummaryToResponse,
  weekOverviewToResponse,
} from '../adapters/http/mappers.js';

/**
 * Card history: import A (Mar 1..10, Mar 10 cut at the download), B (Mar 8..20, Mar 9 differs from A),
 * C (Mar 18..22, quarantined, identical overlap with B).
 */
/** Mar 1..22 as the card's imports record them, and Mar 9 recorded otherwise (a disagreement). */
export function historyDays(): { days: DaySpec[]; mar9Different: DaySpec } {
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

export function cardHistorySuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
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
    // a card basis uses the card's trusted imports and names the quarantined ones it left out (api-contract.md,
    // "Selecting the data basis"); an archive basis naming the quarantined import is refused
    const trusted = await s.overviews.precheck({ basis: card, range: range('2026-03-10', null) });
    const leftOut = (trusted.basis as { left_out_imports?: unknown[] }).left_out_imports ?? [];
    t.equal(leftOut.length, 1, 'the quarantined import is left out and named');
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
}
