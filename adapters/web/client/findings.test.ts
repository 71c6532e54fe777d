/**
 * The findings area as the week view builds it (on a fake document: ../../testing/fake-dom.ts): the EU 561
 * pre-check's and the working time's not-evaluated rules are listed with their reasons, in one look, and an
 * empty finding list says that rules were left out.
 */
import t from 'tap';
import { STATIC_NOT_EVALUATED } from '../../../core/eu561/ruleset.js';
import { run, type Step } from '../../../core/eu561/testing/run.js';
import { asFake, type FakeElement, installFakeDocument } from '../testing/fake-dom.js';
import { renderConflict, renderFindings, renderNotEvaluated, renderWtdFindings } from './findings.js';
import type { Finding, PrecheckResult } from './types.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

const noShow = () => undefined;
const texts = (items: FakeElement[]) => items.map((x) => x.textContent);

/** The core's pre-check answer for two days of driving (less than two weeks of data), as the page reads it. */
function shortAnswer(): PrecheckResult {
  const day: Step[] = [
    ['REST', '6h'],
    ['DRIVING', '2h'],
    ['REST', '16h'],
  ];
  // the core writes the same field names as the API; the page's type reads only what it shows
  return run('2026-03-02T00:00:00Z', [...day, ...day]) as unknown as PrecheckResult;
}

t.test("the EU 561 pre-check's not-evaluated rules are listed with their reasons", async (t) => {
  const answer = shortAnswer();
  t.same(answer.violations, [], 'two short days: no finding');
  const fortnight = answer.not_evaluated!.find((n) => n.rule === 'fortnightly_driving');
  t.ok(fortnight, 'the core says the two-week limits were not evaluated on less than two weeks');

  const area = asFake(renderFindings(answer, noShow));
  const [list, ...more] = area.find('ul', 'not-evaluated-list', 'eu561');
  t.equal(more.length, 0, 'one list');
  t.ok(list, 'a not-evaluated list of the pre-check');
  const items = list!.find('li');
  const never = new Set<string>(STATIC_NOT_EVALUATED.map((n) => n.rule));
  const rules = answer.not_evaluated!.map((n) => n.rule);
  t.same(
    items.map((li) => li.dataset.rule),
    [...rules.filter((r) => !never.has(r)), ...rules.filter((r) => never.has(r))],
    "every not_evaluated rule: this data's own first, then what card data never decides, each in the order of the answer",
  );
  t.same(
    items.map((li) => li.dataset.kind),
    rules.map((r, i) => (i < rules.filter((x) => !never.has(x)).length ? 'data' : 'always')),
    'and marked so',
  );
  const line = items.find((li) => li.dataset.rule === 'fortnightly_driving')!;
  t.equal(
    line.textContent,
    `Driving time in two consecutive weeks — ${fortnight!.reason}`,
    'the rule by name, then its reason',
  );
  t.equal(line.find('strong')[0]?.textContent, 'Driving time in two consecutive weeks', 'the name stands out');
  t.equal(
    items.find((li) => li.dataset.rule === 'return_home')?.find('strong')[0]?.textContent,
    'Return home every four weeks',
    'what card data never decides',
  );
  t.same(texts(area.find('h4', 'not-evaluated-title', 'eu561')), [`Not evaluated (${answer.not_evaluated!.length})`]);
  t.same(
    texts(area.find('p', 'empty-note')).slice(0, 1),
    [
      `No finding for this week among the rules evaluated; ${answer.not_evaluated!.length} not evaluated (listed below).`,
    ],
    'no finding never reads as checked and clean',
  );
  const order = area.elements().map((e) => e.tagName + (e.classList.includes('not-evaluated-title') ? '.ne' : ''));
  t.ok(order.indexOf('h4.ne') < order.lastIndexOf('h3'), 'listed under the findings, before the data gaps');
});

