/**
 * The fleet half of the page: the today counts, the fleet list (paged, sorted and filtered from the URL) and the
 * imports lists a today count opens. The page's entry (app.ts) owns the URL state and hands it in.
 */
import { ApiError, fleetSummary, listDrivers, todayCounts, todayDrivers } from './api.js';
import { byId, el } from './dom.js';
import type { DriverOption } from './drivers.js';
import { errorBox } from './errors.js';
import { emptySummary, rowsFromDrivers } from './fleet-rows.js';
import { fleetReportControl } from './fleet-report.js';
import { driversCsvLinks, renderFleetTable, renderSummary } from './fleet-view.js';
import type { FleetRow, ImportInfo, TodayCounts } from './types.js';
import { FILTER_TITLES, IMPORT_LIST_TITLES, importInList, renderToday } from './today-view.js';
import {
  fleetPages,
  fleetQuery,
  isTodayList,
  lastPageOffset,
  nextSort,
  readViewState,
  type ViewState,
  withFleetSelection,
} from './url-state.js';

export type Phase = 'loading' | 'ready' | 'empty' | 'error' | 'fleet';
const PAGE = 100;

export interface FleetPageDeps {
  state(): ViewState;
  navigate(next: ViewState, mode: 'push' | 'replace'): void;
  phase(phase: Phase, text: string, problem?: HTMLElement): void;
  /** opens a driver's week view; from a fleet row, the week of the row's most serious open finding */
  openDriver(card: string, row?: FleetRow): void;
  /** the drivers of the imports (the list of a service without GET /drivers) */
  drivers(): DriverOption[];
  /** every import, withdrawn ones included */
  allImports(): ImportInfo[];
  /** an imports list with its withdraw / restore buttons */
  importsList(rows: ImportInfo[]): HTMLElement;
  /** the service's clock (the fleet report's default period is the month before its now) */
  now(): Date;
}

export class FleetPage {
  private readonly ui = {
    summary: byId<HTMLElement>('fleet-summary'),
    table: byId<HTMLElement>('fleet-table'),
    note: byId<HTMLElement>('fleet-note'),
    pager: byId<HTMLElement>('fleet-pager'),
    prev: byId<HTMLButtonElement>('fleet-prev'),
    next: byId<HTMLButtonElement>('fleet-next'),
    range: byId<HTMLElement>('fleet-range'),
    q: byId<HTMLInputElement>('fleet-q'),
    filter: byId<HTMLSelectElement>('fleet-filter'),
    today: byId<HTMLElement>('today-counts'),
    listTitle: byId<HTMLElement>('fleet-list-title'),
  };
  private rows: FleetRow[] = [];
  private total = 0;
  /** whether the rows came from the service's fleet list (paged), or from the imports (all at once) */
  private paged = true;
  private abort: AbortController | null = null;
  /** the counts read at start (for the zone), drawn by the first fleet view instead of asking again */
  bootCounts: TodayCounts | null = null;

  constructor(private readonly deps: FleetPageDeps) {}

