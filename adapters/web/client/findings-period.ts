/**
 * The findings area's period and filters (the week, the last 4 weeks, the calendar month, or chosen dates; the
 * severities shown) and its list, rendered from GET /findings: the same findings, in the same order (most
 * serious first), as the report and findings.csv for the same period and filters. The report link carries them.
 */

import { el } from './dom.js';
import { DATE_FIELD_ATTRS, readDateField } from './date-field.js';
import { findingItem, type ShowOnChart } from './findings.js';
import { reviewControls, type ReviewPorts } from './review-controls.js';
import { letterLinks } from './letter-links.js';
import { addWeeks, dateOfMs, type IsoWeek, utcDayMs, weekDates } from './iso-week.js';
import type { Params } from './api.js';
import type { FindingsPage } from './types.js';
import {
  FINDINGS_PERIODS,
  type FindingsPeriod,
  readingParams,
  SEVERITIES,
  type SeverityFilter,
  type ViewState,
} from './url-state.js';

export interface PeriodRange {
  dateFrom: string;
  dateTo: string;
  /** what the heading calls the period */
  label: string;
}

const PERIOD_LABELS: Record<FindingsPeriod | 'custom', string> = {
  week: 'This week',
  '4w': 'The last 4 weeks',
  month: 'The month',
  custom: 'Chosen dates',
};

/** The calendar month holding the week's Thursday (the day that gives an ISO week its year). */
function monthOf(week: IsoWeek): { dateFrom: string; dateTo: string } {
  const thursday = new Date(utcDayMs(weekDates(week)[3]!));
  const first = Date.UTC(thursday.getUTCFullYear(), thursday.getUTCMonth(), 1);
  const next = Date.UTC(thursday.getUTCFullYear(), thursday.getUTCMonth() + 1, 1);
  return { dateFrom: dateOfMs(first), dateTo: dateOfMs(next - 86_400_000) };
}

/** The period the findings area lists: chosen dates first, else the chosen kind around the shown week. */
export function findingsRange(state: Pick<ViewState, 'date_from' | 'date_to' | 'period'>, week: IsoWeek): PeriodRange {
  const days = weekDates(week);
  if (state.date_from || state.date_to) {
    const dateFrom = state.date_from ?? days[0]!;
    const dateTo = state.date_to ?? days[6]!;
    return { dateFrom, dateTo, label: `${dateFrom} to ${dateTo}` };
  }
  if (state.period === '4w')
    return {
      dateFrom: weekDates(addWeeks(week, -3))[0]!,
      dateTo: days[6]!,
      label: `${weekDates(addWeeks(week, -3))[0]} to ${days[6]}`,
    };
  if (state.period === 'month') {
    const month = monthOf(week);
    return { ...month, label: `${month.dateFrom} to ${month.dateTo}` };
  }
  return { dateFrom: days[0]!, dateTo: days[6]!, label: `${days[0]} to ${days[6]}` };
}

/** The findings selection (GET /findings, the report, findings.csv): basis, period, severities, assumptions. */
export function findingsParams(basis: Params, state: ViewState, week: IsoWeek): Params {
  const range = findingsRange(state, week);
  const params: Params = { ...basis, date_from: range.dateFrom, date_to: range.dateTo, ...readingParams(state) };
  if (state.severity.length > 0) params.severity = state.severity.join(',');
  if (state.include_quarantined) params.include_quarantined = 'true';
  return params;
}

/** The office documents show times in the zone the user chose (`tz` in the URL), else the service's zone. */
export function withZone(params: Params, state: Pick<ViewState, 'tz'>): Params {
  return state.tz ? { ...params, tz: state.tz } : params;
}

/** The printable report of what the findings area shows ("print what I see"); the report takes a card basis. */
export function reportHref(state: ViewState, week: IsoWeek): string {
  const params = withZone(findingsParams({ card_number: state.card_number ?? '' }, state, week), state);
  return `report?${new URLSearchParams(params)}`;
}

/** The driver letter of what the findings area lists (its period). */
export function weekLetterLinks(state: ViewState, week: IsoWeek): HTMLElement {
  const range = findingsRange(state, week);
  return letterLinks(state.card_number ?? '', range.dateFrom, range.dateTo, state.tz);
}

