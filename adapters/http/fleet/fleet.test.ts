/**
 * The fleet overview end to end (use cases + SQLite + HTTP): due dates against the injected clock, the
 * last-download source, coverage, findings of the last 4 weeks, sorting, filters, the summary counts,
 * the drivers CSV and the errors of bad parameters.
 */
import t from 'tap';
import {
  buildParsedCard,
  datesFrom,
  elevenHourDrivingDay,
  workingDay,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../testing/office-service.js';
import { strictValidator } from '../shared/validation.js';
import { fleetListResponseSchema, fleetSummaryResponseSchema } from './fleet.schema.js';
import { parseIsoDay } from '../../../core/time.js';
import { fleetListJson, fleetRequestFrom } from './fleet.mapper.js';

const longDay = elevenHourDrivingDay;

t.test('fleet rows: due date, overdue, sources, coverage, findings, sort and filters', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  // A: last activity 30 days before the clock → overdue
  await service.importCard(
    buildParsedCard({
      card_number: 'AAAA000000000001',
      surname: 'Aalto',
      days: datesFrom('2026-01-20', 20).map((d) => workingDay(d)),
    }),
  );
  // B: recent, with an EF Card_Download time, a long driving day, expiring soon
  const b = buildParsedCard({
    card_number: 'BBBB000000000002',
    surname: 'Berg',
    days: [...datesFrom('2026-02-23', 13).map((d) => workingDay(d)), longDay('2026-03-08')],
  });
  b.card_download_s = Date.parse('2026-03-09T10:00:00Z') / 1000;
  b.metadata.card.expiry_date = '2026-03-20';
  await service.importCard(b);
  // C: a card without any activity
  await service.importCard(buildParsedCard({ card_number: 'CCCC000000000003', surname: 'Cedar', days: [] }));
  service.setNow('2026-03-10T08:00:00Z');

  const res = await service.get('/api/drivercard/drivers?sort=due');
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(fleetListResponseSchema)(body), 'answer matches its schema');
  t.same(
    fleetListJson(await service.bundle.fleet!.list(fleetRequestFrom({ sort: 'due' }))),
    body,
    'drivers.csv reads the same list (its JSON written as text)',
  );
  t.same(
    body.items.map((r: any) => r.card_number),
    ['AAAA000000000001', 'BBBB000000000002', 'CCCC000000000003'],
    'overdue first, unknown last',
  );
  const [a, bRow, c] = body.items;
  t.match(a, {
    surname: 'Aalto',
    last_download: '2026-02-09T00:00:00Z',
    last_download_source: 'ACTIVITY_END',
    next_download_due: '2026-03-09T00:00:00Z',
    overdue: true,
    download_days_left: -1,
    coverage_days_28: 0,
    imports: 1,
    expiry_date: '2029-01-01',
    authenticity_status: null,
  });
  t.match(bRow, {
    last_download: '2026-03-09T10:00:00Z',
    last_download_source: 'CARD_DOWNLOAD',
    next_download_due: '2026-04-06T10:00:00Z',
    overdue: false,
    download_days_left: 27,
    expiry_days_left: 10,
    coverage_days_28: 14,
  });
  // the last 4 ISO weeks of B: 2026-W07 .. 2026-W10 (its last recorded day is Sunday 2026-03-08); its findings are
  // those GET /findings lists for them (both checks, the weeks before as context: docs/counts.md)
  const findings = await (
    await service.get('/api/drivercard/findings?card_number=BBBB000000000002&date_from=2026-02-09&date_to=2026-03-08')
  ).json();
  const count = (key: string, value: string) => findings.items.filter((v: any) => v[key] === value).length;
  t.ok(
    findings.items.some((v: any) => v.rule === 'daily_driving' && v.status === 'VIOLATION'),
    'the 11 h driving day is a violation',
  );
  t.ok(
    findings.items.some((v: any) => v.source === 'wtd'),
    'working-time findings count too',
  );
  t.same(
    bRow.findings_4w,
    {
      VIOLATION: count('status', 'VIOLATION'),
      POTENTIAL: count('status', 'POTENTIAL'),
      INCOMPLETE_DATA: count('status', 'INCOMPLETE_DATA'),
      MI: count('severity', 'MI'),
      SI: count('severity', 'SI'),
      VSI: count('severity', 'VSI'),
      MSI: count('severity', 'MSI'),
    },
    'the counts of the findings the API serves for those weeks',
  );
  t.equal(bRow.findings_4w_evaluated, true);
  t.match(c, { last_download: null, next_download_due: null, overdue: false, coverage_days_28: 0 });

  const names = async (query: string) =>
    ((await (await service.get(`/api/drivercard/drivers?${query}`)).json()) as any).items.map((r: any) => r.surname);
  t.same(await names('sort=surname&order=desc'), ['Cedar', 'Berg', 'Aalto']);
  t.same(await names('sort=findings'), ['Berg', 'Aalto', 'Cedar'], 'findings: most first by default');
  t.same(await names(''), ['Berg', 'Aalto', 'Cedar'], 'the default order: the most serious finding first');
  t.same(await names('sort=expiry_date'), ['Berg', 'Aalto', 'Cedar']);
  t.same(await names('sort=last_download&order=desc'), ['Berg', 'Aalto', 'Cedar'], 'no value sorts last either way');
  t.same(await names('sort=card_number&order=desc'), ['Cedar', 'Berg', 'Aalto']);
  t.same(await names('sort=due&overdue=true'), ['Aalto']);
  t.same(await names('sort=due&overdue=false'), ['Berg', 'Cedar']);
  t.same(await names('sort=due&expiring_within_days=30'), ['Berg']);
  t.same(await names('q=ber'), ['Berg']);
  t.same(await names('q=cccc0000'), ['Cedar'], 'card number text');
  t.same(await names('q=%25'), [], 'LIKE characters are literal');
  t.same(await names('sort=due&limit=1&offset=1'), ['Berg']);

  const summary = await (await service.get('/api/drivercard/drivers/summary')).json();
  t.ok(strictValidator(fleetSummaryResponseSchema)(summary));
  t.same(summary, {
    drivers: 3,
    overdue: 1,
    expiring_30d: 1,
    expired: 0,
    with_infringements: body.items.filter((r: any) => r.findings_4w.VIOLATION > 0).length,
    not_evaluated: 0,
  });
  t.ok(summary.with_infringements >= 1);

  service.setNow('2026-04-07T00:00:00Z');
  t.same(await names('sort=due&overdue=true'), ['Aalto', 'Berg'], 'the clock moves the due dates');

  const csv = await service.get('/export/drivers.csv?sort=card_number');
  t.equal(csv.status, 200);
  t.match(csv.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  const lines = (await csv.text()).split('\r\n');
  t.match(lines[0], /^card_number,surname,first_names,/);
  t.match(lines[1], /^AAAA000000000001,Aalto,TEST,FI,2029-01-01,/);
  t.equal(lines.length, 5, 'header, three rows, final line end');
  t.same(service.errors, []);
});

