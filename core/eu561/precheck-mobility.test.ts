/**
 * The Mobility Package rules through runPrecheck: places read from the card's country records (./rest-places.ts),
 * home countries given or not. Hand-computed timelines (the same as ./rules/mobility-package.test.ts), each weekly
 * rest placed by an END place entered at its start. Home countries: establishment NL, residence PL.
 */
import t from 'tap';
import { runPrecheck } from './precheck.js';
import { block, input, timeline, type Step } from './testing/timeline.js';
import type { CountryRecord, HomeCountries, PrecheckResult, UnknownAs } from './types.js';

const sec = (iso: string) => Date.parse(iso) / 1000;
const HOME: HomeCountries = { establishment: 'NL', residence: 'PL' };
const end = (iso: string, country: string): CountryRecord => ({ at: sec(iso), country, source: 'PLACE', type: 'END' });

function check(
  start: string,
  steps: Step[],
  home: HomeCountries | null,
  records: CountryRecord[] | null,
  unknownAs?: UnknownAs,
): PrecheckResult {
  const rows = timeline(start, steps);
  const places = records === null ? {} : { rest_places: { home, places: [], records } };
  return runPrecheck(input(rows, { ...places, ...(unknownAs ? { unknown_as: unknownAs } : {}) }));
}
const of = (r: PrecheckResult, rule: string) =>
  r.violations.filter((v) => v.rule === rule).map((v) => [v.status, v.start, v.end]);
const notEvaluated = (r: PrecheckResult) => r.not_evaluated.map((n) => n.rule);

// ------------------------------------------------------------- two consecutive reduced weekly rests
// Mon 9 Mar 06:00: R1 45 h from Fri 13 Mar 19:00; R2 24 h from Sat 21 Mar 05:00; R3 24 h from Fri 27 Mar 18:00;
// R4 87 h from Fri 3 Apr 07:00 (end of the data). Weeks from Mon 16 Mar hold only the reduced R2 and R3 (owing
// 21 h + 21 h, paid by R4's 42 h beyond 45 h); the four-week condition holds.
const PAIR: Step[] = [...block(5, '45h'), ...block(6, '24h'), ...block(6, '24h'), ...block(6, '87h')];
const pairPlaces = (r1: string, r2: string | null, r3: string | null, r4: string) => [
  end('2026-03-13T19:00:00Z', r1),
  ...(r2 ? [end('2026-03-21T05:00:00Z', r2)] : []),
  ...(r3 ? [end('2026-03-27T18:00:00Z', r3)] : []),
  end('2026-04-03T07:00:00Z', r4),
];
const PAIR_WEEKS = ['2026-03-16T00:00:00Z', '2026-03-30T00:00:00Z'];

t.test('both reduced rests abroad (FR, DE), compensated: no weekly-rest finding, the derogation applied', async (t) => {
  const r = check('2026-03-09T06:00Z', PAIR, HOME, pairPlaces('NL', 'FR', 'DE', 'NL'));
  t.same(of(r, 'weekly_rest'), []);
  t.ok(r.warnings.some((w) => w.code === 'DEROGATION_APPLIED'));
  t.notOk(notEvaluated(r).includes('reduced_weekly_rest_derogation'));
  t.notOk(notEvaluated(r).includes('return_home'));
  t.notOk(notEvaluated(r).includes('compensation_before_next_weekly_rest'));
  t.ok(notEvaluated(r).includes('ferry_train'), 'Art. 9 stays not evaluated');
});

t.test('one reduced rest at home (PL, the residence): VIOLATION over the two weeks', async (t) => {
  const r = check('2026-03-09T06:00Z', PAIR, HOME, pairPlaces('NL', 'PL', 'DE', 'NL'));
  t.same(of(r, 'weekly_rest'), [['VIOLATION', ...PAIR_WEEKS]]);
});

