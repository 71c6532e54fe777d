/**
 * A card's fleet row when another process stores an import of the card while this one computes the row: the row
 * written last must not lag behind the imports (RefreshFleetCard.settled). The other process is played by a save
 * straight through the store, made at the worst moment: after this process read the imports and before it writes.
 */
import t from 'tap';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import type { FleetCardRecord } from '../core/fleet/fleet-card.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { buildParsedCard, datesFrom, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

const CARD = 'RACE000000000001';
const download = (from: string, days: number) =>
  newImport(buildParsedCard({ card_number: CARD, days: datesFrom(from, days).map((d) => workingDay(d)) }));

t.test('an import stored by another process during the refresh is counted in the row written last', async (t) => {
  const store = await createSqlStore({ dataDir: t.testdir() });
  t.teardown(() => store.close());
  const base = new SqlFleetStore(store.db);
  let raced = false;
  const writes: number[] = [];
  const fleet = Object.assign(Object.create(base) as SqlFleetStore, {
    async saveFleetCard(record: FleetCardRecord, marksUpTo?: number | null) {
      if (!raced) {
        raced = true;
        await store.saveImport(download('2026-03-01', 7)); // the other process, between the read and the write
      }
      writes.push(record.imports);
      await base.saveFleetCard(record, marksUpTo);
    },
  });
  const refresh = new RefreshFleetCard({ store, fleet, overviews: new OverviewQueries(store) });
  await store.saveImport(download('2026-02-20', 7));
  await refresh.refresh(CARD);
  t.same(writes, [1, 2], 'the row computed from one import is computed again once a second one is stored');
  t.equal((await base.fleetCard(CARD))!.imports, 2, 'the row counts both imports');

  writes.length = 0;
  await refresh.refresh(CARD);
  t.same(writes, [2], 'nothing changed under it: one write');
});

t.test(
  "a mark written by another process while the card's marks are computed stays for the next computation",
  async (t) => {
    const store = await createSqlStore({ dataDir: t.testdir() });
    t.teardown(() => store.close());
    const base = new SqlFleetStore(store.db);
    let raced = false;
    const fleet = Object.assign(Object.create(base) as SqlFleetStore, {
      async saveFleetCard(record: FleetCardRecord, marksUpTo?: number | null) {
        if (!raced) {
          raced = true;
          await store.saveImport(download('2026-03-01', 7)); // marked after the marks were read
        }
        await base.saveFleetCard(record, marksUpTo);
      },
    });
    const refresh = new RefreshFleetCard({ store, fleet, overviews: new OverviewQueries(store) });
    await store.saveImport(download('2026-02-20', 7));
    const [first] = await base.pendingMarks(CARD);
    await refresh.settlePending();
    const left = await base.pendingMarks(CARD);
    t.equal(left.length, 1, 'the later mark stays');
    t.ok(left[0]!.mark > first!.mark, 'and it is the later one');
    t.equal((await base.fleetCard(CARD))!.imports, 2, 'the row counts both imports (computed again after the race)');
    await refresh.settlePending();
    t.same(await base.pendingMarks(CARD), [], 'the next computation removes it');
  },
);
