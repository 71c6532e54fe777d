import t from 'tap';
import { runPrecheck } from './precheck.js';
import { ALGORITHM_VERSION, RULE_VERSION } from './ruleset.js';
import { drivingDay, H, M, only, run } from './testing/run.js';
import { input, standardDay, timeline, type Step } from './testing/timeline.js';
import { severityOf, DRIVING_BANDS, REST_BANDS } from './severity.js';
import { formatDuration, weekStartOf } from './time.js';
import { parseIsoDay } from '../time.js';

const toSec = (iso: string) => Date.parse(iso) / 1000;

const MON = '2026-03-02T06:00Z';
const day13: Step[] = [
  ['WORK', '1h'],
  ['DRIVING', '4h'],
  ['REST', '45m'],
  ['DRIVING', '2h'],
  ['WORK', '5h15'],
];

t.test('answer shape, versions, disclaimer, not_evaluated', async (t) => {
  const r = run(MON, [...standardDay(), ...standardDay()], { date_from: null, date_to: null });
  t.equal(r.rule_version, RULE_VERSION);
  t.equal(r.algorithm_version, ALGORITHM_VERSION);
  t.same(r.basis, { card_number: 'DTEST00000000001', import_ids: ['imp-1'], date_from: null, date_to: null });
  t.same(r.driver, { card_number: 'DTEST00000000001', surname: 'Muster', first_names: 'Max' });
  t.match(r.disclaimer, /not a legal decision/);
  for (const rule of [
    'return_home',
    'regular_weekly_rest_in_vehicle',
    'national_derogations',
    'working_time_directive',
    'article_12',
  ]) {
    t.ok(
      r.not_evaluated.some((n) => n.rule === rule && n.reason.length > 10),
      rule,
    );
  }
  // standardDay: 30m W + 4h30 D + 45m R + 4h D + 30m W + 13h45 R -> per day 8h30 driving, 1 h work
  t.equal(r.summary.driving, 17 * H);
  t.equal(r.summary.work, 2 * H);
  t.equal(r.summary.rest, 29 * H);
  t.equal(r.summary.unknown, 0);
  t.same(r.summary.weeks, [{ week: '2026-W10', driving: 17 * H }]);
  t.same(r.violations, []);
  t.same(r.data_gaps, []);
});

t.test('unknown time overnight: a gap to explain by default; INCOMPLETE_DATA under unknown_as=unknown', async (t) => {
  // 13 h duty, 11 h with the card withdrawn (no manual entry), 13 h duty, 11 h rest. If the unknown 11 h was rest
  // the day is compliant; if not, no daily rest was taken. By default the gap is listed once and read as rest: no
  // finding. Under unknown_as=unknown the outcome depends on it: INCOMPLETE_DATA, severity null.
  const steps: Step[] = [...day13, ['UNKNOWN', '11h'], ...day13, ['REST', '11h']];
  const byDefault = run(MON, steps);
  t.same(byDefault.violations, []);
  t.same(byDefault.data_gaps, [{ start: '2026-03-02T19:00:00Z', end: '2026-03-03T06:00:00Z', duration: 11 * H }]);
  t.match(
    byDefault.warnings.find((w) => w.code === 'DATA_GAP')?.message,
    /a gap to explain \(annotate it\). Until then it is read as rest/,
  );
  t.equal(byDefault.assumptions.unknown_as, 'gap');
  t.equal(byDefault.assumptions.card_out_rest_max_seconds, null);
  t.notOk(
    byDefault.not_evaluated.some((n) => n.rule === 'all'),
    'nothing left undecided',
  );
  t.match(byDefault.readings.find((x) => x.id === 'card_out_time')?.choice, /gap to explain/);
  const r = run(MON, steps, { unknown_as: 'unknown' });
  t.match(r.readings.find((x) => x.id === 'card_out_time')?.choice, /reported as incomplete data/);
  const d = only(r, 'daily_rest');
  t.equal(d.length, 1);
  t.equal(d[0]!.status, 'INCOMPLETE_DATA');
  t.equal(d[0]!.severity, null);
  t.match(d[0]!.description, /unknown/);
  t.same(only(r, 'daily_driving'), [], 'no follow-on daily driving finding');
  t.same(r.data_gaps, [{ start: '2026-03-02T19:00:00Z', end: '2026-03-03T06:00:00Z', duration: 11 * H }]);
  t.ok(r.warnings.some((w) => w.code === 'DATA_GAP' && w.start === '2026-03-02T19:00:00Z'));
  t.equal(r.summary.unknown, 11 * H);
  t.ok(r.not_evaluated.some((n) => n.rule === 'all' && /INCOMPLETE_DATA/.test(n.reason)));
  t.notOk(r.violations.some((v) => v.status === 'VIOLATION'));
});

t.test('manual entries are known activity', async (t) => {
  // The same night entered by hand as REST: regular daily rest, no gap.
  const r = run(MON, [...day13, ['MANUAL_REST', '11h'], ...day13, ['REST', '11h']]);
  t.same(r.violations, []);
  t.same(r.data_gaps, []);
  t.equal(r.summary.rest, 22 * H + 90 * M);
});

t.test('a break that depends on unknown time is INCOMPLETE_DATA', async (t) => {
  // 3 h D, 45 min unknown, 3 h D: compliant if the 45 min were a break, 6 h without break if not (unknown_as=unknown).
  const steps: Step[] = [
    ['DRIVING', '3h'],
    ['UNKNOWN', '45m'],
    ['DRIVING', '3h'],
    ['REST', '17h15'],
  ];
  t.same(run(MON, steps).violations, [], 'the default reads the 45 min as the break');
  const r = run(MON, steps, { unknown_as: 'unknown' });
  const b = only(r, 'break');
  t.equal(b.length, 1);
  t.equal(b[0]!.status, 'INCOMPLETE_DATA');
  t.equal(b[0]!.value, 6 * H);
  t.ok(b[0]!.evidence.some((e) => e.activity === 'UNKNOWN'));
});

