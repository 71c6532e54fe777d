/**
 * Entry of the bundled page (served as /assets/app.js). Opens on the fleet (the drivers, what is due, what is
 * wrong); a driver opens the week view. The whole selection lives in the URL (url-state.ts).
 */

import { findingReviews, listImports, listReadings, periodFindings, reviewFinding, todayCounts } from './api.js';
import { loadReadingNames } from './readings.js';
import { weekToOpen } from './finding-week.js';
import { handleChartKey } from './chart.js';
import { renderImports } from './authenticity.js';
import { importActionButton } from './import-actions.js';
import { byId, el } from './dom.js';
import { type DriverOption, driversFromImports, normaliseCardNumber } from './drivers.js';
import { errorBox, errorText } from './errors.js';
import { FleetPage, type Phase } from './fleet-page.js';
import { importFiles, wireImport } from './importer.js';
import { addWeeks, currentIsoWeek, formatIsoWeek, isoWeekOfDate, parseIsoWeek } from './iso-week.js';
import { renderTabList } from './tabs.js';
import { Tooltip } from './tooltip.js';
import type { FleetRow, ImportInfo, TodayCounts } from './types.js';
import { displayTimeZone, setDisplayTimeZone } from './format.js';
import { reviewStatusName } from '../../vocabulary/office-words.js';
import { browserStorage } from './review-controls.js';
import { DEFAULT_STATE, readViewState, timeZoneOf, type ViewState, viewStateSearch } from './url-state.js';
import { wireWeekControls, syncWeekControls } from './week-controls.js';
import { WeekView } from './week-view.js';
import { mountVehicles } from './vehicles-view.js';
import { mountVuVehicles } from './vu-vehicles-view.js';
import { renderHomeCountries } from './home-countries.js';

const ui = {
  main: byId<HTMLElement>('main'),
  driver: byId<HTMLSelectElement>('driver'),
  file: byId<HTMLInputElement>('import-file'),
  drop: byId<HTMLElement>('drop-zone'),
  importList: byId<HTMLElement>('import-list'),
  importSummary: byId<HTMLElement>('import-summary'),
  status: byId<HTMLElement>('status'),
  problem: byId<HTMLElement>('problem'),
  chart: byId<HTMLElement>('chart'),
  tabList: byId<HTMLElement>('tab-list'),
  panel: byId<HTMLElement>('tab-panel'),
  importsOfCard: byId<HTMLElement>('imports-of-card'),
  tz: byId<HTMLInputElement>('tz'),
  zoneName: byId<HTMLElement>('zone-name'),
  ruleWeekNote: byId<HTMLElement>('rule-week-note'),
};
const tooltip = new Tooltip(byId('tooltip'));

let state: ViewState = readViewState(location.search);
let imports: ImportInfo[] = [];
/** imports with the withdrawn ones (only the imports list of a card shows those, to restore them) */
let allImports: ImportInfo[] = [];
let drivers: DriverOption[] = [];
/** the service's configured time zone (GET /today), null until known or from a service without it */
let serviceZone: string | null = null;
/** the service clock minus this computer's (ms), from GET /today's as_of */
let serviceClockOffset = 0;

function setPhase(phase: Phase, text: string, problem?: HTMLElement): void {
  ui.main.dataset.view = phase;
  ui.main.setAttribute('aria-busy', String(phase === 'loading'));
  ui.status.textContent = text;
  ui.status.className = `status status-${phase}`;
  ui.problem.replaceChildren(...(problem ? [problem] : []));
  ui.problem.hidden = !problem;
  if (problem) ui.status.textContent = '';
}

const cardImports = (card: string | null) =>
  imports.filter((i) => i.card?.card_number && normaliseCardNumber(i.card.card_number) === card);

function latestWeekOf(card: string): string {
  const latest = drivers.find((d) => d.card_number === card)?.latest_activity;
  return formatIsoWeek(latest ? isoWeekOfDate(latest) : currentIsoWeek());
}

const week = new WeekView(
  {
    title: byId('chart-title'),
    timeline: byId('timeline'),
    chart: ui.chart,
    summary: byId('week-summary'),
    totals: byId('totals'),
    findings: byId('findings'),
    driverStatus: byId('driver-status'),
    panel: ui.panel,
    report: byId<HTMLAnchorElement>('report-link'),
  },
  {
    phase: setPhase,
    go: (change) => navigate({ ...state, ...change }, 'push'),
    imports: () => cardImports(state.card_number),
    isNewest: (w) => {
      const basis = state.import_id ? imports.find((i) => i.import_id === state.import_id)?.activity_range?.to : null;
      const latest = basis ?? drivers.find((d) => d.card_number === state.card_number)?.latest_activity;
      return !!latest && formatIsoWeek(isoWeekOfDate(latest)) === w;
    },
    note: (text) => {
      ui.status.textContent = text;
    },
    now: () => Date.now() + serviceClockOffset,
    review: {
      // every finding the week view lists belongs to the card shown: the service looks there first
      review: (id, body) => reviewFinding(id, { ...body, card_number: state.card_number }),
      history: (id) => findingReviews(id),
      storage: browserStorage(),
      // the today counts and the fleet's findings are read again whenever the fleet is shown
      reviewed: (h) => {
        ui.status.textContent = `Review saved: ${reviewStatusName(h.status)}.`;
      },
    },
  },
);

