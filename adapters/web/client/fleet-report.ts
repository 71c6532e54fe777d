/**
 * The fleet report control on the fleet page: a period (by default the last calendar month, the month an office
 * checks in one go) and links to the fleet report of that period — every driver's findings, one section per driver —
 * as HTML, PDF and CSV. The links follow the dates as they are changed; no request is made until one is followed.
 */

import { el } from './dom.js';
import { DATE_FIELD_ATTRS, DATE_FIELD_HINT, readDateField } from './date-field.js';
import { dateOfMs } from './iso-week.js';

/** The calendar month before the one holding `now` (UTC dates), as the report's default period. */
export function lastMonth(now: Date): { dateFrom: string; dateTo: string } {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 86_400_000;
  return { dateFrom: dateOfMs(first), dateTo: dateOfMs(end) };
}

/** The three documents of a period (relative URLs, served by the service beside the page). */
export function fleetReportHrefs(dateFrom: string, dateTo: string, tz: string | null) {
  const params = new URLSearchParams({ date_from: dateFrom, date_to: dateTo });
  if (tz) params.set('tz', tz);
  return {
    html: `fleet-report?${params}`,
    pdf: `fleet-report.pdf?${params}`,
    csv: `export/fleet-findings.csv?${params}`,
  };
}

export function fleetReportControl(tz: string | null, now: Date = new Date()): HTMLElement {
  const period = lastMonth(now);
  const from = el('input', {
    class: 'fleet-report-from',
    attrs: { ...DATE_FIELD_ATTRS, id: 'fleet-report-from', value: period.dateFrom },
  });
  const to = el('input', {
    class: 'fleet-report-to',
    attrs: { ...DATE_FIELD_ATTRS, id: 'fleet-report-to', value: period.dateTo },
  });
  const html = el('a', { class: 'fleet-report-html', text: 'Fleet report' });
  const pdf = el('a', { class: 'button pdf fleet-report-pdf', text: 'PDF', attrs: { download: '' } });
  const csv = el('a', { class: 'button csv fleet-report-csv', text: 'CSV', attrs: { download: '' } });
  const note = el('span', { class: 'cell-note', attrs: { role: 'status' } });
  const update = () => {
    const [first, last] = [readDateField(from), readDateField(to)];
    const ok = Boolean(first && last && first <= last);
    const typo = first === undefined || last === undefined;
    note.textContent = ok ? '' : typo ? DATE_FIELD_HINT : 'Choose a period whose first day is not after its last.';
    const hrefs = fleetReportHrefs(first ?? '', last ?? '', tz);
    for (const [link, href] of [
      [html, hrefs.html],
      [pdf, hrefs.pdf],
      [csv, hrefs.csv],
    ] as const) {
      if (ok) link.setAttribute('href', href);
      else link.removeAttribute('href');
    }
  };
  from.addEventListener('change', update);
  to.addEventListener('change', update);
  update();
  return el(
    'fieldset',
    { class: 'fleet-report', attrs: { id: 'fleet-report' }, data: { tz: tz ?? '' } },
    el('legend', { text: 'Fleet report: every driver’s findings of a period' }),
    el('label', { text: 'From ', attrs: { for: 'fleet-report-from' } }),
    from,
    ' ',
    el('label', { text: 'To ', attrs: { for: 'fleet-report-to' } }),
    to,
    ' ',
    html,
    ' ',
    pdf,
    ' ',
    csv,
    ' ',
    note,
  );
}