t.test('the whole check not evaluated: named after the check', async (t) => {
  const eu = asFake(renderNotEvaluated([{ rule: 'all', reason: 'No known activity in the data basis.' }], 'eu561'));
  t.equal(eu.find('li')[0]?.textContent, 'EU 561/2006 pre-check — No known activity in the data basis.');
  const wtd = asFake(renderNotEvaluated([{ rule: 'all', reason: 'No known activity in the data basis.' }], 'wtd'));
  t.equal(wtd.find('li')[0]?.textContent, 'Working time — No known activity in the data basis.');
  t.equal(asFake(renderNotEvaluated([], 'eu561')).childNodes.length, 0, 'nothing left out: no list');
});

t.test('the working time and the pre-check share one look', async (t) => {
  const items = [
    { rule: 'night_work', reason: 'Art. 7: defined by national law.' },
    { rule: 'some_new_rule', reason: 'Newer service.' },
  ];
  const wtd = asFake(renderWtdFindings([], noShow, items));
  const eu = asFake(renderFindings({ violations: [], data_gaps: [], warnings: [], not_evaluated: items }, noShow));
  const shape = (root: ReturnType<typeof asFake>) =>
    root
      .find('ul', 'not-evaluated-list')
      .map((ul) => [ul.classList.filter((c) => c !== 'wtd' && c !== 'eu561'), texts(ul.find('li'))]);
  t.same(shape(wtd), shape(eu), 'same element, classes and text; only the check is named');
  t.same(
    texts(wtd.find('li')),
    ['Some new rule — Newer service.', 'Night work — Art. 7: defined by national law.'],
    'an unknown id in its words, listed as about this data',
  );
  t.same(texts(wtd.find('p', 'empty-note')), [
    'No working-time finding for this week among the rules evaluated; 2 not evaluated (listed below).',
  ]);
});

t.test('an answer without not_evaluated (an older service) lists none and says no finding plainly', async (t) => {
  const finding: Finding = {
    rule: 'break',
    status: 'VIOLATION',
    start: '2026-03-02T06:00:00Z',
    end: '2026-03-02T11:00:00Z',
    value: 18_000,
    limit: 16_200,
    excess: 1800,
    severity: 'SI',
    description: 'No break.',
  };
  const shown: string[] = [];
  const area = asFake(
    renderFindings({ violations: [finding], data_gaps: [], warnings: [] }, (s, e) => shown.push(`${s}/${e}`)),
  );
  t.same(area.find('ul', 'not-evaluated-list'), []);
  t.same(texts(area.find('h3')).slice(0, 1), ['Findings (1)']);
  area.find('button', 'link')[0]!.click();
  t.same(shown, ['2026-03-02T06:00:00Z/2026-03-02T11:00:00Z'], 'a finding still opens its span on the chart');
  const empty = asFake(renderWtdFindings([], noShow));
  t.same(texts(empty.find('p', 'empty-note')), ['No working-time finding for this week.']);
});

t.test('the rest of the findings area: context, assumption, gaps, warnings, disclaimer', async (t) => {
  const shown: string[] = [];
  const area = asFake(
    renderFindings(
      {
        violations: [],
        warnings: [{ code: 'OPEN_END', message: 'The last day is open.' }],
        disclaimer: 'Not a legal decision.',
        data_gaps: [{ start: '2026-03-03T00:00:00Z', end: '2026-03-04T00:00:00Z', duration: 86_400 }],
        assumptions: { unknown_as: 'rest', card_out_rest_max_seconds: 86_400, text: ['Card-out time counts as rest.'] },
      },
      (s, e) => shown.push(`${s}/${e}`),
      '2026-02-09',
    ),
  );
  t.match(area.find('h3')[0]!.textContent, 'also looked at the 3 weeks before (from 2026-02-09)');
  t.same(texts(area.find('p', 'assumption')), ['Card-out time counts as rest.']);
  t.same(texts(area.find('p', 'empty-note')), ['No finding for this week.'], 'no not_evaluated list: the plain note');
  t.same(texts(area.find('h3')).slice(1), ['Data gaps (1)', 'Warnings (1)']);
  area.find('button', 'link')[0]!.click();
  t.same(shown, ['2026-03-03T00:00:00Z/2026-03-04T00:00:00Z'], 'a gap opens its span');
  t.same(
    area
      .find('ul', 'warnings-list')[0]!
      .find('li')
      .map((li) => li.dataset.code),
    ['OPEN_END'],
  );
  t.same(texts(area.find('p', 'disclaimer')), ['Not a legal decision.']);
});

