/**
 * The tabs under the week: the week's card events, faults, vehicles used and places, each a table read from
 * its endpoint (`/events`, `/faults`, `/vehicles-used`, `/positions`) for the week's dates. WAI-ARIA tabs:
 * one tab stop, arrow keys / Home / End move between tabs, the panel follows.
 */

import { listRows, type Params, type RowKind } from './api.js';
import { el } from './dom.js';
import { displayTimeZone, formatDateTime, formatKm } from './format.js';
import type { EventFaultRow, PositionRow, VehicleUsedRow } from './types.js';
import { TABS, type Tab } from './url-state.js';

const LABELS: Record<Tab, string> = { events: 'Events', faults: 'Faults', vehicles: 'Vehicles used', places: 'Places' };
const KINDS: Record<Tab, RowKind> = {
  events: 'events',
  faults: 'faults',
  vehicles: 'vehicles-used',
  places: 'positions',
};

type Cell = string | Node;

function table(caption: string, headers: string[], rows: Cell[][]): HTMLElement {
  const head = el('tr', {}, ...headers.map((h) => el('th', { text: h, attrs: { scope: 'col' } })));
  const body = el(
    'tbody',
    {},
    ...rows.map((r) => el('tr', {}, ...r.map((c, i) => el('td', { data: { label: headers[i]! } }, c)))),
  );
  return el(
    'div',
    { class: 'rows-wrap' },
    el('table', { class: 'rows' }, el('caption', { text: caption }), el('thead', {}, head), body),
  );
}

function registration(r: { nation: string | null; number: string | null } | null): string {
  if (!r || (!r.nation && !r.number)) return '–';
  return [r.nation, r.number].filter(Boolean).join(' ');
}

function eventRows(rows: EventFaultRow[]): Cell[][] {
  return rows.map((r) => [
    r.description ?? r.type ?? `code ${r.code}`,
    formatDateTime(r.start),
    formatDateTime(r.end),
    registration(r.vehicle_registration),
  ]);
}

function vehicleRows(rows: VehicleUsedRow[]): Cell[][] {
  return rows.map((r) => [
    registration(r.registration),
    r.vin ?? '–',
    formatDateTime(r.first_use),
    formatDateTime(r.last_use),
    r.odometer_begin_km == null ? '–' : `${r.odometer_begin_km} – ${r.odometer_end_km ?? '?'} km`,
    formatKm(r.distance_km),
  ]);
}

const SOURCE_WORDS: Record<string, string> = {
  PLACE: 'Place',
  GNSS_ACCUMULATED_DRIVING: 'Position after 3 h driving',
  BORDER_CROSSING: 'Border crossing',
  LOAD_UNLOAD: 'Load / unload',
};

function placeRows(rows: PositionRow[]): Cell[][] {
  return rows.map((r) => [
    formatDateTime(r.timestamp),
    [SOURCE_WORDS[r.source] ?? r.source, r.type?.toLowerCase().replace(/_/g, ' ')].filter(Boolean).join(': '),
    [r.country_code, r.region_code].filter(Boolean).join(' ') || '–',
    r.latitude == null || r.longitude == null ? '–' : `${r.latitude.toFixed(4)}, ${r.longitude.toFixed(4)}`,
    formatKm(r.odometer_km),
  ]);
}

/** The panel content of a tab for the rows the service answered. */
export function renderRows(tab: Tab, items: unknown[], total: number, week: string): HTMLElement {
  if (!items.length)
    return el('p', { class: 'empty-note', text: `No ${LABELS[tab].toLowerCase()} recorded in ${week}.` });
  const caption = `${LABELS[tab]} of ${week} (${total}${total > items.length ? `, first ${items.length} shown` : ''}; times in ${displayTimeZone()})`;
  switch (tab) {
    case 'events':
    case 'faults':
      return table(
        caption,
        [tab === 'events' ? 'Event' : 'Fault', 'Start', 'End', 'Vehicle'],
        eventRows(items as EventFaultRow[]),
      );
    case 'vehicles':
      return table(
        caption,
        ['Vehicle', 'VIN', 'First use', 'Last use', 'Odometer', 'Distance'],
        vehicleRows(items as VehicleUsedRow[]),
      );
    case 'places':
      return table(caption, ['Time', 'What', 'Country', 'Position', 'Odometer'], placeRows(items as PositionRow[]));
  }
}

/** Fetches and shows one tab's rows; `params` is the basis with the week's dates. */
export async function loadTab(
  panel: HTMLElement,
  tab: Tab,
  params: Params,
  week: string,
  signal: AbortSignal,
): Promise<void> {
  panel.dataset.state = 'loading';
  panel.dataset.tab = tab;
  panel.replaceChildren(el('p', { class: 'empty-note', text: `Loading ${LABELS[tab].toLowerCase()}…` }));
  const body = await listRows(KINDS[tab], params, signal);
  if (signal.aborted) return;
  panel.replaceChildren(renderRows(tab, body.items, body.total, week));
  panel.dataset.state = 'done';
}

/** Builds the tab list into `list`; `select` runs when a tab is chosen (click, arrows, Home, End). */
export function renderTabList(list: HTMLElement, panel: HTMLElement, active: Tab, select: (tab: Tab) => void): void {
  const buttons = TABS.map((tab) => {
    const b = el('button', {
      class: 'tab',
      text: LABELS[tab],
      attrs: {
        type: 'button',
        role: 'tab',
        id: `tab-${tab}`,
        'aria-controls': panel.id,
        'aria-selected': String(tab === active),
        tabindex: tab === active ? '0' : '-1',
      },
      data: { tab },
    });
    b.addEventListener('click', () => select(tab));
    return b;
  });
  list.replaceChildren(...buttons);
  panel.setAttribute('aria-labelledby', `tab-${active}`);
  list.onkeydown = (e: KeyboardEvent) => {
    const i = buttons.findIndex((b) => b === document.activeElement);
    if (i < 0) return;
    const n = buttons.length;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    buttons[to]!.focus();
    select(TABS[to]!);
  };
}
