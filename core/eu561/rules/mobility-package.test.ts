/**
 * Mobility Package readings with the places of the weekly rests (./mobility-package.ts), hand-computed timelines.
 * Home countries in these tests: establishment NL, residence PL.
 */
import t from 'tap';
import { block } from '../testing/timeline.js';
import { H } from '../testing/run.js';
import { timeline, type Step } from '../testing/timeline.js';
import { buildTimeline, periodsOf } from '../timeline.js';
import { analyse, weeklyRestsOf, type Analysis } from '../shifts.js';
import type { RestPlacesInput } from '../types.js';
import { returnHome } from './mobility-package.js';
import { weeklyRest } from './weekly-rest.js';

const sec = (iso: string) => Date.parse(iso) / 1000;
const HOME = { establishment: 'NL', residence: 'PL' };

function analysisOf(start: string, steps: Step[]): Analysis {
  const tl = buildTimeline(timeline(start, steps), null, null);
  return analyse(periodsOf(tl, 'rest'), tl.knownStart!, tl.knownEnd!);
}

/** Places by the order of the weekly rests (rests of 24 h or more). */
function places(a: Analysis, countries: (string | null)[], home: RestPlacesInput['home'] = HOME): RestPlacesInput {
  return { home, places: weeklyRestsOf(a).map((r, k) => ({ start: r.start, country: countries[k] ?? null })) };
}

// ------------------------------------------------------------- two consecutive reduced weekly rests abroad
// Mon 9 Mar 06:00: block(5) = 109 h -> R1 45 h Fri 13 Mar 19:00 -> Sun 15 Mar 16:00; block(6) = 133 h -> R2 24 h
// Sat 21 Mar 05:00 -> Sun 22 Mar 05:00; R3 24 h Fri 27 Mar 18:00 -> Sat 28 Mar 18:00; R4 from Fri 3 Apr 07:00.
// Weeks from Mon 16 Mar hold R2 and R3 only, both reduced; the four weeks from Mon 9 Mar hold R1, R2, R3 and R4
// (counted in the week from Mon 30 Mar): the derogation's four-week condition holds. They owe 21 h + 21 h.
const reducedPair = (r4: string, after: Step[] = []) =>
  analysisOf('2026-03-09T06:00:00Z', [
    ...block(5, '45h'),
    ...block(6, '24h'),
    ...block(6, '24h'),
    ...block(6, r4),
    ...after,
  ]);

t.test('the pair hand-computed: R2 and R3 start Sat 21 Mar 05:00 and Fri 27 Mar 18:00', async (t) => {
  const a = reducedPair('87h');
  t.same(
    weeklyRestsOf(a).map((r) => [r.start, r.duration / H]),
    [
      [sec('2026-03-13T19:00:00Z'), 45],
      [sec('2026-03-21T05:00:00Z'), 24],
      [sec('2026-03-27T18:00:00Z'), 24],
      [sec('2026-04-03T07:00:00Z'), 87],
    ],
  );
});

t.test('without places: POTENTIAL, as the card alone cannot decide', async (t) => {
  const out = weeklyRest(reducedPair('87h'));
  t.same(
    out.findings.map((f) => [f.status, f.start]),
    [['POTENTIAL', sec('2026-03-16T00:00:00Z')]],
  );
  t.ok(out.notes.some((n) => n.code === 'DEROGATION_POSSIBLE'));
});

t.test('places but no home countries: POTENTIAL, and not evaluated with that reason', async (t) => {
  const a = reducedPair('87h');
  const out = weeklyRest(a, places(a, [null, 'FR', 'DE', null], null));
  t.same(
    out.findings.map((f) => f.status),
    ['POTENTIAL'],
  );
  t.ok(out.notes.some((n) => n.kind === 'not_evaluated' && n.code === 'HOME_COUNTRIES_UNKNOWN'));
});

t.test('both reduced rests abroad and compensated by the next weekly rest (45 h + 42 h): lawful', async (t) => {
  const a = reducedPair('87h');
  const out = weeklyRest(a, places(a, ['NL', 'FR', 'DE', 'NL']));
  t.same(out.findings, []);
  t.ok(out.notes.some((n) => n.code === 'DEROGATION_APPLIED' && /FR.*DE/.test(n.message)));
});

t.test('one reduced rest started in the country of residence: VIOLATION', async (t) => {
  const a = reducedPair('87h');
  const out = weeklyRest(a, places(a, ['NL', 'PL', 'DE', 'NL']));
  t.same(
    out.findings.map((f) => f.status),
    ['VIOLATION'],
  );
  t.match(out.findings[0]!.description, /1 d from Sat 21 Mar 2026 05:00 UTC started in PL, a home country/);
  t.notOk(out.notes.some((n) => n.code === 'DEROGATION_POSSIBLE'));
});

t.test('a reduced rest the card cannot place: POTENTIAL, never a VIOLATION on a guess', async (t) => {
  const a = reducedPair('87h');
  const out = weeklyRest(a, places(a, ['NL', 'FR', null, 'NL']));
  t.same(
    out.findings.map((f) => f.status),
    ['POTENTIAL'],
  );
  t.match(out.findings[0]!.description, /cannot place the reduced weekly rest of 1 d from Fri 27 Mar 2026 18:00 UTC/);
});

