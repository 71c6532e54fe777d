/**
 * The Vehicles view from vehicle-unit (VU) downloads, in the fleet section beside the vehicles across cards: the
 * vehicles (registration, VIN, newest download, download due / overdue, next calibration / overdue / due soon,
 * authenticity), filtered as the today counts ask (`vehicles=` in the URL), and per vehicle a day or week timeline
 * of both slots (./vu-timeline.ts) whose bands are buttons a keyboard reaches, with the vehicle report and the
 * CSV exports of the shown days. Times in the page's zone, durations h:mm.
 */
import { formatLocalDateTime } from '../../vocabulary/local-time.js';
import { errorCodeText, sentence } from '../../vocabulary/people-text.js';
import { vehicleName } from '../../vocabulary/vehicle-words.js';
import { el, place } from './dom.js';
import { displayTimeZone } from './format.js';
import {
  authenticityOf,
  axisTicks,
  calibrationFlag,
  downloadFlag,
  filterVehicles,
  openingDate,
  queryDates,
  stepDate,
  timelineLanes,
  VEHICLE_FILTER_TITLES,
  VEHICLE_FILTERS,
  windowDates,
  windowOf,
  type CardInsertionJson,
  type OverspeedingJson,
  type WithoutCardJson,
  type Span,
  type VehicleFilter,
  type VehicleUnitJson,
  type VuActivityJson,
} from './vu-timeline.js';

async function getJson<T>(path: string, params: Record<string, string>): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`api/drivercard/${path}${query ? `?${query}` : ''}`, {
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || body === null)
    throw new Error(body?.error ? sentence(errorCodeText(body.error)) : 'The service could not answer. Try again.');
  return body;
}

const items = async <T>(path: string, params: Record<string, string>): Promise<T[]> =>
  (await getJson<{ items: T[] }>(path, { limit: '5000', ...params })).items;

export interface VuVehiclesDeps {
  /** the filter chosen (null: the list closed); goes through the URL */
  choose(filter: VehicleFilter | null): void;
  /** the service's clock (ms) */
  now(): number;
}

/** A due date, with its state in words and marked when something is due. */
function dueCell(text: string, flag: string | null): HTMLElement {
  return el('td', { text: flag ? `${text} — ${flag}` : text, ...(flag ? { class: 'alert' } : {}) });
}

function vehicleRow(v: VehicleUnitJson, zone: string, open: (v: VehicleUnitJson) => void): HTMLElement {
  const button = el('button', { text: vehicleName(v.registration, v.vin), attrs: { type: 'button' } });
  button.addEventListener('click', () => open(v));
  return el(
    'tr',
    { data: { vin: v.vin } },
    el('td', {}, button),
    el('td', { text: v.vin }),
    el('td', { text: formatLocalDateTime(v.newest_download?.downloaded_at ?? null, zone) }),
    dueCell(formatLocalDateTime(v.download_due ?? null, zone), downloadFlag(v)),
    dueCell(v.next_calibration_date ?? '–', calibrationFlag(v)),
    el('td', { text: authenticityOf(v) }),
  );
}

function vehicleTable(rows: VehicleUnitJson[], zone: string, open: (v: VehicleUnitJson) => void): HTMLElement {
  const head = ['Vehicle', 'VIN', 'Newest download', 'Download due', 'Next calibration', 'Authenticity'];
  return el(
    'table',
    { class: 'vu-vehicles-table' },
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { text: h, attrs: { scope: 'col' } })))),
    el('tbody', {}, ...rows.map((v) => vehicleRow(v, zone, open))),
  );
}

/** The lanes of a window as rows of focusable bands, each named in words (title and aria-label), under a scale. */
function lanesElement(lanes: ReturnType<typeof timelineLanes>, ticks: ReturnType<typeof axisTicks>): HTMLElement {
  const scale = el('div', { class: 'vu-axis vu-scale', attrs: { 'aria-hidden': 'true' } });
  for (const tick of ticks) {
    const mark = el('span', { class: 'vu-tick', text: tick.label });
    mark.style.left = `${tick.left}%`;
    scale.append(mark);
  }
  const box = el(
    'div',
    { class: 'vu-lanes' },
    el('div', { class: 'vu-lane' }, el('span', { class: 'vu-lane-title' }), scale),
  );
  for (const lane of lanes) {
    const axis = el('div', { class: 'vu-axis', attrs: { role: 'list', 'aria-label': lane.title } });
    for (const b of lane.bands) {
      const band = el('button', {
        class: `vu-band vu-${b.kind}${b.activity ? ` seg-${b.activity.toLowerCase()}` : ''}`,
        attrs: { type: 'button', role: 'listitem', title: b.label, 'aria-label': b.label },
      });
      place(band, b.left, b.width);
      axis.append(band);
    }
    box.append(
      el(
        'div',
        { class: 'vu-lane', data: { lane: lane.key } },
        el('span', { class: 'vu-lane-title', text: lane.title }),
        axis,
      ),
    );
  }
  return box;
}

function documentLinks(vin: string, dates: { date_from: string; date_to: string }): HTMLElement {
  const q = new URLSearchParams({ vin, ...dates }).toString();
  const link = (href: string, text: string) => el('a', { text, attrs: { href, download: '' } });
  return el(
    'p',
    { class: 'vu-documents' },
    link(`api/drivercard/vehicle-report.pdf?${q}`, 'Vehicle report (PDF)'),
    ' · ',
    link(`api/drivercard/export/vehicle-activities.csv?${q}`, 'Activities (CSV)'),
    ' · ',
    link(`api/drivercard/export/driving-without-card.csv?${q}`, 'Driving without a card (CSV)'),
  );
}