t.test('one reduced rest unplaced (no record): POTENTIAL, never a VIOLATION on a guess', async (t) => {
  const r = check('2026-03-09T06:00Z', PAIR, HOME, pairPlaces('NL', 'FR', null, 'NL'));
  t.same(of(r, 'weekly_rest'), [['POTENTIAL', ...PAIR_WEEKS]]);
  t.ok(r.warnings.some((w) => w.code === 'DEROGATION_POSSIBLE'));
});

t.test('a reduced rest whose only record precedes driving: unplaced, POTENTIAL', async (t) => {
  // a BEGIN in FR at the start of R3's last shift (Fri 27 Mar 05:00 -> 18:00 holds 6 h driving)
  const records = [
    ...pairPlaces('NL', 'FR', null, 'NL'),
    { at: sec('2026-03-27T05:00:00Z'), country: 'DE', source: 'PLACE' as const, type: 'BEGIN' as const },
  ];
  const r = check('2026-03-09T06:00Z', PAIR, HOME, records);
  t.same(of(r, 'weekly_rest'), [['POTENTIAL', ...PAIR_WEEKS]]);
});

t.test('a rest placed at home only if unknown time before it was rest: POTENTIAL, not a VIOLATION', async (t) => {
  // R2's last shift ends Sat 21 Mar 05:00, then 1 h with the card out, then 24 h rest: read as rest, R2 starts 05:00
  // where the END place (PL, home) was entered; read as work, it starts 06:00 after time the card cannot account
  // for, so it is unplaced. R3 and R4 start 1 h later than in PAIR.
  const second = block(6, '24h');
  second.splice(second.length - 1, 1, ['UNKNOWN', '1h'], ['REST', '24h']);
  const steps: Step[] = [...block(5, '45h'), ...second, ...block(6, '24h'), ...block(6, '87h')];
  const records = [
    end('2026-03-13T19:00:00Z', 'NL'),
    end('2026-03-21T05:00:00Z', 'PL'),
    end('2026-03-27T19:00:00Z', 'DE'),
    end('2026-04-03T08:00:00Z', 'NL'),
  ];
  const r = check('2026-03-09T06:00Z', steps, HOME, records, 'unknown');
  t.same(of(r, 'weekly_rest'), [['POTENTIAL', ...PAIR_WEEKS]]);
  // the default reads the hour as rest (a gap to explain): R2 starts at home, and the verdict says it rests on that
  const byDefault = check('2026-03-09T06:00Z', steps, HOME, records);
  t.same(of(byDefault, 'weekly_rest'), [['VIOLATION', ...PAIR_WEEKS]]);
  const pair = byDefault.violations.find((v) => v.rule === 'weekly_rest')!;
  t.equal(pair.assumption_dependent, true, 'only the card-out reading makes it a violation');
  t.same(pair.readings, ['card_out_time', 'reduced_weekly_rest_derogation']);
  t.same(byDefault.data_gaps, [{ start: '2026-03-21T05:00:00Z', end: '2026-03-21T06:00:00Z', duration: 3600 }]);
});

t.test(
  'without home countries: POTENTIAL as before, the Mobility Package lines not evaluated with that reason',
  async (t) => {
    const r = check('2026-03-09T06:00Z', PAIR, null, pairPlaces('NL', 'FR', 'DE', 'NL'));
    t.same(of(r, 'weekly_rest'), [['POTENTIAL', ...PAIR_WEEKS]]);
    t.same(of(r, 'return_home'), []);
    for (const rule of ['return_home', 'reduced_weekly_rest_derogation', 'compensation_before_next_weekly_rest']) {
      t.match(r.not_evaluated.find((n) => n.rule === rule)?.reason, /home countries .* are not known/, rule);
    }
  },
);

t.test('without rest places at all (no input): the static lines unchanged, no return-home finding', async (t) => {
  const r = check('2026-03-09T06:00Z', PAIR, null, null);
  t.same(of(r, 'weekly_rest'), [['POTENTIAL', ...PAIR_WEEKS]]);
  t.notMatch(r.not_evaluated.find((n) => n.rule === 'return_home')?.reason, /are not known/);
});