t.test(
  'only the residence known: a rest in FR may be in the Member State of establishment, so POTENTIAL',
  async (t) => {
    const a = reducedPair('87h');
    const out = weeklyRest(a, places(a, [null, 'FR', 'DE', null], { establishment: null, residence: 'PL' }));
    t.same(
      out.findings.map((f) => f.status),
      ['POTENTIAL'],
    );
  },
);

t.test(
  'both abroad, but the next weekly rest (45 h, then more data) is not preceded by the compensation: VIOLATION',
  async (t) => {
    // R4 45 h Fri 3 Apr 07:00 -> Sun 5 Apr 04:00, then three shifts: R4 is closed and holds nothing beyond 45 h; the
    // daily rests between R3 and R4 hold 2 h beyond 9 h, not the 42 h owed.
    const a = reducedPair('45h', block(3, '11h'));
    const out = weeklyRest(a, places(a, ['NL', 'FR', 'DE', 'NL']));
    t.same(
      out.findings.map((f) => [f.status, f.start]),
      [['VIOLATION', sec('2026-03-16T00:00:00Z')]],
    );
    t.match(out.findings[0]!.description, /not preceded by their compensation/);
  },
);

// ------------------------------------------------------------- return home (Art. 8(8a))
// Mon 2 Mar 06:00, block(5, 45h) six times (154 h each): rests R1 Fri 6 Mar 19:00, R2 Fri 13 Mar 05:00, R3 Thu 19
// Mar 15:00, R4 Thu 26 Mar 01:00, R5 Wed 1 Apr 11:00, R6 Tue 7 Apr 21:00 -> Thu 9 Apr 18:00 (end of the data).
// One four-week window lies in the data: Mon 9 Mar -> Mon 6 Apr, with R2, R3, R4, R5.
const sixWeeks = (fourth = '45h') =>
  analysisOf('2026-03-02T06:00:00Z', [
    ...block(5, '45h'),
    ...block(5, '45h'),
    ...block(5, '45h'),
    ...block(5, fourth),
    ...block(5, '45h'),
    ...block(5, '45h'),
  ]);

t.test('return home: the rests hand-computed', async (t) => {
  t.same(
    weeklyRestsOf(sixWeeks()).map((r) => r.start),
    [
      '2026-03-06T19:00:00Z',
      '2026-03-13T05:00:00Z',
      '2026-03-19T15:00:00Z',
      '2026-03-26T01:00:00Z',
      '2026-04-01T11:00:00Z',
      '2026-04-07T21:00:00Z',
    ].map(sec),
  );
});

t.test('return home: one regular weekly rest of exactly 45 h at home in the four weeks is enough', async (t) => {
  const a = sixWeeks();
  t.same(returnHome(a, places(a, ['FR', 'FR', 'FR', 'NL', 'FR', 'FR'])), { findings: [], notes: [] });
});

t.test('return home: every regular weekly rest of the four weeks abroad: POTENTIAL over those weeks', async (t) => {
  const a = sixWeeks();
  // R1 (before the window) and R6 (after it) at home do not count; Art. 8(8a) obliges the undertaking to make the
  // return possible, so the card alone never makes it a VIOLATION
  const out = returnHome(a, places(a, ['NL', 'FR', 'DE', 'FR', 'BE', 'PL']));
  t.same(
    out.findings.map((f) => [f.rule, f.status, f.start, f.end, f.readings]),
    [['return_home', 'POTENTIAL', sec('2026-03-09T00:00:00Z'), sec('2026-04-06T00:00:00Z'), ['return_home']]],
  );
  t.match(out.findings[0]!.description, /home country \(NL, PL\).*in FR; .*in DE; .*in FR; .*in BE\./);
  t.match(out.findings[0]!.description, /Every one of them started abroad\. .*documents .*review note\.$/);
});

t.test('return home: the rest at home is 44 h 59 min, a reduced rest: it does not count', async (t) => {
  const a = sixWeeks('44h59');
  const found = returnHome(a, places(a, ['FR', 'FR', 'FR', 'NL', 'FR', 'FR'])).findings;
  t.same(
    found.map((f) => f.status),
    ['POTENTIAL'],
  );
  t.match(found[0]!.description, /Every one of them started abroad/);
});

t.test('return home: a regular rest the card cannot place: POTENTIAL', async (t) => {
  const a = sixWeeks();
  const out = returnHome(a, places(a, ['FR', 'FR', null, 'FR', 'FR', 'FR']));
  t.same(
    out.findings.map((f) => f.status),
    ['POTENTIAL'],
  );
  t.match(out.findings[0]!.description, /\(place not recorded\)/);
});

t.test('return home: without home countries not evaluated; without the input nothing', async (t) => {
  const a = sixWeeks();
  const out = returnHome(a, places(a, ['FR', 'FR', 'FR', 'FR', 'FR', 'FR'], null));
  t.same(out.findings, []);
  t.same(
    out.notes.map((n) => [n.kind, n.code]),
    [['not_evaluated', 'HOME_COUNTRIES_UNKNOWN']],
  );
  t.same(returnHome(a), { findings: [], notes: [] });
});
