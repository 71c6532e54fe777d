/**
 * The fleet table: one row per card from `GET /drivers`, sortable by its column headers (buttons, so the
 * keyboard reaches them; `aria-sort` tells screen readers), each driver linking to the week view, and the
 * counts above it from `GET /drivers/summary`.
 */

import { authenticityText } from '../../vocabulary/people-text.js';
import { COUNT_WORDS, countWords } from '../../vocabulary/count-words.js';
import { el } from './dom.js';
import {
  downloadUrgency,
  expiryUrgency,
  fleetName,
  importsText,
  infringements,
  rowFindingsText,
} from './fleet-rows.js';
import { daysText, formatDate } from './format.js';
import { rowFindingDays, rowWeek } from './finding-week.js';
import { letterLinks } from './letter-links.js';
import type { FleetRow, FleetSummary } from './types.js';
import { EXPIRING_DAYS, type FleetSort, isTodayList, type ViewState, viewStateSearch } from './url-state.js';

export interface FleetHandlers {
  /** A driver's link was followed (plain click): open the week view (of the row's finding) without reloading. */
  open(card: string, row: FleetRow): void;
  sort(column: FleetSort): void;
}

interface Column {
  label: string;
  sort: FleetSort | null;
  cell(row: FleetRow, state: ViewState, handlers: FleetHandlers): HTMLTableCellElement;
}

function td(label: string, ...children: (Node | string)[]): HTMLTableCellElement {
  return el('td', { data: { label } }, ...children);
}

function note(text: string, cls = 'cell-note'): HTMLElement {
  return el('span', { class: cls, text });
}

/** roadside readiness: days of today and the previous 56 without card data */
function readinessNote(r: FleetRow): HTMLElement[] {
  if (r.readiness_missing_days == null) return [];
  const text =
    r.readiness_missing_days === 0
      ? 'roadside: all 57 days'
      : `roadside: ${r.readiness_missing_days} of 57 days missing`;
  return [note(text, 'cell-note readiness')];
}

function driverCell(row: FleetRow, state: ViewState, handlers: FleetHandlers): HTMLTableCellElement {
  const href =
    viewStateSearch({
      ...state,
      card_number: row.card_number,
      // the week of the row's most serious finding where the row names it (a new tab opens it too)
      week: rowWeek(row),
      import_id: null,
      date_from: null,
      date_to: null,
    }) || '?';
  const link = el('a', {
    class: 'driver-link',
    text: fleetName(row),
    attrs: { href },
    data: { card: row.card_number },
  });
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    handlers.open(row.card_number, row);
  });
  return el('th', { attrs: { scope: 'row' }, data: { label: 'Driver' } }, link);
}

function dueCell(row: FleetRow): HTMLTableCellElement {
  const urgency = downloadUrgency(row);
  const cell = td('Next download due', formatDate(row.next_download_due));
  cell.dataset.urgency = urgency;
  if (urgency === 'overdue') cell.append(' ', el('span', { class: 'pill pill-overdue', text: 'overdue' }));
  const when = daysText(row.download_days_left);
  if (when) cell.append(note(when));
  return cell;
}

function expiryCell(row: FleetRow): HTMLTableCellElement {
  const urgency = expiryUrgency(row);
  const cell = td('Card expiry', formatDate(row.expiry_date));
  cell.dataset.urgency = urgency;
  if (urgency === 'overdue') cell.append(' ', el('span', { class: 'pill pill-overdue', text: 'expired' }));
  else if (urgency === 'soon') cell.append(' ', el('span', { class: 'pill pill-soon', text: 'expiring' }));
  const when = daysText(row.expiry_days_left);
  if (when) cell.append(note(when));
  return cell;
}

function lastDownloadCell(row: FleetRow): HTMLTableCellElement {
  const cell = td('Last download', formatDate(row.last_download));
  if (row.last_download_source === 'CARD_DOWNLOAD') cell.append(note('card download time'));
  else if (row.last_download_source === 'ACTIVITY_END')
    cell.append(note('end of activity data (no download time on the card)'));
  return cell;
}

export function authenticityBadge(status: string | null | undefined): HTMLElement {
  const s = status ?? 'UNKNOWN';
  const text =
    { VERIFIED: 'verified', INVALID: 'invalid', UNVERIFIABLE: 'unverifiable', UNSIGNED: 'unsigned' }[s] ??
    'not checked';
  return el('span', {
    class: `auth auth-${s.toLowerCase()}`,
    text,
    data: { authenticity: s },
    attrs: { title: authenticityText(status) },
  });
}

