/**
 * One driver's week: the 4-week timeline, the chart and totals as soon as the week-overview answers; then
 * the pre-check (findings, marks, driver status), the working time and the open tab's rows. Each load aborts
 * the previous one's requests, and an answer for a week no longer asked for is never drawn.
 */

import { ApiError, listAnnotations, type Params, periodFindings, precheck, weekOverviews, workingTime } from './api.js';
import { highlightSpan, markConflicts, renderChart, renderMarks } from './chart.js';
import { el } from './dom.js';
import { displayTimeZone } from './format.js';
import { renderDriverStatus, weekSummaryLine } from './driver-status.js';
import { errorBox, errorText } from './errors.js';
import { renderConflict, renderFindings, renderNotEvaluated } from './findings.js';
import { addAnnotateControls, gapHolding } from './annotate.js';
import { gapsUntil, renderAnnotations } from './chart-annotations.js';
import {
  findingsParams,
  renderPeriodControls,
  renderPeriodFindings,
  reportHref,
  weekLetterLinks,
} from './findings-period.js';
import type { ReviewPorts } from './review-controls.js';
import { dateOfMs, formatIsoWeek, type IsoWeek, utcDayMs, weekDates } from './iso-week.js';
import { precheckForWeek, precheckWindow } from './precheck-window.js';
import { loadTab } from './tabs.js';
import { renderTimeline, timelineRange } from './timeline.js';
import { renderTotals } from './totals-table.js';
import { localWeeks } from './local-weeks.js';
import type { FindingsPage, ImportInfo, PrecheckResult, WeekOverview, WorkingTime } from './types.js';
import { basisOf, readingParams, type ViewState } from './url-state.js';

export interface WeekUi {
  title: HTMLElement;
  timeline: HTMLElement;
  chart: HTMLElement;
  summary: HTMLElement;
  totals: HTMLElement;
  findings: HTMLElement;
  driverStatus: HTMLElement;
  panel: HTMLElement;
  report: HTMLAnchorElement;
}

export interface WeekHooks {
  phase(phase: 'loading' | 'ready' | 'empty' | 'error', text: string, error?: HTMLElement): void;
  /** navigate to another week or basis */
  go(change: Partial<ViewState>): void;
  /** the imports of the card (for the conflict answer) */
  imports(): ImportInfo[];
  /** whether `week` is the newest week of the data (driver status is shown there) */
  isNewest(week: string): boolean;
  /** a passing note in the status line */
  note(text: string): void;
  /** the follow-up of the listed findings (absent: no review controls) */
  review?: ReviewPorts;
  /** the service's clock (ms): no gap is drawn after it (absent: this computer's clock) */
  now?(): number;
}

type Range = { dateFrom: string; dateTo: string };

export class WeekView {
  private controller: AbortController | null = null;
  private tabController: AbortController | null = null;

  constructor(
    private readonly ui: WeekUi,
    private readonly hooks: WeekHooks,
  ) {}

  clear(): void {
    this.controller?.abort();
    this.tabController?.abort();
    this.controller = null;
    for (const node of [
      this.ui.timeline,
      this.ui.chart,
      this.ui.summary,
      this.ui.totals,
      this.ui.findings,
      this.ui.driverStatus,
      this.ui.panel,
    ])
      node.replaceChildren();
    delete this.ui.chart.dataset.week;
    delete this.ui.chart.dataset.card;
    this.ui.title.textContent = 'Week';
  }

  /** The pre-check basis: the chosen dates, else the week and the 3 weeks before. */
  private range(state: ViewState, week: IsoWeek): Range {
    if (state.date_from || state.date_to) {
      const days = weekDates(week);
      return { dateFrom: state.date_from ?? days[0]!, dateTo: state.date_to ?? days[6]! };
    }
    return precheckWindow(week);
  }