t.test('fleet: a second download updates the row; a reused file changes nothing; conflicts are counted', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const first = buildParsedCard({
    card_number: 'DDDD000000000004',
    days: datesFrom('2026-02-01', 10).map((d) => workingDay(d)),
  });
  await service.importCard(first);
  const second = buildParsedCard({
    card_number: 'DDDD000000000004',
    surname: 'Renamed',
    days: datesFrom('2026-02-05', 20).map((d) => workingDay(d)),
  });
  second.activities = second.activities.map((a) =>
    a.date === parseIsoDay('2026-02-06') && a.activity === 'WORK' ? { ...a, activity: 'AVAILABILITY' } : a,
  );
  second.metadata.warnings = [{ code: 'damaged_ef', message: 'x' }];
  const renamed = await service.importCard(second);
  t.same(
    renamed.warnings.map((w) => w.code),
    ['damaged_ef', 'holder_mismatch'],
    'another surname under the card number',
  );
  const [row] = ((await (await service.get('/api/drivercard/drivers')).json()) as any).items;
  t.match(
    row,
    { surname: 'TEST_SURNAME', imports: 2, quarantined_imports: 1, conflicting_days: 1, findings_4w_evaluated: true },
    'the row keeps the stored holder; its findings are those of the trusted download',
  );
  t.equal(row.last_download, '2026-02-25T00:00:00Z');
  const before = await service.bundle.refreshFleet['deps'].fleet.fleetCard('DDDD000000000004');
  await service.bundle.refreshFleet.refresh('DDDD000000000004');
  t.same(
    await service.bundle.refreshFleet['deps'].fleet.fleetCard('DDDD000000000004'),
    before,
    'refreshing again is idempotent',
  );
});

t.test('fleet: an older download imported after a newer one leaves the row on the newer download', async (t) => {
  const rowAfter = async (order: readonly string[]) => {
    const service = await officeService();
    t.teardown(() => service.close());
    for (const from of order)
      await service.importCard(
        buildParsedCard({ card_number: 'DDDD000000000007', days: datesFrom(from, 10).map((d) => workingDay(d)) }),
      );
    return ((await (await service.get('/api/drivercard/drivers')).json()) as any).items[0];
  };
  const inOrder = await rowAfter(['2026-02-01', '2026-03-01']);
  const archiveLast = await rowAfter(['2026-03-01', '2026-02-01']);
  t.same(
    [inOrder.last_download, inOrder.last_download_source],
    ['2026-03-11T00:00:00Z', 'ACTIVITY_END'],
    "the newer download ends the card's activity",
  );
  t.same(archiveLast, inOrder, 'the same row whichever file was imported last');
});

