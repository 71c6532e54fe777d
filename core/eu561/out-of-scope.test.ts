/**
 * Out-of-scope periods (./specific-conditions.ts, ./derogation-marks.ts): driving there is other work for the driving
 * limits; rest findings over them are POTENTIAL. Hand-computed timelines at the edges, with and without the condition.
 */
import t from 'tap';
import { H, M, only, run, type Step } from './testing/run.js';
import type { ConditionEntry } from './specific-conditions.js';
import { outOfScopeSpans, unclosedOutOfScope } from './specific-conditions.js';
import { markDerogations } from './derogation-marks.js';
import type { RawFinding, RuleOutput } from './finding.js';
import type { Analysis } from './shifts.js';
import { timeline } from './testing/timeline.js';

const MON = '2026-03-02T06:00Z';
const at = (iso: string) => Date.parse(iso) / 1000;
const oos = (from: string, to?: string): ConditionEntry[] => [
  { at: at(from), condition: 'OUT_OF_SCOPE_BEGIN' },
  ...(to ? [{ at: at(to), condition: 'OUT_OF_SCOPE_END' } as ConditionEntry] : []),
];

// Mon 06:00 D 4h30 (10:30) R 45m (11:15) D 4h30 (15:45) R 45m (16:30) D 1h30 (18:00) R 12h: 10 h 30 of driving,
// the week's first extended day, so judged against 10 h: 30 min over
const long: Step[] = [
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '1h30'],
  ['REST', '12h'],
];

t.test('driving out of scope is not daily driving time (Art. 6(5)); edges at the 10 h limit', async (t) => {
  const card = only(run(MON, long), 'daily_driving');
  t.equal(card.length, 1, 'without the condition');
  t.equal(card[0]!.value, 10.5 * H);
  t.same(
    only(run(MON, long, { specific_conditions: oos('2026-03-02T16:30Z', '2026-03-02T18:00Z') }), 'daily_driving'),
    [],
    '9 h',
  );
  t.same(
    only(run(MON, long, { specific_conditions: oos('2026-03-02T17:30Z', '2026-03-02T18:00Z') }), 'daily_driving'),
    [],
    '10 h exactly',
  );
  const over = only(
    run(MON, long, { specific_conditions: oos('2026-03-02T17:31Z', '2026-03-02T18:00Z') }),
    'daily_driving',
  );
  t.equal(over.length, 1, '10 h 01');
  t.equal(over[0]!.value, 10 * H + M);
  t.equal(over[0]!.status, 'VIOLATION');
  const r = run(MON, long, { specific_conditions: oos('2026-03-02T16:30Z', '2026-03-02T18:00Z') });
  const w = r.warnings.filter((x) => x.code === 'OUT_OF_SCOPE');
  t.equal(w.length, 1);
  t.equal(w[0]!.start, '2026-03-02T16:30:00Z');
  t.equal(w[0]!.end, '2026-03-02T18:00:00Z');
  t.equal(r.summary.driving, 10.5 * H, "the summary keeps the card's recorded driving");
});

