/**
 * The fleet page's vehicles across cards: a list of every vehicle the imported cards used, with the kilometres no
 * imported card accounts for, and per vehicle a timeline of its uses and segments (./vehicle-timeline.ts).
 * Mounted below the fleet table by app.ts (one call); the data are read only when the user opens the list.
 */
import { errorCodeText, sentence } from '../../vocabulary/people-text.js';
import { el, place } from './dom.js';
import { segmentLabel, timelineBands, type MileageSegmentJson, type MileageUseJson } from './vehicle-timeline.js';

interface VehicleJson {
  registration: { nation: string | null; number: string | null };
  vins: string[];
  cards: Array<{ card_number: string | null }>;
  first_use: string | null;
  last_use: string | null;
  recorded_km: number;
  unaccounted_km: number;
  inconsistent_segments: number;
  crew_disagreements: number;
}

interface MileageJson {
  vehicles: Array<{ uses: MileageUseJson[]; segments: MileageSegmentJson[]; crew_disagreements: unknown[] }>;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`api/drivercard/${path}`, { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  // what happened and what to do, by the answer's code (the service's own message is for the log, not the page)
  if (!response.ok || body === null)
    throw new Error(body?.error ? sentence(errorCodeText(body.error)) : 'The service could not answer. Try again.');
  return body;
}

const plate = (v: VehicleJson): string =>
  `${v.registration.number ?? '–'}${v.registration.nation ? ` (${v.registration.nation})` : ''}`;
const day = (iso: string | null): string => (iso === null ? '–' : iso.slice(0, 10));

function timeline(data: MileageJson['vehicles'][number]): HTMLElement {
  const axis = el('div', {
    class: 'vehicle-axis',
    attrs: { role: 'list', 'aria-label': 'Uses and segments in time order' },
  });
  axis.style.position = 'relative';
  axis.style.height = '2.5em';
  axis.style.border = '1px solid #999';
  const colours = { use: '#3b7dd8', unaccounted: '#d33', inconsistent: '#e89b00' };
  for (const b of timelineBands(data.uses, data.segments)) {
    const bar = el('div', {
      class: `vehicle-band vehicle-${b.kind}`,
      attrs: { role: 'listitem', title: b.label, 'aria-label': b.label },
    });
    bar.style.position = 'absolute';
    bar.style.top = b.kind === 'use' ? '0' : '50%';
    bar.style.height = '50%';
    bar.style.background = colours[b.kind];
    place(bar, b.left, b.width);
    axis.append(bar);
  }
  const list = el(
    'ul',
    { class: 'vehicle-segments' },
    ...data.segments.map((s) => el('li', { text: `${s.from} – ${s.to}: ${segmentLabel(s)}` })),
  );
  if (data.segments.length === 0)
    list.append(el('li', { text: 'Every kilometre between the uses is accounted for by an imported card.' }));
  if (data.crew_disagreements.length > 0)
    list.append(el('li', { text: `${data.crew_disagreements.length} crew reading(s) disagree.` }));
  return el('div', { class: 'vehicle-timeline' }, axis, list);
}

async function openVehicle(v: VehicleJson, target: HTMLElement): Promise<void> {
  target.replaceChildren(el('p', { text: 'Loading…' }));
  const params = new URLSearchParams({ registration: v.registration.number ?? '' });
  if (v.registration.nation) params.set('nation', v.registration.nation);
  try {
    const body = await getJson<MileageJson>(`vehicles/mileage?${params}`);
    target.replaceChildren(el('h4', { text: plate(v) }), ...body.vehicles.map(timeline));
  } catch (error) {
    target.replaceChildren(el('p', { class: 'error', text: (error as Error).message }));
  }
}

function table(items: VehicleJson[], detail: HTMLElement): HTMLElement {
  const head = el(
    'tr',
    {},
    ...['Vehicle', 'Cards', 'From', 'To', 'Recorded km', 'Unaccounted km', 'Inconsistent'].map((h) =>
      el('th', { text: h, attrs: { scope: 'col' } }),
    ),
  );
  const rows = items.map((v) => {
    const open = el('button', { text: plate(v), attrs: { type: 'button' } });
    open.addEventListener('click', () => void openVehicle(v, detail));
    return el(
      'tr',
      {},
      el('td', {}, open),
      el('td', { text: v.cards.map((c) => c.card_number ?? '–').join(', ') }),
      el('td', { text: day(v.first_use) }),
      el('td', { text: day(v.last_use) }),
      el('td', { text: String(v.recorded_km) }),
      el('td', { text: String(v.unaccounted_km) }),
      el('td', { text: String(v.inconsistent_segments + v.crew_disagreements) }),
    );
  });
  return el('table', { class: 'vehicles-table' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

/** Adds the vehicles section to `parent` (the fleet section). */
export function mountVehicles(parent: HTMLElement): void {
  const body = el('div', { class: 'vehicles-body' });
  const detail = el('div', { class: 'vehicle-detail', attrs: { 'aria-live': 'polite' } });
  const show = el('button', { text: 'Show vehicles across cards', attrs: { type: 'button', id: 'vehicles-show' } });
  show.addEventListener('click', async () => {
    body.replaceChildren(el('p', { text: 'Loading…' }));
    try {
      const list = await getJson<{ items: VehicleJson[]; total: number }>('vehicles?limit=500');
      body.replaceChildren(
        list.items.length === 0 ? el('p', { text: 'No imported card recorded a vehicle.' }) : table(list.items, detail),
      );
    } catch (error) {
      body.replaceChildren(el('p', { class: 'error', text: (error as Error).message }));
    }
  });
  parent.append(
    el(
      'section',
      { class: 'vehicles-section', attrs: { id: 'vehicles', 'aria-label': 'Vehicles across cards' } },
      el('h3', { text: 'Vehicles' }),
      show,
      body,
      detail,
    ),
  );
}