t.test('a 409 offers each trusted import, or the quarantined data on request', async (t) => {
  const imp = (id: string, status: string, imported_at: string) =>
    ({
      import_id: id,
      file_name: `${id}.ddd`,
      status,
      imported_at,
      activity_range: { from: '2026-03-01', to: '2026-03-07' },
    }) as never;
  const chosen: string[] = [];
  const box = asFake(
    renderConflict(
      { code: 'quarantined_data', message: 'A quarantined import.', dates: ['2026-03-03'] },
      [
        imp('a', 'OK', '2026-03-08T00:00:00Z'),
        imp('q', 'QUARANTINED', '2026-03-09T00:00:00Z'),
        imp('b', 'OK', '2026-03-10T00:00:00Z'),
      ],
      (id) => chosen.push(id),
      () => chosen.push('quarantined'),
    ),
  ) as FakeElement;
  t.equal(box.getAttribute('role'), 'alert');
  t.match(box.textContent, 'Conflicting days (hatched on the chart): 2026-03-03');
  t.same(
    box.find('button', 'narrow').map((b) => b.dataset.importId),
    ['b', 'a'],
    'trusted imports, newest first',
  );
  box.find('button', 'narrow')[1]!.click();
  box.find('button', 'include-quarantined')[0]!.click();
  t.same(chosen, ['a', 'quarantined']);
  const none = asFake(
    renderConflict(
      { code: 'conflicting_data', message: 'Imports disagree.', dates: [] },
      [imp('q', 'QUARANTINED', '2026-03-09T00:00:00Z')],
      () => undefined,
      () => undefined,
    ),
  );
  t.match(none.textContent, 'No trusted import of this card is left to check on its own.');
  t.same(none.find('button'), [], 'nothing to offer');
});

t.test('the fake document moves, prepends and replaces children as a browser does', async (t) => {
  const list = document.createElement('ul') as unknown as FakeElement;
  list.append('b');
  list.prepend('a');
  t.equal(list.textContent, 'ab');
  list.replaceChildren('c');
  list.textContent = '';
  t.same(list.childNodes, []);
  t.equal(list.getAttribute('missing'), null);
  t.throws(() => asFake({}), /not built on the fake document/);
});

t.test('readings, gaps once in hours and minutes, the imports left out', async (t) => {
  const gap = { start: '2026-03-06T18:00:00Z', end: '2026-03-10T14:42:00Z', duration: 333_720 };
  const finding: Finding = {
    rule: 'weekly_rest',
    status: 'VIOLATION',
    start: '2026-03-02T06:00:00Z',
    end: '2026-03-09T06:00:00Z',
    value: 100_000,
    limit: 162_000,
    excess: null,
    severity: 'SI',
    description: 'Short weekly rest.',
    assumption_dependent: true,
    readings: ['card_out_time'],
  };
  const area = asFake(
    renderFindings(
      {
        violations: [finding],
        warnings: [],
        data_gaps: [gap, { ...gap, start: '2026-03-06T18:00:00.000Z' }],
        basis: { left_out_imports: [{ import_id: 'imp_9', file_name: 'copy.ddd', reason: 'signature broken' }] },
      },
      noShow,
    ),
  );
  t.same(texts(area.find('p', 'readings-line')), ['Depends on how the checks read: card out time']);
  t.same(
    area.find('span', 'flag').map((f) => f.dataset.flag),
    ['assumption'],
    'the verdict marked as depending on a reading',
  );
  t.match(texts(area.find('h3')), ['Findings (1)', 'Data gaps (1)'], 'the same gap answered twice: listed once');
  t.same(
    area.find('li', 'gap-item').map((li) => li.find('button', 'link')[0]!.textContent),
    ['Data gap of 92:42'],
    'its length in hours and minutes',
  );
  t.same(texts(area.find('div', 'left-out')[0]!.find('li')), ['copy.ddd: signature broken'], 'named once');
  t.equal(area.find('div', 'left-out').length, 1);
});