t.test('fleet: a card whose weeks were not evaluated says so, with the reason, and is counted apart', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  await service.importCard(
    buildParsedCard({
      card_number: 'HHHH000000000008',
      surname: 'Hill',
      days: [...datesFrom('2026-02-23', 13).map((d) => workingDay(d)), longDay('2026-03-08')],
    }),
  );
  const before = await (await service.get('/api/drivercard/drivers/summary')).json();
  t.match(before, { drivers: 1, with_infringements: 1, not_evaluated: 0 });
  const quarantined = buildParsedCard({
    card_number: 'QQQQ000000000009',
    surname: 'Quist',
    days: datesFrom('2026-03-01', 8).map((d) => workingDay(d)),
  });
  quarantined.metadata.warnings = [{ code: 'damaged_ef', message: 'x' }];
  await service.importCard(quarantined);
  t.same(
    await (await service.get('/api/drivercard/drivers/summary')).json(),
    { ...before, drivers: 2, not_evaluated: 1 },
    'the infringements tile does not drop',
  );
  const rows = ((await (await service.get('/api/drivercard/drivers?sort=findings')).json()) as any).items;
  t.same(
    rows.map((r: any) => r.card_number),
    ['HHHH000000000008', 'QQQQ000000000009'],
    'the card with a finding first',
  );
  t.match(rows[1], {
    findings_4w_evaluated: false,
    findings_4w_not_evaluated_reason: 'quarantined_data',
    findings_4w_most_serious: null,
  });
  t.ok(rows[0].findings_4w_most_serious !== null, 'the most serious finding of the 4 weeks');
  const csv = (await (await service.get('/export/drivers.csv?sort=findings')).text())
    .split('\r\n')
    .map((l) => l.split(','));
  const col = (name: string) => csv[0]!.indexOf(name);
  const q = csv.find((r) => r[0] === 'QQQQ000000000009')!;
  t.same(
    [q[col('evaluated')], q[col('violations_4w')], q[col('msi_4w')]],
    ['false', '', ''],
    'no count where nothing is known',
  );
  t.match(q[col('not_evaluated_reason')], /^not evaluated: the data contains a quarantined import/);
  t.equal(csv[1]![0], 'HHHH000000000008', 'drivers.csv in the same order');
  t.equal(csv[1]![col('evaluated')], 'true');
});

t.test('fleet: an older database without summaries gets them on the first read', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  await service.importCard(buildParsedCard({ card_number: 'GGGG000000000007', days: [workingDay('2026-03-01')] }));
  await service.store.query('DELETE FROM fleet_card');
  t.same(await (await service.get('/api/drivercard/drivers/summary')).json(), {
    drivers: 1,
    overdue: 0,
    expiring_30d: 0,
    expired: 0,
    with_infringements: 0,
    not_evaluated: 0,
  });
  await service.store.query('DELETE FROM fleet_card');
  t.equal(((await (await service.get('/api/drivercard/drivers')).json()) as any).total, 0, 'once per process');
});

t.test('fleet: cards without a summary get one; bad parameters are 400 naming them', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  await service.importCard(buildParsedCard({ card_number: 'EEEE000000000005', days: [workingDay('2026-03-01')] }));
  await service.store.query('DELETE FROM fleet_card');
  t.equal(await service.bundle.refreshFleet.refreshMissing(), 1);
  t.equal(((await (await service.get('/api/drivercard/drivers')).json()) as any).total, 1);
  t.equal(await service.bundle.refreshFleet.refreshMissing(), 0);
  for (const [query, parameter] of [
    ['sort=age', 'sort'],
    ['order=up', 'order'],
    ['overdue=maybe', 'overdue'],
    ['expiring_within_days=-1', 'expiring_within_days'],
    ['expiring_within_days=1.5', 'expiring_within_days'],
    ['limit=0', 'limit'],
    ['limit=99999', 'limit'],
    ['card_number=X', 'card_number'],
    ['q=', 'q'],
  ]) {
    const res = await service.get(`/api/drivercard/drivers?${query}`);
    t.equal(res.status, 400, query!);
    t.match(await res.json(), { error: 'invalid_filter', parameter }, query!);
  }
  t.same(service.errors, []);
});