  /** The filter form and the pager buttons. */
  wire(): void {
    const { ui, deps } = this;
    let typing: ReturnType<typeof setTimeout> | undefined;
    const search = () => deps.navigate(withFleetSelection(deps.state(), { q: ui.q.value.trim() }), 'replace');
    ui.q.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(search, 250);
    });
    byId('fleet-form').addEventListener('submit', (e) => {
      e.preventDefault();
      clearTimeout(typing);
      search();
    });
    ui.filter.addEventListener('change', () => {
      const filter = readViewState(`?filter=${ui.filter.value}`).filter;
      deps.navigate(withFleetSelection(deps.state(), { filter }), 'push');
    });
    const pages = () => fleetPages(deps.state().offset, this.rows.length, this.total, PAGE);
    ui.prev.addEventListener('click', () => this.goToPage(pages().previous));
    ui.next.addEventListener('click', () => this.goToPage(pages().next));
  }

  /** Shows the fleet page `offset` (kept in the URL, so Back and a shared link return to it). */
  private goToPage(offset: number | null): void {
    if (offset === null) return;
    this.deps.navigate({ ...this.deps.state(), offset }, 'push');
    this.ui.table.focus();
  }

  /** The today panel above the fleet (absent from an older service: the panel stays empty). */
  private async loadToday(signal: AbortSignal): Promise<void> {
    const counts = this.bootCounts ?? (await todayCounts(signal).catch(() => null));
    this.bootCounts = null;
    if (signal.aborted) return;
    const state = this.deps.state();
    this.ui.today.replaceChildren(counts ? renderToday(counts, state, (next) => this.deps.navigate(next, 'push')) : '');
  }

  /** An imports list a today count opened, in place of the fleet table. */
  private drawImportsList(list: NonNullable<ViewState['imports']>): void {
    const rows = this.deps.allImports().filter((i) => importInList(i, list));
    this.ui.listTitle.hidden = false;
    this.ui.listTitle.textContent = `${IMPORT_LIST_TITLES[list]}: ${rows.length}`;
    this.ui.table.replaceChildren(
      rows.length ? this.deps.importsList(rows) : el('p', { class: 'empty-note', text: 'No import is in this list.' }),
    );
    this.ui.pager.hidden = true;
  }

  private draw(): void {
    const { ui, deps } = this;
    const state = deps.state();
    const title = FILTER_TITLES[state.filter];
    ui.listTitle.hidden = !title;
    ui.listTitle.textContent = title ? `${title}: ${this.total}` : '';
    if (state.imports) return this.drawImportsList(state.imports);
    ui.table.replaceChildren(
      this.rows.length
        ? renderFleetTable(this.rows, state, {
            open: deps.openDriver,
            // the state of the click, not of the drawing: a second click before the sorted page arrives turns the
            // order the first click chose
            sort: (c) => {
              const now = deps.state();
              deps.navigate(withFleetSelection(now, nextSort(now, c)), 'push');
            },
          })
        : el('p', {
            class: 'empty-note',
            text: state.q || state.filter !== 'all' ? 'No driver matches the filter.' : 'No driver yet.',
          }),
    );
    const pages = fleetPages(this.paged ? state.offset : 0, this.rows.length, this.total, PAGE);
    ui.pager.hidden = !this.paged || (pages.previous === null && pages.next === null);
    ui.prev.disabled = pages.previous === null;
    ui.next.disabled = pages.next === null;
    ui.range.textContent = `Drivers ${pages.first}–${pages.last} of ${this.total}`;
  }

  /** Loads the fleet page of the URL and the counts; a service without /drivers gets the imports' drivers. */
  async load(): Promise<void> {
    this.abort?.abort();
    const controller = new AbortController();
    this.abort = controller;
    const state = this.deps.state();
    this.ui.q.value = state.q;
    this.ui.filter.value = state.filter;
    this.deps.phase('loading', 'Loading the fleet…');
    try {
      // the today counts are drawn when they arrive (they take the service longer than a page of the list)
      void this.loadToday(controller.signal);
      if (!(await this.loadPage(state, controller.signal))) return;
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof ApiError && error.status === 404)) {
        this.deps.phase(
          'error',
          '',
          errorBox('Could not load the fleet', error, () => void this.load()),
        );
        return;
      }
      this.fromImports();
    }
    this.draw();
    const drivers = this.deps.drivers();
    if (!drivers.length && !this.rows.length && !state.q && state.filter === 'all')
      this.deps.phase('empty', 'No driver card has been imported yet. Import .ddd files to begin.');
    else this.deps.phase('fleet', '');
  }

  /** One page of the fleet list and the counts; false when the view moved on (aborted or redirected). */
  private async loadPage(state: ViewState, signal: AbortSignal): Promise<boolean> {
    const query = fleetQuery(state, PAGE);
    const [page, summary] = await Promise.all([
      isTodayList(state.filter) ? todayDrivers(query, signal) : listDrivers(query, signal),
      fleetSummary(signal),
    ]);
    if (signal.aborted) return false;
    if (!page.items.length && state.offset > 0 && page.total > 0) {
      // a link past the last page (the fleet shrank, or a filter matches fewer): show the last page instead
      this.deps.navigate({ ...state, offset: lastPageOffset(page.total, PAGE) }, 'replace');
      return false;
    }
    this.rows = page.items;
    this.total = page.total;
    this.paged = true;
    this.ui.summary.replaceChildren(renderSummary(summary));
    // the CSV of the list beside its counts (outside the list of counts)
    document.getElementById('fleet-documents')?.remove();
    this.ui.summary.after(driversCsvLinks(state));
    // the fleet report's period and links, once (the dates chosen stay while the list changes)
    const report = document.getElementById('fleet-report');
    if (report && report.dataset.tz !== (state.tz ?? '')) report.remove();
    if (!document.getElementById('fleet-report'))
      document.getElementById('fleet-documents')?.after(fleetReportControl(state.tz, this.deps.now()));
    this.ui.note.hidden = true;
    return true;
  }

  /** A service without the fleet list: the drivers of the imports, without due dates. */
  private fromImports(): void {
    const drivers = this.deps.drivers();
    this.rows = rowsFromDrivers(drivers);
    this.total = this.rows.length;
    this.paged = false;
    this.ui.summary.replaceChildren(renderSummary(emptySummary(drivers.length)));
    this.ui.note.hidden = false;
  }
}
