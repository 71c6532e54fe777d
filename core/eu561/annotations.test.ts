import t from 'tap';
import { runPrecheck } from './precheck.js';
import { input, shift13, timeline, type Step } from './testing/timeline.js';
import type { AnnotationSpan } from './annotations.js';
import type { PrecheckResult } from './types.js';

const sec = (iso: string) => Date.parse(iso) / 1000;
const MON = '2026-03-02T06:00Z';
const span = (annotation_id: string, kind: AnnotationSpan['kind'], start: string, end: string): AnnotationSpan => ({
  annotation_id,
  kind,
  start: sec(start),
  end: sec(end),
});
const check = (
  steps: Step[],
  annotations: AnnotationSpan[] = [],
  extra: Parameters<typeof input>[1] = {},
): PrecheckResult => runPrecheck(input(timeline(MON, steps), { annotations, unknown_as: 'unknown', ...extra }));
const brief = (r: PrecheckResult) => r.violations.map((v) => `${v.rule} ${v.status} ${v.start}`);

// Mon 06:00-19:00 duty (shift13: 6 h driving), card out 19:00-Tue 06:00 (11 h, no manual entry),
// Tue 06:00-19:00 duty, 11 h rest recorded.
const overnightGap: Step[] = [...shift13(), ['UNKNOWN', '11h'], ...shift13(), ['REST', '11h']];

t.test('a card-out night: INCOMPLETE_DATA on the card alone, decided by a REST or OTHER_WORK annotation', async (t) => {
  // these cases read card-out time as unknown (unknown_as=unknown); by default the night is a gap to explain
  t.same(check(overnightGap, [], { unknown_as: 'gap' }).violations, []);
  const alone = check(overnightGap);
  t.same(brief(alone), ['daily_rest INCOMPLETE_DATA 2026-03-02T06:00:00Z']);
  t.same(alone.annotations, { mode: 'apply', items: [] });
  t.same(alone.annotation_effects, []);

  // REST over the 11 h: a regular daily rest (Art. 8(2)); nothing left to find
  const rest = check(overnightGap, [span('ann_rest', 'REST', '2026-03-02T19:00Z', '2026-03-03T06:00Z')]);
  t.same(rest.violations, []);
  t.equal(rest.annotation_effects!.length, 1);
  t.match(rest.annotation_effects![0], {
    effect: 'removed',
    annotation_ids: ['ann_rest'],
    finding: { rule: 'daily_rest', status: 'INCOMPLETE_DATA', finding_id: alone.violations[0]!.finding_id },
  });
  t.match(rest.annotations!.items, [
    { annotation_id: 'ann_rest', kind: 'REST', filled_seconds: 11 * 3600, over_recorded_seconds: 0 },
  ]);
  t.notOk(
    rest.warnings.some((w) => w.code === 'DATA_GAP'),
    'the annotated gap is no longer reported as unknown',
  );
  t.equal(rest.data_gaps.length, 1, 'data_gaps still lists what the card lacks');

  // OTHER_WORK over the 11 h (Art. 6(5)): Mon 06:00 to Tue 19:00 without a daily rest, 12 h of driving between rests
  const work = check(overnightGap, [span('ann_work', 'OTHER_WORK', '2026-03-02T19:00Z', '2026-03-03T06:00Z')]);
  const daily = work.violations.filter((v) => v.rule === 'daily_rest');
  t.equal(daily.length, 1);
  t.equal(daily[0]!.status, 'VIOLATION');
  t.same(daily[0]!.annotations_applied, ['ann_work']);
  t.equal(daily[0]!.finding_id, alone.violations[0]!.finding_id, 'the same finding, now decided: same finding_id');
  // Mon 11:45-13:45 driving, then 5 h 15 + 11 h + 1 h of other work (no break), Tue 07:00-11:00 driving: 6 h of
  // driving without a 45 min break (Art. 7); it exists only because of the annotation and names it
  const brk = work.violations.filter((v) => v.rule === 'break');
  t.equal(brk.length, 1);
  t.match(brk[0], {
    status: 'VIOLATION',
    start: '2026-03-02T11:45:00Z',
    end: '2026-03-03T11:00:00Z',
    value: 6 * 3600,
    annotations_applied: ['ann_work'],
  });
  t.notOk(alone.violations.some((v) => v.rule === 'break'));

  // annotations=ignore: the card-only answer again
  const ignored = check(overnightGap, [span('ann_rest', 'REST', '2026-03-02T19:00Z', '2026-03-03T06:00Z')], {
    annotations_ignored: true,
  });
  t.same(brief(ignored), brief(alone));
  t.same(ignored.annotations, { mode: 'ignore', items: [] });
});

