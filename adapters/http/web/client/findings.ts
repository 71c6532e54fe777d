/** The pre-check's violations, data gaps and warnings for the shown week, each linked to the chart. */

import { el } from './dom.js';
import { formatDateTime, formatHm, ruleName } from './format.js';
import { CONTEXT_WEEKS } from './precheck-window.js';
import type { DataGap, Finding, PrecheckResult } from './types.js';

/** Called when the reader asks to see a finding or a gap on the chart. */
export type ShowOnChart = (start: string, end: string) => void;

function spanText(start: string | null, end: string | null): string {
  return `${formatDateTime(start)} – ${formatDateTime(end)} UTC`;
}

function showButton(label: string, start: string | null, end: string | null, show: ShowOnChart): HTMLElement {
  if (!start || !end) return el('span', { class: 'no-span', text: label });
  const button = el('button', { class: 'link', text: label, attrs: { type: 'button' }, data: { start, end } });
  button.addEventListener('click', () => show(start, end));
  return button;
}

function findingItem(f: Finding, i: number, show: ShowOnChart): HTMLLIElement {
  const status = f.status.toLowerCase();
  const title = `${ruleName(f.rule)}${f.severity ? ` (${f.severity})` : ''}`;
  const figures: string[] = [];
  if (f.value != null) figures.push(`value ${formatHm(f.value)}`);
  if (f.limit != null) figures.push(`limit ${formatHm(f.limit)}`);
  if (f.excess != null) figures.push(`excess ${formatHm(f.excess)}`);
  return el(
    'li',
    { class: `finding status-${status}`, data: { rule: f.rule, status: f.status, finding: String(i) } },
    el('span', { class: `badge status-${status}`, text: f.status.replace(/_/g, ' ') }),
    ' ',
    showButton(title, f.start, f.end, show),
    el('p', { class: 'meta', text: [spanText(f.start, f.end), ...figures].join(' · ') }),
    ...(f.description ? [el('p', { class: 'description', text: f.description })] : []),
  );
}

function gapItem(g: DataGap, show: ShowOnChart): HTMLLIElement {
  return el(
    'li',
    { class: 'gap-item' },
    showButton(`Data gap of ${formatHm(g.duration)}`, g.start, g.end, show),
    el('p', { class: 'meta', text: spanText(g.start, g.end) }),
  );
}

/**
 * Renders an answer already filtered to the shown week (precheck-window.ts). `contextFrom`, the first
 * date the pre-check read, is named in the heading when it lies before the week.
 */
export function renderFindings(result: PrecheckResult, show: ShowOnChart, contextFrom?: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const violations = result.violations ?? [];
  const heading = el('h3', { text: `Findings (${violations.length})` });
  if (contextFrom) {
    heading.append(
      ' ',
      el('span', { class: 'heading-note', text: `The pre-check also looked at the ${CONTEXT_WEEKS} weeks before (from ${contextFrom}).` }),
    );
  }
  fragment.append(heading);
  if (violations.length) {
    fragment.append(el('ol', { class: 'findings-list' }, ...violations.map((f, i) => findingItem(f, i, show))));
  } else {
    fragment.append(el('p', { class: 'empty-note', text: 'No finding for this week.' }));
  }
  const gaps = result.data_gaps ?? [];
  fragment.append(el('h3', { text: `Data gaps (${gaps.length})` }));
  if (gaps.length) fragment.append(el('ul', { class: 'gaps-list' }, ...gaps.map((g) => gapItem(g, show))));
  else fragment.append(el('p', { class: 'empty-note', text: 'No data gap in this week.' }));
  const warnings = result.warnings ?? [];
  if (warnings.length) {
    fragment.append(
      el('h3', { text: `Warnings (${warnings.length})` }),
      el('ul', { class: 'warnings-list' }, ...warnings.map((w) => el('li', { text: w.message, data: { code: w.code } }))),
    );
  }
  if (result.disclaimer) fragment.append(el('p', { class: 'disclaimer', text: result.disclaimer }));
  return fragment;
}
