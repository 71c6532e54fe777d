/**
 * The CSV exports: RFC 4180 quoting, CRLF, header rows, durations in seconds and h:mm, formula-injection guard,
 * the same rows as the JSON API, and the API's JSON errors for bad parameters.
 */
import t from 'tap';
import { parseCsv } from '../../office/testing/parse-csv.js';
import {
  buildParsedCard,
  datesFrom,
  workingDay,
  type DaySpec,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../testing/office-service.js';
import { csvCell, csvText, hmm } from '../../office/export/csv.js';
import { ACTIVITY_HEADER, FINDING_HEADER } from './exports.js';

t.test('csv cells: quoting, formula injection, numbers, h:mm', async (t) => {
  t.equal(csvCell('plain'), 'plain');
  t.equal(csvCell('a,b'), '"a,b"');
  t.equal(csvCell('say "hi"'), '"say ""hi"""');
  t.equal(csvCell('two\nlines'), '"two\nlines"');
  for (const start of ['=', '+', '-', '@', '\t', '\r'])
    t.equal(
      csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`),
      true,
      JSON.stringify(start),
    );
  t.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  t.equal(csvCell(-5), '-5', 'numbers are numbers');
  t.equal(csvCell(Number.NaN), '');
  t.equal(csvCell(null), '');
  t.equal(csvCell(true), 'true');
  t.equal(csvText(['a', 'b'], [[1, 'x']]), 'a,b\r\n1,x\r\n');
  t.same(
    [hmm(0), hmm(59), hmm(60), hmm(3600 * 11 + 15 * 60), hmm(-300), hmm(null)],
    ['0:00', '0:00', '0:01', '11:15', '-0:05', null],
  );
});

const longDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['04:00', 'DRIVING'],
    ['08:30', 'REST'],
    ['09:15', 'DRIVING', { inserted: false }],
    ['15:45', 'REST'],
  ],
});

/** A day of 11 h driving with the card inserted: a daily driving time over 10 h, and too little rest. */
const overDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['03:00', 'DRIVING'],
    ['07:30', 'REST'],
    ['08:15', 'DRIVING'],
    ['14:45', 'REST'],
  ],
});

t.test('exports: activities and findings as the API serves them; errors as JSON', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const card = buildParsedCard({
    card_number: 'HHHH000000000008',
    surname: '=cmd|calc',
    days: [...datesFrom('2026-03-02', 3).map((d) => workingDay(d)), overDay('2026-03-05'), longDay('2026-03-06')],
  });
  await service.importCard(card);
  const basis = 'card_number=HHHH000000000008&date_from=2026-03-02&date_to=2026-03-08';

  const res = await service.get(`/export/activities.csv?${basis}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
  t.equal(
    res.headers.get('content-disposition'),
    `attachment; filename="activities_cmdcalc_HHHH000000000008_2026-03-02_2026-03-08.csv"; filename*=UTF-8''${encodeURIComponent('activities_=cmdcalc_HHHH000000000008_2026-03-02_2026-03-08.csv')}`,
    'the file name names the driver (path and separator characters removed), the card and the period',
  );
  const rows = parseCsv(await res.text());
  t.same(rows[0], ACTIVITY_HEADER);
  const api = await (await service.get(`/api/drivercard/activities?${basis}&limit=5000`)).json();
  t.equal(rows.length - 1, api.total, 'every interval');
  const first = Object.fromEntries(ACTIVITY_HEADER.map((h, i) => [h, rows[1]![i]]));
  t.match(first, {
    start: api.items[0].start,
    activity: api.items[0].activity,
    duration_seconds: String(api.items[0].duration),
    duration_hmm: hmm(api.items[0].duration),
  });
  t.ok(
    rows.some((r) => r[6] === 'true' && r[5] === 'DRIVING'),
    'a card-out interval is marked unknown',
  );

  const findings = await service.get(`/export/findings.csv?${basis}`);
  t.equal(findings.status, 200);
  const frows = parseCsv(await findings.text());
  t.same(frows[0], FINDING_HEADER);
  const period = await (await service.get(`/api/drivercard/findings?${basis}&limit=500`)).json();
  t.ok(
    period.items.some((f: any) => f.rule === 'daily_driving' && f.status === 'VIOLATION'),
    'the scenario holds an infringement',
  );
  t.equal(frows.length - 1, period.items.length, 'one row per finding of /findings');
  t.same(
    frows.slice(1).map((r) => [r[1], r[2], r[5], r[13]]),
    period.items.map((v: any) => [v.rule, v.status, v.start, v.description]),
    'the same findings, in the same order',
  );
  const value = frows.slice(1).find((r) => r[1] === 'daily_driving')!;
  t.equal(value[8], '11:00', 'the value in hours and minutes beside its seconds');
  // each finding's readings and whether it rests on reading card-out time as rest, as /findings answers them
  const readings = FINDING_HEADER.indexOf('readings');
  t.same(
    frows.slice(1).map((r) => [r[readings], r[readings + 1]]),
    period.items.map((v: any) => [(v.readings ?? []).join('; '), String(v.assumption_dependent ?? false)]),
  );

  const drivers = parseCsv(await (await service.get('/export/drivers.csv')).text());
  t.equal(drivers[1]![1], "'=cmd|calc", 'a surname starting with = is defused');

  for (const [path, status, parameter] of [
    ['/export/activities.csv', 400, 'import_id,archive_id,card_number'],
    ['/export/activities.csv?card_number=X&date_from=2026-13-01', 400, 'date_from'],
    ['/export/activities.csv?card_number=X&bogus=1', 400, 'bogus'],
    ['/export/findings.csv?import_id=nope', 404, undefined],
    ['/export/drivers.csv?sort=nope', 400, 'sort'],
  ] as const) {
    const r = await service.get(path);
    t.equal(r.status, status, path);
    const body = await r.json();
    if (parameter) t.match(body, { error: 'invalid_filter', parameter }, path);
    else t.equal(body.error, 'not_found');
  }
  t.same(service.errors, []);
});

/** A day of 13 driving stints of 50 minutes between 04:00 and 17:00 (10 h 50 min of driving). */
const stintDay = (date: string): DaySpec => {
  const changes: DaySpec['changes'] = [['00:00', 'REST']];
  for (let h = 4; h < 17; h++)
    changes.push([`${String(h).padStart(2, '0')}:00`, 'DRIVING'], [`${String(h).padStart(2, '0')}:50`, 'WORK']);
  changes.push(['17:00', 'REST']);
  return { date, changes };
};

t.test(
  'exports and report: a finding whose evidence the API summarised counts every interval, not the two shown',
  async (t) => {
    const service = await officeService();
    t.teardown(() => service.close());
    await service.importCard(
      buildParsedCard({ card_number: 'SSSS000000000009', days: datesFrom('2026-03-02', 3).map(stintDay) }),
    );
    const basis = 'card_number=SSSS000000000009&date_from=2026-03-02&date_to=2026-03-08';
    const precheck = await (await service.get(`/api/drivercard/eu561/violations?${basis}`)).json();
    const summarised = precheck.violations.filter((v: any) => v.evidence_summary !== undefined);
    t.ok(summarised.length > 0, 'the scenario has a long evidence list');
    const frows = parseCsv(await (await service.get(`/export/findings.csv?${basis}`)).text());
    const column = FINDING_HEADER.indexOf('evidence_intervals');
    // findings.csv lists the findings of the period (GET /findings: the pre-check's and the working-time check's)
    const listed = (await (await service.get(`/api/drivercard/findings?${basis}`)).json()).items;
    t.same(
      listed.filter((f: any) => f.source === 'eu561').length,
      precheck.violations.length,
      'every pre-check finding of the week',
    );
    t.same(
      frows.slice(1).map((r) => Number(r[column])),
      listed.map((v: any) => v.evidence_summary?.count ?? v.evidence.length),
    );
    t.ok(
      frows.slice(1).some((r) => Number(r[column]) > 10),
      'a count beyond the two intervals shown',
    );
    const html = await (await service.get(`/report?${basis}`)).text();
    const count = summarised[0].evidence_summary.count as number;
    t.match(html, `Evidence (${count} interval(s))`);
    t.match(html, `… ${count - 2} more interval(s)`);
  },
);

t.test('CSV files: a UTF-8 byte order mark, a chosen delimiter, names that say whose and which period', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  await service.importCard(
    buildParsedCard({
      card_number: 'MMMM000000000011',
      surname: 'Müller; Иванов',
      days: datesFrom('2026-03-02', 3).map(stintDay),
    }),
  );
  const basis = 'card_number=MMMM000000000011&date_from=2026-03-02&date_to=2026-03-08';
  for (const path of ['/export/activities.csv', '/export/findings.csv', '/export/drivers.csv']) {
    const bytes = new Uint8Array(
      await (await service.get(`${path}?${path.includes('drivers') ? '' : basis}`)).arrayBuffer(),
    );
    t.same([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], `${path}: starts with the UTF-8 byte order mark`);
  }
  const comma = parseCsv(await (await service.get(`/export/findings.csv?${basis}`)).text());
  const res = await service.get(`/export/findings.csv?${basis}&delimiter=%3B`);
  const semicolon = parseCsv(await res.text(), ';');
  t.same(semicolon, comma, 'the same cells with ; between them');
  t.ok(semicolon.length > 1, 'findings to compare');
  t.match(
    res.headers.get('content-disposition'),
    `filename="findings_Muller-Ivanov_MMMM000000000011_2026-03-02_2026-03-08.csv"`.replace('Ivanov', ''),
  );
  t.match(
    res.headers.get('content-disposition'),
    `filename*=UTF-8''${encodeURIComponent('findings_Müller-Иванов_MMMM000000000011_2026-03-02_2026-03-08.csv')}`,
  );
  const drivers = await (await service.get('/export/drivers.csv?delimiter=%3B')).text();
  t.match(drivers, /^card_number;surname;/, 'drivers.csv with ; too');
  t.match(drivers, '"Müller; Иванов"', 'a cell holding the delimiter is quoted');
  t.equal((await service.get(`/export/findings.csv?${basis}&delimiter=%7C`)).status, 400, 'only , or ;');
});
