/**
 * Entry of the bundled week view (served as /assets/app.js). Wires the controls, keeps the selection in
 * the URL (`?card_number=…&week=YYYY-Www`) and renders one week per week-overview request.
 */

import { ApiError, listImports, parseFile, precheck, weekOverview } from './api.js';
import { bytesToBase64 } from './base64.js';
import { handleChartKey, highlightSpan, renderChart, renderMarks } from './chart.js';
import { byId, el } from './dom.js';
import { type DriverOption, driversFromImports } from './drivers.js';
import { renderFindings } from './findings.js';
import { addWeeks, currentIsoWeek, formatIsoWeek, isoWeekOfDate, parseIsoWeek } from './iso-week.js';
import { precheckForWeek, precheckWindow } from './precheck-window.js';
import { renderTotals } from './totals-table.js';
import { Tooltip } from './tooltip.js';
import type { PrecheckResult, WeekOverview } from './types.js';
import { readViewState, type ViewState, viewStateSearch } from './url-state.js';

type ViewPhase = 'loading' | 'ready' | 'empty' | 'error' | 'idle';

const ui = {
  main: byId<HTMLElement>('main'),
  driver: byId<HTMLSelectElement>('driver'),
  week: byId<HTMLInputElement>('week'),
  prev: byId<HTMLButtonElement>('prev-week'),
  thisWeek: byId<HTMLButtonElement>('this-week'),
  next: byId<HTMLButtonElement>('next-week'),
  file: byId<HTMLInputElement>('import-file'),
  importResult: byId<HTMLElement>('import-result'),
  status: byId<HTMLElement>('status'),
  title: byId<HTMLElement>('chart-title'),
  chart: byId<HTMLElement>('chart'),
  totals: byId<HTMLElement>('totals'),
  findings: byId<HTMLElement>('findings'),
};
const tooltip = new Tooltip(byId('tooltip'));

let state: ViewState = readViewState(location.search);
let drivers: DriverOption[] = [];
let driversLoaded = false;
let inFlight: AbortController | null = null;

function message(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `The service could not be reached (${error.message}).`;
  return String(error);
}

function setPhase(phase: ViewPhase, text: string): void {
  ui.main.dataset.view = phase;
  ui.main.setAttribute('aria-busy', String(phase === 'loading'));
  ui.status.textContent = text;
  ui.status.className = `status status-${phase}`;
}

function latestWeekOf(card: string): string {
  const latest = drivers.find((d) => d.card_number === card)?.latest_activity;
  return formatIsoWeek(latest ? isoWeekOfDate(latest) : currentIsoWeek());
}

function fillDriverSelect(): void {
  const options = [el('option', { text: drivers.length ? 'Choose a driver…' : 'No driver imported yet', attrs: { value: '' } })];
  for (const d of drivers) {
    options.push(el('option', { text: `${d.name} — ${d.card_number}`, attrs: { value: d.card_number } }));
  }
  if (state.card_number && !drivers.some((d) => d.card_number === state.card_number)) {
    options.push(el('option', { text: `${state.card_number} (no import listed)`, attrs: { value: state.card_number } }));
  }
  ui.driver.replaceChildren(...options);
  ui.driver.value = state.card_number ?? '';
}

function syncControls(): void {
  ui.driver.value = state.card_number ?? '';
  ui.week.value = state.week ?? '';
  const disabled = !state.card_number;
  for (const b of [ui.prev, ui.thisWeek, ui.next]) b.disabled = disabled;
  ui.week.disabled = disabled;
}

function navigate(next: ViewState, mode: 'push' | 'replace'): void {
  if (next.card_number && !next.week) next = { ...next, week: latestWeekOf(next.card_number) };
  const changed = next.card_number !== state.card_number || next.week !== state.week;
  state = next;
  const url = `${location.pathname}${viewStateSearch(state)}`;
  if (mode === 'push' && changed) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  syncControls();
  void loadWeek();
}

