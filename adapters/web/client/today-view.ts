/**
 * The "today" panel the office keeps open (the landing view, above the fleet): counts from GET /today, each a link
 * to the list it counts — the fleet list with its filter in the URL (`filter=`), or an imports list (`imports=`).
 * Also the imports lists themselves (quarantined, holder mismatch, withdrawn), drawn from the imports the page has.
 */

import { COUNT_WORDS, counted, countWords } from '../../vocabulary/count-words.js';
import { el } from './dom.js';
import type { VehicleFilter } from './vu-timeline.js';
import type { ImportInfo, TodayCounts } from './types.js';
import { type FleetFilter, type ImportList, type ViewState, viewStateSearch, withFleetSelection } from './url-state.js';

/** Where a count leads: a fleet filter, an imports list, or a list of the Vehicles view. */
type Target = { filter: FleetFilter } | { imports: ImportList } | { vehicles: VehicleFilter };

interface Tile {
  key: keyof TodayCounts & keyof typeof COUNT_WORDS;
  /** the words after the count when they are more than the count's own (../../vocabulary/count-words.ts) */
  label?: (counts: TodayCounts) => string;
  target: Target;
}

/** The group of the vehicle-unit counts (left out when the office has no vehicle-unit download). */
const VEHICLE_GROUP = 'Vehicle units';

const GROUPS: [string, Tile[]][] = [
  [
    'Downloads',
    [
      { key: 'overdue', target: { filter: 'overdue' } },
      { key: 'due_week', target: { filter: 'due_week' } },
    ],
  ],
  [
    'Cards',
    [
      { key: 'expired', target: { filter: 'expired' } },
      { key: 'expiring_30d', target: { filter: 'expiring_30d' } },
    ],
  ],
  [
    'Findings, last 4 weeks',
    [
      {
        key: 'open_findings',
        label: (c) =>
          `${countWords(c.open_findings, COUNT_WORDS.open_findings)} of ${counted(c.drivers_with_open_findings, COUNT_WORDS.drivers)}`,
        target: { filter: 'open_findings' },
      },
    ],
  ],
  [
    'Imports needing attention',
    [
      { key: 'quarantined', target: { imports: 'quarantined' } },
      { key: 'conflicting', target: { filter: 'conflicting' } },
      {
        key: 'holder_mismatch',
        target: { imports: 'holder_mismatch' },
      },
      { key: 'withdrawn', target: { imports: 'withdrawn' } },
    ],
  ],
  [
    VEHICLE_GROUP,
    [
      {
        key: 'vu_downloads_overdue',
        target: { vehicles: 'download_overdue' },
      },
      {
        key: 'calibrations_due_30d',
        target: { vehicles: 'calibration_due' },
      },
      {
        key: 'driving_without_card_4w',
        target: { vehicles: 'without_card' },
      },
    ],
  ],
  [
    'Roadside readiness',
    [
      {
        key: 'readiness',
        target: { filter: 'readiness' },
      },
    ],
  ],
];

/** The state a count's link opens: the fleet list filtered (first page, sorted by findings for open findings). */
export function todayTarget(state: ViewState, target: Target): ViewState {
  const base: ViewState = { ...state, card_number: null, week: null, import_id: null, date_from: null, date_to: null };
  if ('vehicles' in target) return { ...base, vehicles: target.vehicles };
  if ('imports' in target) return { ...withFleetSelection(base, { filter: 'all', q: '' }), imports: target.imports };
  const sort = target.filter === 'open_findings' ? { sort: 'findings' as const, order: 'desc' as const } : {};
  return withFleetSelection(base, { filter: target.filter, q: '', ...sort });
}

/** The panel: the counts in groups, each a link (plain clicks go through `go`, so the page does not reload). */
export function renderToday(counts: TodayCounts, state: ViewState, go: (next: ViewState) => void): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const [title, tiles] of GROUPS) {
    // an office without vehicle-unit downloads is not shown their counts
    if (title === VEHICLE_GROUP && !(counts.vehicle_units > 0)) continue;
    const list = el('ul', { class: 'counts today-counts', attrs: { 'aria-label': title } });
    for (const tile of tiles) {
      const value = counts[tile.key];
      if (typeof value !== 'number') continue;
      const next = todayTarget(state, tile.target);
      const link = el(
        'a',
        { class: 'count-link', attrs: { href: viewStateSearch(next) || '?' }, data: { today: tile.key } },
        el('span', { class: 'count-value', text: String(value) }),
        el('span', { class: 'count-label', text: tile.label?.(counts) ?? countWords(value, COUNT_WORDS[tile.key]) }),
      );
      link.addEventListener('click', (e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(next);
      });
      list.append(el('li', { class: `count${value > 0 ? ' alert' : ''}`, data: { count: tile.key } }, link));
    }
    fragment.append(el('h3', { class: 'today-group', text: title }), list);
  }
  if (counts.findings_not_evaluated > 0) {
    fragment.append(
      el('p', {
        class: 'cell-note',
        text: `${counted(counts.findings_not_evaluated, COUNT_WORDS.not_evaluated)}: their findings are not counted.`,
      }),
    );
  }
  return fragment;
}

/** Whether an import belongs to an imports list (as the service counts it). */
export function importInList(imp: Pick<ImportInfo, 'status' | 'warnings'>, list: ImportList): boolean {
  if (list === 'quarantined') return imp.status === 'QUARANTINED';
  if (list === 'withdrawn') return imp.status === 'WITHDRAWN';
  return imp.status !== 'WITHDRAWN' && (imp.warnings ?? []).some((w) => w.code === 'holder_mismatch');
}

export const IMPORT_LIST_TITLES: Record<ImportList, string> = {
  quarantined: 'Imports quarantined',
  holder_mismatch: 'Imports of another holder (holder mismatch)',
  withdrawn: 'Imports withdrawn',
};

/** The words of a fleet filter the today panel opened (the list's heading note). */
export const FILTER_TITLES: Partial<Record<FleetFilter, string>> = {
  due_week: 'Downloads due within 7 days',
  expired: 'Cards expired',
  expiring_30d: 'Cards expiring within 30 days (not expired)',
  open_findings: 'Drivers with open findings in their last 4 weeks',
  conflicting: 'Drivers whose imports disagree about some days',
  readiness: 'Drivers with days missing for a roadside check (today and the 56 days before)',
};