t.test('a violation shown by the data stays a violation next to a gap', async (t) => {
  // 11 h of driving (with breaks) before an unknown night: more than 10 h whatever the night was.
  const r = run(MON, [...drivingDay(11 * H, 13 * H), ['UNKNOWN', '11h'], ...day13, ['REST', '11h']]);
  const d = only(r, 'daily_driving');
  t.equal(d.length, 1);
  t.equal(d[0]!.status, 'VIOLATION');
  t.equal(d[0]!.severity, 'SI');
});

t.test('days absent from the data are a data gap', async (t) => {
  // Mon duty, then no rows at all for 2 days, then a duty: the 2 days + the night are missing.
  const r = run(MON, [...day13, ['REST', '11h'], ['SKIP', '48h'], ...day13, ['REST', '11h']]);
  t.same(r.data_gaps, [{ start: '2026-03-03T06:00:00Z', end: '2026-03-05T06:00:00Z', duration: 48 * H }]);
  t.ok(r.warnings.some((w) => w.code === 'DATA_MISSING'));
  t.notOk(r.violations.some((v) => v.status === 'VIOLATION'));
});

t.test('unknown time before the first and after the last known activity is not evaluated', async (t) => {
  // Card inserted Mon 06:00 (00:00-06:00 unknown on the card's day record) and withdrawn Wed 19:00.
  const r = run('2026-03-02T00:00Z', [
    ['UNKNOWN', '6h'],
    ...day13,
    ['REST', '11h'],
    ...day13,
    ['REST', '11h'],
    ...day13,
    ['UNKNOWN', '5h'],
  ]);
  t.same(r.violations, []);
  t.equal(r.data_gaps.length, 2);
  t.ok(r.warnings.some((w) => /before the first known activity/.test(w.message)));
  t.ok(r.warnings.some((w) => /after the last known activity/.test(w.message)));
});

t.test('date_from/date_to select the basis and absent days at the edges are gaps', async (t) => {
  const rows = timeline(MON, [...standardDay(), ...standardDay()]);
  const r = runPrecheck(input(rows, { date_from: parseIsoDay('2026-03-03'), date_to: parseIsoDay('2026-03-05') }));
  // rows dated 2 Mar are outside; 4 Mar 06:00 .. 6 Mar 00:00 has no rows: a gap of 42 h at the end
  t.equal(r.summary.driving, 4.5 * H + 4 * H);
  const last = r.data_gaps[r.data_gaps.length - 1]!;
  t.equal(last.end, '2026-03-06T00:00:00Z');
  t.same(r.summary.weeks, [{ week: '2026-W10', driving: 8.5 * H }]);
  t.same(r.violations, []);
});

t.test('no known activity: nothing evaluated, said so', async (t) => {
  const r = runPrecheck(input([]));
  t.same(r.violations, []);
  t.ok(r.warnings.some((w) => w.code === 'NO_ACTIVITY_DATA'));
  const u = runPrecheck(input(timeline(MON, [['UNKNOWN', '10h']])));
  t.same(u.violations, []);
  t.equal(u.data_gaps[0]!.duration, 10 * H);
});

t.test('overlapping rows are not counted twice', async (t) => {
  const rows = timeline(MON, [
    ['DRIVING', '4h'],
    ['REST', '11h'],
  ]);
  const r = runPrecheck(input([...rows, { ...rows[0]! }]));
  t.same(r.violations, []);
});

t.test('helpers: severity bands at their edges, durations, week start', async (t) => {
  t.equal(severityOf(DRIVING_BANDS.daily_9h, 10 * H - 1), 'MI');
  t.equal(severityOf(DRIVING_BANDS.daily_9h, 10 * H), 'SI');
  t.equal(severityOf(DRIVING_BANDS.daily_9h, 13.5 * H), 'MSI');
  t.equal(severityOf(DRIVING_BANDS.fortnightly, 112.5 * H), 'MSI');
  t.equal(severityOf(DRIVING_BANDS.fortnightly, 104 * H), 'SI');
  t.equal(severityOf(REST_BANDS.daily_regular, 8.5 * H), 'SI');
  t.equal(severityOf(REST_BANDS.daily_regular, 8.5 * H - 1), 'VSI');
  t.equal(severityOf(REST_BANDS.weekly_regular, 44 * H), 'MI');
  t.equal(severityOf(REST_BANDS.weekly_regular, 45 * H), null);
  t.equal(severityOf(REST_BANDS.weekly_reduced, 24 * H - 1), 'MI');
  t.equal(severityOf(REST_BANDS.weekly_reduced, 22 * H - 1), 'SI');
  t.equal(severityOf(REST_BANDS.weekly_reduced, 20 * H - 1), 'VSI');
  t.equal(severityOf(REST_BANDS.weekly_reduced, 24 * H), null);
  t.equal(formatDuration(10 * H + 25 * M), '10 h 25 min');
  t.equal(formatDuration(45 * M), '45 min');
  t.equal(formatDuration(9 * H), '9 h');
  t.equal(weekStartOf(toSec('2026-03-08T23:59:59Z')), toSec('2026-03-02T00:00:00Z'));
  t.equal(weekStartOf(toSec('2026-03-09T00:00:00Z')), toSec('2026-03-09T00:00:00Z'));
});
