/**
 * The activity answers written as text (./activity-json.ts) are the same bytes as JSON.stringify of the response
 * mappers' objects (./responses.ts): every field of an interval changed in turn (the field list is the row's own
 * keys, so a field added to the row later is changed here too), ISO text over a spread of instants, the day and
 * week overviews built by the core, and the answers of the service itself over a real SQLite store.
 */
import t from 'tap';
import type { ActivityIntervalRow, VehicleUsedRow } from '../../../core/domain/rows.js';
import { buildDayOverviews, buildWeekOverviews, type OverviewInput } from '../../../core/overview/index.js';
import type { ListResult } from '../../../core/use-cases/contracts.js';
import {
  buildParsedCard,
  datesFrom,
  day,
  ts,
  workingDay,
  type DaySpec,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { DAY_SECONDS, isoClock, isoTimestamp } from '../../../core/time.js';
import {
  ACTIVITY_FIELDS,
  DAY_FIELDS,
  WEEK_FIELDS,
  IntervalTextCache,
  activityListText,
  dayOverviewText,
  weekOverviewText,
  type ActivityJsonRow,
} from './activity-json.js';
import { activityToResponse } from '../activities/activities.mapper.js';
import { dayOverviewToResponse, dayToResponse } from '../day-overview/day-overview.mapper.js';
import { listToResponse } from './list.mapper.js';
import { weekOverviewToResponse, weekToResponse } from '../week-overview/week-overview.mapper.js';
import { officeService } from '../testing/office-service.js';

const base: ActivityJsonRow = {
  import_id: 'imp_0001',
  card_number: 'DF00000000000042',
  date: day('2026-03-02'),
  start: ts('2026-03-02T06:15:07Z'),
  end: ts('2026-03-02T08:00:00Z'),
  activity: 'DRIVING',
  duration: 6293,
  slot: 'DRIVER',
  crew: false,
  card_inserted: true,
  manual_entry: false,
  quarantined: false,
};

const list = (
  items: ActivityJsonRow[],
  fields: Partial<ListResult<ActivityJsonRow>> = {},
): ListResult<ActivityJsonRow> => ({
  items,
  total: items.length,
  limit: 500,
  offset: 0,
  conflicts: [],
  ...fields,
});
const mapped = (l: ListResult<ActivityJsonRow>) => JSON.stringify(listToResponse(l, activityToResponse));

/** Other values of the same kind for a field (null for a nullable one). */
function variants(key: keyof ActivityJsonRow, value: unknown): unknown[] {
  if (typeof value === 'boolean') return [!value];
  if (key === 'activity') return ['REST', 'WORK', 'AVAILABILITY', 'UNKNOWN'];
  if (key === 'slot') return ['CO_DRIVER'];
  if (key === 'duration') return [0, 86_400, 1.5, -1, Number.NaN];
  if (key === 'date') return [0, -1, day('0999-12-31'), day('2106-02-07')];
  if (key === 'start' || key === 'end')
    return [0, -1, 86_399, 86_400, ts('2026-03-03T00:00:00Z'), 0xfffffffe, ts('0999-12-31T23:59:59Z')];
  if (typeof value === 'string')
    return [null, '', 'Šimková "Eva" \\ </script>', 'a\u2028b\u0000c', 'lone \ud800 surrogate', '😀'];
  return [];
}

t.test('every field of an interval changed in turn: the text equals JSON.stringify of the mapped row', async (t) => {
  const cache = new IntervalTextCache();
  t.equal(activityListText(list([base])), mapped(list([base])), 'the base row');
  t.equal(activityListText(list([base]), cache), mapped(list([base])), 'the base row, kept');
  t.same(Object.keys(base), [...ACTIVITY_FIELDS, 'quarantined'], 'the field list is the row type in order');
  for (const key of Object.keys(base) as (keyof ActivityJsonRow)[]) {
    const values = variants(key, base[key]);
    t.ok(values.length > 0, `${key} has variants`);
    for (const [n, value] of values.entries()) {
      const row = { ...base, [key]: value } as ActivityJsonRow;
      t.equal(activityListText(list([row])), mapped(list([row])), `${key}, variant ${n + 1}`);
      // with texts kept: a row differing from a kept one in this field alone is written anew, and back
      const pair = [{ ...base, start: base.start - 60 }, row];
      const basePair = [{ ...base, start: base.start - 60 }, base];
      t.equal(activityListText(list(basePair), cache), mapped(list(basePair)), `${key}, variant ${n + 1}: kept base`);
      t.equal(activityListText(list(pair), cache), mapped(list(pair)), `${key}, variant ${n + 1}: changed, kept`);
      t.equal(activityListText(list(basePair), cache), mapped(list(basePair)), `${key}, variant ${n + 1}: base again`);
    }
  }
  const { quarantined: _q, ...unmarked } = base;
  t.equal(activityListText(list([unmarked])), mapped(list([unmarked])), 'a row without the quarantined mark');
  t.equal(
    activityListText(list([{ ...base, quarantined: undefined }])),
    mapped(list([{ ...base, quarantined: undefined }])),
    'quarantined undefined is left out',
  );
});

t.test('the list envelope and its ISO text over many days and instants', async (t) => {
  const rows: ActivityJsonRow[] = [];
  // intervals of 13 h 7 min 11 s from 1969 on: every time of day, days and years change, ends on the next day
  for (let start = -DAY_SECONDS * 3; rows.length < 3000; start += 47_231) {
    rows.push({
      ...base,
      date: Math.floor(start / DAY_SECONDS),
      start,
      end: start + 47_231,
      import_id: `imp_${rows.length % 7}`,
      quarantined: rows.length % 3 === 0,
    });
  }
  const l = list(rows, {
    total: 9000,
    limit: 3000,
    offset: 3000,
    conflicts: [day('2026-03-02'), day('1969-12-31'), 0],
  });
  t.equal(activityListText(l), mapped(l), 'a page of 3000 rows');
  t.equal(activityListText(list([])), mapped(list([])), 'an empty page');
  t.same(JSON.parse(activityListText(l)), listToResponse(l, activityToResponse), 'and it parses to the mapped list');
  const clocks: string[] = [];
  const stamps: string[] = [];
  for (let second = 0; second < DAY_SECONDS; second += 7) {
    clocks.push(`1970-01-01T${isoClock(second)}Z`);
    stamps.push(isoTimestamp(second));
  }
  t.same(clocks, stamps, 'isoClock is the time part of isoTimestamp');
  t.equal(isoClock(0), '00:00:00');
  t.equal(isoClock(DAY_SECONDS - 1), '23:59:59');
});

t.test('kept run texts: reused while equal, pages cutting a day, bounded by characters', async (t) => {
  const rows: ActivityJsonRow[] = [];
  for (let d = 0; d < 10; d++) {
    for (let k = 0; k < 6; k++) {
      const start = (20_000 + d) * DAY_SECONDS + k * 4 * 3600;
      rows.push({
        ...base,
        import_id: `imp_${d % 3}`,
        date: 20_000 + d,
        start,
        end: start + 4 * 3600,
        duration: 4 * 3600,
      });
    }
  }
  const cache = new IntervalTextCache();
  const whole = list(rows);
  t.equal(activityListText(whole, cache), mapped(whole), 'first answer');
  t.same(cache.size.runs, 10, 'one run per import and day');
  const chars = cache.size.chars;
  t.equal(activityListText(whole, cache), mapped(whole), 'the same answer from the kept runs');
  t.same(cache.size, { runs: 10, chars }, 'nothing written anew');
  for (const [offset, limit] of [
    [3, 10],
    [0, 7],
    [59, 1],
    [13, 30],
  ] as const) {
    const page = list(rows.slice(offset, offset + limit), { total: rows.length, limit, offset });
    t.equal(activityListText(page, cache), mapped(page), `a page from ${offset} of ${limit}`);
    t.equal(activityListText(page, cache), mapped(page), `the page again, from ${offset}`);
  }
  // the same rows as new objects: compared by value
  t.equal(activityListText(list(rows.map((r) => ({ ...r }))), cache), mapped(whole), 'equal rows, other objects');
  const moved = rows.map((r) => (r.date === 20_004 ? { ...r, quarantined: true } : r));
  t.equal(activityListText(list(moved), cache), mapped(list(moved)), 'a day whose import became quarantined');

  const small = new IntervalTextCache(3000);
  t.equal(activityListText(whole, small), mapped(whole), 'a small cache writes the same bytes');
  t.ok(
    small.size.chars <= 3000 && small.size.runs > 0 && small.size.runs < 10,
    `kept runs bounded: ${JSON.stringify(small.size)}`,
  );
  t.equal(activityListText(whole, small), mapped(whole), 'and again');
  const tiny = new IntervalTextCache(10);
  t.equal(activityListText(whole, tiny), mapped(whole), 'a run longer than the bound is not kept');
  t.same(tiny.size, { runs: 0, chars: 0 });
});

const vehicle = (first: string, last: string | null, number: string): VehicleUsedRow => ({
  import_id: 'imp_0001',
  card_number: base.card_number,
  registration: { nation: 'FI', number },
  vin: null,
  first_use: ts(first),
  last_use: last === null ? null : ts(last),
  odometer_begin_km: null,
  odometer_end_km: null,
  distance_km: null,
  vu_data_block_counter: null,
});

function overviewInput(): OverviewInput {
  const intervals: ActivityIntervalRow[] = buildParsedCard({
    days: datesFrom('2026-03-01', 10).map((d) => workingDay(d)),
  }).activities.map((r, i) => ({
    ...r,
    import_id: `imp_${i % 2}`,
    card_number: base.card_number,
    quarantined: i % 5 === 0,
  }));
  return {
    card_number: base.card_number,
    intervals,
    day_distances: datesFrom('2026-03-01', 10).map((d, i) => ({
      import_id: 'imp_0',
      card_number: base.card_number,
      date: day(d),
      distance_km: 100 + i,
    })),
    vehicles_used: [
      vehicle('2026-03-02T05:00:00Z', '2026-03-04T20:00:00Z', 'ABC-123'),
      vehicle('2026-03-04T12:00:00Z', null, 'X "Y"'),
    ],
  };
}

t.test('day and week overviews: the text equals JSON.stringify of the mapped answer', async (t) => {
  const input = overviewInput();
  const weeks = buildWeekOverviews(input, ['2026-W09', '2026-W10', '2026-W11', '2026-W12']);
  t.same(Object.keys(weeks[0]!), WEEK_FIELDS, 'week fields in order');
  t.same(Object.keys(weeks[0]!.days[0]!), DAY_FIELDS, 'day fields in order');
  t.same(Object.keys(weekToResponse(weeks[0]!)), WEEK_FIELDS, 'the mapped week keeps them');
  t.same(Object.keys(dayToResponse(weeks[0]!.days[0]!)), DAY_FIELDS, 'the mapped day keeps them');
  t.ok(
    weeks.some((w) => w.days.some((d) => d.vehicles.length > 0)),
    'some days list vehicles',
  );
  const result = { items: weeks, conflicts: [day('2026-03-04')] };
  t.equal(
    weekOverviewText(result),
    JSON.stringify(weekOverviewToResponse(result)),
    'weeks with data, empty weeks, conflicts',
  );
  const cache = new IntervalTextCache();
  t.equal(weekOverviewText(result, cache), JSON.stringify(weekOverviewToResponse(result)), 'with texts kept');
  t.equal(weekOverviewText(result, cache), JSON.stringify(weekOverviewToResponse(result)), 'from the kept texts');
  t.equal(
    weekOverviewText({ items: [], conflicts: [] }),
    JSON.stringify(weekOverviewToResponse({ items: [], conflicts: [] })),
    'no week',
  );
  const days = {
    items: buildDayOverviews(input, [day('2026-02-28'), day('2026-03-02'), day('2026-03-04')]),
    conflicts: [],
  };
  t.equal(dayOverviewText(days), JSON.stringify(dayOverviewToResponse(days)), 'days');
  t.equal(
    dayOverviewText(days, cache),
    JSON.stringify(dayOverviewToResponse(days)),
    'days from the texts the weeks kept',
  );
  const nulls = {
    items: buildDayOverviews({ ...input, card_number: null }, [day('2026-03-03')]),
    conflicts: [day('2026-03-03'), day('2026-03-05')],
  };
  t.equal(dayOverviewText(nulls), JSON.stringify(dayOverviewToResponse(nulls)), 'a null card number');
  t.equal(
    dayOverviewText({ items: [], conflicts: [] }),
    JSON.stringify(dayOverviewToResponse({ items: [], conflicts: [] })),
    'no day',
  );
});

t.test('the service answers the bytes of the mapped objects (rows as the SQLite store gives them)', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const card = 'DF00000000000042';
  const vehicles = [
    {
      first_use: '2026-03-02T05:00:00Z',
      last_use: '2026-03-03T20:00:00Z',
      registration: { nation: 'FI', number: 'ABC-123' },
    },
  ];
  await service.importCard(
    buildParsedCard({ card_number: card, days: datesFrom('2026-03-01', 8).map((d) => workingDay(d)), vehicles }),
  );
  // a second download disagreeing about 2026-03-05: a conflict, served from the newer import
  const disagreeing = (d: string): DaySpec => ({
    ...workingDay(d),
    changes: [
      ['00:00', 'REST'],
      ['05:00', 'AVAILABILITY'],
      ['07:00', 'REST'],
    ],
  });
  const other = datesFrom('2026-03-05', 6).map((d) => (d === '2026-03-05' ? disagreeing(d) : workingDay(d)));
  await service.importCard(buildParsedCard({ card_number: card, days: other }));
  const basis = { kind: 'card_number' as const, value: card };
  const text = async (path: string) => {
    const res = await service.get(path);
    t.equal(res.status, 200, path);
    t.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    t.equal(res.headers.get('x-content-type-options'), 'nosniff');
    return res.text();
  };

  const range = { from: day('2026-03-02'), to: day('2026-03-08') };
  const activities = await service.bundle.queries.activities({ basis, range, page: { limit: 20, offset: 3 } });
  t.ok(activities.items.length === 20 && activities.conflicts.length === 1, 'a page with a conflict');
  t.equal(
    await text(
      `/api/drivercard/activities?card_number=${card}&date_from=2026-03-02&date_to=2026-03-08&limit=20&offset=3`,
    ),
    JSON.stringify(listToResponse(activities, activityToResponse)),
    'activities',
  );

  const week = await service.bundle.overviews.weekOverview({
    basis,
    weeks: ['2026-W10'],
    range: { from: null, to: null },
  });
  t.ok(
    week.items[0]!.days.some((d) => d.vehicles.length > 0),
    'a day with a vehicle',
  );
  t.equal(
    await text(`/api/drivercard/week-overview?card_number=${card}&week=2026-W10`),
    JSON.stringify(weekOverviewToResponse(week)),
    'week overview',
  );
  t.equal(
    await text(`/api/drivercard/week-overview?card_number=${card}&week=2026-W10`),
    JSON.stringify(weekOverviewToResponse(week)),
    'week overview again',
  );

  const days = await service.bundle.overviews.dayOverview({
    basis,
    range: { from: day('2026-03-04'), to: day('2026-03-06') },
  });
  t.equal(
    await text(`/api/drivercard/day-overview?card_number=${card}&date_from=2026-03-04&date_to=2026-03-06`),
    JSON.stringify(dayOverviewToResponse(days)),
    'day overview',
  );

  const empty = await text(`/api/drivercard/activities?card_number=${card}&date_from=2027-01-01&date_to=2027-01-31`);
  t.equal(empty, '{"items":[],"total":0,"limit":500,"offset":0,"conflicts":[]}', 'an empty range');
  t.equal(
    (await service.get('/api/drivercard/activities?card_number=DF00000000000099')).status,
    404,
    'an unknown card',
  );
  t.same(service.errors, [], 'no unexpected failure');
});
