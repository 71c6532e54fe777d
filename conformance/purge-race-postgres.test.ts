/**
 * A purge on PostgreSQL while another process stores an import of another card: the purge deletes exactly the imports
 * it listed. Each of its statements sees what committed before it (read committed), so an import stored between the
 * listing and the deletes, with a cutoff after it, was deleted too — table by table, whichever deletes came after its
 * commit — and its card's history was never rebuilt. Played by a second store saving at the worst moment: just before
 * the purge's first delete.
 * Without PostgreSQL binaries this file skips loudly, except under CI=true, where it fails.
 */
import t from 'tap';
import { reportMissingDependency } from './missing-dependency.js';
import { startPostgres } from './postgres-server.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import type { SqlRunner } from '../adapters/storage/database/sql-runner.js';
import { buildParsedCard, datesFrom, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

const download = (card: string, importedAt: number) =>
  newImport(buildParsedCard({ card_number: card, days: datesFrom('2026-03-01', 7).map((d) => workingDay(d)) }), {
    imported_at: importedAt,
  });

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL purge race test NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test('an import stored by another process during a purge is neither deleted nor left in part', async (t) => {
    const url = server.freshDatabaseUrl();
    const open = () => createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 4 });
    const [purging, other] = await Promise.all([open(), open()]);
    t.teardown(() => Promise.all([purging.close(), other.close()]));
    await purging.saveImport(download('PURGE00000000001', ts('2026-03-02T06:00:00Z')));
    const late = download('PURGE00000000002', ts('2026-03-09T06:00:00Z'));

    // the other process stores its import right before the purge's first DELETE
    const runner = purging.runner;
    const transaction = runner.transaction.bind(runner);
    let raced = false;
    runner.transaction = <T>(work: (tx: SqlRunner) => Promise<T>) =>
      transaction((tx) =>
        work(
          Object.assign(Object.create(tx) as SqlRunner, {
            all: async (sql: string, params?: readonly (string | number | null | Buffer)[]) => {
              if (!raced && /^DELETE/.test(sql)) {
                raced = true;
                await other.saveImport(late);
              }
              return tx.all(sql, params);
            },
          }),
        ),
      );

    const result = await purging.purgeImports(ts('2026-12-31T00:00:00Z'));
    t.ok(raced, 'the other import was stored during the purge');
    t.equal(result.imports.length, 1, 'the purge deleted the one import it listed');
    const kept = await other.findImport({ kind: 'import_id', value: late.import.import_id });
    t.equal(kept?.import_id, late.import.import_id, 'the other import is still there');
    const days = await other.dayRecords({ kind: 'import', import_id: late.import.import_id }, { from: null, to: null });
    t.equal(days.length, 7, 'with all its days');
    t.equal((await other.cardDays('PURGE00000000002')).days.length, 7, "and its card's history");
  });
}
