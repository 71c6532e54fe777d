import t from 'tap';
import { runWorkingTime } from './working-time.js';
import { input, timeline, type Step } from '../eu561/testing/timeline.js';
import type { AnnotationSpan } from '../eu561/annotations.js';

const sec = (iso: string) => Date.parse(iso) / 1000;
const day10: Step[] = [
  ['WORK', '5h'],
  ['REST', '45m'],
  ['WORK', '5h'],
  ['REST', '13h15'],
];
// Mon 2 Mar 2026 06:00: five 10 h working days (50 h), Sat 06:00-18:00 card out, rest to Mon 06:00, one more day
const steps: Step[] = [...day10, ...day10, ...day10, ...day10, ...day10, ['UNKNOWN', '12h'], ['REST', '36h'], ...day10];
const sat = (annotation_id: string, kind: AnnotationSpan['kind']): AnnotationSpan => ({
  annotation_id,
  kind,
  start: sec('2026-03-07T06:00Z'),
  end: sec('2026-03-07T18:00Z'),
});
const run = (annotations: AnnotationSpan[], ignored = false) =>
  runWorkingTime(
    input(timeline('2026-03-02T06:00Z', steps), {
      annotations,
      annotations_ignored: ignored,
      unknown_as: 'unknown',
    }),
  );

t.test('working time: OTHER_WORK counts, LEAVE does not; the card alone leaves the week undecided', async (t) => {
  const alone = run([]);
  const weekly = alone.violations.filter((v) => v.rule === 'wtd_weekly_max');
  t.equal(weekly.length, 1);
  t.match(weekly[0], { status: 'INCOMPLETE_DATA', start: '2026-03-02T00:00:00Z', value: 62 * 3600 });
  t.match(weekly[0]!.finding_id, /^f_[0-9a-f]{20}$/);

  // Art. 6(5) / 2002/15 Art. 3(a): 50 h recorded + 12 h of other work = 62 h, over the 60 h of Art. 4(a)
  const work = run([sat('ann_w', 'OTHER_WORK')]);
  const w = work.violations.filter((v) => v.rule === 'wtd_weekly_max');
  t.match(w, [
    {
      status: 'VIOLATION',
      value: 62 * 3600,
      excess: 2 * 3600,
      annotations_applied: ['ann_w'],
      finding_id: weekly[0]!.finding_id,
    },
  ]);

  // leave is not working time: 50 h, nothing to find; the card-only finding is listed as removed by the leave
  const leave = run([sat('ann_l', 'LEAVE')]);
  t.same(leave.violations, []);
  t.match(leave.annotation_effects, [
    { effect: 'removed', annotation_ids: ['ann_l'], finding: { rule: 'wtd_weekly_max', status: 'INCOMPLETE_DATA' } },
  ]);
  t.same(leave.annotations, {
    mode: 'apply',
    items: [
      {
        annotation_id: 'ann_l',
        kind: 'LEAVE',
        start: '2026-03-07T06:00:00Z',
        end: '2026-03-07T18:00:00Z',
        filled_seconds: 12 * 3600,
        over_recorded_seconds: 0,
        marks_findings: false,
      },
    ],
  });

  // AVAILABILITY is not working time either (2002/15 Art. 3(b)); ARTICLE_12 does not derogate from 2002/15
  t.same(run([sat('ann_a', 'AVAILABILITY')]).violations, []);
  const art12 = run([sat('ann_12', 'ARTICLE_12')]);
  t.same(
    art12.violations.map((v) => [v.rule, v.status, v.possibly_justified]),
    [['wtd_weekly_max', 'INCOMPLETE_DATA', undefined]],
  );

  const ignored = run([sat('ann_l', 'LEAVE')], true);
  t.same(
    ignored.violations.map((v) => [v.rule, v.status, v.finding_id]),
    alone.violations.map((v) => [v.rule, v.status, v.finding_id]),
  );
  t.equal(ignored.annotations!.mode, 'ignore');
});