/** PDF and CSV of exactly what the findings area lists (the same selection), beside it. */
export function documentLinks(state: ViewState, week: IsoWeek, basis: Params): HTMLElement {
  const report = new URLSearchParams(
    withZone(findingsParams({ card_number: state.card_number ?? '' }, state, week), state),
  );
  const csv = new URLSearchParams(withZone(findingsParams(basis, state, week), state));
  const semicolon = new URLSearchParams({ ...Object.fromEntries(csv), delimiter: ';' });
  return el(
    'span',
    { class: 'document-links' },
    el('a', {
      class: 'button pdf',
      text: 'PDF',
      attrs: { href: `report.pdf?${report}`, download: '', title: 'The printable report of these findings (PDF)' },
    }),
    ' ',
    el('a', {
      class: 'button csv',
      text: 'CSV',
      attrs: {
        href: `export/findings.csv?${csv}`,
        download: '',
        title: "These findings as CSV (separated as the office's locale expects)",
      },
    }),
    ' ',
    el('a', {
      class: 'button csv',
      text: 'CSV (;)',
      attrs: {
        href: `export/findings.csv?${semicolon}`,
        download: '',
        title: 'These findings as CSV separated by semicolons (German, Polish spreadsheet settings)',
      },
    }),
  );
}

/** The period and severity choices; a change navigates (the URL keeps them). */
export function renderPeriodControls(
  state: ViewState,
  week: IsoWeek,
  go: (change: Partial<ViewState>) => void,
  basis: Params = { card_number: state.card_number ?? '' },
): HTMLElement {
  const custom = Boolean(state.date_from || state.date_to);
  const select = el('select', { class: 'findings-period', attrs: { 'aria-label': 'Period of the findings' } });
  for (const kind of [...FINDINGS_PERIODS, 'custom'] as const) {
    const option = el('option', { text: PERIOD_LABELS[kind], attrs: { value: kind } });
    if ((custom && kind === 'custom') || (!custom && state.period === kind)) option.selected = true;
    select.append(option);
  }
  const range = findingsRange(state, week);
  const from = el('input', {
    class: 'findings-from',
    attrs: { ...DATE_FIELD_ATTRS, value: range.dateFrom, 'aria-label': 'From' },
  });
  const to = el('input', {
    class: 'findings-to',
    attrs: { ...DATE_FIELD_ATTRS, value: range.dateTo, 'aria-label': 'To' },
  });
  const dates = el('span', { class: 'findings-dates' }, from, ' – ', to);
  dates.hidden = !custom;
  select.addEventListener('change', () => {
    if (select.value === 'custom') dates.hidden = false;
    else go({ period: select.value as FindingsPeriod, date_from: null, date_to: null });
  });
  const applyDates = () => {
    const [first, last] = [readDateField(from), readDateField(to)];
    if (first && last) go({ date_from: first, date_to: last });
  };
  from.addEventListener('change', applyDates);
  to.addEventListener('change', applyDates);
  const boxes = SEVERITIES.map((s) => {
    const box = el('input', { attrs: { type: 'checkbox', value: s } });
    box.checked = state.severity.includes(s);
    box.addEventListener('change', () =>
      go({
        severity: SEVERITIES.filter((x) => (x === s ? box.checked : state.severity.includes(x))) as SeverityFilter[],
      }),
    );
    return el('label', { class: 'severity-choice' }, box, ` ${s}`);
  });
  return el(
    'div',
    { class: 'findings-controls' },
    select,
    ' ',
    dates,
    ' ',
    el('span', { class: 'severity-filter', text: 'Severity: ' }, ...boxes),
    ' ',
    documentLinks(state, week, basis),
  );
}

/**
 * The findings of the period as GET /findings lists them (most serious first), each linked to the chart, and with
 * `review`, each with its follow-up (review-controls.ts).
 */
export function renderPeriodFindings(page: FindingsPage, show: ShowOnChart, review?: ReviewPorts): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const heading = el('h3', { text: `Findings (${page.total})` });
  if (page.date_from && page.date_to) {
    const context = page.context_from
      ? ` The pre-check also looked at the 3 weeks before (from ${page.context_from}).`
      : '';
    heading.append(' ', el('span', { class: 'heading-note', text: `${page.date_from} to ${page.date_to}.${context}` }));
  }
  fragment.append(heading);
  if (page.items.length === 0) {
    fragment.append(
      el('p', { class: 'empty-note', text: 'No finding in this period (see below for what was not evaluated).' }),
    );
    return fragment;
  }
  fragment.append(
    el(
      'ol',
      { class: 'findings-list period' },
      ...page.items.map((f, i) => {
        const item = findingItem(f, i, show);
        Object.assign(item.dataset, {
          source: f.source,
          severity: f.severity ?? '',
          start: f.start ?? '',
          end: f.end ?? '',
          review: f.review_status,
        });
        if (f.source === 'wtd') item.append(el('span', { class: 'flag flag-wtd', text: 'Working Time Directive' }));
        if (review && f.finding_id)
          item.append(
            reviewControls(f.finding_id, f.review_status, {
              ...review,
              reviewed: (h) => {
                item.dataset.review = h.status;
                review.reviewed(h);
              },
            }),
          );
        return item;
      }),
    ),
  );
  return fragment;
}
