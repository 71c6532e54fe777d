/** Per-day and week totals (h:mm) with distances, as a table under the chart. */

import { el } from './dom.js';
import { dayLabels, formatHm, formatKm } from './format.js';
import type { Totals, WeekOverview } from './types.js';

const COLUMNS: { key: keyof Totals; label: string; short: string }[] = [
  { key: 'DRIVING', label: 'Driving', short: 'Drive' },
  { key: 'WORK', label: 'Work', short: 'Work' },
  { key: 'AVAILABILITY', label: 'Availability', short: 'Avail.' },
  { key: 'REST', label: 'Rest', short: 'Rest' },
  { key: 'UNKNOWN', label: 'Unknown', short: 'Unkn.' },
];

function headerCell(label: string, short: string): HTMLTableCellElement {
  return el(
    'th',
    { attrs: { scope: 'col' } },
    el('span', { class: 'long', text: label }),
    el('span', { class: 'short', text: short, attrs: { 'aria-hidden': 'true' } }),
  );
}

function totalsRow(head: HTMLElement, totals: Totals, km: number | null, data: Record<string, string>): HTMLTableRowElement {
  const row = el('tr', { data }, head);
  for (const c of COLUMNS) row.append(el('td', { text: formatHm(totals[c.key] ?? 0), data: { total: c.key } }));
  row.append(el('td', { text: formatKm(km), data: { total: 'distance' } }));
  return row;
}

export function renderTotals(week: WeekOverview): HTMLTableElement {
  const head = el('tr', {}, headerCell('Day', 'Day'));
  for (const c of COLUMNS) head.append(headerCell(c.label, c.short));
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
    body.append(totalsRow(th, day.totals, day.distance_km, { date: day.date }));
  }
  const foot = el('tfoot', {}, totalsRow(el('th', { text: 'Week', attrs: { scope: 'row' } }), week.totals, kmKnown ? km : null, { week: week.week }));
  return el(
    'table',
    { class: 'totals' },
    el('caption', { text: `Totals of ${week.week} (h:mm; UTC days ${week.start_date} to ${week.end_date})` }),
    el('thead', {}, head),
    body,
    foot,
  );
}
