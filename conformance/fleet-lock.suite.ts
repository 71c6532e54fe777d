/**
 * Two processes computing one card's fleet row on one database (two stores opened on it, each with its own
 * RefreshFleetCard, as two service processes have): a computation waits for the other's to end before it reads, so
 * the row written last holds what either saw. Played at the worst moment: process B (the answer to a file found
 * stored already, which computes without the mark's EF Card_Download time) has read the card — no row yet — and has
 * not written; process A then computes from the import's mark. Without the lock A wrote the row with the time and
 * removed the mark, and B's row, written after it, dropped the time for good. Run on SQLite
 * (./fleet-lock-sqlite.test.ts) and PostgreSQL (./fleet-lock-postgres.test.ts).
 */
import type { TAP } from 'tap';
import { setTimeout as delay } from 'node:timers/promises';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import { SqlFleetStore } from '../adapters/storage/fleet/fleet-store.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { buildParsedCard, datesFrom, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const CARD = 'LOCK000000000001';
const CARD_DOWNLOAD_S = ts('2026-03-07T18:00:00Z');

/** `openTwo` opens two stores on one fresh database (closed by the suite). */
export function fleetLockSuite(
  t: Tap,
  name: string,
  openTwo: (t: Tap) => Promise<[SqlImportStore, SqlImportStore]>,
): void {
  t.test(
    `${name}: a computation of a card's row waits for another process's, and the row keeps what both saw`,
    async (t) => {
      const [a, b] = await openTwo(t);
      t.teardown(() => Promise.all([a.close(), b.close()]));
      const card = buildParsedCard({ card_number: CARD, days: datesFrom('2026-03-01', 7).map((d) => workingDay(d)) });
      card.card_download_s = CARD_DOWNLOAD_S;
      await a.saveImport(newImport(card)); // marks the card with its EF Card_Download time

      // B stops after its first reads until released
      let release = () => {};
      let readB = () => {};
      const bHasRead = new Promise<void>((resolve) => (readB = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      let gated = false;
      const between = async () => {
        if (gated) return;
        gated = true;
        readB();
        await gate;
      };
      const fleetA = new SqlFleetStore(a.db);
      const refreshA = new RefreshFleetCard({ store: a, fleet: fleetA, overviews: new OverviewQueries(a) });
      const refreshB = new RefreshFleetCard({
        store: b,
        fleet: new SqlFleetStore(b.db),
        overviews: new OverviewQueries(b),
        between,
      });

      const bDone = refreshB.refresh(CARD);
      await bHasRead;
      const aDone = refreshA.settlePending();
      const aEndedFirst = await Promise.race([aDone.then(() => true), delay(1000).then(() => false)]);
      t.notOk(aEndedFirst, "A's computation waits while B's holds the card's lock");
      release();
      await Promise.all([aDone, bDone]);

      const row = await fleetA.fleetCard(CARD);
      t.equal(row?.card_download_s, CARD_DOWNLOAD_S, 'the EF Card_Download time of the mark is in the row');
      t.equal(row?.imports, 1);
      t.same(await fleetA.pendingMarks(CARD), [], 'and the mark is done');
    },
  );
}
