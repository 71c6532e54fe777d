/**
 * PostgreSQL: the tables an import grows are analysed by the store as its imports multiply (growth-statistics.ts),
 * so statements prepared on a new database do not keep plans chosen for empty tables. Counted through
 * `pg_stat_user_tables.analyze_count` (explicit ANALYZEs only; the autovacuum daemon's are `autoanalyze_count`).
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { FIRST_ANALYZE, GROWING_TABLES, GROWTH } from '../adapters/storage/database/growth-statistics.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';
import { startPostgres } from './postgres-server.js';

const started = await startPostgres();

if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL statistics test NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  t.test('postgres: the growing tables analysed once the imports stored reach each mark, not before', async (t) => {
    const options = { databaseUrl: server.freshDatabaseUrl(), dataDir: '/nonexistent-unused', poolSize: 2 };
    const observer = await createSqlStore(options);
    t.teardown(() => observer.close());
    const analyses = async () =>
      (
        await observer.query(
          `SELECT relname, analyze_count FROM pg_stat_user_tables WHERE relname IN (${GROWING_TABLES.map(() => '?').join(', ')}) ORDER BY relname`,
          [...GROWING_TABLES],
        )
      ).map((r) => Number(r.analyze_count));
    const store = await createSqlStore(options);
    t.teardown(() => store.close());
    // the prepared statements of the connection the statement runs on (this statement itself not counted)
    const prepared = async () =>
      Number(
        (
          await store.query(
            "SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'",
          )
        )[0]!.n,
      );
    let saved = 0;
    const saveUpTo = async (total: number) => {
      for (; saved < total; saved++) {
        const card = buildParsedCard({
          card_number: `STAT${String(saved).padStart(12, '0')}`,
          days: [workingDay('2026-03-02')],
        });
        t.equal((await store.saveImport(newImport(card))).outcome, 'created');
      }
    };
    // the ANALYZE runs in the background: its count is awaited (bounded), then checked
    const analysedTimes = async (times: number) => {
      for (let tries = 0; tries < 100 && (await analyses()).some((n) => n < times); tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return analyses();
    };
    const once = GROWING_TABLES.map(() => 1);
    await saveUpTo(FIRST_ANALYZE - 1);
    t.ok((await prepared()) > 0, 'the saves run as prepared statements');
    t.same(
      await analyses(),
      GROWING_TABLES.map(() => 0),
      'none before the first mark',
    );
    await saveUpTo(FIRST_ANALYZE);
    t.same(await analysedTimes(1), once, `each table once at ${FIRST_ANALYZE} imports`);
    let left = await prepared();
    for (let tries = 0; tries < 100 && left > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await prepared();
    }
    t.equal(left, 0, 'the statements prepared before it dropped: prepared again with the new statistics');
    await saveUpTo(FIRST_ANALYZE + 2);
    t.ok((await prepared()) > 0, 'and prepared again as they run');
    await saveUpTo(FIRST_ANALYZE * GROWTH - 1);
    t.same(await analyses(), once, 'not again before the imports grew fourfold');
    await saveUpTo(FIRST_ANALYZE * GROWTH);
    t.same(
      await analysedTimes(2),
      GROWING_TABLES.map(() => 2),
      `again at ${FIRST_ANALYZE * GROWTH}`,
    );
  });
}