  async load(state: ViewState, week: IsoWeek): Promise<void> {
    this.controller?.abort();
    this.tabController?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const signal = controller.signal;
    const card = state.card_number!;
    const weekText = formatIsoWeek(week);
    const days = weekDates(week);
    const basis = basisOf(state);
    const range = this.range(state, week);
    const assume: Params = { ...readingParams(state) };
    if (state.include_quarantined) assume.include_quarantined = 'true';
    this.showLoading(state, week, weekText, card);

    // started once the week-overview's headers arrived: the service computes the week first
    let pre: Promise<PrecheckResult> | null = null;
    let listed: Promise<FindingsPage | null> | null = null;
    const startPrecheck = () => {
      pre ??= precheck({ ...basis, date_from: range.dateFrom, date_to: range.dateTo, ...assume }, signal);
      pre.catch(() => undefined);
      // a service without GET /findings (an older version): the pre-check's own list is shown instead
      listed ??= periodFindings(findingsParams(basis, state, week), signal).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 409) throw e;
        return null;
      });
      listed.catch(() => undefined);
    };
    const fourWeeks = { ...basis, ...timelineRange(week, displayTimeZone()) };
    let answer: { items: WeekOverview[]; conflicts: string[] };
    try {
      answer = await weekOverviews(fourWeeks, signal, startPrecheck);
    } catch (error) {
      if (signal.aborted) return;
      controller.abort();
      this.loadFailed(state, week, weekText, error);
      return;
    }
    if (signal.aborted) return;
    const data = answer.items.find((w) => w.week === weekText);
    if (!data) {
      this.clear();
      this.hooks.phase('error', `Could not load ${weekText}: the service returned no week.`);
      return;
    }
    const conflicts = new Set(answer.conflicts);
    this.drawWeek(card, data, answer.items, conflicts);
    void this.drawAnnotations(card, days, signal);
    const recorded = data.days.some((d) => d.intervals.length > 0);
    this.hooks.phase(
      recorded ? 'ready' : 'empty',
      recorded ? '' : `No activity recorded for card ${card} in ${data.week}.`,
    );
    const tab = this.loadTab(state, data.week);

    const wt = workingTime({ ...basis, date_from: range.dateFrom, date_to: range.dateTo, ...assume }, signal).then(
      (w) => ({ w, e: null as string | null }),
      (e: unknown) => ({ w: null as WorkingTime | null, e: errorText(e) }),
    );
    startPrecheck();
    await this.showPrecheck(Promise.all([pre!, listed!]), state, data, week, range, conflicts, signal, answer.items);
    if (signal.aborted) return;
    const { w, e } = await wt;
    if (signal.aborted) return;
    this.ui.summary.replaceChildren(
      weekSummaryLine(data.week, localWeeks([data], displayTimeZone(), answer.items)[0]!.totals, w, e),
    );
    // the working-time findings are in the period's list (source wtd); what that check did not evaluate follows
    if (w)
      this.ui.findings.append(
        el('h3', { text: 'Working Time Directive' }),
        renderNotEvaluated(w.not_evaluated ?? [], 'wtd'),
      );
    await tab;
    if (this.controller === controller) this.controller = null;
  }

  /** The week's title bar and findings while it loads; the report and letter links of the week. */
  private showLoading(state: ViewState, week: IsoWeek, weekText: string, card: string): void {
    this.hooks.phase('loading', `Loading ${weekText} of card ${card}…`);
    this.findingsState('running', weekText);
    this.ui.findings.replaceChildren(el('p', { class: 'empty-note', text: 'Running the pre-check…' }));
    this.ui.driverStatus.replaceChildren();
    this.ui.report.href = reportHref(state, week);
    this.ui.report.parentElement?.querySelector('.letter-links')?.remove();
    this.ui.report.after(weekLetterLinks(state, week));
  }

  /** The week could not be loaded: the view emptied, and the error with a way to try again. */
  private loadFailed(state: ViewState, week: IsoWeek, weekText: string, error: unknown): void {
    this.clear();
    this.findingsState('done', null);
    this.hooks.phase(
      'error',
      `Could not load ${weekText}: ${errorText(error)}`,
      errorBox(`Could not load ${weekText}`, error, () => void this.load(state, week)),
    );
  }

  private drawWeek(card: string, data: WeekOverview, weeks: WeekOverview[], conflicts: Set<string>): void {
    this.ui.title.textContent = `${data.week}: ${data.start_date} to ${data.end_date}`;
    this.ui.timeline.replaceChildren(
      renderTimeline(weeks, data.week, conflicts, (w) => this.hooks.go({ week: w }), displayTimeZone()),
    );
    this.ui.chart.replaceChildren(renderChart(data, weeks));
    markConflicts(this.ui.chart, conflicts);
    this.ui.chart.dataset.week = data.week;
    this.ui.chart.dataset.card = card;
    this.ui.chart.setAttribute('aria-label', `Activities of ${data.week}, 00:00 to 24:00 ${displayTimeZone()} per day`);
    // the totals of the local days (UTC: the API's days unchanged)
    const zone = displayTimeZone();
    const local = localWeeks([data], zone, weeks)[0]!;
    this.ui.summary.replaceChildren(weekSummaryLine(data.week, local.totals, null, null));
    this.ui.totals.replaceChildren(renderTotals(local, zone));
  }

  private async showPrecheck(
    pending: Promise<[PrecheckResult, FindingsPage | null]>,
    state: ViewState,
    data: WeekOverview,
    week: IsoWeek,
    range: Range,
    conflicts: Set<string>,
    signal: AbortSignal,
    weeks: WeekOverview[],
  ): Promise<void> {
    try {
      const [result, page] = await pending;
      if (signal.aborted) return;
      const custom = range.dateFrom !== precheckWindow(week).dateFrom || range.dateTo !== precheckWindow(week).dateTo;
      const listed = custom ? result : precheckForWeek(result, week);
      const shown = { ...listed, data_gaps: gapsUntil(listed.data_gaps, this.hooks.now?.() ?? Date.now()) };
      const show = (s: string, e: string) => this.show(s, e);
      this.ui.findings.replaceChildren(
        renderPeriodControls(state, week, (change) => this.hooks.go(change), basisOf(state)),
        renderFindings(
          shown,
          show,
          custom ? undefined : range.dateFrom,
          page ? renderPeriodFindings(page, show, this.hooks.review) : undefined,
        ),
      );
      addAnnotateControls(
        this.ui.findings,
        shown,
        this.ui.chart.dataset.card ?? '',
        () => this.hooks.go({}),
        (s, e) => this.wholeGap(state, s, e),
      );
      if (custom)
        this.ui.findings.prepend(
          el('p', { class: 'heading-note', text: `Basis of the pre-check: ${range.dateFrom} to ${range.dateTo}.` }),
        );
      renderMarks(this.ui.chart, shown.violations, shown.data_gaps);
      if (result.driver_status && this.hooks.isNewest(data.week))
        this.ui.driverStatus.replaceChildren(renderDriverStatus(result.driver_status));
      this.findingsState('done', data.week);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status === 409) {
        for (const d of error.dates) conflicts.add(d);
        markConflicts(this.ui.chart, conflicts);
        this.ui.timeline.replaceChildren(
          renderTimeline(weeks, data.week, conflicts, (w) => this.hooks.go({ week: w }), displayTimeZone()),
        );
        this.ui.findings.replaceChildren(
          renderConflict(
            error,
            this.hooks.imports(),
            (id) => this.hooks.go({ import_id: id }),
            () => this.hooks.go({ include_quarantined: true }),
          ),
        );
      } else {
        this.ui.findings.replaceChildren(errorBox('The pre-check could not run', error, () => this.hooks.go({})));
      }
      this.findingsState('error', data.week);
    }
  }

  /** The whole gap holding [start, end): the pre-check over all of the basis's data (open dates), as the view reads it. */
  private async wholeGap(state: ViewState, start: string, end: string): Promise<{ start: string; end: string }> {
    const params: Params = { ...basisOf(state), ...readingParams(state) };
    if (state.include_quarantined) params.include_quarantined = 'true';
    const all = await precheck(params);
    return gapHolding(gapsUntil(all.data_gaps ?? [], this.hooks.now?.() ?? Date.now()), start, end);
  }

  /** The office's annotations of the shown days on the chart (a service without annotations: none drawn). */
  private async drawAnnotations(card: string, days: string[], signal: AbortSignal): Promise<void> {
    // a day either side: the chart's local days may reach into the UTC days around the week
    const from = dateOfMs(utcDayMs(days[0]!) - 86_400_000);
    const to = dateOfMs(utcDayMs(days[6]!) + 86_400_000);
    const list = await listAnnotations({ card_number: card, date_from: from, date_to: to }, signal).catch(() => null);
    if (!list || signal.aborted) return;
    renderAnnotations(this.ui.chart, list);
  }

  /** Loads the open tab's rows for the shown week; a newer tab request aborts the older one. */
  async loadTab(state: ViewState, week: string): Promise<void> {
    this.tabController?.abort();
    const controller = new AbortController();
    this.tabController = controller;
    const signal = controller.signal;
    const dates = { date_from: this.ui.chart.querySelector<HTMLElement>('.day-row')?.dataset.date ?? '', date_to: '' };
    const rows = Array.from(this.ui.chart.querySelectorAll<HTMLElement>('.day-row'));
    dates.date_to = rows[rows.length - 1]?.dataset.date ?? '';
    try {
      await loadTab(this.ui.panel, state.tab, { ...basisOf(state), ...dates }, week, signal);
    } catch (error) {
      if (signal.aborted) return;
      this.ui.panel.dataset.state = 'error';
      this.ui.panel.replaceChildren(errorBox('Could not load the rows', error, () => void this.loadTab(state, week)));
    }
  }

  private show(start: string, end: string): void {
    const rows = highlightSpan(this.ui.chart, start, end);
    if (!rows.length) this.hooks.note('That period lies outside the days shown.');
  }

  private findingsState(state: 'running' | 'done' | 'error', week: string | null): void {
    this.ui.findings.dataset.state = state;
    this.ui.findings.setAttribute('aria-busy', String(state === 'running'));
    if (week) this.ui.findings.dataset.week = week;
    else delete this.ui.findings.dataset.week;
  }
}
