/** The pre-check's violations, data gaps and warnings for the shown week, each linked to the chart. */

import { el, technicalDetail } from './dom.js';
import { errorCodeText, forPeople, sentence } from '../../vocabulary/people-text.js';
import { displayTimeZone, formatDateTime, formatDuration, formatHm, importName } from './format.js';
import { leftOutNote, readingsLine } from './readings.js';
import { CONTEXT_WEEKS } from './precheck-window.js';
import { type Check, bandName, bandNote, findingFlags, notEvaluatedLines, ruleName } from '../../vocabulary/labels.js';
import type { DataGap, Finding, ImportInfo, NotEvaluated, PrecheckResult } from './types.js';

/** Called when the reader asks to see a finding or a gap on the chart. */
export type ShowOnChart = (start: string, end: string) => void;

function spanText(start: string | null, end: string | null): string {
  return `${formatDateTime(start)} – ${formatDateTime(end)} ${displayTimeZone()}`;
}

function showButton(label: string, start: string | null, end: string | null, show: ShowOnChart): HTMLElement {
  if (!start || !end) return el('span', { class: 'no-span', text: label });
  const button = el('button', { class: 'link', text: label, attrs: { type: 'button' }, data: { start, end } });
  button.addEventListener('click', () => show(start, end));
  return button;
}

