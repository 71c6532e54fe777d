/**
 * Annotated time on the chart (fake document) and the gaps the page lists, by hand: a band per day row an active
 * annotation covers (placed on the day's 24 h), an unknown segment inside it drawn and named as annotated, a withdrawn
 * annotation not drawn; no gap after "now", one running into it ending there; an annotation of a listed gap takes the
 * whole gap of the answer over all the data.
 */
import t from 'tap';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { gapHolding } from './annotate.js';
import { coveringAnnotation, gapsUntil, renderAnnotations } from './chart-annotations.js';
import { el } from './dom.js';
import { windowOf } from './layout.js';
import type { AnnotationSpan } from './types.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

const leave = (start: string, end: string, status = 'ACTIVE'): AnnotationSpan => ({
  kind: 'LEAVE',
  start,
  end,
  note: 'holiday',
  status,
});

function dayRow(date: string, segs: [string, string][]) {
  const startMs = Date.parse(`${date}T00:00:00Z`);
  return el(
    'div',
    { class: 'day-row', data: { date, startMs: String(startMs), endMs: String(startMs + 86_400_000) } },
    el(
      'div',
      { class: 'bar' },
      ...segs.map(([start, end]) =>
        el('button', { class: 'seg seg-unknown', data: { start, end, tip: 'Unknown (card not inserted)' } }),
      ),
    ),
  );
}

t.test('annotated time is drawn as such', async (t) => {
  const chart = el(
    'div',
    {},
    dayRow('2026-03-07', [['2026-03-07T18:00:00Z', '2026-03-08T00:00:00Z']]),
    dayRow('2026-03-08', [['2026-03-08T00:00:00Z', '2026-03-08T12:00:00Z']]),
    dayRow('2026-03-09', [['2026-03-09T06:00:00Z', '2026-03-09T08:00:00Z']]),
  );
  renderAnnotations(chart, [
    leave('2026-03-07T18:00:00Z', '2026-03-08T12:00:00Z'),
    leave('2026-03-09T06:00:00Z', '2026-03-09T08:00:00Z', 'WITHDRAWN'),
  ]);
  const fake = asFake(chart);
  const bands = fake.find('span', 'annotation-band');
  t.same(
    bands.map((b) => [b.style.left, b.style.width, b.textContent]),
    [
      ['75%', '25%', 'Leave'],
      ['0%', '50%', 'Leave'],
    ],
    'Saturday 18:00–24:00 and Sunday 00:00–12:00; the withdrawn one not drawn',
  );
  t.equal(bands[0]!.getAttribute('title'), 'Leave (annotation): holiday');
  const segs = fake.find('button', 'seg-unknown');
  t.same(
    segs.map((s) => s.classList.includes('seg-annotated')),
    [true, true, false],
  );
  t.equal(segs[0]!.getAttribute('aria-label'), 'Unknown (card not inserted) · annotated: Leave');
  renderAnnotations(chart, [leave('2026-03-07T18:00:00Z', '2026-03-08T12:00:00Z')]);
  t.equal(fake.find('span', 'annotation-band').length, 2, 'drawn once per chart');
  t.equal((fake.find('div', 'day-row')[0] as FakeElement).dataset.annotations, 'drawn');
});

t.test('a row without its local day is placed on its UTC day', async (t) => {
  t.equal(windowOf({ dataset: {} } as HTMLElement), undefined);
  t.same(windowOf({ dataset: { startMs: '0', endMs: '82800000' } } as unknown as HTMLElement), {
    startMs: 0,
    endMs: 82_800_000,
  });
  const chart = el(
    'div',
    {},
    el('div', { class: 'day-row', data: { date: '2026-03-08' } }, el('div', { class: 'bar' })),
  );
  renderAnnotations(chart, [leave('2026-03-08T06:00:00Z', '2026-03-08T18:00:00Z')]);
  t.same(
    asFake(chart)
      .find('span', 'annotation-band')
      .map((b) => [b.style.left, b.style.width]),
    [['25%', '50%']],
  );
  const bare = el('div', {}, el('div', { class: 'day-row', data: { date: '2026-03-08' } }));
  renderAnnotations(bare, [leave('2026-03-08T06:00:00Z', '2026-03-08T18:00:00Z')]);
  t.equal(asFake(bare).find('span').length, 0, 'a row without a bar draws nothing');
});

t.test('the annotation covering a span', async (t) => {
  const a = leave('2026-03-07T18:00:00Z', '2026-03-08T12:00:00Z');
  t.equal(coveringAnnotation([a], '2026-03-07T18:00:00Z', '2026-03-08T12:00:00Z'), a);
  t.equal(coveringAnnotation([a], '2026-03-07T17:00:00Z', '2026-03-08T12:00:00Z'), null, 'only partly');
  const other = { ...a, kind: 'NEW_KIND' };
  const chart = el('div', {}, dayRow('2026-03-08', [['2026-03-08T00:00:00Z', '2026-03-08T12:00:00Z']]));
  renderAnnotations(chart, [other]);
  t.equal(asFake(chart).find('span', 'annotation-band')[0]!.textContent, 'new kind', 'a kind without words');
});

t.test('no gap after now', async (t) => {
  const now = Date.parse('2026-03-10T12:00:30.500Z');
  const gaps = [
    { start: '2026-03-09T00:00:00Z', end: '2026-03-09T06:00:00Z', duration: 21_600 },
    { start: '2026-03-10T06:00:00Z', end: '2026-03-16T00:00:00Z', duration: 496_800 },
    { start: '2026-03-11T00:00:00Z', end: '2026-03-12T00:00:00Z', duration: 86_400 },
  ];
  t.same(gapsUntil(gaps, now), [
    gaps[0],
    { start: '2026-03-10T06:00:00Z', end: '2026-03-10T12:00:30Z', duration: 21_630 },
  ]);
});

t.test('an annotation takes the whole gap', async (t) => {
  const all = [
    { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' },
    { start: '2026-03-14T16:00:00Z', end: '2026-03-17T05:00:00Z' },
  ];
  t.same(gapHolding(all, '2026-03-14T16:00:00Z', '2026-03-16T00:00:00Z'), all[1], 'cut at the week end');
  t.same(gapHolding(all, '2026-03-16T00:00:00Z', '2026-03-17T05:00:00Z'), all[1], 'cut at the week start');
  t.same(
    gapHolding(all, '2026-03-20T00:00:00Z', '2026-03-21T00:00:00Z'),
    { start: '2026-03-20T00:00:00Z', end: '2026-03-21T00:00:00Z' },
    'no such gap: as listed',
  );
});
