/**
 * The use cases (core/use-cases) end to end on a real storage adapter: parse idempotency and races, archive
 * conflicts, quarantine, the card-history merge of the query endpoints, overviews and pre-check refusals.
 * Decoding is replaced by built ParsedCards (the bytes only carry identity), except for the real sample.
 * Run by use-cases-sqlite.test.ts and storage-postgres.test.ts:
 *   useCasesSuite(t, 'sqlite', () => createSqlStore({ dataDir: tempDir }))
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { DddDecodeError } from '../core/decoder/api.js';
import { ArchiveConflictError } from '../core/domain/errors.js';
import type { Basis } from '../core/use-cases/contracts.js';
import { decodeCardFile, withDayRecords } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { HealthCheck } from '../core/use-cases/health-check.js';
import { ImportDddFile, archiveIdForContent } from '../core/use-cases/import-ddd-file.js';
import { buildParsedCard, datesFrom, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import type { ClosableStore } from './new-import.js';
import { isoTimestamp } from '../core/time.js';
import { activityToResponse, importToResponse, listToResponse } from '../adapters/http/mappers.js';

import { cardHistorySuite, historyDays } from './card-history.suite.js';
import { encode, rejectsWith, service, OPEN, ALL, type Tap } from './use-case-service.js';

const SAMPLE = '/work/shared/samples/gen1-real-activity.ddd';

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
    const renamed = await s.importer.parse({ file_name: null, content, archive_id: 'fresh-archive' }).catch((e) => e);
    t.ok(renamed instanceof ArchiveConflictError, 'known content under a free archive id: a conflict');
    t.same(
      (renamed as ArchiveConflictError).stored,
      { archive_id: first.archive_id, import_id: first.import_id },
      'naming the archive and import the content is stored as',
    );
    t.equal(await s.store.findImport({ kind: 'archive_id', value: 'fresh-archive' }), null, 'the id is not recorded');
    t.same(
      await s.importer.parse({ file_name: null, content, archive_id: first.archive_id }),
      { ...first, reused: true },
      'known content under its own archive id: the stored import is returned',
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

  cardHistorySuite(t, name, makeStore);

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