function clearView(): void {
  ui.main.dataset.shown = 'none';
  ui.chart.replaceChildren();
  ui.totals.replaceChildren();
  ui.findings.replaceChildren();
  delete ui.chart.dataset.week;
  delete ui.chart.dataset.card;
  ui.title.textContent = 'Week';
}

async function loadDrivers(): Promise<void> {
  try {
    drivers = driversFromImports(await listImports());
    driversLoaded = true;
    fillDriverSelect();
  } catch (error) {
    ui.driver.replaceChildren(el('option', { text: 'Driver list unavailable', attrs: { value: '' } }));
    setPhase('error', `Could not load the driver list: ${message(error)}`);
    throw error;
  }
}

function showOnChart(start: string, end: string): void {
  const rows = highlightSpan(ui.chart, start, end);
  if (!rows.length) ui.status.textContent = 'That period lies outside the days shown.';
}

function showPrecheckState(state: 'running' | 'done' | 'error', week: string | null): void {
  ui.findings.dataset.state = state;
  ui.findings.setAttribute('aria-busy', String(state === 'running'));
  if (week) ui.findings.dataset.week = week;
  else delete ui.findings.dataset.week;
}

/**
 * Shows one week: the chart and totals are drawn as soon as the week-overview answers, the findings and
 * chart marks when the pre-check (the week and the 3 weeks before, cut to the week) does. Each call aborts
 * the previous one's requests, and an answer for a week no longer asked for is never drawn.
 */
