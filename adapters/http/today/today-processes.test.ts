/**
 * The today view's kept open findings with two service processes on one PostgreSQL database (two stores and two
 * sets of use cases on one throwaway database): after a review, an annotation added or withdrawn, and an import in
 * process A, process B's GET /today gives the counts drawn from scratch (GET /findings?status=OPEN of each card's
 * last 4 ISO weeks, which runs the checks). And the store's guard: ids drawn before the card's data changed are
 * not kept.
 */
import t, { type Test } from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { startPostgres } from '../../../conformance/postgres-server.js';
import { createSqlStore, type SqlImportStore } from '../../storage/open-storage.js';
import { SqlOfficeRecords } from '../../storage/office-records/office-records-store.js';
import { SqlOpenFindings } from '../../storage/open-findings/open-findings-store.js';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../../crypto/random-id-generator.js';
import { FindingReviewWorkflow } from '../../../core/use-cases/finding-reviews.js';
import { OfficeAnnotations } from '../../../core/use-cases/annotations.js';
import { FindingsOfPeriodQuery } from '../../../core/use-cases/findings-of-period.js';
import {
  buildParsedCard,
  datesFrom,
  day,
  ts,
  workingDay,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { officeService, type OfficeService } from '../testing/office-service.js';

const X = 'TODAYPX000000001';
const Z = 'TODAYPZ000000001';
/** Monday to Friday of the weeks starting on the given Mondays: the weekends are card-out gaps */
const weekdays = (mondays: string[]) => mondays.flatMap((m) => datesFrom(m, 5)).map((d) => workingDay(d));

/** The card's OPEN findings as drawn by the findings-of-period query (the checks run, the reviews read) in `s`. */
async function scratch(s: OfficeService, card: string, from: string, to: string): Promise<string[]> {
  const query = new FindingsOfPeriodQuery(s.bundle.overviews, new SqlOfficeRecords(s.store.db));
  const answer = await query.findings({
    basis: { kind: 'card_number', value: card },
    range: { from: day(from), to: day(to) },
    status: ['OPEN'],
  });
  return answer.findings.map((f) => f.finding_id ?? '?');
}

async function today(s: OfficeService): Promise<{ open_findings: number; drivers_with_open_findings: number }> {
  return (await s.get('/api/drivercard/today')).json();
}

/** The store's guard: a save with inputs read before the card's generation moved keeps nothing. */
async function keptGuard(t: Test, writer: SqlImportStore, reader: SqlImportStore): Promise<void> {
  const kept = new SqlOpenFindings(reader.db);
  const inputs = await kept.stamp(Z);
  await new SqlOpenFindings(writer.db).cardChanged(Z);
  t.equal(await kept.saveFindingIds(Z, inputs, { from: 1, to: 2 }, 'v1', ['f1']), false, 'refused: generation moved');
  const fresh = await kept.stamp(Z);
  t.equal(fresh.generation, inputs.generation + 1);
  t.equal(await kept.saveFindingIds(Z, fresh, { from: 1, to: 2 }, 'v1', ['f1', 'f2', 'f1']), true);
  const row = (await kept.openCounts()).get(Z);
  t.same(row?.kept, { inputs: fresh, range: { from: 1, to: 2 }, rules: 'v1', open: 2 }, 'two distinct ids, both OPEN');
  t.equal(await kept.saveFindingIds(Z, fresh, { from: 1, to: 2 }, 'v1', null), true);
  t.equal((await kept.openCounts()).get(Z)?.kept?.open, null, 'the checks refused the data: kept as no count');
}

t.test('ids drawn before the card changed are not kept (SQLite)', async (t) => {
  const s = await officeService();
  t.teardown(() => s.close());
  await keptGuard(t, s.store, s.store);
});

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(t, `today across processes NOT RUN: ${started.missing}`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  const url = server.freshDatabaseUrl();
  const open = () => createSqlStore({ databaseUrl: url, dataDir: '/nonexistent-unused', poolSize: 4 });
  const a = await officeService(open);
  const b = await officeService(open);
  t.teardown(async () => {
    await a.close();
    await b.close();
  });
  for (const s of [a, b]) s.setNow('2026-03-10T12:00:00Z');
  const reviews = new FindingReviewWorkflow({
    reviews: new SqlOfficeRecords(a.store.db),
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date() },
  });
  const annotations = new OfficeAnnotations({
    store: a.store,
    annotations: new SqlOfficeRecords(a.store.db),
    clock: { now: () => new Date() },
    ids: new RandomIdGenerator(),
  });

  t.test('B counts what A changed, as drawn from scratch', async (t) => {
    // X: 14 days of work without a day off (2026-02-02 … 02-15): its last 4 ISO weeks are 01-26 … 02-15
    await a.importCard(
      buildParsedCard({ card_number: X, days: datesFrom('2026-02-02', 14).map((d) => workingDay(d)) }),
    );
    // Z: three working weeks Monday to Friday (2026-02-02 … 02-20), the weekends not on the card
    await a.importCard(buildParsedCard({ card_number: Z, days: weekdays(['2026-02-02', '2026-02-09', '2026-02-16']) }));
    const check = async (label: string, xTo = '2026-02-15') => {
      const x = await scratch(a, X, '2026-01-26', xTo);
      const z = await scratch(a, Z, '2026-01-26', '2026-02-20');
      const counts = await today(b);
      t.equal(counts.open_findings, x.length + z.length, `${label}: B's open findings as from scratch`);
      t.equal(counts.drivers_with_open_findings, (x.length > 0 ? 1 : 0) + (z.length > 0 ? 1 : 0), label);
      t.same(await today(b), counts, `${label}: asked again (the kept ids), the same`);
      return { x, z };
    };
    const first = await check('after the imports');
    t.ok(first.x.length >= 2, 'X: no weekly rest in 14 days');

    await reviews.review(first.x[0]!, { status: 'CONFIRMED', note: null, author: 'office' });
    const reviewed = await check('after a review in A');
    t.equal(reviewed.x.length, first.x.length - 1, 'the review closed one finding');

    // an OTHER_WORK annotation over Z's first weekend gap (2026-02-07 00:00 … 02-09 00:00): the gap, read as rest
    // until the office says otherwise (unknown_as=gap), becomes work, so no rest where Z had one
    const rest = await annotations.add({
      card_number: Z,
      kind: 'OTHER_WORK',
      start: ts('2026-02-07T00:00:00Z'),
      end: ts('2026-02-09T00:00:00Z'),
      note: null,
      author: 'office',
    });
    const annotated = await check('after an annotation in A');
    await annotations.withdraw(rest.annotation_id, { author: 'office', reason: null });
    const withdrawn = await check('after the annotation was withdrawn in A');
    t.same(withdrawn.z.sort(), first.z.sort(), 'withdrawn: the card-only findings again');
    t.ok(annotated.z.length > first.z.length, 'the OTHER_WORK annotation over the gap brought findings of Z');

    // a later download of X: seven more working days (02-16 … 02-22), its last 4 weeks move on
    await a.importCard(buildParsedCard({ card_number: X, days: datesFrom('2026-02-16', 7).map((d) => workingDay(d)) }));
    const later = await scratch(a, X, '2026-02-02', '2026-02-22');
    const z = await scratch(a, Z, '2026-01-26', '2026-02-20');
    t.equal((await today(b)).open_findings, later.length + z.length, 'after an import in A');
    t.same(a.errors, []);
    t.same(b.errors, []);
  });

  t.test('ids drawn before the card changed are not kept (PostgreSQL, two stores)', (t) =>
    keptGuard(t, a.store, b.store),
  );
}