export function findingItem(f: Finding, i: number, show: ShowOnChart): HTMLLIElement {
  const status = f.status.toLowerCase();
  const band = bandName(f.severity);
  const title = `${ruleName(f.rule)}${band ? ` — ${band}` : ''}`;
  const figures: string[] = [];
  if (f.value != null) figures.push(`value ${formatDuration(f.value)}`);
  if (f.limit != null) figures.push(`limit ${formatDuration(f.limit)}`);
  if (f.excess != null) figures.push(`excess ${formatDuration(f.excess)}`);
  const flags = findingFlags(f);
  return el(
    'li',
    {
      class: `finding status-${status}`,
      data: { rule: f.rule, status: f.status, finding: String(i), flags: flags.map((x) => x[0]).join(' ') },
    },
    el('span', { class: `badge status-${status}`, text: f.status.replace(/_/g, ' ') }),
    ' ',
    showButton(title, f.start, f.end, show),
    ...flags.map(([key, text]) => el('span', { class: `flag flag-${key}`, text, data: { flag: key } })),
    el('p', { class: 'meta', text: [spanText(f.start, f.end), ...figures].join(' · ') }),
    ...(f.description ? [el('p', { class: 'description', text: forPeople(f.description, displayTimeZone()) })] : []),
    ...[readingsLine(f.readings)].filter((x) => x !== null),
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
 * date the pre-check read, is named in the heading when it lies before the week. `list`, when given (the
 * findings of the chosen period, findings-period.ts), is shown instead of the answer's own violations.
 */
export function renderFindings(
  result: PrecheckResult,
  show: ShowOnChart,
  contextFrom?: string,
  list?: DocumentFragment,
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const violations = result.violations ?? [];
  const notEvaluated = result.not_evaluated ?? [];
  const leftOut = leftOutNote(result.basis?.left_out_imports);
  if (leftOut) fragment.append(leftOut);
  if (list) {
    // the findings of the period (findings-period.ts) take the place of the pre-check's own list
    fragment.append(list);
    for (const sentence of result.assumptions?.text ?? [])
      fragment.append(el('p', { class: 'assumption', text: forPeople(sentence, displayTimeZone()) }));
  } else {
    const heading = el('h3', { text: `Findings (${violations.length})` });
    if (contextFrom) {
      heading.append(
        ' ',
        el('span', {
          class: 'heading-note',
          text: `The pre-check also looked at the ${CONTEXT_WEEKS} weeks before (from ${contextFrom}).`,
        }),
      );
    }
    fragment.append(heading);
    for (const sentence of result.assumptions?.text ?? [])
      fragment.append(el('p', { class: 'assumption', text: forPeople(sentence, displayTimeZone()) }));
    if (violations.length) {
      fragment.append(el('ol', { class: 'findings-list' }, ...violations.map((f, i) => findingItem(f, i, show))));
    } else {
      fragment.append(el('p', { class: 'empty-note', text: emptyNote('No finding for this week', notEvaluated) }));
    }
  }
  // one note for the list on the bands taken from published tables, never one per finding
  const note = bandNote(violations);
  if (note) fragment.append(el('p', { class: 'band-note', text: note }));
  fragment.append(renderNotEvaluated(notEvaluated, 'eu561'));
  const gaps = onceEach(result.data_gaps ?? []);
  fragment.append(el('h3', { text: `Data gaps (${gaps.length})` }));
  if (gaps.length) fragment.append(el('ul', { class: 'gaps-list' }, ...gaps.map((g) => gapItem(g, show))));
  else fragment.append(el('p', { class: 'empty-note', text: 'No data gap in this week.' }));
  const warnings = result.warnings ?? [];
  if (warnings.length) {
    fragment.append(
      el('h3', { text: `Warnings (${warnings.length})` }),
      el(
        'ul',
        { class: 'warnings-list' },
        ...warnings.map((w) => {
          const words = forPeople(w.message, displayTimeZone());
          const li = el('li', { data: { code: w.code } }, el('span', { class: 'warning-text', text: words }));
          li.append(technicalDetail(words === w.message ? w.code : `${w.code}: ${w.message}`));
          return li;
        }),
      ),
    );
  }
  if (result.disclaimer) fragment.append(el('p', { class: 'disclaimer', text: result.disclaimer }));
  return fragment;
}

/**
 * Working Time Directive findings of the week (same shape as the pre-check's), then what the working-time
 * answer did not evaluate and why (national law, data too short, …): a finding list alone would read as
 * "all is well" where the card cannot tell.
 */
export function renderWtdFindings(
  violations: readonly Finding[],
  show: ShowOnChart,
  notEvaluated: readonly NotEvaluated[] = [],
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(el('h3', { text: `Working Time Directive (${violations.length})` }));
  if (violations.length)
    fragment.append(el('ol', { class: 'findings-list wtd' }, ...violations.map((f, i) => findingItem(f, i, show))));
  else
    fragment.append(
      el('p', { class: 'empty-note', text: emptyNote('No working-time finding for this week', notEvaluated) }),
    );
  fragment.append(renderNotEvaluated(notEvaluated, 'wtd'));
  return fragment;
}

/** An empty finding list never reads as "checked and clean" while rules were left out. */
function emptyNote(none: string, notEvaluated: readonly NotEvaluated[]): string {
  return notEvaluated.length
    ? `${none} among the rules evaluated; ${notEvaluated.length} not evaluated (listed below).`
    : `${none}.`;
}

/**
 * What an answer (`check`) did not evaluate and why, as a titled list (empty when nothing was left out): what
 * the shown data left out first, then what card data never decides (labels.ts). One look for both checks; the
 * list carries the check's name as a class (`eu561`, `wtd`).
 */
export function renderNotEvaluated(items: readonly NotEvaluated[], check: Check): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const lines = notEvaluatedLines(items, check, displayTimeZone());
  if (!lines.length) return fragment;
  fragment.append(
    el('h4', { class: `not-evaluated-title ${check}`, text: `Not evaluated (${lines.length})` }),
    el(
      'ul',
      { class: `not-evaluated-list ${check}` },
      ...lines.map((n) => {
        const li = el('li', { data: { rule: n.rule, kind: n.kind } }, el('strong', { text: n.name }), ` — ${n.reason}`);
        if (n.detail !== null) li.append(technicalDetail(`${n.rule}: ${n.detail}`));
        return li;
      }),
    ),
  );
  return fragment;
}

/**
 * A 409 from the pre-check (imports disagree, or a quarantined import in the basis) is never a dead end: the
 * days are named (and marked on the chart by the caller) and each trusted import of the card is offered as
 * the narrowed basis.
 */
export function renderConflict(
  error: { code: string; message: string; dates: readonly string[] },
  imports: readonly ImportInfo[],
  choose: (importId: string) => void,
  includeQuarantined: () => void,
): HTMLElement {
  const box = el(
    'div',
    { class: 'conflict-box', attrs: { role: 'alert' }, data: { code: error.code } },
    el('p', { class: 'error-note', text: sentence(errorCodeText(error.code)) }),
    technicalDetail(`${error.code}: ${error.message}`),
  );
  if (error.dates.length)
    box.append(el('p', { class: 'meta', text: `Conflicting days (hatched on the chart): ${error.dates.join(', ')}` }));
  if (error.code === 'quarantined_data') {
    const anyway = el('button', {
      class: 'include-quarantined',
      text: 'Check anyway, with the quarantined data (its findings are marked untrusted)',
      attrs: { type: 'button' },
    });
    anyway.addEventListener('click', includeQuarantined);
    box.append(el('p', {}, anyway));
  }
  const usable = imports
    .filter((i) => i.status !== 'QUARANTINED')
    .sort((a, b) => b.imported_at.localeCompare(a.imported_at));
  if (!usable.length) {
    box.append(el('p', { class: 'meta', text: 'No trusted import of this card is left to check on its own.' }));
    return box;
  }
  box.append(el('p', { text: 'Run the pre-check on one import instead:' }));
  box.append(
    el(
      'ul',
      { class: 'narrow-list' },
      ...usable.map((imp) => {
        const range = `${imp.activity_range?.from ?? '–'} to ${imp.activity_range?.to ?? '–'}`;
        const b = el('button', {
          class: 'narrow',
          text: `${importName(imp)} (activity ${range})`,
          attrs: { type: 'button' },
          data: { importId: imp.import_id },
        });
        b.addEventListener('click', () => choose(imp.import_id));
        return el('li', {}, b);
      }),
    ),
  );
  return box;
}

/** Each gap once (the same period answered twice, e.g. by two imports covering the same days, is one gap). */
function onceEach(gaps: readonly DataGap[]): DataGap[] {
  const seen = new Set<string>();
  return gaps.filter((g) => {
    const key = `${Date.parse(g.start)}/${Date.parse(g.end)}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
