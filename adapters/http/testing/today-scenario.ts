/**
 * GET /api/drivercard/today and /today/drivers end to end (use cases + a store + HTTP), against the schema: the
 * scenario both the SQLite and the PostgreSQL test run.
 */
import type { Test } from 'tap';
import { buildParsedCard, datesFrom, workingDay } from '../../../core/use-cases/testing/parsed-card-builder.js';
import { FindingReviewWorkflow } from '../../../core/use-cases/finding-reviews.js';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { SqlOfficeRecords } from '../../storage/office-records/office-records-store.js';
import { fleetListResponseSchema } from '../fleet/fleet.schema.js';
import { strictValidator } from '../shared/validation.js';
import { officeService } from './office-service.js';
import type { SqlImportStore } from '../../storage/open-storage.js';
import { todayResponseSchema } from '../today/today.schema.js';

const card = (card_number: string, first: string, days: number, surname = 'TODAY') =>
  buildParsedCard({ card_number, surname, days: datesFrom(first, days).map((d) => workingDay(d)) });

/** A small fleet: counts, the lists, a review closing a finding. */
export async function todayScenario(t: Test, makeStore?: () => Promise<SqlImportStore>): Promise<void> {
  const service = await officeService(makeStore);
  t.teardown(() => service.close());
  // X: activity ends 2026-02-16T00:00 → due 2026-03-16 (overdue on 03-25); Y: ends 2026-03-02T00:00 → due 03-30 (5 days)
  await service.importCard(card('TODAYX0000000001', '2026-02-02', 14));
  await service.importCard(card('TODAYY0000000001', '2026-02-16', 14));
  // W: a second download with another holder is quarantined (holder_mismatch); V: imported, then withdrawn
  await service.importCard(card('TODAYW0000000001', '2026-03-02', 7));
  const mismatch = await service.importCard(card('TODAYW0000000001', '2026-03-09', 2, 'SOMEONE ELSE'));
  t.equal(mismatch.status, 'QUARANTINED');
  const v = await service.importCard(card('TODAYV0000000001', '2026-03-02', 3));
  t.equal(
    (await service.post(`/api/drivercard/imports/${v.import_id}/withdraw`, { reason: 'wrong file' })).status,
    200,
  );
  service.setNow('2026-03-25T12:00:00Z');

  const res = await service.get('/api/drivercard/today');
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(todayResponseSchema)(body), 'answer matches its schema');
  t.match(body, {
    as_of: '2026-03-25T12:00:00Z',
    time_zone: 'UTC',
    drivers: 3,
    overdue: 1,
    due_week: 1,
    expired: 0,
    expiring_30d: 0,
    findings_not_evaluated: 0, // W: its quarantined download is left out, its first download checked
    quarantined: 1,
    holder_mismatch: 1,
    withdrawn: 1,
    conflicting: 0,
    readiness: 3, // none of the three has card data for 2026-03-25
  });
  // the open findings are those GET /findings lists as OPEN over each card's last 4 ISO weeks
  const open = async (c: string, from: string, to: string) =>
    (
      await (
        await service.get(
          `/api/drivercard/findings?card_number=${c}&date_from=${from}&date_to=${to}&status=OPEN&limit=5000`,
        )
      ).json()
    ).items as { finding_id: string }[];
  const x = await open('TODAYX0000000001', '2026-01-26', '2026-02-15');
  const y = await open('TODAYY0000000001', '2026-02-09', '2026-03-01');
  // W's last recorded day is 2026-03-10 (the quarantined download's): its 4 weeks 2026-02-16 .. 2026-03-10
  const w = await open('TODAYW0000000001', '2026-02-16', '2026-03-10');
  t.ok(x.length > 0 && y.length > 0 && w.length > 0, 'seven working days a week: weekly rests are missing');
  t.equal(body.open_findings, x.length + y.length + w.length);
  t.equal(body.drivers_with_open_findings, 3);

  const list = async (name: string) => {
    const r = await service.get(`/api/drivercard/today/drivers?list=${name}`);
    const b = await r.json();
    t.ok(strictValidator(fleetListResponseSchema)(b), `${name}: the fleet list's schema`);
    return (b.items as { card_number: string }[]).map((i) => i.card_number);
  };
  t.same(await list('overdue'), ['TODAYX0000000001']);
  t.same(await list('due_week'), ['TODAYY0000000001']);
  t.same(await list('expired'), []);
  t.same((await list('readiness')).sort(), ['TODAYW0000000001', 'TODAYX0000000001', 'TODAYY0000000001']);
  t.same((await list('open_findings')).sort(), ['TODAYW0000000001', 'TODAYX0000000001', 'TODAYY0000000001']);
  const csv = await (await service.get('/export/drivers.csv?list=overdue')).text();
  t.match(csv, 'TODAYX0000000001', 'drivers.csv of a today list');
  t.notMatch(csv, 'TODAYY0000000001');
  t.equal((await service.get('/api/drivercard/today/drivers')).status, 400, 'list is required');
  t.equal((await service.get('/api/drivercard/today/drivers?list=everything')).status, 400);
  t.equal((await service.get('/api/drivercard/today?x=1')).status, 400);

  // a review takes the finding out of the open count
  const reviews = new FindingReviewWorkflow({
    reviews: new SqlOfficeRecords(service.store.db),
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date() },
  });
  await reviews.review(x[0]!.finding_id, { status: 'CONFIRMED', note: null, author: 'office' });
  t.equal(
    (await (await service.get('/api/drivercard/today')).json()).open_findings,
    x.length + y.length + w.length - 1,
  );
  t.same(service.errors, []);
}