t.test('an out-of-scope begin without its end closes at the withdrawal of the card', async (t) => {
  // Mon as above, begin 16:30 and no end; the card is out from Mon 18:00 to Tue 06:00; Tue the same 10 h 30 duty
  const steps: Step[] = [...long.slice(0, 5), ['UNKNOWN', '12h'], ...long];
  const r = run(MON, steps, { specific_conditions: oos('2026-03-02T16:30Z') });
  const d = only(r, 'daily_driving');
  t.equal(d.length, 1, 'Monday 9 h counted; Tuesday after the withdrawal counted in full');
  t.equal(d[0]!.start, '2026-03-03T06:00:00Z');
  t.equal(d[0]!.value, 10.5 * H);
  // no end entered: that the vehicle unit closed the condition at the withdrawal is the UNSURE reading, so the
  // finding after it is POTENTIAL; with the end entered at the withdrawal it is a VIOLATION
  t.equal(d[0]!.status, 'POTENTIAL');
  t.match(d[0]!.description, /closed by the card's withdrawal/);
  t.ok(d[0]!.readings.includes('out_of_scope_time'), 'the verdict names the out-of-scope reading');
  const ended = only(
    run(MON, steps, { specific_conditions: oos('2026-03-02T16:30Z', '2026-03-02T18:00Z') }),
    'daily_driving',
  );
  t.equal(ended.length, 1);
  t.equal(ended[0]!.status, 'VIOLATION');
  const spans = outOfScopeSpans(oos('2026-03-02T16:30Z'), timeline(MON, steps), null);
  t.same(spans, [{ start: at('2026-03-02T16:30Z'), end: at('2026-03-02T18:00Z') }]);
  t.same(unclosedOutOfScope(oos('2026-03-02T16:30Z'), timeline(MON, steps), at('2026-03-04T06:00Z')), [
    { start: at('2026-03-02T18:00Z'), end: at('2026-03-04T06:00Z') },
  ]);
  t.same(
    unclosedOutOfScope(oos('2026-03-02T16:30Z', '2026-03-02T18:00Z'), timeline(MON, steps), at('2026-03-04T06:00Z')),
    [],
    'the end entered at the withdrawal: nothing unclosed',
  );
});

t.test(
  'outOfScopeSpans: the next begin or the data end closes a period; an end before any begin is ignored',
  async (t) => {
    const rows = timeline(MON, [['DRIVING', '10h']]);
    const entries: ConditionEntry[] = [
      { at: at('2026-03-02T06:30Z'), condition: 'OUT_OF_SCOPE_END' },
      { at: at('2026-03-02T07:00Z'), condition: 'OUT_OF_SCOPE_BEGIN' },
      { at: at('2026-03-02T08:00Z'), condition: 'OUT_OF_SCOPE_BEGIN' },
      { at: at('2026-03-02T09:00Z'), condition: 'FERRY_TRAIN_BEGIN' },
    ];
    t.same(outOfScopeSpans(entries, rows, at('2026-03-02T16:00Z')), [
      { start: at('2026-03-02T07:00Z'), end: at('2026-03-02T08:00Z') },
      { start: at('2026-03-02T08:00Z'), end: at('2026-03-02T16:00Z') },
    ]);
  },
);

// Mon 06:00 D 4h30 (10:30) R 45m (11:15) D 4h (15:15) W 45m (16:00) R 8h (Tue 00:00) D 4h30 (04:30) R 45m (05:15)
// D 3h (08:15) R 12h: no rest of 9 h starts within 24 h of Mon 06:00 -> daily_rest, Mon 06:00 .. Tue 06:00
const shortRest = (work: string): Step[] => [
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h'],
  [work, '45m'],
  ['REST', '8h'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '3h'],
  ['REST', '12h'],
];

t.test('a rest finding over an out-of-scope period is POTENTIAL, never a VIOLATION (reading UNSURE)', async (t) => {
  const card = only(run(MON, shortRest('WORK')), 'daily_rest');
  t.equal(card.length, 1);
  t.equal(card[0]!.status, 'VIOLATION');
  t.equal(card[0]!.value, 8 * H);
  const inside = only(
    run(MON, shortRest('WORK'), { specific_conditions: oos('2026-03-02T15:15Z', '2026-03-02T16:00Z') }),
    'daily_rest',
  );
  t.equal(inside.length, 1);
  t.equal(inside[0]!.status, 'POTENTIAL');
  t.match(inside[0]!.description, /out-of-scope period/);
  t.same(inside[0]!.readings, ['out_of_scope_time']);
  t.same(card[0]!.readings, [], 'without the condition no reading is involved');
  // an out-of-scope period after the finding's window (Tue 06:30 - 07:00, in the driving): the finding stays
  const after = only(
    run(MON, shortRest('WORK'), { specific_conditions: oos('2026-03-03T06:30Z', '2026-03-03T07:00Z') }),
    'daily_rest',
  );
  t.equal(after[0]!.status, 'VIOLATION');
});

t.test('an OUT_OF_SCOPE annotation over card-out time marks rest findings the same way', async (t) => {
  // the work 15:15 - 16:00 not recorded (card out): unknown as rest gives 8 h 45, as work 8 h: both under 9 h
  const annotations = [
    {
      annotation_id: 'ann_1',
      kind: 'OUT_OF_SCOPE' as const,
      start: at('2026-03-02T15:15Z'),
      end: at('2026-03-02T16:00Z'),
    },
  ];
  const card = only(run(MON, shortRest('UNKNOWN'), { annotations, annotations_ignored: true }), 'daily_rest');
  t.equal(card[0]!.status, 'VIOLATION');
  const annotated = only(run(MON, shortRest('UNKNOWN'), { annotations }), 'daily_rest');
  t.equal(annotated.length, 1);
  t.equal(annotated[0]!.status, 'POTENTIAL');
  t.same(annotated[0]!.annotations_applied, ['ann_1']);
});

t.test('markDerogations: rest rules only; an unproven weekly ferry rest makes them POTENTIAL', async (t) => {
  const finding = (rule: RawFinding['rule'], start: number, end: number): RawFinding => ({
    rule,
    status: 'VIOLATION',
    article: 'x',
    start,
    end,
    value: 0,
    limit: 0,
    excess: 0,
    severity: null,
    description: 'd.',
    evidenceKinds: [],
  });
  const a = {
    rests: [],
    ferryUnproven: [{ crossing: { begin: 100, end: null }, start: 50, end: 200, accumulated: 46 * H }],
  } as unknown as Analysis;
  const out = {
    findings: [finding('weekly_rest', 0, 60), finding('weekly_driving', 0, 1000), finding('daily_rest', 200, 300)],
    notes: [],
  };
  markDerogations(out, a, [{ start: 900, end: 950 }]);
  t.same(
    out.findings.map((f) => f.status),
    ['POTENTIAL', 'VIOLATION', 'VIOLATION'],
    'weekly rest over the unproven ferry rest; driving never; a rest finding touching it only at its end: not over it',
  );
  t.same(
    out.findings.map((f) => f.readings ?? []),
    [['ferry_train_cabin'], [], []],
  );
  // a rest finding over a rest joined under Art. 9(1) names the cabin reading, without a change of status
  const joined = {
    rests: [
      { start: 0, end: 500, duration: 11 * H, ferry: { crossing: { begin: 100 }, interruptions: 1, interrupted: 600 } },
    ],
    ferryUnproven: [],
  } as unknown as Analysis;
  const over: RuleOutput = { findings: [finding('daily_rest', 400, 900), finding('break', 400, 900)], notes: [] };
  markDerogations(over, joined, []);
  t.same(
    over.findings.map((f) => [f.status, f.readings ?? []]),
    [
      ['VIOLATION', ['ferry_train_cabin']],
      ['VIOLATION', []],
    ],
  );
  t.same(
    over.notes.map((n) => n.code),
    ['FERRY_TRAIN_REST'],
  );
});