// ------------------------------------------------------------- return home within four weeks (Art. 8(8a))
// Mon 2 Mar 06:00, block(5, 45h) six times: R1 Fri 6 Mar 19:00, R2 Fri 13 Mar 05:00, R3 Thu 19 Mar 15:00, R4 Thu
// 26 Mar 01:00, R5 Wed 1 Apr 11:00, R6 Tue 7 Apr 21:00 (to Thu 9 Apr 18:00, end of the data). The one window
// inside the data is Mon 9 Mar -> Mon 6 Apr, holding R2..R5, each 45 h.
const SIX: Step[] = [
  ...block(5, '45h'),
  ...block(5, '45h'),
  ...block(5, '45h'),
  ...block(5, '45h'),
  ...block(5, '45h'),
  ...block(5, '45h'),
];
const STARTS = [
  '2026-03-06T19:00:00Z',
  '2026-03-13T05:00:00Z',
  '2026-03-19T15:00:00Z',
  '2026-03-26T01:00:00Z',
  '2026-04-01T11:00:00Z',
  '2026-04-07T21:00:00Z',
];
const sixPlaces = (countries: (string | null)[]) =>
  STARTS.flatMap((s, k) => (countries[k] ? [end(s, countries[k]!)] : []));
const WINDOW = ['2026-03-09T00:00:00Z', '2026-04-06T00:00:00Z'];

t.test('return home: one 45 h rest of the window at home (NL): no finding', async (t) => {
  const r = check('2026-03-02T06:00Z', SIX, HOME, sixPlaces(['FR', 'FR', 'FR', 'NL', 'FR', 'FR']));
  t.same(of(r, 'return_home'), []);
});

t.test(
  'return home: every rest of the window placed abroad: POTENTIAL over the four weeks, never a VIOLATION',
  async (t) => {
    // R1 and R6 at home lie outside the window; Art. 8(8a) obliges the undertaking, its documents settle it
    const r = check('2026-03-02T06:00Z', SIX, HOME, sixPlaces(['NL', 'FR', 'DE', 'FR', 'BE', 'PL']));
    t.same(of(r, 'return_home'), [['POTENTIAL', ...WINDOW]]);
    const found = r.violations.find((v) => v.rule === 'return_home')!;
    t.match(found.article, /Art\. 8\(8a\)/);
    t.same(found.readings, ['return_home']);
    t.match(found.description, /Every one of them started abroad\..*review note/);
    t.ok(r.readings.some((x) => x.id === 'return_home' && /always a potential infringement/.test(x.choice)));
  },
);

t.test('return home: one rest of the window unplaced, the others abroad: POTENTIAL', async (t) => {
  const r = check('2026-03-02T06:00Z', SIX, HOME, sixPlaces(['FR', 'FR', null, 'FR', 'FR', 'FR']));
  t.same(of(r, 'return_home'), [['POTENTIAL', ...WINDOW]]);
});

t.test(
  'return home: only the residence known, rests in FR may be in the Member State of establishment: POTENTIAL',
  async (t) => {
    const r = check(
      '2026-03-02T06:00Z',
      SIX,
      { establishment: null, residence: 'PL' },
      sixPlaces(['FR', 'FR', 'FR', 'FR', 'FR', 'FR']),
    );
    t.same(of(r, 'return_home'), [['POTENTIAL', ...WINDOW]]);
  },
);

t.test('return home: no records at all but home countries known: POTENTIAL, never a VIOLATION', async (t) => {
  const r = check('2026-03-02T06:00Z', SIX, HOME, []);
  t.same(of(r, 'return_home'), [['POTENTIAL', ...WINDOW]]);
});

t.test('return home without home countries: no finding, not evaluated with that reason', async (t) => {
  const r = check('2026-03-02T06:00Z', SIX, null, sixPlaces(['FR', 'FR', 'FR', 'FR', 'FR', 'FR']));
  t.same(of(r, 'return_home'), []);
  t.equal(r.not_evaluated.filter((n) => n.rule === 'return_home').length, 1);
  t.match(r.not_evaluated.find((n) => n.rule === 'return_home')!.reason, /home countries .* are not known/);
});