function fillDriverSelect(): void {
  const options = [
    el('option', { text: drivers.length ? 'Choose a driver…' : 'No driver imported yet', attrs: { value: '' } }),
  ];
  for (const d of drivers)
    options.push(el('option', { text: `${d.name} — ${d.card_number}`, attrs: { value: d.card_number } }));
  if (state.card_number && !drivers.some((d) => d.card_number === state.card_number)) {
    options.push(
      el('option', { text: `${state.card_number} (no import listed)`, attrs: { value: state.card_number } }),
    );
  }
  ui.driver.replaceChildren(...options);
  ui.driver.value = state.card_number ?? '';
}

async function loadImports(): Promise<void> {
  allImports = await listImports();
  imports = allImports.filter((i) => i.status !== 'WITHDRAWN');
  drivers = driversFromImports(imports);
  fillDriverSelect();
}

function navigate(next: ViewState, mode: 'push' | 'replace'): void {
  if (next.card_number && !next.week) next = { ...next, week: latestWeekOf(next.card_number) };
  const url = `${location.pathname}${viewStateSearch(next)}`;
  const changed = url !== `${location.pathname}${location.search}`;
  state = next;
  if (mode === 'push' && changed) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  render();
}

function openDriver(card: string, row?: FleetRow): void {
  const open = (week: string | null) =>
    navigate(
      { ...state, card_number: card, week, import_id: null, date_from: null, date_to: null, imports: null },
      'push',
    );
  if (!row) return open(null);
  setPhase('loading', `Looking for the most serious open finding of card ${card}…`);
  void weekToOpen(row, displayTimeZone(), (params) => periodFindings(params)).then(open);
}

/**
 * Times are shown in the zone of the URL (`tz=`), else the service's configured zone; the rules' weeks stay the
 * UTC weeks of the regulation, which the pre-check section says when the zone is not UTC.
 */
function applyZone(): void {
  const zone = state.tz ?? serviceZone ?? 'UTC';
  setDisplayTimeZone(zone);
  ui.zoneName.textContent = `times in ${zone}`;
  if (document.activeElement !== ui.tz) ui.tz.value = zone;
  ui.ruleWeekNote.hidden = zone === 'UTC';
  ui.ruleWeekNote.textContent = `Times, the timeline, the chart and the totals follow the days of ${zone}. The rules count their days and weeks in UTC, as the regulation's weeks (Monday 00:00 to Sunday 24:00 UTC), so a finding's week is the UTC week.`;
}

async function loadZone(): Promise<TodayCounts | null> {
  try {
    const counts = await todayCounts();
    serviceZone = timeZoneOf(counts.time_zone);
    // the service's clock as this computer runs on (the demo's clock is not today's)
    const asOf = Date.parse(counts.as_of);
    if (Number.isFinite(asOf)) serviceClockOffset = asOf - Date.now();
    fleet.bootCounts = counts;
    return counts;
  } catch {
    return null; // an older service without GET /today: UTC
  }
}

function render(): void {
  tooltip.hide();
  applyZone();
  ui.driver.value = state.card_number ?? '';
  const w = parseIsoWeek(state.week);
  if (!state.card_number || !w) {
    ui.main.dataset.mode = 'fleet';
    week.clear();
    void fleet.load();
    vuVehicles.sync(state.vehicles);
    return;
  }
  ui.main.dataset.mode = 'week';
  syncWeekControls(state, cardImports(state.card_number));
  ui.importsOfCard.replaceChildren(importsList(state.card_number));
  drawTabs();
  void week.load(state, w);
  void showHomes(state.card_number, w);
}

/** The card's home countries; a save reloads the week's checks (the form and its message stay). */
async function showHomes(card: string, w: NonNullable<ReturnType<typeof parseIsoWeek>>): Promise<void> {
  const target = byId('home-countries');
  target.dataset.card = card;
  target.replaceChildren();
  const form = await renderHomeCountries(card, () => void week.load(state, w));
  if (target.dataset.card !== card) return;
  target.closest('section')!.hidden = form === null;
  if (form) target.replaceChildren(form);
}