/** One vehicle's timeline: day or week, a step back or forward, redrawn from the service each time. */
function openTimeline(v: VehicleUnitJson, target: HTMLElement, now: () => number): void {
  const zone = displayTimeZone();
  let date = openingDate(v, now(), zone);
  let span: Span = 'day';
  const body = el('div', { class: 'vu-timeline-body', attrs: { 'aria-live': 'polite' } });
  const button = (text: string, act: () => void, id: string) => {
    const b = el('button', { text, attrs: { type: 'button' }, data: { step: id } });
    b.addEventListener('click', () => {
      act();
      void draw();
    });
    return b;
  };
  async function draw(): Promise<void> {
    const dates = windowDates(date, span);
    const range = queryDates(dates);
    const params = { vin: v.vin, ...range };
    body.replaceChildren(el('p', { text: 'Loading…' }));
    try {
      const [activities, insertions, overspeeding, withoutCard] = await Promise.all([
        items<VuActivityJson>('vehicle-units/activities', params),
        items<CardInsertionJson>('vehicle-units/card-insertions', { vin: v.vin }),
        items<OverspeedingJson>('vehicle-units/overspeeding', params),
        items<WithoutCardJson>('vehicle-units/driving-without-card', params),
      ]);
      const lanes = timelineLanes(windowOf(dates, zone), activities, insertions, overspeeding, withoutCard);
      const title = dates.length === 1 ? dates[0]! : `${dates[0]} to ${dates[dates.length - 1]}`;
      body.replaceChildren(
        el('h5', { text: `${title} (times in ${zone})` }),
        lanesElement(lanes, axisTicks(dates, zone)),
        documentLinks(v.vin, { date_from: dates[0]!, date_to: dates[dates.length - 1]! }),
      );
    } catch (error) {
      body.replaceChildren(el('p', { class: 'error', text: (error as Error).message }));
    }
  }
  const controls = el(
    'div',
    { class: 'controls vu-timeline-controls' },
    button('Day', () => (span = 'day'), 'day'),
    button('Week', () => (span = 'week'), 'week'),
    button('Previous', () => (date = stepDate(date, span, -1)), 'previous'),
    button('Next', () => (date = stepDate(date, span, 1)), 'next'),
  );
  target.replaceChildren(el('h4', { text: `${vehicleName(v.registration, v.vin)} — VIN ${v.vin}` }), controls, body);
  void draw();
}

/** The VINs driven without a card in the last 4 weeks (today and the 27 days before, in UTC dates). */
async function withoutCardVins(nowMs: number): Promise<Set<string>> {
  const to = new Date(nowMs).toISOString().slice(0, 10);
  const from = new Date(nowMs - 27 * 86_400_000).toISOString().slice(0, 10);
  const rows = await items<{ vin: string }>('vehicle-units/driving-without-card', { date_from: from, date_to: to });
  return new Set(rows.map((r) => r.vin));
}

export interface VuVehiclesView {
  /** shows the list of `filter` (null: closed) */
  sync(filter: VehicleFilter | null): void;
}

/** Adds the section to `parent` (the fleet section). */
export function mountVuVehicles(parent: HTMLElement, deps: VuVehiclesDeps): VuVehiclesView {
  const body = el('div', { class: 'vu-vehicles-body' });
  const detail = el('div', { class: 'vu-vehicle-detail' });
  const select = el('select', { attrs: { id: 'vu-vehicles-filter', 'aria-label': 'Which vehicles' } });
  for (const f of VEHICLE_FILTERS) select.append(el('option', { text: VEHICLE_FILTER_TITLES[f], attrs: { value: f } }));
  select.addEventListener('change', () => deps.choose(select.value as VehicleFilter));
  const show = el('button', {
    text: 'Show vehicles from vehicle-unit downloads',
    attrs: { type: 'button', id: 'vu-vehicles-show' },
  });
  show.addEventListener('click', () => deps.choose(select.value as VehicleFilter));
  const section = el(
    'section',
    {
      class: 'vu-vehicles-section',
      attrs: { id: 'vu-vehicles', 'aria-label': 'Vehicles from vehicle-unit downloads' },
    },
    el('h3', { text: 'Vehicles (vehicle-unit downloads)' }),
    el('div', { class: 'controls' }, select, show),
    body,
    detail,
  );
  parent.append(section);
  let shown: VehicleFilter | null = null;
  async function load(filter: VehicleFilter): Promise<void> {
    body.replaceChildren(el('p', { text: 'Loading…' }));
    detail.replaceChildren();
    try {
      const all = await items<VehicleUnitJson>('vehicle-units', {});
      const without = filter === 'without_card' ? await withoutCardVins(deps.now()) : new Set<string>();
      const rows = filterVehicles(all, filter, without);
      const open = (v: VehicleUnitJson) => openTimeline(v, detail, deps.now);
      body.replaceChildren(
        el('p', { class: 'vu-filter-title', text: `${VEHICLE_FILTER_TITLES[filter]} (${rows.length})` }),
        rows.length === 0 ? el('p', { text: 'No vehicle in this list.' }) : vehicleTable(rows, displayTimeZone(), open),
      );
    } catch (error) {
      body.replaceChildren(el('p', { class: 'error', text: (error as Error).message }));
    }
  }
  return {
    sync(filter) {
      if (filter === shown) return;
      shown = filter;
      if (filter === null) return void body.replaceChildren();
      select.value = filter;
      void load(filter).then(() => section.scrollIntoView({ block: 'start' }));
    },
  };
}
