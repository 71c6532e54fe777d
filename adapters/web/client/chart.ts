/**
 * The week chart: seven day rows on a shared 00:00–24:00 axis of the display zone (UTC by default; local days are
 * 23 h or 25 h when the clocks change, ./local-days.ts), one focusable segment per activity interval (the card's own
 * records, never merged), plus bands marking pre-check findings and data gaps.
 */

import { el, place } from './dom.js';
import { activityName, dayLabels, displayTimeZone, formatClock, formatHm } from './format.js';
import { type DayWindow, segmentKind, spanOnDay, windowOf } from './layout.js';
import { chartDays } from './local-days.js';
import { formatLocalClock, localDateOf } from '../../vocabulary/local-time.js';
import { ACTIVITY_NAMES } from '../../vocabulary/activity-words.js';
import type { ActivityIntervalRow, DataGap, Finding, WeekOverview } from './types.js';

const KIND_LABEL = ACTIVITY_NAMES;

/** `HH:MM` of an instant on a day row: the end of a local day is `24:00`. */
function clockOn(iso: string, window: DayWindow | undefined, zone: string): string {
  if (!window || zone === 'UTC')
    return formatClock(iso, window ? new Date(window.startMs).toISOString().slice(0, 10) : undefined);
  return Date.parse(iso) === window.endMs ? '24:00' : formatLocalClock(iso, zone);
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * The time and length of a segment on its day row. The card records per UTC day, so on a local day row a record
 * may begin the day before or end the day after: the segment then names the part drawn on this row, as the day's
 * totals add it up, and the whole record it belongs to (its length and local start).
 */
function timeOnDay(row: ActivityIntervalRow, window: DayWindow | undefined, zone: string): string[] {
  if (!window)
    return [`${formatClock(row.start, row.date)}–${formatClock(row.end, row.date)} ${zone}`, formatHm(row.duration)];
  const s = Date.parse(row.start);
  const e = Date.parse(row.end);
  const from = Math.max(s, window.startMs);
  const to = Math.min(e, window.endMs);
  if (!(e > s) || (from === s && to === e))
    return [`${clockOn(row.start, window, zone)}–${clockOn(row.end, window, zone)} ${zone}`, formatHm(row.duration)];
  const begun = localDateOf(row.start, zone) ?? row.date;
  return [
    `${clockOn(iso(from), window, zone)}–${clockOn(iso(to), window, zone)} ${zone}`,
    formatHm((to - from) / 1000),
    `part of a record of ${formatHm(row.duration)} from ${dayLabels(begun).long} ${formatLocalClock(row.start, zone)}`,
  ];
}

/** The tooltip / accessible text of one interval (times in the display zone, named). */
export function segmentText(row: ActivityIntervalRow, window?: DayWindow, zone = displayTimeZone()): string {
  const kind = segmentKind(row);
  const [time, ...rest] = timeOnDay(row, window, zone);
  const parts = [`${KIND_LABEL[kind]} ${time}`, ...rest];
  if (kind === 'UNKNOWN' && row.activity) parts.push(`recorded code ${activityName(row.activity).toLowerCase()}`);
  if (row.manual_entry) parts.push('manual entry');
  if (row.crew) parts.push('crew');
  if (row.slot === 'CO_DRIVER') parts.push('co-driver slot');
  return parts.join(' · ');
}

function axis(zone: string): HTMLElement {
  const track = el('div', { class: 'axis-track' });
  for (let h = 0; h <= 24; h++) {
    const tick = el('span', { class: h % 3 === 0 ? 'tick' : 'tick minor', text: String(h).padStart(2, '0') });
    tick.style.left = `${(h / 24) * 100}%`;
    track.append(tick);
  }
  return el(
    'div',
    { class: 'axis', attrs: { 'aria-hidden': 'true' } },
    el('span', { class: 'axis-label', text: zone }),
    track,
  );
}

function segment(row: ActivityIntervalRow, first: boolean, window: DayWindow, zone: string): HTMLButtonElement | null {
  const span = spanOnDay(row.date, row.start, row.end, window);
  if (!span) return null;
  const kind = segmentKind(row);
  const classes = ['seg', `seg-${kind.toLowerCase()}`];
  if (row.manual_entry) classes.push('manual');
  if (row.crew) classes.push('crew');
  const text = segmentText(row, window, zone);
  const button = el('button', {
    class: classes.join(' '),
    attrs: { type: 'button', 'aria-label': text, tabindex: first ? '0' : '-1' },
    data: {
      start: row.start,
      end: row.end,
      activity: row.activity,
      kind,
      tip: text,
      manual: String(row.manual_entry),
      crew: String(row.crew),
    },
  });
  place(button, span.left, span.width);
  return button;
}

export function dayRowId(date: string): string {
  return `day-${date}`;
}

/**
 * Builds the whole chart of a week in one fragment (one DOM insertion per week switch); `around` are the weeks
 * loaded with it, whose intervals may fall on the week's local days.
 */
export function renderChart(
  week: WeekOverview,
  around: readonly WeekOverview[] = [],
  zone = displayTimeZone(),
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(axis(zone));
  for (const day of chartDays(week, around, zone)) {
    const labels = dayLabels(day.date);
    const bar = el('div', {
      class: day.intervals.length ? 'bar' : 'bar empty',
      attrs: { role: 'group', 'aria-label': `${labels.long}: ${day.intervals.length} recorded periods` },
    });
    bar.append(el('div', { class: 'marks', attrs: { 'aria-hidden': 'true' } }));
    let first = true;
    for (const row of day.intervals) {
      const seg = segment(row, first, day.window, zone);
      if (seg) {
        bar.append(seg);
        first = false;
      }
    }
    if (!day.intervals.length) bar.append(el('span', { class: 'no-data', text: 'no record' }));
    const label = el(
      'div',
      { class: 'day-label' },
      el('span', { class: 'long', text: labels.long }),
      el('span', { class: 'short', text: labels.short, attrs: { 'aria-hidden': 'true' } }),
    );
    fragment.append(
      el(
        'div',
        {
          class: 'day-row',
          attrs: { id: dayRowId(day.date), tabindex: '-1' },
          data: { date: day.date, startMs: String(day.window.startMs), endMs: String(day.window.endMs) },
        },
        label,
        bar,
      ),
    );
  }
  return fragment;
}

/** Marks findings (thin band on top) and data gaps (band at the bottom) on the day bars. */
export function renderMarks(chart: HTMLElement, findings: readonly Finding[], gaps: readonly DataGap[]): void {
  for (const row of Array.from(chart.querySelectorAll<HTMLElement>('.day-row'))) {
    const date = row.dataset.date!;
    const marks = row.querySelector<HTMLElement>('.marks')!;
    marks.replaceChildren();
    findings.forEach((f, i) => {
      if (!f.start || !f.end) return;
      const span = spanOnDay(date, f.start, f.end, windowOf(row));
      if (!span) return;
      const band = el('span', { class: `mark finding status-${f.status.toLowerCase()}`, data: { finding: String(i) } });
      place(band, span.left, span.width);
      marks.append(band);
    });
    for (const g of gaps) {
      const span = spanOnDay(date, g.start, g.end, windowOf(row));
      if (!span) continue;
      const band = el('span', { class: 'mark gap' });
      place(band, span.left, span.width);
      marks.append(band);
    }
  }
}

/**
 * Highlights [start, end) on every day row it touches, scrolls the first such row into view and
 * focuses it. Returns the rows highlighted (none when the span lies outside the shown week).
 */
export function highlightSpan(chart: HTMLElement, start: string, end: string): HTMLElement[] {
  for (const old of Array.from(chart.querySelectorAll('.highlight'))) old.remove();
  for (const row of Array.from(chart.querySelectorAll('.day-row.flash'))) row.classList.remove('flash');
  const rows: HTMLElement[] = [];
  for (const row of Array.from(chart.querySelectorAll<HTMLElement>('.day-row'))) {
    const span = spanOnDay(row.dataset.date!, start, end, windowOf(row));
    if (!span) continue;
    const box = el('span', { class: 'highlight', attrs: { 'aria-hidden': 'true' } });
    place(box, span.left, span.width);
    row.querySelector('.bar')!.append(box);
    row.classList.add('flash');
    rows.push(row);
  }
  const first = rows[0];
  if (first) {
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
  }
  return rows;
}

function segmentsOf(bar: Element): HTMLButtonElement[] {
  return Array.from(bar.querySelectorAll<HTMLButtonElement>('button.seg'));
}

function moveFocus(to: HTMLButtonElement | undefined): void {
  if (!to) return;
  const bar = to.closest('.bar');
  if (bar) for (const s of segmentsOf(bar)) s.tabIndex = s === to ? 0 : -1;
  to.focus();
}

/** The segment of another day covering the same time of day as `from` (or the nearest one). */
function sameTimeIn(bar: Element, from: HTMLButtonElement): HTMLButtonElement | undefined {
  const left = parseFloat(from.style.left) + parseFloat(from.style.width) / 2;
  let best: HTMLButtonElement | undefined;
  let bestDistance = Infinity;
  for (const s of segmentsOf(bar)) {
    const l = parseFloat(s.style.left);
    const r = l + parseFloat(s.style.width);
    const distance = left < l ? l - left : left > r ? left - r : 0;
    if (distance < bestDistance) {
      best = s;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Keyboard use of the chart: Tab reaches one segment per day (roving tabindex); Left/Right, Home/End
 * move within the day, Up/Down to the same time on the previous / next day.
 */
export function handleChartKey(event: KeyboardEvent): void {
  const target = event.target as HTMLElement;
  if (!target.matches('button.seg')) return;
  const seg = target as HTMLButtonElement;
  const bar = seg.closest('.bar')!;
  const segs = segmentsOf(bar);
  const i = segs.indexOf(seg);
  const rows = Array.from(seg.closest('.chart')!.querySelectorAll('.day-row'));
  const r = rows.indexOf(seg.closest('.day-row')!);
  let next: HTMLButtonElement | undefined;
  switch (event.key) {
    case 'ArrowRight':
      next = segs[i + 1];
      break;
    case 'ArrowLeft':
      next = segs[i - 1];
      break;
    case 'Home':
      next = segs[0];
      break;
    case 'End':
      next = segs[segs.length - 1];
      break;
    case 'ArrowDown':
    case 'ArrowUp': {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      for (let k = r + step; k >= 0 && k < rows.length && !next; k += step) {
        next = sameTimeIn(rows[k]!.querySelector('.bar')!, seg);
      }
      break;
    }
    default:
      return;
  }
  event.preventDefault();
  moveFocus(next);
}

/** Marks the days imports disagree about (hatched day row, named for screen readers). */
export function markConflicts(chart: HTMLElement, dates: ReadonlySet<string>): void {
  for (const row of Array.from(chart.querySelectorAll<HTMLElement>('.day-row'))) {
    const conflict = dates.has(row.dataset.date!);
    row.classList.toggle('conflict', conflict);
    row.querySelector('.conflict-note')?.remove();
    if (conflict)
      row.querySelector('.day-label')!.append(el('span', { class: 'conflict-note', text: 'imports disagree' }));
  }
}
