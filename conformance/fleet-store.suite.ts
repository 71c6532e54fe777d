/**
 * The fleet port's contract (core/ports/fleet-store.ts) as a suite any adapter runs, on SQLite and PostgreSQL:
 *   fleetStoreSuite(t, 'sqlite', async () => { const store = await createSqlStore(...); return { store, fleet: ... } })
 * Each sub-test gets a fresh, empty database.
 */
import { emptyFindingCounts } from '../core/fleet/fleet-card.js';
import type { FleetListQuery } from '../core/ports/fleet-store.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { DAY, NOW, TODAY, everyFieldSet, fleetRecord, query, type FleetUnderTest, type Tap } from './fleet-records.js';
import { fleetSearchCountsCases } from './fleet-search-counts.cases.js';

export { fleetRecord, type FleetUnderTest };

/** The MikroORM adapter's fleet store over an opened import store (SQLite or PostgreSQL). */
export function fleetUnderTest(store: SqlImportStore): FleetUnderTest {
  return { store, fleet: new SqlFleetStore(store.db) };
}

export function fleetStoreSuite(t: Tap, name: string, open: () => Promise<FleetUnderTest>): void {
  const withFleet = (title: string, body: (t: Tap, under: FleetUnderTest) => Promise<void>) =>
    t.test(`${name} fleet: ${title}`, async (t) => {
      const under = await open();
      try {
        await body(t, under);
      } finally {
        await under.store.close();
      }
    });

  withFleet('a saved row reads back unchanged; saving again replaces it', async (t, { fleet }) => {
    const record = fleetRecord('CARD000000000001', {
      surname: 'Šimková',
      first_names: 'Eva',
      expiry_day: TODAY + 100,
      card_download_s: NOW - 5 * DAY,
      activity_end_s: NOW - 6 * DAY,
      recorded_days: [TODAY - 7, TODAY - 6],
      imports: 3,
      quarantined_imports: 1,
      conflicting_days: 2,
      authenticity_status: 'VERIFIED',
      findings: { VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 4, MI: 1, SI: 1, VSI: 0, MSI: 0 },
      findings_evaluated: false,
      findings_not_evaluated_reason: 'quarantined_data',
    });
    await fleet.saveFleetCard(record);
    t.strictSame(await fleet.fleetCard('CARD000000000001'), record);
    const replaced = {
      ...record,
      surname: 'Other',
      imports: 4,
      authenticity_status: null,
      findings_evaluated: true,
      findings_not_evaluated_reason: null,
    };
    await fleet.saveFleetCard(replaced);
    t.strictSame(await fleet.fleetCard('CARD000000000001'), replaced);
    t.equal(await fleet.fleetCard('NOSUCHCARD'), null);
    t.equal((await fleet.listFleetCards(query())).total, 1);
    const full = everyFieldSet();
    await fleet.saveFleetCard(full);
    t.strictSame(await fleet.fleetCard(full.card_number), full, 'every declared field reads back as written');
    t.strictSame((await fleet.listFleetCards(query({ sort: 'card_number' }))).items, [replaced, full], 'listed too');
  });

  withFleet(
    'sorting: due (overdue first, unknown last), names, expiry, last download, findings; ties by card number',
    async (t, { fleet }) => {
      const rows = [
        fleetRecord('C1', { surname: 'beta', activity_end_s: NOW - 40 * DAY, expiry_day: TODAY + 5 }),
        fleetRecord('C2', {
          surname: 'Alpha',
          card_download_s: NOW - 2 * DAY,
          expiry_day: TODAY + 400,
          findings: { ...emptyFindingCounts(), VIOLATION: 3 },
        }),
        fleetRecord('C3', { surname: null }),
        fleetRecord('C4', {
          surname: 'alpha',
          first_names: 'Zed',
          card_download_s: NOW - 2 * DAY,
          activity_end_s: NOW - 50 * DAY,
          expiry_day: TODAY + 2,
        }),
        fleetRecord('C5', {
          surname: 'Gamma',
          activity_end_s: NOW - 10 * DAY,
          findings: { ...emptyFindingCounts(), POTENTIAL: 1 },
        }),
      ];
      for (const r of rows) await fleet.saveFleetCard(r);
      const order = async (fields: Partial<FleetListQuery>) =>
        (await fleet.listFleetCards(query(fields))).items.map((r) => r.card_number);
      t.same(
        await order({}),
        ['C1', 'C5', 'C4', 'C2', 'C3'],
        'due: last download ascending (C4 by its card download), then expiry',
      );
      t.same(await order({ order: 'desc' }), ['C2', 'C4', 'C5', 'C1', 'C3']);
      t.same(
        await order({ sort: 'surname' }),
        ['C2', 'C4', 'C1', 'C5', 'C3'],
        'case-insensitive; first names break ties',
      );
      t.same(await order({ sort: 'surname', order: 'desc' }), ['C5', 'C1', 'C4', 'C2', 'C3']);
      t.same(await order({ sort: 'expiry_date' }), ['C4', 'C1', 'C2', 'C3', 'C5']);
      t.same(await order({ sort: 'last_download', order: 'desc' }), ['C2', 'C4', 'C5', 'C1', 'C3']);
      t.same(await order({ sort: 'findings', order: 'desc' }), ['C2', 'C5', 'C1', 'C3', 'C4']);
      t.same(await order({ sort: 'card_number', order: 'desc' }), ['C5', 'C4', 'C3', 'C2', 'C1']);
      const page = await fleet.listFleetCards(query({ page: { limit: 2, offset: 2 } }));
      t.same([page.total, page.items.map((r) => r.card_number)], [5, ['C4', 'C2']]);
    },
  );

  withFleet('filters: overdue, expiring within n days (expired included), text; counts', async (t, { fleet }) => {
    await fleet.saveFleetCard(
      fleetRecord('OVERDUE0000000001', { surname: 'Late', activity_end_s: NOW - 28 * DAY - 1, expiry_day: TODAY - 3 }),
    );
    await fleet.saveFleetCard(
      fleetRecord('DUEEXACTLY0000002', {
        surname: 'Edge',
        activity_end_s: NOW - 28 * DAY,
        expiry_day: TODAY + 30,
        findings: { ...emptyFindingCounts(), VIOLATION: 1 },
      }),
    );
    await fleet.saveFleetCard(
      fleetRecord('FRESH000000000003', { surname: '100%_done', card_download_s: NOW, expiry_day: TODAY + 31 }),
    );
    await fleet.saveFleetCard(fleetRecord('UNKNOWN0000000004'));
    const cards = async (filter: Partial<FleetListQuery['filter']>) =>
      (
        await fleet.listFleetCards(
          query({ filter: { q: null, overdue: null, expiring_within_days: null, ...filter }, sort: 'card_number' }),
        )
      ).items.map((r) => r.card_number);
    t.same(await cards({ overdue: true }), ['OVERDUE0000000001']);
    t.same(await cards({ overdue: false }), ['DUEEXACTLY0000002', 'FRESH000000000003', 'UNKNOWN0000000004']);
    t.same(await cards({ expiring_within_days: 30 }), ['DUEEXACTLY0000002', 'OVERDUE0000000001']);
    t.same(await cards({ expiring_within_days: 0 }), ['OVERDUE0000000001']);
    t.same(await cards({ q: 'LATE' }), ['OVERDUE0000000001']);
    t.same(await cards({ q: 'fresh0' }), ['FRESH000000000003']);
    t.same(await cards({ q: '0%_d' }), ['FRESH000000000003'], '% and _ are literal');
    t.same(await cards({ q: '%' }), ['FRESH000000000003']);
    t.same(await cards({ q: 'late', overdue: false }), []);
    t.same(
      await fleet.fleetCounts(NOW),
      { drivers: 4, overdue: 1, expiring_30d: 1, expired: 1, with_infringements: 1, not_evaluated: 0 },
      'expired (3 days ago) and expiring (in 30 days) apart',
    );
  });

  fleetSearchCountsCases(withFleet);

  withFleet(
    'sort=findings: the most serious finding first (MSI > VSI > SI > MI), then the count; not evaluated counted apart',
    async (t, { fleet }) => {
      const counts = (f: Partial<ReturnType<typeof emptyFindingCounts>>) => ({ ...emptyFindingCounts(), ...f });
      await fleet.saveFleetCard(fleetRecord('MINOR000000000001', { findings: counts({ VIOLATION: 5, MI: 5 }) }));
      await fleet.saveFleetCard(fleetRecord('MSI00000000000002', { findings: counts({ VIOLATION: 1, MSI: 1 }) }));
      await fleet.saveFleetCard(fleetRecord('SI000000000000003', { findings: counts({ VIOLATION: 1, SI: 1 }) }));
      await fleet.saveFleetCard(fleetRecord('SI000000000000004', { findings: counts({ VIOLATION: 3, SI: 2, MI: 1 }) }));
      await fleet.saveFleetCard(fleetRecord('CLEAN000000000005'));
      await fleet.saveFleetCard(
        fleetRecord('UNEVAL00000000006', {
          findings_evaluated: false,
          findings_not_evaluated_reason: 'conflicting_data',
        }),
      );
      await fleet.saveFleetCard(fleetRecord('EXPIRED0000000007', { expiry_day: TODAY - 2000 }));
      await fleet.saveFleetCard(fleetRecord('EXPIRING000000008', { expiry_day: TODAY }));
      const order = async (o: 'asc' | 'desc') =>
        (await fleet.listFleetCards(query({ sort: 'findings', order: o }))).items.map((r) => r.card_number);
      t.same(await order('desc'), [
        'MSI00000000000002',
        'SI000000000000004',
        'SI000000000000003',
        'MINOR000000000001',
        'UNEVAL00000000006',
        'CLEAN000000000005',
        'EXPIRED0000000007',
        'EXPIRING000000008',
      ]);
      t.same((await order('asc')).slice(-4), [
        'MINOR000000000001',
        'SI000000000000003',
        'SI000000000000004',
        'MSI00000000000002',
      ]);
      t.same(await fleet.fleetCounts(NOW), {
        drivers: 8,
        overdue: 0,
        expiring_30d: 1,
        expired: 1,
        with_infringements: 4,
        not_evaluated: 1,
      });
      t.equal(
        (await fleet.fleetCard('UNEVAL00000000006'))!.findings_not_evaluated_reason,
        'conflicting_data',
        'the reason reads back',
      );
    },
  );

  withFleet(
    'an empty fleet counts zero; cards with imports but no row, or a row lagging behind them, are listed',
    async (t, { fleet, store }) => {
      t.same(await fleet.fleetCounts(NOW), {
        drivers: 0,
        overdue: 0,
        expiring_30d: 0,
        expired: 0,
        with_infringements: 0,
        not_evaluated: 0,
      });
      t.same((await fleet.listFleetCards(query())).items, []);
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'ROWLESS000000001', days: [workingDay('2026-03-02')] })),
      );
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'ROWLESS000000001', days: [workingDay('2026-03-03')] })),
      );
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'HASROW0000000002', days: [workingDay('2026-03-02')] })),
      );
      await fleet.saveFleetCard({ ...fleetRecord('HASROW0000000002'), imports: 1 });
      t.same(await fleet.cardsToRefresh(), ['ROWLESS000000001']);
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'HASROW0000000002', days: [workingDay('2026-03-03')] })),
      );
      t.same(
        await fleet.cardsToRefresh(),
        ['HASROW0000000002', 'ROWLESS000000001'],
        'a row counting fewer imports than stored lags',
      );
      await fleet.saveFleetCard({ ...fleetRecord('ROWLESS000000001'), imports: 2 });
      await fleet.saveFleetCard({ ...fleetRecord('HASROW0000000002'), imports: 2 });
      t.same(await fleet.cardsToRefresh(), []);
    },
  );

  withFleet(
    "an import marks its card in its own transaction; pendingDone removes the card's marks up to the one given",
    async (t, { fleet, store }) => {
      t.same(await fleet.pendingMarks(), [], 'no import, no mark');
      const first = { ...buildParsedCard({ card_number: 'MARKED0000000001', days: [workingDay('2026-03-02')] }) };
      first.card_download_s = 1_772_500_000;
      await store.saveImport(newImport(first));
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'MARKED0000000002', days: [workingDay('2026-03-02')] })),
      );
      await store.saveImport(
        newImport(buildParsedCard({ card_number: 'MARKED0000000001', days: [workingDay('2026-03-03')] })),
      );
      const all = await fleet.pendingMarks();
      t.same(
        all.map((m) => [m.card_number, m.card_download_s]),
        [
          ['MARKED0000000001', 1_772_500_000],
          ['MARKED0000000002', null],
          ['MARKED0000000001', null],
        ],
        "one mark per import, in the order stored, with the file's Card_Download time",
      );
      t.ok(all[0]!.mark < all[1]!.mark && all[1]!.mark < all[2]!.mark, 'marks increase');
      const card1 = await fleet.pendingMarks('MARKED0000000001');
      t.same(card1, [all[0], all[2]], "one card's marks");
      await fleet.pendingDone('MARKED0000000001', all[0]!.mark);
      t.same(
        await fleet.pendingMarks(),
        [all[1], all[2]],
        'the later mark of the card stays, the other card is untouched',
      );
      await fleet.saveFleetCard(fleetRecord('MARKED0000000001'), all[2]!.mark);
      t.same(await fleet.pendingMarks(), [all[1]], "a row's write given its marks removes them with it");
      t.equal((await fleet.fleetCard('MARKED0000000001'))?.card_number, 'MARKED0000000001', 'and writes the row');
      await fleet.saveFleetCard(fleetRecord('MARKED0000000002'));
      t.same(await fleet.pendingMarks(), [all[1]], 'a write without them leaves the marks');
      const duplicate = newImport(
        buildParsedCard({ card_number: 'MARKED0000000002', days: [workingDay('2026-03-04')] }),
      );
      await store.saveImport(duplicate);
      await store.saveImport({ ...duplicate, import: { ...duplicate.import, import_id: 'imp_again' } });
      t.equal((await fleet.pendingMarks('MARKED0000000002')).length, 2, 'a duplicate stores nothing and marks nothing');
    },
  );
}