async function loadWeek(): Promise<void> {
  inFlight?.abort();
  tooltip.hide();
  const card = state.card_number;
  const week = parseIsoWeek(state.week);
  if (!card || !week) {
    inFlight = null;
    clearView();
    showPrecheckState('done', null);
    if (driversLoaded && !drivers.length) setPhase('empty', 'No driver card has been imported yet. Import a .ddd file to begin.');
    else setPhase('idle', 'Choose a driver to see a week.');
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  const weekText = formatIsoWeek(week);
  const range = precheckWindow(week);
  setPhase('loading', `Loading ${weekText} of card ${card}…`);
  ui.findings.replaceChildren(el('p', { class: 'empty-note', text: 'Running the pre-check…' }));
  showPrecheckState('running', weekText);
  // The pre-check starts as soon as the service has answered the week-overview (its headers arrived), so
  // the service (one thread) computes the week first and the pre-check while the page parses and draws it.
  let precheckAnswer: Promise<PrecheckResult> | null = null;
  const startPrecheck = (): Promise<PrecheckResult> => {
    if (!precheckAnswer) {
      precheckAnswer = precheck(card, range.dateFrom, range.dateTo, controller.signal);
      precheckAnswer.catch(() => undefined); // read below; never an unhandled rejection meanwhile
    }
    return precheckAnswer;
  };

  let data: WeekOverview | null;
  try {
    data = await weekOverview(card, weekText, controller.signal, startPrecheck);
  } catch (error) {
    if (controller.signal.aborted) return;
    failWeek(controller, weekText, message(error));
    return;
  }
  if (controller.signal.aborted) return;
  if (!data) {
    failWeek(controller, weekText, 'The service returned no week.');
    return;
  }
  ui.title.textContent = `${data.week}: ${data.start_date} to ${data.end_date}`;
  ui.chart.replaceChildren(renderChart(data));
  ui.main.dataset.shown = 'week';
  ui.chart.dataset.week = data.week;
  ui.chart.dataset.card = card;
  ui.chart.setAttribute('aria-label', `Activities of ${data.week}, 00:00 to 24:00 UTC per day`);
  ui.totals.replaceChildren(renderTotals(data));
  const recorded = data.days.some((d) => d.intervals.length > 0);
  if (recorded) setPhase('ready', '');
  else setPhase('empty', `No activity recorded for card ${card} in ${data.week}.`);

  try {
    const shown = precheckForWeek(await startPrecheck(), week);
    if (controller.signal.aborted) return;
    ui.findings.replaceChildren(renderFindings(shown, showOnChart, range.dateFrom));
    renderMarks(ui.chart, shown.violations, shown.data_gaps);
    showPrecheckState('done', weekText);
  } catch (error) {
    if (controller.signal.aborted) return;
    ui.findings.replaceChildren(
      el('p', { class: 'error-note', text: `The pre-check could not run: ${message(error)}`, attrs: { role: 'alert' } }),
    );
    showPrecheckState('error', weekText);
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** The week-overview failed: nothing of the week is shown, and its pre-check is no longer wanted. */
function failWeek(controller: AbortController, weekText: string, why: string): void {
  controller.abort();
  if (inFlight === controller) inFlight = null;
  clearView();
  showPrecheckState('done', null);
  setPhase('error', `Could not load ${weekText}: ${why}`);
}

async function importFile(): Promise<void> {
  const file = ui.file.files?.[0];
  if (!file) return;
  ui.file.disabled = true;
  ui.importResult.hidden = false;
  ui.importResult.className = 'import-result';
  ui.importResult.textContent = `Importing ${file.name}…`;
  try {
    const result = await parseFile(file.name, bytesToBase64(new Uint8Array(await file.arrayBuffer())));
    const name = [result.driver?.surname, result.driver?.first_names].filter(Boolean).join(', ') || 'unnamed driver';
    const range = result.activity_range;
    ui.importResult.className = 'import-result ok';
    ui.importResult.dataset.reused = String(result.reused);
    ui.importResult.textContent =
      `${result.reused ? 'Already imported (reused)' : 'Imported'}: ${name} · card ${result.card?.card_number ?? '–'} · ` +
      `activity ${range?.from ?? '–'} to ${range?.to ?? '–'} (${range?.days ?? 0} days)`;
    await loadDrivers();
    const card = result.card?.card_number ?? null;
    if (card) navigate({ card_number: card, week: range?.to ? formatIsoWeek(isoWeekOfDate(range.to)) : null }, 'push');
  } catch (error) {
    ui.importResult.className = 'import-result error';
    ui.importResult.textContent = `Import of ${file.name} failed: ${message(error)}`;
  } finally {
    ui.file.disabled = false;
    ui.file.value = '';
  }
}

function stepWeek(n: number): void {
  const current = parseIsoWeek(state.week) ?? currentIsoWeek();
  navigate({ ...state, week: formatIsoWeek(addWeeks(current, n)) }, 'push');
}

function showTip(target: EventTarget | null): void {
  if (target instanceof HTMLElement && target.matches('button.seg')) tooltip.show(target, target.dataset.tip ?? '');
}

function wire(): void {
  ui.driver.addEventListener('change', () => navigate({ card_number: ui.driver.value || null, week: null }, 'push'));
  ui.week.addEventListener('change', () => {
    const w = parseIsoWeek(ui.week.value);
    if (w) navigate({ ...state, week: formatIsoWeek(w) }, 'push');
  });
  ui.prev.addEventListener('click', () => stepWeek(-1));
  ui.next.addEventListener('click', () => stepWeek(1));
  ui.thisWeek.addEventListener('click', () => navigate({ ...state, week: formatIsoWeek(currentIsoWeek()) }, 'push'));
  ui.file.addEventListener('change', () => void importFile());
  ui.chart.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') tooltip.hide();
    else handleChartKey(e);
  });
  ui.chart.addEventListener('focusin', (e) => showTip(e.target));
  ui.chart.addEventListener('focusout', () => tooltip.hide());
  ui.chart.addEventListener('mouseover', (e) => showTip(e.target));
  ui.chart.addEventListener('mouseout', () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && ui.chart.contains(active)) showTip(active);
    else tooltip.hide();
  });
  window.addEventListener('popstate', () => {
    state = readViewState(location.search);
    navigate(state, 'replace');
  });
}

async function start(): Promise<void> {
  wire();
  syncControls();
  setPhase('loading', 'Loading drivers…');
  try {
    await loadDrivers();
  } catch {
    return;
  }
  navigate(state, 'replace');
}

void start();
