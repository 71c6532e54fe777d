/**
 * The driver's remaining time at the end of the data (the pre-check's `driver_status`, shown for the newest
 * week) and the week's working time under the Working Time Directive next to the driving total.
 */

import { el } from './dom.js';
import { formatDateTime, formatDuration } from './format.js';
import type { DriverStatus, Totals, WorkingTime } from './types.js';

function count(n: number | null | undefined): string {
  return n == null ? '–' : String(n);
}

const hours = (s: number | null | undefined) => formatDuration(s, false);

function usedLeft(used: number | null, left: number | null, limit?: number | null): string {
  const parts = [hours(used)];
  if (limit != null) parts.push(`of ${hours(limit)}`);
  if (left != null) parts.push(`· ${hours(left)} left`);
  return parts.join(' ');
}

/** Label / value pairs of a driver status, in reading order. Pure. */
export function statusLines(s: DriverStatus): [string, string][] {
  const lines: [string, string][] = [
    ['Driving today', usedLeft(s.driving_today, s.driving_left_today, s.daily_driving_limit)],
    ['10 h days left this week', count(s.extended_days_left_this_week)],
    ['Driving since the last break', `${formatDuration(s.driving_since_break)} · break due after ${formatDuration(s.driving_left_before_break)} more driving`],
    ['Driving this week', usedLeft(s.weekly_driving, s.weekly_driving_left, 56 * 3600)],
    ['Driving in two weeks', usedLeft(s.fortnightly_driving, s.fortnightly_driving_left, 90 * 3600)],
    ['Reduced daily rests left', count(s.reduced_daily_rests_left)],
    ['Next daily rest must start by', s.next_daily_rest_latest_start ? `${formatDateTime(s.next_daily_rest_latest_start)} UTC` : '–'],
    ['Next weekly rest must start by', s.next_weekly_rest_latest_start ? `${formatDateTime(s.next_weekly_rest_latest_start)} UTC` : '–'],
  ];
  for (const c of s.compensation_owed ?? []) {
    lines.push([`Compensation owed for ${c.week}`, `${formatDuration(c.seconds)}${c.due_by ? ` by ${formatDateTime(c.due_by)} UTC` : ''}`]);
  }
  return lines;
}

export function renderDriverStatus(s: DriverStatus): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(el('h3', { text: `Driver status at ${formatDateTime(s.at)} UTC (end of the data)` }));
  const dl = el('dl', { class: 'status-list' });
  for (const [label, value] of statusLines(s)) dl.append(el('div', {}, el('dt', { text: label }), el('dd', { text: value })));
  fragment.append(dl);
  return fragment;
}

/** The line above the totals: driving, and working time (WTD) when the service could compute it. */
export function weekSummaryLine(week: string, totals: Totals, wt: WorkingTime | null, wtError: string | null): HTMLElement {
  const p = el('p', { class: 'week-summary' });
  p.append(el('span', { class: 'figure', data: { figure: 'driving' } }, 'Driving ', el('strong', { text: hours(totals.DRIVING) })));
  const row = wt?.weeks.find((w) => w.week === week);
  if (row) {
    p.append(
      ' · ',
      el('span', { class: 'figure', data: { figure: 'working-time' } }, 'Working time ', el('strong', { text: hours(row.working_time) })),
      el('span', { class: 'cell-note', text: `Working Time Directive: driving ${hours(row.driving)} + other work ${hours(row.work)}; availability (${hours(row.availability)}) is not working time.` }),
    );
  } else {
    p.append(' · ', el('span', { class: 'figure muted', data: { figure: 'working-time' }, text: wtError ? `working time not available (${wtError})` : 'working time: no data for this week' }));
  }
  return p;
}
