import t from 'tap';
import { Clock } from '../eu561/testing/clock.js';
import { H, M } from '../eu561/testing/run.js';
import { input, timeline, type Step } from '../eu561/testing/timeline.js';
import { WTD_ALGORITHM_VERSION, WTD_RULE_VERSION } from './ruleset.js';
import { runWorkingTime, type WorkingTimeInput } from './working-time.js';

const wtd = (c: Clock, extra: Partial<WorkingTimeInput> = {}) =>
  runWorkingTime({ ...input(timeline(c.start, c.steps)), ...extra });

// A 12 h working day with compliant breaks: D4h30 W1h R45 D4h30 W1h R15 W1h (13 h of duty, runs 5h30 / 5h30 /
// 1 h, 1 h of breaks), then 11 h of rest: 24 h.
const DAY12: Step[] = [
  ['DRIVING', '4h30'],
  ['WORK', '1h'],
  ['REST', '45m'],
  ['DRIVING', '4h30'],
  ['WORK', '1h'],
  ['REST', '15m'],
  ['WORK', '1h'],
];

t.test('weekly working time: exactly 60 h is compliant, 60 h 01 min is not (hand-computed)', async (t) => {
  // Mon 2 Mar 2026 06:00: five DAY12 days = 5 x 12 h = 60 h of working time in the week.
  const c = new Clock('2026-03-02T06:00Z');
  for (let d = 0; d < 5; d++) c.seq(DAY12).add('REST', '11h');
  const ok = wtd(c);
  t.equal(ok.rule_version, WTD_RULE_VERSION);
  t.equal(ok.algorithm_version, WTD_ALGORITHM_VERSION);
  t.same(ok.violations, []);
  // weeks: driving 5 x 9 h = 45 h, work 5 x 3 h = 15 h, working time 60 h; availability is not working time
  t.same(ok.weeks, [{ week: '2026-W10', working_time: 60 * H, driving: 45 * H, work: 15 * H, availability: 0 }]);

  const c2 = new Clock('2026-03-02T06:00Z');
  for (let d = 0; d < 4; d++) c2.seq(DAY12).add('REST', '11h');
  c2.seq(DAY12).add('WORK', '1m').add('AVAILABILITY', '2h').add('REST', '11h');
  const r = wtd(c2);
  t.same(
    r.violations.map((v) => [v.rule, v.status, v.start, v.value, v.limit, v.excess, v.severity, v.severity_verified]),
    [['wtd_weekly_max', 'VIOLATION', '2026-03-02T00:00:00Z', 60 * H + M, 60 * H, M, null, false]],
  );
  t.match(r.violations[0]!.description, /was 2 d 12 h 1 min: 1 min over the 60 h maximum/);
  t.equal(r.weeks[0]!.availability, 2 * H, 'availability listed, not counted');
});

t.test('average weekly working time over the reference period: 48 h is compliant, more is not', async (t) => {
  // reference_weeks=2 from Mon 2 Mar 00:00 (the data starts there with rest): week 1 five DAY12 days (60 h),
  // week 2 three DAY12 days (36 h): 96 h / 2 = 48 h exactly. The data runs to Mon 16 Mar 06:00.
  const build = (extra: string | null) => {
    const c = new Clock('2026-03-02T00:00Z').add('REST', '6h');
    for (let d = 0; d < 5; d++) c.seq(DAY12).add('REST', '11h');
    c.until('REST', '2026-03-09T06:00Z');
    for (let d = 0; d < 3; d++) {
      c.seq(DAY12);
      if (extra && d === 2) c.add('WORK', extra);
      c.add('REST', '11h');
    }
    return c.until('REST', '2026-03-16T06:00Z');
  };
  const ok = wtd(build(null), { reference_weeks: 2 });
  t.same(ok.violations, []);
  t.equal(ok.reference_weeks, 2);
  t.equal(ok.average_weekly_working_time, 48 * H, '96 h over the two full weeks');
  // 2 more minutes of work: 96 h 02 min / 2 = 48 h 01 min a week: 1 min a week over
  const r = wtd(build('2m'), { reference_weeks: 2 });
  t.same(
    r.violations.map((v) => [v.rule, v.status, v.start, v.end, v.value, v.limit, v.excess]),
    [['wtd_average_weekly', 'VIOLATION', '2026-03-02T00:00:00Z', '2026-03-16T00:00:00Z', 48 * H + M, 48 * H, M]],
  );
  // with the default 17 weeks the two weeks of data are not enough: not evaluated, no finding
  const d = wtd(build('2m'));
  t.equal(d.reference_weeks, 17);
  t.same(d.violations, []);
  t.ok(
    d.not_evaluated.some(
      (n) =>
        n.rule === 'wtd_average_weekly' && /2 full week\(s\), fewer than the reference period of 17/.test(n.reason),
    ),
  );
  for (const rule of ['night_work', 'self_employed', 'national_reference_period'])
    t.ok(
      d.not_evaluated.some((n) => n.rule === rule),
      rule,
    );
});

