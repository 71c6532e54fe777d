/**
 * The Vehicles view's pure parts: filters the today counts open, the due words, the day/week windows in local days,
 * and the lanes of a vehicle's timeline (the scenario of fixtures/scenarios/vu-scenarios.ts written by hand: card A
 * in the driver slot, driven 05:00–05:20 UTC on 2026-03-03 with no card, card B in the co-driver slot).
 */
import t from 'tap';
import {
  authenticityOf,
  axisTicks,
  calibrationFlag,
  downloadFlag,
  filterVehicles,
  openingDate,
  queryDates,
  stepDate,
  timelineLanes,
  windowDates,
  windowOf,
  type VehicleUnitJson,
  type VuActivityJson,
  type WithoutCardJson,
} from './vu-timeline.js';

const vehicle = (vin: string, over: Partial<VehicleUnitJson> = {}): VehicleUnitJson => ({
  vin,
  registration: { nation: 'DE', number: `B-${vin}` },
  newest_download: { downloaded_at: '2026-03-03T15:00:00Z', authenticity: null },
  ...over,
});
const ROWS = [
  vehicle('V1', { download_overdue: true }),
  vehicle('V2', { calibration_due_soon: true }),
  vehicle('V3', { calibration_overdue: true, newest_download: { downloaded_at: null, authenticity: 'VERIFIED' } }),
  vehicle('V4', { newest_download: { downloaded_at: null, authenticity: 'INVALID' } }),
];

t.test('the lists the today counts open', async (t) => {
  const vins = (f: Parameters<typeof filterVehicles>[1]) => filterVehicles(ROWS, f, new Set(['V4'])).map((r) => r.vin);
  t.same(vins('all'), ['V1', 'V2', 'V3', 'V4']);
  t.same(vins('download_overdue'), ['V1']);
  t.same(vins('calibration_due'), ['V2', 'V3']);
  t.same(vins('without_card'), ['V4']);
  t.same(ROWS.map(downloadFlag), ['Download overdue', null, null, null]);
  t.same(ROWS.map(calibrationFlag), [null, 'Calibration due within 30 days', 'Calibration overdue', null]);
  t.same(ROWS.map(authenticityOf), ['not checked', 'not checked', 'VERIFIED', 'INVALID']);
});

t.test('windows of local days', async (t) => {
  t.same(windowDates('2026-03-04', 'day'), ['2026-03-04']);
  // Wednesday 2026-03-04: its week runs Monday 2 to Sunday 8
  t.same(windowDates('2026-03-04', 'week'), [
    '2026-03-02',
    '2026-03-03',
    '2026-03-04',
    '2026-03-05',
    '2026-03-06',
    '2026-03-07',
    '2026-03-08',
  ]);
  t.same(windowDates('2026-03-08', 'week')[0], '2026-03-02', 'a Sunday belongs to the week before it');
  t.equal(stepDate('2026-03-01', 'day', -1), '2026-02-28');
  t.equal(stepDate('2026-03-04', 'week', 1), '2026-03-11');
  t.same(queryDates(['2026-03-02', '2026-03-08']), { date_from: '2026-03-01', date_to: '2026-03-09' });
  const w = windowOf(['2026-03-03'], 'Europe/Berlin');
  t.same(
    [new Date(w.startMs).toISOString(), new Date(w.endMs).toISOString()],
    ['2026-03-02T23:00:00.000Z', '2026-03-03T23:00:00.000Z'],
  );
  // 23:30 UTC on 3 March is already 4 March in Berlin
  t.equal(
    openingDate(
      vehicle('V', { newest_download: { downloaded_at: '2026-03-03T23:30:00Z', authenticity: null } }),
      0,
      'Europe/Berlin',
    ),
    '2026-03-04',
  );
  t.equal(
    openingDate(vehicle('V', { newest_download: null }), Date.parse('2026-05-01T12:00:00Z'), 'UTC'),
    '2026-05-01',
  );
});

const act = (
  slot: VuActivityJson['slot'],
  start: string,
  end: string,
  activity: string,
  card: string | null,
): VuActivityJson => ({
  vin: 'V',
  slot,
  start: `2026-03-03T${start}:00Z`,
  end: `2026-03-03T${end}:00Z`,
  activity,
  duration: (Date.parse(`2026-03-03T${end}:00Z`) - Date.parse(`2026-03-03T${start}:00Z`)) / 1000,
  card_inserted: card !== null,
  card_number: card,
});

