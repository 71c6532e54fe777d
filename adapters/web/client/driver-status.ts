/**
 * The driver's remaining time at the end of the data (the pre-check's `driver_status`, shown for the newest
 * week) and the week's working time under the Working Time Directive next to the driving total.
 */

import { el } from './dom.js';
import { displayTimeZone, formatDateTime } from './format.js';
import { hours, statusLines } from './status-lines.js';
import type { DriverStatus, Totals, WorkingTime } from './types.js';

export function renderDriverStatus(s: DriverStatus): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(
    el('h3', { text: `Driver status at ${formatDateTime(s.at)} ${displayTimeZone()} (end of the data)` }),
  );
  const dl = el('dl', { class: 'status-list' });
  for (const [label, value] of statusLines(s))
    dl.append(el('div', {}, el('dt', { text: label }), el('dd', { text: value })));
  fragment.append(dl);
  return fragment;
}

/** The line above the totals: driving, and working time (WTD) when the service could compute it. */
export function weekSummaryLine(
  week: string,
  totals: Totals,
  wt: WorkingTime | null,
  wtError: string | null,
): HTMLElement {
  const p = el('p', { class: 'week-summary' });
  p.append(
    el(
      'span',
      { class: 'figure', data: { figure: 'driving' } },
      'Driving ',
      el('strong', { text: hours(totals.DRIVING) }),
    ),
  );
  const row = wt?.weeks.find((w) => w.week === week);
  if (row) {
    p.append(
      ' · ',
      el(
        'span',
        { class: 'figure', data: { figure: 'working-time' } },
        'Working time ',
        el('strong', { text: hours(row.working_time) }),
      ),
      el('span', {
        class: 'cell-note',
        text: `Working Time Directive: driving ${hours(row.driving)} + other work ${hours(row.work)}; availability (${hours(row.availability)}) is not working time.`,
      }),
    );
  } else {
    p.append(
      ' · ',
      el('span', {
        class: 'figure muted',
        data: { figure: 'working-time' },
        text: wtError ? `working time not available (${wtError})` : 'working time: no data for this week',
      }),
    );
  }
  return p;
}