t.test('breaks: 6 consecutive hours, 30 min from 6 h to 9 h, 45 min above 9 h (edges, hand-computed)', async (t) => {
  const day = (steps: Step[]) => wtd(new Clock('2026-03-02T06:00Z').seq(steps).add('REST', '12h')).violations;
  const brief = (v: ReturnType<typeof day>) => v.map((x) => [x.rule, x.status, x.value, x.limit, x.excess]);
  // 6 h of work without a break and nothing else: exactly 6 consecutive hours, a 6 h day needs no break
  t.same(day([['WORK', '6h']]), []);
  // 6 h, 30 min break, 2 h: 8 h of working time, 30 min of breaks: compliant
  t.same(
    day([
      ['WORK', '6h'],
      ['REST', '30m'],
      ['WORK', '2h'],
    ]),
    [],
  );
  // 6 h 01 min before the break: the run is 1 min over 6 h
  t.same(
    brief(
      day([
        ['WORK', '6h1m'],
        ['REST', '30m'],
        ['WORK', '1h59m'],
      ]),
    ),
    [['wtd_break', 'VIOLATION', 6 * H + M, 6 * H, M]],
  );
  // 7 h in one go, no break at all: one finding (the run), not a second one for the missing 30 min
  t.same(brief(day([['WORK', '7h']])), [['wtd_break', 'VIOLATION', 7 * H, 6 * H, H]]);
  // 8 h of working time with one 15 min break part: 15 min short of 30 min
  t.same(
    brief(
      day([
        ['WORK', '5h'],
        ['REST', '15m'],
        ['WORK', '3h'],
      ]),
    ),
    [['wtd_break', 'VIOLATION', 15 * M, 30 * M, 15 * M]],
  );
  // 14 min is not a break part: the run is 8 h, the day has no break
  t.same(
    brief(
      day([
        ['WORK', '5h'],
        ['REST', '14m'],
        ['WORK', '3h'],
      ]),
    ),
    [['wtd_break', 'VIOLATION', 8 * H, 6 * H, 2 * H]],
  );
  // exactly 9 h of working time with 2 x 15 min: 30 min is enough
  t.same(
    day([
      ['WORK', '5h'],
      ['REST', '15m'],
      ['WORK', '3h'],
      ['REST', '15m'],
      ['WORK', '1h'],
    ]),
    [],
  );
  // 9 h 01 min: 45 min needed, 30 min taken -> 15 min short
  t.same(
    brief(
      day([
        ['WORK', '5h'],
        ['REST', '15m'],
        ['WORK', '3h'],
        ['REST', '15m'],
        ['WORK', '1h1m'],
      ]),
    ),
    [['wtd_break', 'VIOLATION', 30 * M, 45 * M, 15 * M]],
  );
  // availability is neither working time nor a break: W4h A1h W2h30 = 6 h 30 of working time in one run
  t.same(
    brief(
      day([
        ['WORK', '4h'],
        ['AVAILABILITY', '1h'],
        ['WORK', '2h30'],
      ]),
    ),
    [['wtd_break', 'VIOLATION', 6.5 * H, 6 * H, 30 * M]],
  );
});