t.test("a day's lanes: both slots, their cards by name, driving without a card and overspeeding marked", async (t) => {
  const A = 'DF00000123456001';
  const B = 'F1234567890ABC00';
  const activities = [
    act('DRIVER', '06:00', '06:20', 'WORK', A),
    act('DRIVER', '04:30', '05:00', 'REST', null),
    act('DRIVER', '05:00', '05:20', 'DRIVING', null),
    act('DRIVER', '05:20', '06:00', 'REST', null),
    act('CO_DRIVER', '06:00', '14:00', 'AVAILABILITY', B),
    // before the window (Berlin day starts 23:00 UTC the day before): left out
    { ...act('DRIVER', '01:00', '02:00', 'DRIVING', A), start: '2026-03-01T10:00:00Z', end: '2026-03-01T11:00:00Z' },
  ];
  const insertions = [
    { card_number: A, holder: { surname: 'Müller', first_names: 'Jürgen Karl' } },
    { card_number: B, holder: { surname: 'Dupont', first_names: 'Marie' } },
  ];
  const overspeeding = [
    { start: '2026-03-03T11:00:00Z', end: '2026-03-03T11:02:00Z', max_speed_kmh: 98, card_number: A },
    { start: null, end: null, max_speed_kmh: 91, card_number: null },
  ];
  const without = [
    { slot: 'DRIVER' as const, start: '2026-03-03T05:00:00Z', end: '2026-03-03T05:20:00Z', distance_km: 20 },
  ];
  const lanes = timelineLanes(windowOf(['2026-03-03'], 'Europe/Berlin'), activities, insertions, overspeeding, without);
  t.same(
    lanes.map((l) => l.key),
    ['DRIVER-activity', 'DRIVER-cards', 'CO_DRIVER-activity', 'CO_DRIVER-cards', 'overspeeding'],
  );
  const driver = lanes[0]!.bands;
  t.same(
    driver.map((b) => b.kind),
    ['activity', 'without-card', 'activity', 'activity'],
  );
  t.equal(driver[1]!.label, 'Driving without a card 2026-03-03 06:00–06:20 (0:20), no card, 20 km');
  // 06:00 Berlin is 6/24 of the day from its start
  t.equal(driver[1]!.left, 25);
  t.ok(Math.abs(driver[1]!.width - (20 / 1440) * 100) < 1e-9);
  t.same(
    lanes[1]!.bands.map((b) => [b.kind, b.label]),
    [
      ['no-card', 'no card 2026-03-03 05:30–07:00'],
      ['card', 'Müller, Jürgen Karl (DF00000123456001) 2026-03-03 07:00–07:20'],
    ],
  );
  t.same(
    lanes[3]!.bands.map((b) => b.label),
    ['Dupont, Marie (F1234567890ABC00) 2026-03-03 07:00–15:00'],
  );
  t.equal(lanes[2]!.bands[0]!.label, 'Availability 2026-03-03 07:00–15:00 (8:00), Dupont, Marie');
  t.same(
    lanes[4]!.bands.map((b) => b.label),
    ['Overspeeding 2026-03-03 12:00–12:02, up to 98 km/h, Müller, Jürgen Karl'],
  );
  t.same(
    timelineLanes(windowOf(['2026-03-03'], 'UTC'), [], [], [], []).map((l) => l.bands.length),
    [0, 0, 0, 0, 0],
  );
});

t.test("a drive without a card is named with the analysis's distance", async (t) => {
  const rows = [
    act('DRIVER', '05:00', '05:20', 'DRIVING', null),
    act('DRIVER', '23:30', '24:00', 'DRIVING', null),
    act('CO_DRIVER', '05:00', '05:20', 'DRIVING', null),
  ];
  const label = (without: WithoutCardJson[]) =>
    timelineLanes(windowOf(['2026-03-03'], 'UTC'), rows, [], [], without).flatMap((l) =>
      l.bands.filter((b) => b.kind === 'without-card').map((b) => b.label.replace(/^.*no card/, '')),
    );
  t.same(
    label([
      { slot: 'DRIVER', start: '2026-03-03T05:00:00Z', end: '2026-03-03T05:20:00Z', distance_km: null },
      { slot: 'DRIVER', start: '2026-03-03T23:30:00Z', end: '2026-03-04T00:40:00Z', distance_km: 55 },
    ]),
    [', distance not known', ', 55 km over the drive 2026-03-03 23:30–00:40', ''],
    'unbounded; across midnight the whole drive; the co-driver slot the analysis does not list: nothing',
  );
});

t.test('the scale: 6-hour marks of a day, the days of a week', async (t) => {
  t.same(axisTicks(['2026-03-03'], 'Europe/Berlin'), [
    { left: 0, label: '00:00' },
    { left: 25, label: '06:00' },
    { left: 50, label: '12:00' },
    { left: 75, label: '18:00' },
  ]);
  const week = axisTicks(windowDates('2026-03-04', 'week'), 'UTC');
  t.same(
    week.map((w) => [Math.round(w.left * 100) / 100, w.label]),
    [
      [0, '03-02'],
      [14.29, '03-03'],
      [28.57, '03-04'],
      [42.86, '03-05'],
      [57.14, '03-06'],
      [71.43, '03-07'],
      [85.71, '03-08'],
    ],
  );
  // the day the clocks go forward in Berlin has 23 hours: its 06:00 lies 5 hours in, at 5/23 of it
  t.equal(
    Math.round(axisTicks(['2026-03-29'], 'Europe/Berlin')[1]!.left * 1000) / 1000,
    Math.round((5 / 23) * 100000) / 1000,
  );
  t.same(
    axisTicks(['2026-03-29'], 'Europe/Berlin').map((x) => x.label),
    ['00:00', '06:00', '12:00', '18:00'],
  );
});
