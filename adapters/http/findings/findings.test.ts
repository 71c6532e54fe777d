/** GET /api/drivercard/findings over the HTTP app: envelope, paging, filters, refusals. */
import t from 'tap';
import {
  buildParsedCard,
  datesFrom,
  workingDay,
  type DaySpec,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../testing/office-service.js';
import { strictValidator } from '../shared/validation.js';
import { findingsResponseSchema } from './findings.schema.js';

const CARD = 'FFFF000000000031';
/** 12 h 15 min of driving with one 45-minute break: a daily-driving finding and a daily-rest shortfall. */
const longDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['03:00', 'DRIVING'],
    ['07:30', 'REST'],
    ['08:15', 'DRIVING'],
    ['16:00', 'REST'],
  ],
});

t.test('findings of a period: the list envelope, paging and filters', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const days = [
    ...datesFrom('2026-02-09', 21).map((d) => workingDay(d)),
    longDay('2026-03-02'),
    longDay('2026-03-03'),
    ...datesFrom('2026-03-04', 5).map((d) => workingDay(d)),
  ];
  await service.importCard(buildParsedCard({ card_number: CARD, days }));
  const base = `/api/drivercard/findings?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-08`;
  const res = await service.get(base);
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(findingsResponseSchema)(body), 'answer matches its schema');
  t.match(body, {
    total: body.items.length,
    limit: 500,
    offset: 0,
    conflicts: [],
    date_from: '2026-03-02',
    date_to: '2026-03-08',
    context_from: '2026-02-09',
  });
  t.ok(
    body.items.some((f: any) => f.rule === 'daily_driving' && f.start.startsWith('2026-03-02')),
    'the long Monday is found',
  );
  t.ok(
    body.items.every((f: any) => f.end > '2026-03-02T00:00:00Z' && f.start < '2026-03-09T00:00:00Z'),
    'only findings overlapping the week',
  );
  t.ok(body.items.every((f: any) => ['eu561', 'wtd'].includes(f.source) && f.review_status === 'OPEN'));
  // the readings in force of both checks, each once; every finding names the ones its verdict depends on
  const ids = body.readings.map((r: any) => r.id);
  t.equal(ids[0], 'card_out_time');
  t.ok(ids.includes('return_home') && ids.includes('wtd_reference_period'), 'both checks');
  t.equal(new Set(ids).size, ids.length, 'each reading once');
  t.ok(body.items.every((f: any) => Array.isArray(f.readings) && f.readings.every((id: string) => ids.includes(id))));
  t.ok(
    body.items
      .filter((f: any) => f.source === 'wtd')
      .every((f: any) => f.readings.includes('availability_not_working_time')),
  );
  const page = await (await service.get(`${base}&limit=1&offset=1`)).json();
  t.same(page.items, body.items.slice(1, 2), 'a page of the same ordered list');
  t.equal(page.total, body.total);
  const si = await (await service.get(`${base}&severity=SI,VSI`)).json();
  t.same(
    si.items,
    body.items.filter((f: any) => f.severity === 'SI' || f.severity === 'VSI'),
    'severity filter',
  );
  const confirmed = await (await service.get(`${base}&status=CONFIRMED`)).json();
  t.equal(confirmed.total, 0, 'nothing reviewed yet: no CONFIRMED finding');
  for (const [path, status] of [
    [`${base}&severity=HIGH`, 400],
    [`${base}&status=DONE`, 400],
    ['/api/drivercard/findings?date_from=2026-03-02', 400],
    [`/api/drivercard/findings?card_number=NOPE0000000000&date_from=2026-03-02&date_to=2026-03-08`, 404],
    [`/api/drivercard/findings?card_number=${CARD}&date_from=2026-03-09&date_to=2026-03-02`, 400],
  ] as const) {
    const r = await service.get(path);
    t.equal(r.status, status, path);
    t.match(await r.json(), { error: String, message: String });
  }
  t.same(service.errors, []);
});