/** The imports of the card, withdrawn ones included, each with its withdraw / restore button. */
function importsList(card: string | null, rows?: ImportInfo[]): HTMLElement {
  const status = el('p', { class: 'import-action-status', attrs: { role: 'status' } });
  const deps = {
    ask: { prompt: (m: string) => window.prompt(m), confirm: (m: string) => window.confirm(m) },
    status: (text: string) => void (status.textContent = text),
    done: async () => {
      await loadImports();
      const keep = status.textContent;
      // a withdrawn import cannot stay the basis of the view
      const gone = state.import_id !== null && !imports.some((i) => i.import_id === state.import_id);
      navigate(gone ? { ...state, import_id: null } : state, 'replace');
      ui.importsOfCard.querySelector('.import-action-status')!.textContent = keep;
    },
  };
  const own = rows ?? allImports.filter((i) => i.card?.card_number && normaliseCardNumber(i.card.card_number) === card);
  return el(
    'div',
    {},
    renderImports(own, (imp) => importActionButton(imp, deps)),
    status,
  );
}

const fleet = new FleetPage({
  state: () => state,
  navigate,
  phase: setPhase,
  openDriver,
  drivers: () => drivers,
  allImports: () => allImports,
  importsList: (rows) => importsList(null, rows),
  now: () => new Date(Date.now() + serviceClockOffset),
});

function drawTabs(): void {
  renderTabList(ui.tabList, ui.panel, state.tab, (tab) => {
    if (tab === state.tab) return;
    state = { ...state, tab };
    history.replaceState(null, '', `${location.pathname}${viewStateSearch(state)}`);
    drawTabs();
    byId(`tab-${tab}`).focus();
    if (state.week) void week.loadTab(state, state.week);
  });
}

async function runImport(files: File[]): Promise<void> {
  const done = await importFiles(files, ui.importList, ui.importSummary);
  try {
    await loadImports();
  } catch (error) {
    setPhase('error', errorText(error));
    return;
  }
  const cards = [...new Set(done.filter((d) => d.card).map((d) => normaliseCardNumber(d.card!)))];
  if (cards.length === 1) {
    const last = done
      .filter((d) => d.to)
      .map((d) => d.to!)
      .sort()
      .pop();
    navigate(
      {
        ...DEFAULT_STATE,
        sort: state.sort,
        order: state.order,
        card_number: cards[0]!,
        week: last ? formatIsoWeek(isoWeekOfDate(last)) : null,
        unknown_as: state.unknown_as,
      },
      'push',
    );
  } else {
    render();
  }
}

function wire(): void {
  ui.driver.addEventListener('change', () =>
    ui.driver.value ? openDriver(ui.driver.value) : navigate({ ...state, card_number: null, week: null }, 'push'),
  );
  wireImport(ui.file, ui.drop, runImport);
  wireWeekControls(
    () => state,
    (change) => navigate({ ...state, ...change }, 'push'),
    (n) => formatIsoWeek(addWeeks(parseIsoWeek(state.week) ?? currentIsoWeek(), n)),
  );
  fleet.wire();
  byId('fleet-link').addEventListener('click', (e) => {
    e.preventDefault();
    navigate({ ...state, card_number: null, week: null, import_id: null, date_from: null, date_to: null }, 'push');
  });
  ui.chart.addEventListener('keydown', (e) => (e.key === 'Escape' ? tooltip.hide() : handleChartKey(e)));
  const showTip = (t: EventTarget | null) => {
    if (t instanceof HTMLElement && t.matches('button.seg')) tooltip.show(t, t.dataset.tip ?? '');
  };
  ui.chart.addEventListener('focusin', (e) => showTip(e.target));
  ui.chart.addEventListener('focusout', () => tooltip.hide());
  ui.chart.addEventListener('mouseover', (e) => showTip(e.target));
  ui.chart.addEventListener('mouseout', () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && ui.chart.contains(active)) showTip(active);
    else tooltip.hide();
  });
  window.addEventListener('popstate', () => navigate(readViewState(location.search), 'replace'));
  byId('zone-form').addEventListener('submit', (e) => e.preventDefault());
  ui.tz.addEventListener('change', () => {
    const zone = timeZoneOf(ui.tz.value.trim());
    if (!zone) return void (ui.tz.value = state.tz ?? serviceZone ?? 'UTC');
    navigate({ ...state, tz: zone === serviceZone ? null : zone }, 'push');
  });
  const zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  byId('tz-list').replaceChildren(...zones.map((z) => el('option', { attrs: { value: z } })));
}

async function boot(): Promise<void> {
  setPhase('loading', 'Loading drivers…');
  try {
    // the readings' names once: findings name the readings they depend on (a service without them: the ids)
    await Promise.all([loadImports(), loadZone(), loadReadingNames(listReadings)]);
  } catch (error) {
    ui.driver.replaceChildren(el('option', { text: 'Driver list unavailable', attrs: { value: '' } }));
    setPhase(
      'error',
      '',
      errorBox('Could not load the driver list', error, () => void boot()),
    );
    return;
  }
  navigate(state, 'replace');
}

wire();
mountVehicles(byId('fleet'));
const vuVehicles = mountVuVehicles(byId('fleet'), {
  choose: (filter) => navigate({ ...state, vehicles: filter }, 'push'),
  now: () => Date.now() + serviceClockOffset,
});
void boot();
