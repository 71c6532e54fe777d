/**
 * The week view's controls: ISO week field and week buttons, the reading of card-out time, and the data
 * basis (one import or the whole card, a date range for the pre-check).
 */

import { importName } from './format.js';
import { byId, el } from './dom.js';
import { readDateField } from './date-field.js';
import { formatIsoWeek, parseIsoWeek, currentIsoWeek } from './iso-week.js';
import type { ImportInfo } from './types.js';
import { UNKNOWN_AS, type ViewState } from './url-state.js';

const ids = {
  week: () => byId<HTMLInputElement>('week'),
  unknownAs: () => byId<HTMLSelectElement>('unknown-as'),
  basisImport: () => byId<HTMLSelectElement>('basis-import'),
  from: () => byId<HTMLInputElement>('basis-from'),
  to: () => byId<HTMLInputElement>('basis-to'),
};

/** Puts the state into the controls; the import selector lists the card's imports. */
export function syncWeekControls(state: ViewState, imports: readonly ImportInfo[]): void {
  ids.week().value = state.week ?? '';
  ids.unknownAs().value = state.unknown_as;
  const options = [el('option', { text: 'All imports (the card’s whole history)', attrs: { value: '' } })];
  for (const imp of [...imports].sort((a, b) => b.imported_at.localeCompare(a.imported_at))) {
    const range = `${imp.activity_range?.from ?? '–'} to ${imp.activity_range?.to ?? '–'}`;
    const flag = imp.status === 'QUARANTINED' ? ' · quarantined' : '';
    options.push(el('option', { text: `${importName(imp)} (${range}${flag})`, attrs: { value: imp.import_id } }));
  }
  if (state.import_id && !imports.some((i) => i.import_id === state.import_id)) {
    options.push(el('option', { text: 'an import not listed', attrs: { value: state.import_id } }));
  }
  ids.basisImport().replaceChildren(...options);
  ids.basisImport().value = state.import_id ?? '';
  ids.from().value = state.date_from ?? '';
  ids.to().value = state.date_to ?? '';
}

/** `go` applies a change of the selection; `step(n)` is the week n weeks from the shown one. */
export function wireWeekControls(
  current: () => ViewState,
  go: (change: Partial<ViewState>) => void,
  step: (n: number) => string,
): void {
  ids.week().addEventListener('change', () => {
    const w = parseIsoWeek(ids.week().value);
    if (w) go({ week: formatIsoWeek(w) });
  });
  byId('prev-week').addEventListener('click', () => go({ week: step(-1) }));
  byId('next-week').addEventListener('click', () => go({ week: step(1) }));
  byId('this-week').addEventListener('click', () => go({ week: formatIsoWeek(currentIsoWeek()) }));
  ids.unknownAs().addEventListener('change', () => {
    const chosen = UNKNOWN_AS.find((v) => v === ids.unknownAs().value);
    if (chosen) go({ unknown_as: chosen });
  });
  ids.basisImport().addEventListener('change', () => go({ import_id: ids.basisImport().value || null }));
  byId('basis-form').addEventListener('submit', (e) => {
    e.preventDefault();
    let from = readDateField(ids.from());
    let to = readDateField(ids.to());
    // a text that is no date is marked on its field and nothing is applied
    if (from === undefined || to === undefined) return;
    if (from && to && from > to) [from, to] = [to, from];
    go({ date_from: from, date_to: to });
  });
  byId('basis-reset').addEventListener('click', () => {
    if (current().import_id || current().date_from || current().date_to)
      go({ import_id: null, date_from: null, date_to: null });
  });
}
