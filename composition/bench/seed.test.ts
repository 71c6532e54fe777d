import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { seedCardNumber, seedStore } from './seed.js';
import { DriverCardQueries } from '../../core/use-cases/driver-card-queries.js';

t.test('seeded cards are complete, overlapping downloads merge, days add up to 24 h', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'drivercard-seed-'));
  const store = await createSqlStore({ dataDir: dir });
  t.teardown(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const result = await seedStore(store.db, store.dayReader, {
    cards: 3,
    downloadsPerCard: 4,
    daysPerDownload: 10,
    overlapDays: 3,
    changesPerDay: 6,
    batchSize: 5,
  });
  t.same([result.imports, result.activityRows, result.dayRecords], [12, 12 * 10 * 6, 120]);
  t.same(result.cardNumbers, [seedCardNumber(0), seedCardNumber(1), seedCardNumber(2)]);
  t.equal(seedCardNumber(7).length, 16);
  const q = new DriverCardQueries(store);
  const basis = { kind: 'card_number', value: seedCardNumber(1) } as const;
  const summary = await q.timeSummary({ basis, range: { from: null, to: null } });
  const uniqueDays = 4 * 10 - 3 * 3;
  t.equal(summary.days, uniqueDays);
  t.equal(
    Object.values(summary.totals).reduce((a, b) => a + b, 0),
    uniqueDays * 86_400,
  );
  t.ok(summary.totals.DRIVING > 0 && summary.totals.REST > 0 && summary.totals.WORK > 0);
  const acts = await q.activities({ basis, range: { from: null, to: null }, page: { limit: 5000, offset: 0 } });
  t.equal(acts.total, uniqueDays * 6);
  t.same(acts.conflicts, []);
  const events = await q.events({ basis, range: { from: null, to: null }, page: { limit: 100, offset: 0 } });
  t.equal(events.total, 4);
  const more = await seedStore(store.db, store.dayReader, { cards: 1, downloadsPerCard: 1, firstCard: 3 });
  t.same(more.cardNumbers, [seedCardNumber(3)]);
  t.equal(more.imports, 1, 'seeding again appends');
  t.equal((await q.imports({ basis: null, range: { from: null, to: null }, page: { limit: 1, offset: 0 } })).total, 13);
});
