/** The view's selection as it lives in the page URL: `?card_number=…&week=YYYY-Www`. */

import { normaliseCardNumber } from './drivers.js';
import { formatIsoWeek, parseIsoWeek } from './iso-week.js';

export interface ViewState {
  card_number: string | null;
  /** normalised `YYYY-Www`, or null */
  week: string | null;
}

export function readViewState(search: string): ViewState {
  const params = new URLSearchParams(search);
  const card = normaliseCardNumber(params.get('card_number') ?? '');
  const week = parseIsoWeek(params.get('week'));
  return { card_number: card || null, week: week ? formatIsoWeek(week) : null };
}

/** The query string (with `?`, or empty) for a state; other parameters are not kept. */
export function viewStateSearch(state: ViewState): string {
  const params = new URLSearchParams();
  if (state.card_number) params.set('card_number', state.card_number);
  if (state.week) params.set('week', state.week);
  const s = params.toString();
  return s ? `?${s}` : '';
}
