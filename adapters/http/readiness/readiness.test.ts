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
    other_records_considered: false,
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