t.test('unknown time: INCOMPLETE_DATA, or rest under unknown_as=rest', async (t) => {
  // W4h, 30 min card out, W3h: as rest a 30 min break (7 h of work, compliant); as work 7 h 30 in one run
  const c = new Clock('2026-03-02T06:00Z').add('WORK', '4h').add('UNKNOWN', '30m').add('WORK', '3h').add('REST', '12h');
  const strict = wtd(c, { unknown_as: 'unknown' });
  t.same(
    strict.violations.map((v) => [v.rule, v.status, v.value]),
    [['wtd_break', 'INCOMPLETE_DATA', 7.5 * H]],
  );
  t.equal(strict.assumptions.unknown_as, 'unknown');
  const assumed = wtd(c, { unknown_as: 'rest' });
  t.same(assumed.violations, []);
  t.equal(assumed.assumptions.unknown_as, 'rest');
  // no data: nothing evaluated
  const none = runWorkingTime({ ...input([]) });
  t.same(none.violations, []);
  t.same(none.weeks, []);
  t.equal(none.average_weekly_working_time, null);
  t.ok(none.not_evaluated.some((n) => n.rule === 'all'));
});

t.test(
  'a week over 60 h shown by the data next to card-out time; assumption_dependent under unknown_as=rest',
  async (t) => {
    // Five DAY12 days (60 h) plus 1 h of work on Saturday: 61 h whatever the card-out nights were -> VIOLATION in
    // both readings, not assumption_dependent. Read as work, the 11 h card-out nights would join the days into runs
    // far over 6 h: those break findings depend on the unknown time (INCOMPLETE_DATA) and vanish under the assumption.
    const c = new Clock('2026-03-02T06:00Z');
    for (let d = 0; d < 5; d++) c.seq(DAY12).add('UNKNOWN', '11h');
    c.add('WORK', '1h').add('REST', '11h');
    const strict = wtd(c, { unknown_as: 'unknown' });
    t.same(
      strict.violations.filter((v) => v.rule === 'wtd_weekly_max').map((v) => [v.status, v.value]),
      [['VIOLATION', 61 * H]],
    );
    const others = strict.violations.filter((v) => v.rule !== 'wtd_weekly_max');
    t.ok(others.length > 0 && others.every((v) => v.rule === 'wtd_break' && v.status === 'INCOMPLETE_DATA'));
    const assumed = wtd(c, { unknown_as: 'rest' });
    t.same(
      assumed.violations.map((v) => [v.rule, v.status, v.assumption_dependent]),
      [['wtd_weekly_max', 'VIOLATION', false]],
    );
    // a break finding that exists only when card-out time counts as rest: W5h, 20 min card out, W2h: as rest the run
    // is 5 h then 2 h (fine) but the 7 h day has only 20 min of breaks (30 min needed); as work the run is 7 h 20.
    // Strict: both readings find a wtd_break (different facts, same rule, same day) -> VIOLATION; under the
    // assumption the card-out is a break -> the 20 min break finding, which the strict reading also holds.
    const b = new Clock('2026-03-02T06:00Z')
      .add('WORK', '5h')
      .add('UNKNOWN', '20m')
      .add('WORK', '2h')
      .add('REST', '12h');
    t.same(
      wtd(b).violations.map((v) => [v.rule, v.status]),
      [['wtd_break', 'VIOLATION']],
    );
    const ba = wtd(b, { unknown_as: 'rest' }).violations;
    t.same(
      ba.map((v) => [v.rule, v.status, v.value, v.limit, v.assumption_dependent]),
      [['wtd_break', 'VIOLATION', 20 * M, 30 * M, false]],
    );
    // less than a day of data
    const short = wtd(new Clock('2026-03-02T06:00Z').add('WORK', '2h').add('REST', '1h'));
    t.ok(short.not_evaluated.some((n) => n.rule === 'wtd_weekly_max'));
  },
);