t.test('a week of LEAVE longer than the card-out bound decides what unknown_as=rest cannot', async (t) => {
  // Mon and Tue duties with an 11 h rest between; card out Tue 19:00 to next Mon 06:00 (5 d 11 h, more than the
  // 5 days unknown_as=rest counts); Mon duty, 11 h rest.
  const steps: Step[] = [
    ...shift13(),
    ['REST', '11h'],
    ...shift13(),
    ['UNKNOWN', '5d11h'],
    ...shift13(),
    ['REST', '11h'],
  ];
  const alone = check(steps, [], { unknown_as: 'rest' });
  t.ok(
    alone.violations.length > 0 && alone.violations.every((v) => v.status === 'INCOMPLETE_DATA'),
    brief(alone).join('; '),
  );
  const leave = check(steps, [span('ann_leave', 'LEAVE', '2026-03-03T19:00Z', '2026-03-09T06:00Z')], {
    unknown_as: 'rest',
  });
  // 13 h duties with 6 h driving and 45 min breaks, 11 h daily rests, 131 h of leave read as rest: compliant
  t.same(leave.violations, []);
  t.ok(
    leave.annotation_effects!.length === alone.violations.length &&
      leave.annotation_effects!.every((e) => e.annotation_ids[0] === 'ann_leave'),
  );
  t.same(
    check(steps, [span('ann_leave', 'LEAVE', '2026-03-03T19:00Z', '2026-03-09T06:00Z')], {
      unknown_as: 'rest',
      annotations_ignored: true,
    }).violations.map((v) => v.finding_id),
    alone.violations.map((v) => v.finding_id),
  );
});

t.test('an annotation over recorded activity is not applied there, and the answer says so', async (t) => {
  const alone = check(overnightGap);
  // REST claimed over Monday's recorded duty and the night: the duty stays as recorded, only the night is filled
  const r = check(overnightGap, [span('ann_x', 'REST', '2026-03-02T12:00Z', '2026-03-03T06:00Z')]);
  t.match(r.annotations!.items, [
    { annotation_id: 'ann_x', filled_seconds: 11 * 3600, over_recorded_seconds: 7 * 3600 },
  ]);
  const w = r.warnings.find((x) => x.code === 'ANNOTATION_OVER_RECORDED_ACTIVITY');
  t.ok(w);
  t.match(w!.message, /ann_x.*420 min.*card's record is used/);
  t.same(r.violations, []);
  t.ok(alone.summary.driving > 0, 'driving to compare');
  t.equal(alone.summary.driving, r.summary.driving, 'the card data summary is unchanged');
});

t.test('ARTICLE_12 never removes a finding; it marks it as possibly justified', async (t) => {
  // 10 h 30 of driving in one day: over the 10 h extended limit whatever
  const steps: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h30'],
    ['REST', '12h45'],
  ];
  const alone = check(steps);
  const over = alone.violations.filter((v) => v.rule === 'daily_driving');
  t.equal(over.length, 1);
  const r = check(steps, [span('ann_12', 'ARTICLE_12', '2026-03-02T17:00Z', '2026-03-02T18:30Z')]);
  t.same(brief(r), brief(alone));
  const marked = r.violations.find((v) => v.rule === 'daily_driving')!;
  t.equal(marked.status, 'VIOLATION');
  t.equal(marked.possibly_justified, true);
  t.same(marked.annotations_applied, ['ann_12']);
  t.same(r.annotation_effects, []);
  t.match(r.annotations!.items, [
    { annotation_id: 'ann_12', filled_seconds: 0, over_recorded_seconds: 0, marks_findings: true },
  ]);
  t.notOk(
    r.warnings.some((w) => w.code === 'ANNOTATION_OVER_RECORDED_ACTIVITY'),
    'a marker over recorded driving is no warning',
  );
});

t.test(
  'annotations never reach outside the evaluated span, and a partly covered gap stays partly unknown',
  async (t) => {
    const r = check(overnightGap, [
      span('ann_half', 'REST', '2026-03-02T19:00Z', '2026-03-03T00:00Z'),
      span('ann_before', 'LEAVE', '2026-02-20T00:00Z', '2026-03-02T06:00Z'),
    ]);
    t.match(r.annotations!.items, [
      { annotation_id: 'ann_half', filled_seconds: 5 * 3600 },
      { annotation_id: 'ann_before', filled_seconds: 0 },
    ]);
    t.same(
      brief(r),
      ['daily_rest INCOMPLETE_DATA 2026-03-02T06:00:00Z'],
      '5 h of rest and 6 h unknown: still undecided',
    );
  },
);

t.test('FERRY_TRAIN: unknown time on board is rest; it may justify rest findings only (Art. 9(1))', async (t) => {
  // the card-out night on a ferry: rest, so no daily-rest finding; the 10 h 30 of driving next to it stays unmarked
  const steps: Step[] = [
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '1h30'],
    ['UNKNOWN', '12h45'],
    ...shift13(),
    ['REST', '11h'],
  ];
  const r = check(steps, [span('ann_ferry', 'FERRY_TRAIN', '2026-03-02T17:00Z', '2026-03-03T06:00Z')]);
  t.same(
    r.violations.filter((v) => v.rule === 'daily_rest'),
    [],
  );
  const driving = r.violations.find((v) => v.rule === 'daily_driving');
  t.equal(driving?.status, 'VIOLATION');
  t.equal(driving?.possibly_justified, undefined, 'Art. 9 does not excuse driving time');
});