const COLUMNS: Column[] = [
  { label: 'Driver', sort: 'surname', cell: driverCell },
  { label: 'Card', sort: 'card_number', cell: (r) => td('Card', r.card_number, note(r.issuing_member_state ?? '')) },
  { label: 'Last download', sort: 'last_download', cell: lastDownloadCell },
  { label: 'Next download due', sort: 'due', cell: dueCell },
  { label: 'Card expiry', sort: 'expiry_date', cell: expiryCell },
  {
    label: 'Data, last 28 days',
    sort: null,
    cell: (r) =>
      td(
        'Data, last 28 days',
        r.coverage_days_28 == null ? '–' : `${r.coverage_days_28} of 28 days`,
        ...readinessNote(r),
      ),
  },
  { label: 'Authenticity', sort: null, cell: (r) => td('Authenticity', authenticityBadge(r.authenticity_status)) },
  { label: 'Imports', sort: null, cell: (r) => td('Imports', importsText(r)) },
  {
    label: 'Findings, last 4 weeks',
    sort: 'findings',
    cell: (r, state) => {
      const cell = td('Findings, last 4 weeks', rowFindingsText(r));
      if (r.findings_4w_evaluated === false) cell.classList.add('not-evaluated');
      else if (infringements(r.findings_4w) > 0) cell.classList.add('has-findings');
      // the driver letter of the weeks the column counts, for a row with findings
      const days = rowFindingDays(r);
      const some = Object.values(r.findings_4w ?? {}).some((n) => n > 0);
      if (days && some && r.findings_4w_evaluated !== false)
        cell.append(' ', letterLinks(r.card_number, days.dateFrom, days.dateTo, state.tz));
      return cell;
    },
  },
];

function headerCell(c: Column, state: ViewState, handlers: FleetHandlers): HTMLTableCellElement {
  if (!c.sort) return el('th', { text: c.label, attrs: { scope: 'col' } });
  const sort = c.sort;
  const active = state.sort === sort;
  const th = el('th', { class: 'sortable', attrs: { scope: 'col' } });
  if (active) th.setAttribute('aria-sort', state.order === 'asc' ? 'ascending' : 'descending');
  const arrow = active ? (state.order === 'asc' ? ' ▲' : ' ▼') : '';
  const button = el(
    'button',
    {
      class: 'sort',
      attrs: { type: 'button', 'aria-label': `Sort by ${c.label.toLowerCase()}` },
      data: { sort },
    },
    c.label,
    el('span', { class: 'arrow', text: arrow, attrs: { 'aria-hidden': 'true' } }),
  );
  button.addEventListener('click', () => handlers.sort(sort));
  th.append(button);
  return th;
}

export function renderFleetTable(
  rows: readonly FleetRow[],
  state: ViewState,
  handlers: FleetHandlers,
): HTMLTableElement {
  const head = el('tr', {}, ...COLUMNS.map((c) => headerCell(c, state, handlers)));
  const body = el('tbody');
  for (const row of rows) {
    const tr = el('tr', { data: { card: row.card_number, urgency: downloadUrgency(row) } });
    for (const c of COLUMNS) tr.append(c.cell(row, state, handlers));
    body.append(tr);
  }
  return el(
    'table',
    { class: 'fleet' },
    el('caption', { class: 'sr-only', text: 'Drivers' }),
    el('thead', {}, head),
    body,
  );
}

/** The counts above the table, each with its words in the singular or the plural. */
export function renderSummary(s: FleetSummary): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const keys = ['drivers', 'overdue', 'expired', 'expiring_30d', 'with_infringements', 'not_evaluated'] as const;
  for (const key of keys) {
    // an older service without a count: the tile is left out rather than shown as 0
    const value = s[key];
    if (value === undefined) continue;
    fragment.append(
      el(
        'li',
        { class: `count count-${key}${value > 0 && key !== 'drivers' ? ' alert' : ''}`, data: { count: key } },
        el('span', { class: 'count-value', text: String(value) }),
        el('span', { class: 'count-label', text: countWords(value, COUNT_WORDS[key]) }),
      ),
    );
  }
  return fragment;
}

/** drivers.csv of the list as shown (its sort and filters, every page), beside the counts. */
export function driversCsvLinks(state: ViewState): HTMLElement {
  const query: Record<string, string> = { sort: state.sort, order: state.order };
  if (isTodayList(state.filter)) query.list = state.filter;
  else {
    if (state.q) query.q = state.q;
    if (state.filter === 'overdue') query.overdue = 'true';
    if (state.filter === 'expiring') query.expiring_within_days = String(EXPIRING_DAYS);
  }
  if (state.tz) query.tz = state.tz;
  const link = (text: string, extra: Record<string, string>, title: string) =>
    el('a', {
      class: 'button csv',
      text,
      attrs: { href: `export/drivers.csv?${new URLSearchParams({ ...query, ...extra })}`, download: '', title },
    });
  return el(
    'p',
    { class: 'document-links', attrs: { id: 'fleet-documents' } },
    'Export this list: ',
    link('CSV', {}, "This list as CSV (separated as the office's locale expects)"),
    ' ',
    link('CSV (;)', { delimiter: ';' }, 'This list as CSV separated by semicolons'),
  );
}