t.test('fleet through the real server: the clock is injectable, the rows reach the page API', async (t) => {
  const { startServer } = await import('../../../composition/server.js');
  const { twentyEightDayCard, cardNumberOf } = await import('../../../fixtures/scenarios/twenty-eight-day.js');
  const dataDir = t.testdir({});
  const server = await startServer(
    { port: 0, dataDir },
    { env: {}, container: { clock: { now: () => new Date('2026-04-01T00:00:00Z') } } },
  );
  t.teardown(() => server.close());
  const card = cardNumberOf(4242);
  const content_base64 = Buffer.from(twentyEightDayCard(4242, card, '2026-03-02')).toString('base64');
  const parsed = await fetch(`${server.url}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: 'x.ddd', content_base64 }),
  });
  t.equal(parsed.status, 200);
  const list = (await (await fetch(`${server.url}/api/drivercard/drivers`)).json()) as any;
  t.equal(list.total, 1);
  t.match(list.items[0], { card_number: card, overdue: true, imports: 1 });
  t.ok(list.items[0].download_days_left < 0, 'downloaded about 30 days before the clock: overdue');
});

t.test(
  'fleet: a re-sent file refreshes only a missing or stale summary; cards without a number are skipped',
  async (t) => {
    const service = await officeService();
    t.teardown(() => service.close());
    const card = buildParsedCard({ card_number: 'IIII000000000009', days: [workingDay('2026-03-02')] });
    const content = new TextEncoder().encode('same-bytes');
    const cards = new Map([['same-bytes', card]]);
    const { ImportDddFile } = await import('../../../core/use-cases/import-ddd-file.js');
    const { NodeCryptoHasher } = await import('../../crypto/node-crypto-hasher.js');
    const { RandomIdGenerator } = await import('../../crypto/random-id-generator.js');
    const { withDayRecords } = await import('../../../core/use-cases/decode-card-file.js');
    const refreshed: string[] = [];
    const refresh = service.bundle.refreshFleet;
    const importer = new ImportDddFile({
      store: service.store,
      hasher: new NodeCryptoHasher(),
      ids: new RandomIdGenerator(),
      clock: { now: () => new Date('2026-03-10T00:00:00Z') },
      decodeCard: withDayRecords(
        async (bytes) => structuredClone(cards.get(new TextDecoder().decode(bytes))!),
        new NodeCryptoHasher(),
      ),
      onStored: async (row, parsed) => {
        refreshed.push(parsed === null ? 'reused' : 'created');
        await refresh.stored(row, parsed);
      },
    });
    await importer.parse({ file_name: 'a.ddd', content, archive_id: null });
    const summary = await service.get('/api/drivercard/drivers');
    t.equal(((await summary.json()) as any).total, 1);
    await service.store.query('DELETE FROM fleet_card');
    t.equal((await importer.parse({ file_name: 'a.ddd', content, archive_id: null })).reused, true);
    t.same(refreshed, ['created', 'reused']);
    t.equal(
      ((await (await service.get('/api/drivercard/drivers?q=iiii')).json()) as any).total,
      1,
      'the missing summary is back',
    );
    const noNumber = {
      ...(
        await service.store.listImports({ card_number: null, range: { from: null, to: null } }, { limit: 1, offset: 0 })
      ).items[0]!,
    };
    noNumber.card = { ...noNumber.card, card_number: null };
    await refresh.stored(noNumber, null);
    await refresh.refresh('NOSUCHCARD0000000');
    t.equal(
      ((await (await service.get('/api/drivercard/drivers')).json()) as any).total,
      1,
      'nothing for a card without imports',
    );
  },
);

t.test('fleet: an import is told to the fleet summary once its save is durable, not while it syncs', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const card = buildParsedCard({ card_number: 'IIII000000000010', days: [workingDay('2026-03-02')] });
  const { ImportDddFile } = await import('../../../core/use-cases/import-ddd-file.js');
  const { NodeCryptoHasher } = await import('../../crypto/node-crypto-hasher.js');
  const { RandomIdGenerator } = await import('../../crypto/random-id-generator.js');
  const { withDayRecords } = await import('../../../core/use-cases/decode-card-file.js');
  const order: string[] = [];
  // the save resolves once durable: the summary's work (on the event loop) must not run before that
  const store = Object.create(service.store) as typeof service.store;
  store.saveImport = async (input) => {
    const saved = await service.store.saveImport(input);
    order.push('saved');
    return saved;
  };
  const importer = new ImportDddFile({
    store,
    hasher: new NodeCryptoHasher(),
    ids: new RandomIdGenerator(),
    clock: { now: () => new Date('2026-03-10T00:00:00Z') },
    decodeCard: withDayRecords(async () => structuredClone(card), new NodeCryptoHasher()),
    onStored: async (row, parsed) => {
      order.push(parsed === null ? 'told (reused)' : 'told');
      await service.bundle.refreshFleet.stored(row, parsed);
    },
  });
  const content = new TextEncoder().encode('told-after');
  await importer.parse({ file_name: 'a.ddd', content, archive_id: null });
  t.same(order, ['saved', 'told'], 'told after the save resolved');
  t.equal(((await (await service.get('/api/drivercard/drivers?q=iiii000000000010')).json()) as any).total, 1);
});
