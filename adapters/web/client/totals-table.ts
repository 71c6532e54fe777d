/**
 * Per-day and week totals (h:mm) with distances, as a table under the chart. A day without any record says
 * so instead of showing 0:00; the `Recorded` column is the day's five activity totals added up (24:00 for a
 * fully recorded day), and the week row is the sum of the day rows, so every total adds up.
 */

import { ACTIVITY_NAMES } from '../../vocabulary/activity-words.js';
import { el } from './dom.js';
import { dayLabels, formatHm, formatKm } from './format.js';
import type { Totals, WeekOverview } from './types.js';

const COLUMNS: { key: keyof Totals; label: string; short: string }[] = [
  { key: 'DRIVING', label: ACTIVITY_NAMES.DRIVING, short: 'Drive' },
  { key: 'WORK', label: ACTIVITY_NAMES.WORK, short: 'Work' },
  { key: 'AVAILABILITY', label: ACTIVITY_NAMES.AVAILABILITY, short: 'Avail.' },
  { key: 'REST', label: ACTIVITY_NAMES.REST, short: 'Rest' },
  { key: 'UNKNOWN', label: ACTIVITY_NAMES.UNKNOWN, short: 'Unkn.' },
];

function headerCell(label: string, short: string): HTMLTableCellElement {
  return el(
    'th',
    { attrs: { scope: 'col' } },
    el('span', { class: 'long', text: label }),
    el('span', { class: 'short', text: short, attrs: { 'aria-hidden': 'true' } }),
  );
}

function recorded(totals: Totals): number {
  return COLUMNS.reduce((sum, c) => sum + (totals[c.key] ?? 0), 0);
}

function totalsRow(
  head: HTMLElement,
  totals: Totals,
  km: number | null,
  data: Record<string, string>,
): HTMLTableRowElement {
  const row = el('tr', { data }, head);
  for (const c of COLUMNS) row.append(el('td', { text: formatHm(totals[c.key] ?? 0), data: { total: c.key } }));
  row.append(el('td', { class: 'recorded', text: formatHm(recorded(totals)), data: { total: 'recorded' } }));
  row.append(el('td', { text: formatKm(km), data: { total: 'distance' } }));
  return row;
}

function noRecordRow(head: HTMLElement, data: Record<string, string>): HTMLTableRowElement {
  const row = el('tr', { class: 'no-record', data: { ...data, empty: 'true' } }, head);
  for (const c of COLUMNS) row.append(el('td', { text: '–', data: { total: c.key } }));
  row.append(el('td', { class: 'recorded', text: 'no record', data: { total: 'recorded' } }));
  row.append(el('td', { text: '–', data: { total: 'distance' } }));
  return row;
}

/** The week's totals as the sum of its days (what the table shows). */
export function sumDays(week: WeekOverview): Totals {
  const sum: Totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  for (const day of week.days) for (const c of COLUMNS) sum[c.key] += day.totals[c.key] ?? 0;
  return sum;
}

/**
 * The totals of `week` (its days as the API serves them, or as local days of the display zone: ./local-weeks.ts;
 * `timeZone` names them in the caption).
 */
export function renderTotals(week: WeekOverview, timeZone = 'UTC'): HTMLTableElement {
  const head = el('tr', {}, headerCell('Day', 'Day'));
  for (const c of COLUMNS) head.append(headerCell(c.label, c.short));
  head.append(headerCell('Recorded', 'Rec.'));
  head.append(headerCell('Distance', 'km'));
  const body = el('tbody');
  let km = 0;
  let kmKnown = false;
  for (const day of week.days) {
    const labels = dayLabels(day.date);
    if (day.distance_km != null) {
      km += day.distance_km;
      kmKnown = true;
    }
    const th = el(
      'th',
      { attrs: { scope: 'row' } },
      el('span', { class: 'long', text: labels.long }),
      el('span', { class: 'short', text: labels.short, attrs: { 'aria-hidden': 'true' } }),
    );
    body.append(
      day.intervals.length
        ? totalsRow(th, day.totals, day.distance_km, { date: day.date })
        : noRecordRow(th, { date: day.date }),
    );
  }
  const foot = el(
    'tfoot',
    {},
    totalsRow(el('th', { text: 'Week', attrs: { scope: 'row' } }), sumDays(week), kmKnown ? km : null, {
      week: week.week,
    }),
  );
  return el(
    'table',
    { class: 'totals' },
    el('caption', {
      text:
        timeZone === 'UTC'
          ? `Totals of ${week.week} (h:mm; UTC days ${week.start_date} to ${week.end_date})`
          : `Totals of ${week.week} (h:mm; days in ${timeZone}, ${week.start_date} to ${week.end_date}; distance of the UTC day)`,
    }),
    el('thead', {}, head),
    body,
    foot,
  );
}
