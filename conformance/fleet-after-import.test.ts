/**
 * The fleet row of a card is computed after its import's answer (RefreshFleetCard.stored), from a mark the store
 * wrote in the import's transaction, and before any read of the fleet (settlePending), by whichever process reads:
 * - the import's `stored` returns before the row is written; another process reading the fleet meanwhile computes
 *   the row itself, with the Card_Download time the mark carries;
 * - a computation that fails in the background is reported and leaves the mark, so the next read computes it;
 * - a recomputation (imports withdrawn, restored or purged) removes the marks and drops their Card_Download time;
 * - a computation awaits `between` between its steps and between cards (the service yields to the event loop there).
 */
import t, { type TAP } from 'tap';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import type { FleetCardRecord } from '../core/fleet/fleet-card.js';
import type { ParsedCard } from '../core/domain/rows.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { buildParsedCard, datesFrom, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const CARD = 'AFTER00000000001';
const DOWNLOAD_S = 1_772_700_000;

function card(from: string, downloadS: number | null = null): ParsedCard {
  const built = buildParsedCard({ card_number: CARD, days: datesFrom(from, 5).map((d) => workingDay(d)) });
  return { ...built, card_download_s: downloadS };
}

async function opened(t: Tap) {
  const store = await createSqlStore({ dataDir: t.testdir() });
  t.teardown(() => store.close());
  const fleet = new SqlFleetStore(store.db);
  const refresh = (over: Partial<SqlFleetStore> = {}, onBackgroundError?: (e: unknown) => void) =>
    new RefreshFleetCard({
      store,
      fleet: Object.assign(Object.create(fleet) as SqlFleetStore, over),
      overviews: new OverviewQueries(store),
      onBackgroundError,
    });
  return { store, fleet, refresh };
}

t.test("the answer does not wait for the row; another process's read computes it", async (t) => {
  const { store, fleet, refresh } = await opened(t);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // the importing process's computation is held before its write, outside the card's lock (which would otherwise
  // keep the reader waiting: the lock itself is tested by conformance/fleet-lock-sqlite.test.ts and -postgres)
  const importing = refresh({
    exclusively: (_card, work) => work(),
    saveFleetCard: async (record: FleetCardRecord, marksUpTo?: number | null) => {
      await gate;
      await fleet.saveFleetCard(record, marksUpTo);
    },
  });
  const parsed = card('2026-03-02', DOWNLOAD_S);
  const input = newImport(parsed);
  await store.saveImport(input);
  await importing.stored(input.import, parsed);
  t.equal(await fleet.fleetCard(CARD), null, 'stored() returned before the row was written');
  t.equal((await fleet.pendingMarks(CARD)).length, 1, 'the card is marked');

  await refresh().settlePending(); // another process reading the fleet
  const row = await fleet.fleetCard(CARD);
  t.equal(row?.imports, 1, 'the reader computed the row');
  t.equal(row?.card_download_s, DOWNLOAD_S, "with the mark's Card_Download time");
  t.same(await fleet.pendingMarks(), [], 'and removed the mark');

  open();
  await importing.idle();
  t.equal((await fleet.fleetCard(CARD))?.card_download_s, DOWNLOAD_S, 'the importing process ends on the same row');
});

t.test('a background computation that fails is reported and leaves the mark for the next read', async (t) => {
  const { store, fleet, refresh } = await opened(t);
  const failures: unknown[] = [];
  const failing = refresh(
    {
      saveFleetCard: async () => {
        throw new Error('disk full');
      },
    },
    (error) => failures.push(error),
  );
  const parsed = card('2026-03-02');
  const input = newImport(parsed);
  await store.saveImport(input);
  await failing.stored(input.import, parsed);
  await failing.idle();
  t.equal(failures.length, 1, 'the failure is reported once');
  t.equal((await fleet.pendingMarks(CARD)).length, 1, 'the mark stays');
  await refresh().settlePending();
  t.equal((await fleet.fleetCard(CARD))?.imports, 1, 'the next read computes the row');
  t.same(await fleet.pendingMarks(), []);
});

t.test(
  "a recomputation removes the card's marks and takes the Card_Download time from the imports in use",
  async (t) => {
    const { store, fleet, refresh } = await opened(t);
    await store.saveImport(newImport(card('2026-03-02', DOWNLOAD_S)));
    await store.saveImport(newImport(card('2026-03-09')));
    await refresh().recompute(CARD);
    const row = await fleet.fleetCard(CARD);
    t.equal(row?.imports, 2);
    t.equal(row?.card_download_s, DOWNLOAD_S, 'the time kept with its import, still in use');
    t.same(await fleet.pendingMarks(), [], 'no mark left');
    await refresh().settlePending();
    t.equal((await fleet.fleetCard(CARD))?.card_download_s, DOWNLOAD_S, 'a later read keeps it');
  },
);

t.test('a computation lets other work run between its steps and between cards', async (t) => {
  const { store, fleet } = await opened(t);
  await store.saveImport(newImport(card('2026-03-02')));
  await store.saveImport(
    newImport(buildParsedCard({ card_number: 'AFTER00000000002', days: [workingDay('2026-03-02')] })),
  );
  const turns: string[] = [];
  const refresh = new RefreshFleetCard({
    store,
    fleet: Object.assign(Object.create(fleet) as SqlFleetStore, {
      saveFleetCard: async (record: FleetCardRecord, marksUpTo?: number | null) => {
        turns.push('write');
        await fleet.saveFleetCard(record, marksUpTo);
      },
    }),
    overviews: new OverviewQueries(store),
    between: async () => void turns.push('turn'),
  });
  await refresh.settlePending();
  t.same(
    turns,
    ['turn', 'turn', 'write', 'turn', 'turn', 'turn', 'write', 'turn'],
    'two turns within each card (after its reads, after its findings) and one after each card, one card at a time under the lock',
  );
  t.same(await fleet.pendingMarks(), []);
});

t.test("settleCards computes the cards given (a process's own imports) and leaves the others' marks", async (t) => {
  const { store, fleet, refresh } = await opened(t);
  await store.saveImport(newImport(card('2026-03-02')));
  await store.saveImport(
    newImport(buildParsedCard({ card_number: 'AFTER00000000002', days: [workingDay('2026-03-02')] })),
  );
  await refresh().settleCards([CARD, 'NOTMARKED0000001']);
  t.equal((await fleet.fleetCard(CARD))?.imports, 1, 'the card given is computed');
  t.equal(await fleet.fleetCard('NOTMARKED0000001'), null, 'a card given without a mark is not');
  t.same(
    (await fleet.pendingMarks()).map((m) => m.card_number),
    ['AFTER00000000002'],
    "the other process's mark is left for it, or for the next read",
  );
});

t.test(
  'a card whose only import is withdrawn while its row is computed ends without a row, and without a failure',
  async (t) => {
    const { store, fleet } = await opened(t);
    const input = newImport(card('2026-03-02'));
    await store.saveImport(input);
    let withdrawn = false;
    const refresh = new RefreshFleetCard({
      store,
      fleet,
      overviews: new OverviewQueries(store),
      // another request withdraws the import after the row's first reads (they counted it)
      between: async () => {
        if (withdrawn) return;
        withdrawn = true;
        await store.withdrawImport(input.import.import_id, { reason: 'wrong file', at: 1_772_600_000 });
      },
    });
    await refresh.settlePending();
    t.ok(withdrawn);
    t.equal(await fleet.fleetCard(CARD), null, 'no row for a card without imports');
    t.same(await fleet.pendingMarks(), [], 'the mark is removed');
  },
);
