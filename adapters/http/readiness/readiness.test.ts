/** GET /api/drivercard/drivers/readiness end to end (use cases + SQLite + HTTP), with hand-computed missing days. */
import t from 'tap';
import {
  buildParsedCard,
  datesFrom,
  workingDay,
  type DaySpec,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../testing/office-service.js';
import { strictValidator } from '../shared/validation.js';
import { readinessResponseSchema } from './readiness.schema.js';

const cardOut = (date: string): DaySpec => ({ date, changes: [['00:00', 'REST', { inserted: false }]] });
const manualRest = (date: string): DaySpec => ({
  date,
  changes: [['00:00', 'REST', { inserted: false, manual: true }]],
});

t.test('readiness of a card: card data, card-out days, manual entries, days after the last download', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  // 2026-01-13 .. 2026-03-08 worked, except 2026-02-01 (card out all day) and 2026-02-02 (rest entered by hand)
  const days = datesFrom('2026-01-13', 55).map((d) =>
    d === '2026-02-01' ? cardOut(d) : d === '2026-02-02' ? manualRest(d) : workingDay(d),
  );
  await service.importCard(buildParsedCard({ card_number: 'READY00000000001', days }));
  service.setNow('2026-03-10T08:00:00Z');

  const res = await service.get('/api/drivercard/drivers/readiness?card_number=ready%2000000000001');
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(readinessResponseSchema)(body), 'answer matches its schema');
  // window 2026-01-13 .. 2026-03-10 (57 days); 2026-03-08 is the 55th day from 2026-01-13
  t.match(body, {
    card_number: 'READY00000000001',
    at: '2026-03-10',
    date_from: '2026-01-13',
    date_to: '2026-03-10',
    days: 57,
    card_days: 54,
    otherwise_covered_days: 0,
    other_records_considered: true,
  });
  t.same(body.missing_days, [
    { date: '2026-02-01', reason: 'card_out' },
    { date: '2026-03-09', reason: 'no_record' },
    { date: '2026-03-10', reason: 'no_record' },
  ]);

  const earlier = await (
    await service.get('/api/drivercard/drivers/readiness?card_number=READY00000000001&at=2026-02-05')
  ).json();
  t.equal(earlier.date_from, '2025-12-11');
  t.equal(earlier.missing_count, 33 + 1, '2025-12-11 .. 2026-01-12 before the first record (33 days) and 2026-02-01');
  const instant = await (
    await service.get('/api/drivercard/drivers/readiness?card_number=READY00000000001&at=2026-02-05T23:59:00Z')
  ).json();
  t.equal(instant.at, '2026-02-05', 'an instant counts by its UTC date');

  const fleet = await (await service.get('/api/drivercard/drivers')).json();
  t.equal(fleet.items[0].readiness_missing_days, 3, "the fleet row counts the same missing days at the clock's today");
  service.setNow('2026-03-20T08:00:00Z');
  const later = await (await service.get('/api/drivercard/drivers')).json();
  t.equal(later.items[0].readiness_missing_days, 13, '2026-01-23 .. 2026-03-20: 02-01 and 03-09 .. 03-20');
  t.equal(
    (await service.get('/api/drivercard/eu561/violations?card_number=READY00000000001&at=2026-02-05')).status,
    400,
    'the pre-check takes an instant only',
  );

  t.equal((await service.get('/api/drivercard/drivers/readiness?card_number=UNKNOWN')).status, 404);
  t.equal((await service.get('/api/drivercard/drivers/readiness')).status, 400);
  t.equal(
    (await service.get('/api/drivercard/drivers/readiness?card_number=READY00000000001&at=2026-02-30')).status,
    400,
  );
  t.equal(
    (await service.get('/api/drivercard/drivers/readiness?card_number=READY00000000001&at=1900-01-01')).status,
    400,
  );
  t.same(service.errors, []);
});

t.test('annotations cover days: readiness, the fleet row and the today list agree', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  // 2026-01-13 .. 2026-03-08 worked except 2026-02-01 (card out); today 2026-03-10: missing 02-01, 03-09, 03-10
  const days = datesFrom('2026-01-13', 55).map((d) => (d === '2026-02-01' ? cardOut(d) : workingDay(d)));
  await service.importCard(buildParsedCard({ card_number: 'READY00000000002', days }));
  service.setNow('2026-03-10T08:00:00Z');
  const readiness = async () =>
    (await service.get('/api/drivercard/drivers/readiness?card_number=READY00000000002')).json();
  const fleetRow = async () => (await (await service.get('/api/drivercard/drivers')).json()).items[0];
  const todayList = async () =>
    (await (await service.get('/api/drivercard/today/drivers?list=readiness')).json()).items.map(
      (r: { card_number: string }) => r.card_number,
    );
  t.equal((await readiness()).missing_count, 3);
  t.equal((await fleetRow()).readiness_missing_days, 3);
  t.same(await todayList(), ['READY00000000002']);

  const annotate = (kind: string, start: string, end: string) =>
    service.post('/api/drivercard/annotations', {
      card_number: 'READY00000000002',
      kind,
      start,
      end,
      note: kind === 'ARTICLE_12' ? 'diverted' : null,
      author: 'office',
    });
  // sick leave over the card-out day (08:00 - 16:00 covers that day only)
  t.equal((await annotate('SICK_LEAVE', '2026-02-01T08:00:00Z', '2026-02-01T16:00:00Z')).status, 201);
  // ARTICLE_12 explains no day; LEAVE from 2026-03-09 00:00 to 2026-03-10 00:00 covers 03-09 only (end exclusive)
  t.equal((await annotate('ARTICLE_12', '2026-03-10T01:00:00Z', '2026-03-10T02:00:00Z')).status, 201);
  const leave = await (await annotate('LEAVE', '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z')).json();
  const body = await readiness();
  t.match(body, { card_days: 54, otherwise_covered_days: 2, missing_count: 1 }, '54 + 2 + 1 = 57 days');
  t.same(body.missing_days, [{ date: '2026-03-10', reason: 'no_record' }]);
  t.equal((await fleetRow()).readiness_missing_days, 1, 'the fleet row was refreshed by the annotation');
  t.same(await todayList(), ['READY00000000002'], 'one day still missing');

  t.equal((await annotate('OUT_OF_SCOPE', '2026-03-10T00:00:00Z', '2026-03-10T06:00:00Z')).status, 201);
  t.equal((await readiness()).missing_count, 0);
  t.equal((await fleetRow()).readiness_missing_days, 0);
  t.same(await todayList(), [], 'no card left on the readiness list');

  t.equal(
    (await service.post(`/api/drivercard/annotations/${leave.annotation_id}/withdraw`, { author: 'office' })).status,
    200,
  );
  t.same(
    (await readiness()).missing_days,
    [{ date: '2026-03-09', reason: 'no_record' }],
    'a withdrawn annotation covers nothing',
  );
  t.equal((await fleetRow()).readiness_missing_days, 1);
  t.same(await todayList(), ['READY00000000002']);
  t.same(service.errors, []);
});
